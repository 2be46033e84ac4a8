#!/usr/bin/env bash
# Runs the concurrency tests (and, with --all, the whole suite) under ThreadSanitizer.
#
#   Scripts/test/tsan.sh          the "Concurrency" suites (shared models, masks, patterns, keys, and
#                            LockedValue, the lock every shared mutable state is behind), the
#                            session tests (shared cache, requests in flight) and the sandbox tests
#                            (its connection threads)
#   Scripts/test/tsan.sh --all    every test (slow: the RSA interop tests generate keys)
#
# Builds into .build-tsan so the normal build is left alone. TSan reports make the test process
# fail (halt_on_error), so the script exits non-zero on any data race.
set -euo pipefail
cd "$(dirname "$0")/../.."

filter=(--filter "Concurrency|SessionTests|SandboxTests")
if [[ "${1:-}" == "--all" ]]; then filter=(); fi

export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
export SWIFT_BACKTRACE=enable=no
# Into the log, then shown: under `set -e -o pipefail` a failing pipeline would end the script
# before the messages below, so the test run's own status is kept instead.
status=0
swift test --sanitize=thread --scratch-path .build-tsan ${filter[@]+"${filter[@]}"} > .build-tsan.log 2>&1 || status=$?
grep -vE '^(◇|↳)' .build-tsan.log || true
if grep -q "WARNING: ThreadSanitizer" .build-tsan.log; then
  echo "tsan.sh: ThreadSanitizer reported a data race (full log: .build-tsan.log)" >&2
  exit 1
fi
if [[ $status -ne 0 ]]; then
  echo "tsan.sh: the tests failed under ThreadSanitizer (exit $status; full log: .build-tsan.log):" >&2
  grep -E '✘' .build-tsan.log | head -n 40 >&2 || true
fi
exit "$status"
