#!/usr/bin/env bash
# Builds the engine as WebAssembly into Web/dist/: the core modules (masking, validation,
# localization, cards, the form engine, JSON, the encryption) with Embedded Swift for
# wasm32-unknown-none-wasm, plus the ES module that loads it in a browser or in node.
#
#   Scripts/build-web.sh            build Web/dist/: payform-engine.wasm, payform-engine.mjs (the engine),
#                                   payform-form.mjs and payform-form.css (the web form)
#   Scripts/build-web.sh --names    keep the function names in the module (for size reports)
#
# Needs the Swift toolchain only (its Embedded standard library for wasm32 and wasm-ld); no SDK,
# no download. The target list comes from Package.swift: PAYFORM_WASM=1 turns the Embedded feature
# on for the core targets and picks the host's regular expressions over ICU.
set -euo pipefail
cd "$(dirname "$0")/.."

keep_names=0
[[ "${1:-}" == "--names" ]] && keep_names=1

swiftc=$(command -v swiftc) || { echo "build-web: swiftc is not on PATH" >&2; exit 1; }
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc")")")
tables="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
[[ -f "$tables" ]] || { echo "build-web: this toolchain has no Embedded Swift for wasm32 ($tables is missing)" >&2; exit 1; }

scratch=.build-wasm
log="$scratch/build-web.log"
mkdir -p "$scratch" Web/dist
echo "== swift build --triple wasm32-unknown-none-wasm --product PaymentFormWeb (log: $log)"
if ! PAYFORM_WASM=1 PAYFORM_WASM_UNICODE_TABLES="$tables" PAYFORM_WASM_KEEP_NAMES=$keep_names \
    swift build --triple wasm32-unknown-none-wasm -c release --product PaymentFormWeb --scratch-path "$scratch" > "$log" 2>&1; then
  grep -E "error" "$log" | head -n 40
  echo "build-web: the WebAssembly build failed (full log: $log)" >&2
  exit 1
fi
cp "$scratch/wasm32-unknown-none-wasm/release/PaymentFormWeb.wasm" Web/dist/payform-engine.wasm
cp Web/src/payform-engine.mjs Web/src/payform-form.mjs Web/src/payform-form.css Web/dist/
wasm_bytes=$(wc -c < Web/dist/payform-engine.wasm)
wasm_gzip=$(gzip -9c Web/dist/payform-engine.wasm | wc -c)
echo "Web/dist/payform-engine.wasm  $wasm_bytes bytes, $wasm_gzip gzip"
total=$wasm_gzip
for file in payform-engine.mjs payform-form.mjs payform-form.css; do
  gzipped=$(gzip -9c "Web/dist/$file" | wc -c)
  total=$((total + gzipped))
  printf 'Web/dist/%-20s %s bytes, %s gzip\n' "$file" "$(wc -c < "Web/dist/$file")" "$gzipped"
done
echo "together: $total bytes gzip (the whole web payload: engine, modules, stylesheet)"
