#!/usr/bin/env bash
# The web form's browser suite (Web/test/web_form_test.py): Web/dist's form in headless Chromium,
# compared event by event with the native `payform form`, against `payform sandbox`, with axe-core
# and the example checkout (Examples/web/run.sh). Screenshots go to .build/ci-output/web-form/.
#
# Usage: Scripts/web-form-test.sh [PAYFORM_BINARY] [web_form_test.py options]
#        (default .build/debug/payform, built if missing; Web/dist built if missing)
#
# Playwright for Python and axe-playwright-python (from PyPI) go into a virtual environment,
# .build-venv/web-form (ignored by git; PAYFORM_WEB_VENV=DIR for another); Playwright drives
# Debian's chromium through executable_path and never downloads a browser. When python3, its venv
# module, PyPI or Chromium is not there, the check is skipped with a loud notice (exit 0).
set -euo pipefail
cd "$(dirname "$0")/.."
payform=${1:-.build/debug/payform}
[[ $# -gt 0 ]] && shift
venv=${PAYFORM_WEB_VENV:-.build-venv/web-form}
packages=(playwright==1.65.2 axe-playwright-python==0.1.8)

skip() {
  echo "################################################################################"
  echo "## web form browser test SKIPPED: $1"
  echo "## (the web form was NOT checked in a browser)"
  echo "################################################################################"
  exit 0
}

command -v python3 > /dev/null || skip "python3 is missing"
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[[ -n $chromium ]] || skip "Chromium is missing (Scripts/browser-test.sh installs Debian's chromium when it can)"
if [[ ! -x $venv/bin/python ]]; then
  echo "web form test: making the virtual environment $venv"
  python3 -m venv "$venv" > /tmp/payform-web-venv.log 2>&1 \
    || { rm -rf "$venv"; skip "python3 cannot make a virtual environment (install python3-venv; log: /tmp/payform-web-venv.log)"; }
fi
if [[ $("$venv/bin/python" -m pip freeze 2> /dev/null | grep -ciE '^(playwright==1\.65\.2|axe-playwright-python==0\.1\.8)$') -ne 2 ]]; then
  echo "web form test: installing ${packages[*]} with pip (log: /tmp/payform-web-pip.log)"
  "$venv/bin/python" -m pip install --disable-pip-version-check -q "${packages[@]}" > /tmp/payform-web-pip.log 2>&1 \
    || skip "pip could not install ${packages[*]} (no network or no PyPI? log: /tmp/payform-web-pip.log)"
fi

if [[ ! -x $payform ]]; then swift build --product payform; fi
[[ -f Web/dist/payform-form.mjs ]] || Scripts/build-web.sh
exec "$venv/bin/python" Web/test/web_form_test.py --payform "$payform" --chromium "$chromium" "$@"
