#!/usr/bin/env bash
# Type-checks every Swift snippet of the documentation (README, DocC articles, ```swift examples
# in the public modules' `///` comments) against the package's modules, so none can drift from the
# API. See Scripts/check-doc-snippets.py for how snippets are wrapped.
#
#   Scripts/check-doc-snippets.sh          (a debug build of the library targets first)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "check-doc-snippets: python3 is needed to extract the snippets" >&2; exit 1; }
for target in PaymentFormEngine PaymentFormProcessors PaymentFormEngineTesting; do
  swift build --target "$target" 2>&1 | grep -E ": (error|warning): " || true
done
modules=.build/debug/Modules
[[ -d "$modules" ]] || modules=.build/debug
python3 Scripts/check-doc-snippets.py "$modules"
