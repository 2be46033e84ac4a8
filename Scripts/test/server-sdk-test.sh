#!/usr/bin/env bash
# The backend check (Scripts/test/server-sdk-test.py): both official Python server SDKs, unchanged,
# against payform sandbox's Server API — create session, payform prepare, create payment, get
# payment, the failures a backend suite asserts on, the payment lifecycle (capture, refund,
# cancel), a hosted checkout paid on the sandbox's page, tokens, webhooks verified by each SDK's
# helper and every operation once; then the recorded exchanges of both Java SDKs replayed
# (Scripts/test/server-sdk-replay.py, Tests/ServerAPIRecordings/java-sdks.jsonl).
#
# Usage: Scripts/test/server-sdk-test.sh [PAYFORM_BINARY]   (default .build/debug/payform, built if missing)
#
# The SDKs (connect-sdk-python3==6.3.0, onlinepayments-sdk-python3==10.3.0, from PyPI) go into a
# virtual environment, .build-venv/server-sdk (ignored by git; PAYFORM_SDK_VENV=DIR for another;
# Scripts/lib/venv.py holds the pins), with Playwright (playwright==1.65.2) to pay hosted
# checkouts in Debian's chromium when it is installed (Scripts/test/browser-test.sh installs it;
# Playwright never downloads a browser here).
# Without Playwright or Chromium the hosted checkouts are paid by posting what the page's form
# posts, and the run says so.
# When python3, its venv module or PyPI is not there, the check is skipped with a loud notice
# (exit 0), never silently.
set -euo pipefail
cd "$(dirname "$0")/../.."
payform=${1:-.build/debug/payform}
venv=${PAYFORM_SDK_VENV:-.build-venv/server-sdk}

skip() {
  echo "################################################################################"
  echo "## server SDK test SKIPPED: $1"
  echo "## (the Server API of payform sandbox was NOT checked with the official Python SDKs)"
  echo "################################################################################"
  exit 0
}

command -v python3 > /dev/null || skip "python3 is missing"
python=$(python3 Scripts/lib/venv.py "$venv" server-sdks) || skip "$python"

# Hosted checkouts are paid in Chromium with Playwright when both can be had (Scripts/lib).
browser=()
if chromium=$(python3 Scripts/lib/chromium.py) && python3 Scripts/lib/venv.py "$venv" browser > /dev/null; then
  browser=(--chromium "$chromium")
fi
[[ ${#browser[@]} -gt 0 ]] || echo "server SDK test: no Chromium or Playwright: hosted checkouts are paid by the page's own post, not in a browser"

if [[ ! -x $payform ]]; then swift build --product payform; fi
"$python" Scripts/test/server-sdk-test.py --payform "$payform" "${browser[@]}"
exec "$python" Scripts/test/server-sdk-replay.py --payform "$payform" "${browser[@]}"
