#!/usr/bin/env bash
# Type-checks every Swift snippet of the documentation (README, DocC articles, ```swift examples
# in the public modules' `///` comments) against the package's modules, so none can drift from the
# API, and runs the snippets that claim a value (`expression // "value"`, `// a == 1`) to check
# that each claim holds. See Scripts/dev/check-doc-snippets.py for how snippets are wrapped and run.
#
#   Scripts/dev/check-doc-snippets.sh          (a debug build of the library targets first)
#
# PAYFORM_SWIFT_BUILD_FLAGS (for example "-Xswiftc -warnings-as-errors") are passed to that build,
# so it reuses a build made with the same flags (.ci/run sets them).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v python3 >/dev/null || { echo "check-doc-snippets: python3 is needed to extract the snippets" >&2; exit 1; }
read -r -a build_flags <<< "${PAYFORM_SWIFT_BUILD_FLAGS:-}"
for target in PaymentFormEngine PaymentFormProcessors PaymentFormEngineTesting; do
  status=0
  swift build --target "$target" ${build_flags[@]+"${build_flags[@]}"} > /tmp/payform-snippets-build.out 2>&1 || status=$?
  grep -E ": (error|warning): " /tmp/payform-snippets-build.out || true
  [[ $status -eq 0 ]] || { echo "check-doc-snippets: building $target failed (exit $status)" >&2; tail -n 20 /tmp/payform-snippets-build.out >&2; exit 1; }
done
modules=.build/debug/Modules
[[ -d "$modules" ]] || modules=.build/debug
python3 Scripts/dev/check-doc-snippets.py "$modules"
