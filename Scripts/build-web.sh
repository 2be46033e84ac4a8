#!/usr/bin/env bash
# Builds the engine as WebAssembly into Web/dist/: the core modules (masking, validation,
# localization, cards, the form engine, JSON, the encryption) with Embedded Swift for
# wasm32-unknown-none-wasm, plus the ES module that loads it in a browser or in node.
#
#   Scripts/build-web.sh            build Web/dist/: payform-engine.wasm (every request, the CLI's too),
#                                   payform-form-engine.wasm (what a page loads: the form requests),
#                                   payform-engine.mjs (loads either), payform-form.mjs (the web
#                                   form, the loader inside it) and payform-form.css
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
# Two modules from the same sources: payform-engine.wasm answers every request, the command-line
# contract included (Web/bin/payform-wasm, the benchmarks); payform-form-engine.wasm, what a page
# loads, answers the form and card requests only (PAYFORM_WASM_FORM_ONLY=1 leaves the commands
# out, and the linker drops what only they use).
build() { # build FORM_ONLY OUTPUT
  echo "== swift build --triple wasm32-unknown-none-wasm --product PaymentFormWeb${1:+ (form requests only)} (log: $log)"
  if ! PAYFORM_WASM=1 PAYFORM_WASM_FORM_ONLY=$1 PAYFORM_WASM_UNICODE_TABLES="$tables" PAYFORM_WASM_KEEP_NAMES=$keep_names \
      swift build --triple wasm32-unknown-none-wasm -c release --product PaymentFormWeb --scratch-path "$scratch" > "$log" 2>&1; then
    grep -E "error" "$log" | head -n 40
    echo "build-web: the WebAssembly build failed (full log: $log)" >&2
    exit 1
  fi
  cp "$scratch/wasm32-unknown-none-wasm/release/PaymentFormWeb.wasm" "Web/dist/$2"
}
build "" payform-engine.wasm
build 1 payform-form-engine.wasm
cp Web/src/payform-engine.mjs Web/src/payform-form.css Web/dist/
# The form module carries the engine's loader: where Web/src/payform-form.mjs imports it, the
# loader's source goes in (its class no longer exported), so a page fetches one module instead of
# two one after the other (in Chromium, 8 ms of the first form's load). payform-engine.mjs stays
# beside it for node and for pages that want the engine alone.
engine_import='import { PaymentFormEngine, PaymentFormError } from "./payform-engine.mjs";'
grep -qxF "$engine_import" Web/src/payform-form.mjs \
  || { echo "build-web: Web/src/payform-form.mjs has no line '$engine_import' to put the loader in" >&2; exit 1; }
grep -q '^export class PaymentFormEngine ' Web/src/payform-engine.mjs \
  || { echo "build-web: Web/src/payform-engine.mjs does not export class PaymentFormEngine" >&2; exit 1; }
while IFS= read -r line || [[ -n "$line" ]]; do
  if [[ "$line" == "$engine_import" ]]; then
    echo "// The engine's loader, Web/src/payform-engine.mjs, put here by Scripts/build-web.sh."
    sed -E 's/^export (class|function) /\1 /' Web/src/payform-engine.mjs
  else
    printf '%s\n' "$line"
  fi
done < Web/src/payform-form.mjs > Web/dist/payform-form.mjs
if grep -qE '^(import|export) .* from ' Web/dist/payform-form.mjs; then
  echo "build-web: Web/dist/payform-form.mjs still imports a module; a page would fetch it after this one" >&2
  exit 1
fi
size() { printf 'Web/dist/%-26s %8s bytes, %7s gzip\n' "$1" "$(wc -c < "Web/dist/$1")" "$(gzip -9c "Web/dist/$1" | wc -c)"; }
size payform-engine.wasm
size payform-engine.mjs
total=0
for file in payform-form-engine.wasm payform-form.mjs payform-form.css; do
  size "$file"
  total=$((total + $(gzip -9c "Web/dist/$file" | wc -c)))
done
echo "the page's payload (payform-form-engine.wasm, the form module with the engine's loader, the stylesheet): $total bytes gzip"
