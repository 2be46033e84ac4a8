#!/usr/bin/env bash
# Installs what Scripts/build/package.sh wrote into OUTDIR as each team would, and tests it, with no Swift
# toolchain: every command below runs with PATH=/usr/bin:/bin (plus a virtual environment's bin)
# and no LD_LIBRARY_PATH or PAYFORM, payform itself under `env -i` too, after a check that `swift`
# is not found there.
#
#   binary   payform's shared libraries (glibc, libstdc++ only), --version, and a sandbox started
#            from an empty folder, whose start-up line says the hosted pages come from the web
#            form built into it
#   python   a fresh virtual environment (python3 -m venv): pip install the wheel (no index), then
#            pytest and onlinepayments-sdk-python3 from PyPI (Scripts/lib/venv.py's pins); pytest
#            runs Packaging/tests/test_packaged_wheel.py with the plugin's payform_sandbox fixture
#   java     Packaging/tests/PackagedSandboxTest.java compiled against the jar and Debian's JUnit 5,
#            run by junit-platform-console-standalone with payform beside the jar (no PAYFORM)
#   node     the npm tarball installed into a fresh project (npm install --offline); node --test
#            runs Packaging/tests/sandbox.test.mjs (PAYFORM=OUTDIR/payform) and tsc --strict
#            compiles Packaging/tests/sandbox-types.mts against the installed declarations
#
# Usage: Scripts/test/package-test.sh OUTDIR [binary|python|java|node]...   (default: all four)
#
# Without PyPI (or python3's venv module) the python part is skipped with a loud notice, as the
# other SDK checks are; everything else fails when something is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ $# -ge 1 && $1 != -h && $1 != --help ]] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; [[ $# -ge 1 ]]; exit; }
out=$(cd "$1" && pwd)
shift
parts=("$@")
[[ ${#parts[@]} -gt 0 ]] || parts=(binary python java node)
version=$(sed -n 's/.*static let current = "\([0-9][0-9.]*\)".*/\1/p' Sources/FormEngine/Prepare/EngineVersion.swift)
work=$(mktemp -d /tmp/payform-package-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
# A user's PATH: /usr/bin and /bin, no toolchain and none of its libraries. The rest of the
# environment stays (pip's and npm's certificates and caches); payform itself runs under env -i.
clean=(env -u LD_LIBRARY_PATH -u PAYFORM -u PAYFORM_CLI_UNDER_TEST "PATH=/usr/bin:/bin")
bare=(env -i "PATH=/usr/bin:/bin")
"${bare[@]}" bash -c '! command -v swift > /dev/null && ! command -v swiftc > /dev/null' \
  || { echo "package-test: swift is on /usr/bin or /bin: this machine cannot show that the packages need no toolchain" >&2; exit 1; }
fail() { echo "package-test: $*" >&2; exit 1; }
timed() { # timed NAME COMMAND...: runs it, says how long it took
  local started=$SECONDS
  "$@"
  echo "   ($1: $((SECONDS - started)) s)"
}

check_binary() {
  echo "== binary: $out/payform without the toolchain"
  local needed
  needed=$(ldd "$out/payform" | awk '{print $1}' | sort | tr '\n' ' ')
  echo "ldd: $needed"
  for library in $needed; do
    case $library in
      linux-vdso.so.1|/lib64/ld-linux-x86-64.so.2|libc.so.6|libm.so.6|libstdc++.so.6|libgcc_s.so.1|libdl.so.2|libpthread.so.0|librt.so.1) ;;
      *) fail "payform loads $library" ;;
    esac
  done
  "${bare[@]}" "$out/payform" --version | grep -qx "payform $version" || fail "payform --version is not payform $version"
  # Started from an empty folder (no Web/dist anywhere near), with a webhook URL (the libcurl shim
  # loads the system's libcurl at the first post).
  mkdir -p "$work/empty"
  local log="$work/sandbox.log"
  # exec: $! is the sandbox itself, so the kill below stops it (not only the subshell around it).
  (cd "$work/empty" && exec "${bare[@]}" "$out/payform" sandbox --webhook-url http://127.0.0.1:9/webhooks > "$work/first-line" 2> "$log") &
  local sandbox=$!
  for _ in $(seq 1 100); do [[ -s $work/first-line ]] && grep -q "stop with Ctrl-C" "$log" && break; sleep 0.1; done
  kill -TERM "$sandbox" 2> /dev/null || true
  wait "$sandbox" || true
  grep -q '"serverApi"' "$work/first-line" || fail "payform sandbox printed no first line: $(cat "$log")"
  grep -q "hosted checkout pages from the web form built into payform" "$log" \
    || fail "the packaged sandbox does not serve the hosted pages from its built-in web form: $(head -n 3 "$log")"
  echo "the sandbox's start-up line: $(grep -o 'hosted checkout pages[^;]*' "$log")"
}

check_python() {
  echo "== python: a fresh virtual environment, the wheel, pytest with the payform_sandbox fixture"
  local wheel
  wheel=$(ls "$out"/payform-"$version"-py3-none-*.whl)
  local venv="$work/venv"
  local made
  if ! made=$("${clean[@]}" python3 Scripts/lib/venv.py "$venv" pytest onlinepayments-sdk-python3==10.3.0); then
    echo "################################################################################"
    echo "## package-test python part SKIPPED: $made"
    echo "## (the wheel's pytest plugin was NOT checked with the official SDK)"
    echo "################################################################################"
    return 0
  fi
  "${clean[@]}" "$venv/bin/python" -m pip install --disable-pip-version-check -q --no-index "$wheel"
  mkdir -p "$work/python-project"
  cp Packaging/tests/test_packaged_wheel.py "$work/python-project/"
  (cd "$work/python-project" && "${clean[@]}" "PATH=$venv/bin:/usr/bin:/bin" "$venv/bin/python" -m pytest -p no:cacheprovider -v test_packaged_wheel.py)
  # docs/backend-tests.md's whole pytest, as the doc shows it, with the wheel's payform on PATH
  # (its hosted checkout test skips itself here: this virtual environment has no Playwright).
  mkdir -p "$work/doc-pytest"
  python3 Scripts/lib/doc_block.py docs/backend-tests.md conftest.py "$work/doc-pytest/conftest.py"
  python3 Scripts/lib/doc_block.py docs/backend-tests.md test_payments.py "$work/doc-pytest/test_payments.py"
  (cd "$work/doc-pytest" && "${clean[@]}" "PATH=$venv/bin:/usr/bin:/bin" "$venv/bin/python" -m pytest -p no:cacheprovider -q .)
}

check_java() {
  echo "== java: the JUnit 5 extension, payform found beside the jar"
  local jar="$out/payform-junit-$version.jar" junit=/usr/share/java
  [[ -f $junit/junit-platform-console-standalone.jar ]] || fail "$junit/junit-platform-console-standalone.jar is missing (Debian: apt-get install junit5)"
  mkdir -p "$work/java-classes"
  "${clean[@]}" javac --release 11 -Xlint:all -Werror -d "$work/java-classes" \
    -cp "$jar:$junit/junit-jupiter-api.jar:$junit/junit-platform-commons.jar:$junit/apiguardian-api.jar:$junit/opentest4j.jar" \
    Packaging/tests/PackagedSandboxTest.java
  "${clean[@]}" java -jar "$junit/junit-platform-console-standalone.jar" --disable-banner --disable-ansi-colors --fail-if-no-tests --details=tree \
    --class-path "$jar:$work/java-classes" --select-class PackagedSandboxTest
}

check_node() {
  echo "== node: the npm package's payform-web-form/sandbox in a fresh project"
  local project="$work/node-project"
  mkdir -p "$project"
  echo '{"name": "a-shop-test", "private": true, "type": "module"}' > "$project/package.json"
  (cd "$project" && "${clean[@]}" npm install --offline --no-audit --no-fund --ignore-scripts "$out/payform-web-form-$version.tgz" > /dev/null)
  cp Packaging/tests/sandbox.test.mjs Packaging/tests/sandbox-types.mts "$project/"
  # docs/web.md's node backend, run as the doc shows it.
  python3 Scripts/lib/doc_block.py docs/web.md node-backend.test.mjs "$project/node-backend.test.mjs"
  (cd "$project" && "${clean[@]}" "PAYFORM=$out/payform" node --test sandbox.test.mjs node-backend.test.mjs)
  cat > "$project/tsconfig.json" << 'EOF'
{"compilerOptions": {"strict": true, "noEmit": true, "target": "es2022", "module": "node16", "moduleResolution": "node16",
  "lib": ["es2022", "dom"], "types": [], "skipLibCheck": false}, "files": ["sandbox-types.mts"]}
EOF
  (cd "$project" && "${clean[@]}" tsc -p tsconfig.json) && echo "tsc --strict: sandbox-types.mts compiles against the installed declarations"
}

for part in "${parts[@]}"; do
  case $part in
    binary|python|java|node) timed "check_$part" ;;
    *) fail "unknown part $part (binary, python, java, node)" ;;
  esac
done
echo "package-test: ${parts[*]} passed"
