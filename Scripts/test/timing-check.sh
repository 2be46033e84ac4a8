#!/usr/bin/env bash
# dudect-style timing check of the private-key paths (Scripts/test/TimingCheck/main.swift):
#   - the RSA private operation, a fixed ciphertext against random ones;
#   - RSA-OAEP decoding errors (bad leading byte vs bad label hash vs no separator);
#   - JWE errors (wrong tag vs an encrypted key that does not unwrap).
# Each check times two classes of inputs in random interleaved order (each input copied into one
# buffer first, so where an input lies in memory cannot tell the classes apart) and is flagged
# when Welch's t between them exceeds 4.5 (in absolute value) over all samples or any percentile
# crop; a flagged check runs again in a fresh process, with fresh inputs and three times the
# samples, and fails only when flagged again in the same direction (one noisy crop on a shared
# machine is not a leak). The control leak must be flagged on every run.
#
#   Scripts/test/timing-check.sh                 10 s of CPU per check (a flagged one runs again for 30 s)
#   Scripts/test/timing-check.sh --seconds 300   a longer run by hand (more samples, finer differences)
#
# The checker is compiled by swiftc with the encryption module's sources (it needs internal
# functions to craft inputs) and the modules and C kernels it depends on (read from the target
# graph), optimized as in a release build, into .build-timing/ (rebuilt only when a source changed).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=10
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "timing-check.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

build=.build-timing
binary="$build/timing-check"
mkdir -p "$build"
source Scripts/lib/encryption-dependencies.bash
sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done < <(find Sources/Encryption -name '*.swift' -print0 | sort -z)
sources+=(Scripts/test/TimingCheck/main.swift)
encryption_dependency_folders
if [[ ! -x "$binary" || -n "$(find "${sources[@]}" "${dependency_folders[@]}" -newer "$binary" -print -quit)" ]]; then
  echo "== compiling the timing checker"
  build_encryption_dependencies "$build"
  swiftc -O -wmo -swift-version 6 -module-name PaymentFormEncryption -package-name PaymentFormEngine \
    "${includes[@]}" "${sources[@]}" "${objects[@]}" -o "$binary"
fi
"$binary" Resources/Keys/demo-private-key-NOT-FOR-PRODUCTION.pem "$seconds"
