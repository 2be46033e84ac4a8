#!/usr/bin/env bash
# The web form's browser suite (Web/test/web_form_test.py): Web/dist's form in headless Chromium,
# compared event by event with the native `payform form`, against `payform sandbox`, with axe-core
# and the example checkout (Examples/web/run.sh). Screenshots go to .build/ci-output/web-form/.
#
# Usage: Scripts/test/web-form-test.sh [PAYFORM_BINARY] [web_form_test.py options]
#        (default .build/debug/payform, built if missing; Web/dist built if missing)
#
# Playwright for Python and axe-playwright-python (from PyPI) go into a virtual environment,
# .build-venv/web-form (ignored by git; PAYFORM_WEB_VENV=DIR for another; Scripts/lib/venv.py
# holds the pins); Playwright drives Debian's chromium through executable_path and never
# downloads a browser. When python3, its venv module, PyPI or Chromium is not there, the check is
# skipped with a loud notice (exit 0).
set -euo pipefail
cd "$(dirname "$0")/../.."
payform=${1:-.build/debug/payform}
[[ $# -gt 0 ]] && shift
venv=${PAYFORM_WEB_VENV:-.build-venv/web-form}

skip() {
  echo "################################################################################"
  echo "## web form browser test SKIPPED: $1"
  echo "## (the web form was NOT checked in a browser)"
  echo "################################################################################"
  exit 0
}

command -v python3 > /dev/null || skip "python3 is missing"
chromium=$(python3 Scripts/lib/chromium.py) || skip "Chromium is missing (Scripts/test/browser-test.sh installs Debian's chromium when it can)"
python=$(python3 Scripts/lib/venv.py "$venv" browser axe) || skip "$python"

if [[ ! -x $payform ]]; then swift build --product payform; fi
[[ -f Web/dist/payform-form.mjs ]] || Scripts/build/build-web.sh
exec "$python" Web/test/web_form_test.py --payform "$payform" --chromium "$chromium" "$@"
