#!/usr/bin/env bash
# The npm package (Web/dist/payform-web-form-VERSION.tgz, made by Scripts/build/build-web.sh) installed
# into a fresh page project and used from node, TypeScript and Chromium (Web/test/npm_package_test.py).
#
# Usage: Scripts/test/npm-package-test.sh [PAYFORM_BINARY] [npm_package_test.py options]
#        (default .build/debug/payform, built if missing)
#
# Runs in the web form suite's virtual environment (.build-venv/web-form, Playwright); needs npm,
# tsc (Debian: node-typescript) and Chromium. Unlike the suites that skip without them, this
# check fails when something is missing: a package nobody installed is not checked.
set -euo pipefail
cd "$(dirname "$0")/../.."
payform=${1:-.build/debug/payform}
[[ $# -gt 0 ]] && shift
venv=${PAYFORM_WEB_VENV:-.build-venv/web-form}

command -v npm > /dev/null || { echo "npm-package-test: npm is missing (it comes with node)" >&2; exit 1; }
command -v tsc > /dev/null || { echo "npm-package-test: tsc is missing (Debian: node-typescript)" >&2; exit 1; }
chromium=$(python3 Scripts/lib/chromium.py) || { echo "npm-package-test: $chromium" >&2; exit 1; }
python=$(python3 Scripts/lib/venv.py "$venv" browser axe) || { echo "npm-package-test: $python" >&2; exit 1; }
if [[ ! -x $payform ]]; then swift build --product payform; fi
# The tarball's modes as built (every file 0644, every folder 0755: a server running as another
# user reads them), and the mode check itself, which must fail on a 0600 file.
Scripts/dev/check-web-modes.sh --self-test
Scripts/dev/check-web-modes.sh
exec "$python" Web/test/npm_package_test.py --payform "$payform" --chromium "$chromium" "$@"
