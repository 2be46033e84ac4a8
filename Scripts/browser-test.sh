#!/usr/bin/env bash
# The real-browser check (Scripts/browser-test.py): the example web client of Examples/client-api runs
# the card flow in headless Chromium against payform sandbox, from a second origin; then the
# sandbox's 3-D Secure page has its two buttons pressed in Chromium (over its DevTools pipe).
#
# Usage: Scripts/browser-test.sh [PAYFORM_BINARY]   (default .build/debug/payform, built if missing)
#
# Chromium missing: installed with apt-get (Debian's `chromium`) when this runs as root or with
# password-less sudo; otherwise the check is skipped with a loud notice (exit 0), never silently.
set -euo pipefail
cd "$(dirname "$0")/.."
payform=${1:-.build/debug/payform}

skip() {
  echo "################################################################################"
  echo "## browser test SKIPPED: $1"
  echo "## (the CORS and real-browser behaviour of payform sandbox was NOT checked)"
  echo "################################################################################"
  exit 0
}

find_chromium() { command -v chromium || command -v chromium-browser || command -v google-chrome || true; }

command -v python3 > /dev/null || skip "python3 is missing"
chromium=$(find_chromium)
if [[ -z $chromium ]] && command -v apt-get > /dev/null; then
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo > /dev/null && sudo -n true 2> /dev/null; then sudo="sudo -n"; else skip "Chromium is missing and apt-get needs root"; fi
  fi
  echo "browser test: Chromium is missing; installing Debian's chromium with apt-get (log: /tmp/payform-chromium-install.log)"
  { $sudo apt-get install -y chromium || { $sudo apt-get update && $sudo apt-get install -y chromium; }; } \
    > /tmp/payform-chromium-install.log 2>&1 || true
  chromium=$(find_chromium)
fi
[[ -n $chromium ]] || skip "Chromium is missing and could not be installed (install chromium, or pass it to Scripts/browser-test.py --chromium)"

if [[ ! -x $payform ]]; then swift build --product payform; fi
exec python3 Scripts/browser-test.py --payform "$payform" --chromium "$chromium"
