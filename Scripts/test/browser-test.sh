#!/usr/bin/env bash
# The real-browser check (Scripts/test/browser-test.py): the example web client of Examples/client-api runs
# the card flow in headless Chromium against payform sandbox, from a second origin; then the
# sandbox's 3-D Secure page has its two buttons pressed in Chromium. Playwright drives it.
#
# Usage: Scripts/test/browser-test.sh [PAYFORM_BINARY]   (default .build/debug/payform, built if missing)
#
# Chromium missing: installed with apt-get (Debian's `chromium`) when this runs as root or with
# password-less sudo. Playwright for Python goes into the virtual environment the web form's suite
# uses too, .build-venv/web-form (PAYFORM_WEB_VENV=DIR for another; Scripts/lib/venv.py); it
# drives Debian's chromium and never downloads a browser. When any of them cannot be had, the
# check is skipped with a loud notice (exit 0), never silently.
set -euo pipefail
cd "$(dirname "$0")/../.."
payform=${1:-.build/debug/payform}
venv=${PAYFORM_WEB_VENV:-.build-venv/web-form}

skip() {
  echo "################################################################################"
  echo "## browser test SKIPPED: $1"
  echo "## (the CORS and real-browser behaviour of payform sandbox was NOT checked)"
  echo "################################################################################"
  exit 0
}

command -v python3 > /dev/null || skip "python3 is missing"
chromium=$(python3 Scripts/lib/chromium.py --install) || skip "$chromium"
python=$(python3 Scripts/lib/venv.py "$venv" browser axe) || skip "$python"

if [[ ! -x $payform ]]; then swift build --product payform; fi
exec "$python" Scripts/test/browser-test.py --payform "$payform" --chromium "$chromium"
