#!/usr/bin/env bash
# What a Python, Java or web team installs, none of which needs a Swift toolchain, built into OUTDIR:
#
#   payform                              Linux x86-64 payform: the Swift runtime and Foundation linked
#                                        in (only glibc and libstdc++ stay shared), the web form built
#                                        in (its sandbox serves the hosted checkout page from it)
#   payform-VERSION-py3-none-TAG.whl     the payform command and a pytest plugin (payform_sandbox)
#   payform-junit-VERSION.jar            a JUnit 5 extension (payform.junit.PayformSandbox)
#   payform-web-form-VERSION.tgz         the npm package: the web form, and payform-web-form/sandbox
#                                        for node tests
#   SHA256SUMS
#
# Usage: Scripts/build/package.sh OUTDIR      (Scripts/test/package-test.sh OUTDIR installs and tests each)
#
# Needs the Swift toolchain (swift build, clang), Web/dist with its npm package (Scripts/build/build-web.sh),
# python3, a JDK (javac, jar), Debian's junit5 (/usr/share/java), binutils (strip, readelf, objdump).
# payform is built with `swift build -c release --static-swift-stdlib` in its own scratch folder,
# .build-package/ (static linking compiles differently, so sharing .build/release would rebuild
# both each time). Foundation's networking calls libcurl, which is not on every Linux:
# Packaging/curl-on-demand.c stands in for it and loads libcurl.so.4 the first time outgoing HTTP
# is used (webhook posts, payform fetch); everything else runs without it. The web form's files
# are appended to the stripped binary (Scripts/lib/web_archive.py; WebFormArchive reads them).
# The wheel's platform tag is manylinux_2_N_x86_64 for the newest glibc symbol version N the
# binary uses.
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ "${1:-}" == "-h" || "${1:-}" == "--help" || $# -ne 1 ]] && { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; [[ $# -eq 1 ]]; exit; }
out=$1
started=$SECONDS
fail() { echo "package: $*" >&2; exit 1; }

version=$(sed -n 's/.*static let current = "\([0-9][0-9.]*\)".*/\1/p' Sources/FormEngine/Prepare/EngineVersion.swift)
[[ -n $version ]] || fail "no version in Sources/FormEngine/Prepare/EngineVersion.swift"
[[ $(uname -s)-$(uname -m) == Linux-x86_64 ]] || fail "the packages are built on Linux x86-64 (this is $(uname -s) $(uname -m))"
web_files=(payform-form.mjs payform-engine.mjs payform-form.css payform-form-engine.wasm)
for name in "${web_files[@]}" "payform-web-form-$version.tgz"; do
  [[ -f Web/dist/$name ]] || fail "Web/dist/$name is missing: run Scripts/build/build-web.sh first"
done
for tool in swift clang python3 javac jar strip readelf objdump; do
  command -v "$tool" > /dev/null || fail "$tool is missing"
done
junit=/usr/share/java
for jar in junit-jupiter-api junit-platform-commons apiguardian-api opentest4j; do
  [[ -f $junit/$jar.jar ]] || fail "$junit/$jar.jar is missing (Debian: apt-get install junit5)"
done

mkdir -p "$out" .build-package/curl-on-demand
rm -f "$out"/payform "$out"/payform-*.whl "$out"/payform-junit-*.jar "$out"/payform-web-form-*.tgz "$out"/SHA256SUMS

# libcurl on demand: the shim as libcurl.a, found first by the link's -lcurl. Checked first: with
# no libcurl to load, the first call says what to install and exits 69.
echo "== libcurl on demand (Packaging/curl-on-demand.c)"
shim=.build-package/curl-on-demand
clang -c -O2 -fPIC -Wall -Wextra -Werror Packaging/curl-on-demand.c -o "$shim/curl-on-demand.o"
rm -f "$shim/libcurl.a" && ar rcs "$shim/libcurl.a" "$shim/curl-on-demand.o"
printf 'int curl_global_init(long);\nint main(void) { return curl_global_init(3); }\n' > "$shim/check.c"
clang -O2 -Wall -Werror -DPAYFORM_LIBCURL='"libcurl-absent-for-the-check.so.4"' "$shim/check.c" Packaging/curl-on-demand.c -ldl -o "$shim/check"
set +e
message=$("$shim/check" 2>&1)
status=$?
set -e
[[ $status -eq 69 && $message == *"install libcurl4"* ]] || fail "the libcurl shim without a libcurl exited $status: $message"

echo "== payform: swift build -c release --static-swift-stdlib (scratch .build-package)"
build_started=$SECONDS
swift build -c release --static-swift-stdlib --product payform --scratch-path .build-package \
  -Xswiftc -warnings-as-errors -Xlinker -L"$PWD/$shim"
build_seconds=$((SECONDS - build_started))
strip -o "$out/payform" .build-package/release/payform

# Only glibc's libraries and the C++ runtime may stay shared: what every Linux has.
needed=$(readelf -d "$out/payform" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
for library in $needed; do
  case $library in
    libc.so.6|libm.so.6|libdl.so.2|libpthread.so.0|librt.so.1|libstdc++.so.6|libgcc_s.so.1|ld-linux-x86-64.so.2) ;;
    *) fail "payform needs $library, which not every Linux has (needed: $needed)" ;;
  esac
done
glibc=$(objdump -T "$out/payform" | grep -o 'GLIBC_2\.[0-9]*' | sort -t. -k2 -n | tail -n 1)
platform="manylinux_2_${glibc#GLIBC_2.}_x86_64"

echo "== the web form built in (Web/dist: ${web_files[*]}, payform-texts.*.json)"
web_paths=()
for name in "${web_files[@]}"; do web_paths+=("Web/dist/$name"); done
python3 Scripts/lib/web_archive.py "$out/payform" "${web_paths[@]}" Web/dist/payform-texts.*.json
# Scripts/lib/web_archive.py and WebFormArchive agree byte for byte (WebFormArchiveTests.layout).
layout=$(python3 -c 'import sys; sys.path.insert(0, "Scripts/lib"); import web_archive; print(web_archive.archive({"a.txt": b"hi"}).hex())')
grep -q "$layout" Tests/SandboxTests/WebFormArchiveTests.swift || fail "Scripts/lib/web_archive.py's layout is not the one WebFormArchiveTests pins"

echo "== the wheel ($platform)"
wheel=$(python3 Packaging/python/build_wheel.py --binary "$out/payform" --version "$version" --platform "$platform" --out "$out")

echo "== the JUnit 5 jar"
classes=.build-package/java-classes
rm -rf "$classes" && mkdir -p "$classes"
javac --release 11 -Xlint:all -Werror -d "$classes" \
  -cp "$junit/junit-jupiter-api.jar:$junit/junit-platform-commons.jar:$junit/apiguardian-api.jar:$junit/opentest4j.jar" \
  Packaging/java/src/payform/junit/*.java
printf 'Implementation-Title: payform-junit\nImplementation-Version: %s\n' "$version" > .build-package/java-manifest
cp LICENSE "$classes/LICENSE"
jar --create --file "$out/payform-junit-$version.jar" --manifest .build-package/java-manifest -C "$classes" .

echo "== the npm package"
cp "Web/dist/payform-web-form-$version.tgz" "$out/"
tar -tzf "$out/payform-web-form-$version.tgz" | grep -x 'package/payform-sandbox.mjs' > /dev/null \
  || fail "the npm package has no payform-sandbox.mjs (rebuild it: Scripts/build/build-web.sh)"

(cd "$out" && sha256sum payform "$(basename "$wheel")" "payform-junit-$version.jar" "payform-web-form-$version.tgz" > SHA256SUMS)
echo "== $out (built in $((SECONDS - started)) s, of which swift build $build_seconds s)"
for file in payform "$(basename "$wheel")" "payform-junit-$version.jar" "payform-web-form-$version.tgz"; do
  printf '  %-44s %10s bytes\n' "$file" "$(wc -c < "$out/$file")"
done
echo "  payform needs: $needed(newest symbol $glibc)"
