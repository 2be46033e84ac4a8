#!/usr/bin/env bash
# Builds the engine as WebAssembly into Web/dist/: the core modules (masking, validation,
# localization, cards, the form engine, JSON, the encryption) with Embedded Swift for
# wasm32-unknown-none-wasm, plus the ES modules that load it in a browser or in node.
#
#   Scripts/build/build-web.sh              build Web/dist/ (below) and Web/dist/site/ (the same,
#                                           as a site serves it)
#   Scripts/build/build-web.sh --names      keep the function names and write link maps
#                                           (.build-wasm/*.map), for Scripts/bench/wasm-size.py
#   Scripts/build/build-web.sh --only page  build one module (page or full) and what goes with it
#   Scripts/build/build-web.sh --help       this text
#
# Web/dist/:
#   payform-engine.wasm        every request, the command-line contract too (Web/bin/payform-wasm,
#                              the benchmarks, pages that want the shipped samples)
#   payform-engine.mjs         the loader of either module (node, or a page that wants the engine alone)
#   payform-sandbox.mjs        starts `payform sandbox` for a node test (the npm package's `./sandbox`)
#   payform-form-engine.wasm   what a page loads: the form and card requests only, English texts
#   payform-form.mjs           the web form (Web/src/payform-form.mjs and Web/src/form/, bundled
#                              by esbuild), with the loader inside it
#   payform-form.css           its stylesheet
#   payform-texts.LANG.json    the other languages' texts, fetched by the form when its locale asks
#   payform-web-form-VERSION.tgz  the npm package of the page's files (`npm install` it; no Swift),
#                              with hostedtokenization/ as the sandbox serves it (the iframe mode)
# Web/dist/site/: the page's files with their content's hash in their names (the form module
#   naming the others by theirs), each beside its brotli (.br, -q 11) and gzip (.gz, -9) copy, and
#   manifest.json mapping each name to its hashed one: what a server sends with long-lived
#   immutable caching (Examples/web/shop-server.mjs, the nginx and CDN setups in WebForm.md).
#
# Needs the Swift toolchain (its Embedded standard library for wasm32 and wasm-ld), Binaryen's
# wasm-opt (Debian: binaryen), esbuild (Debian: esbuild) and brotli. The target list comes from
# Package.swift: PAYFORM_WASM=1 turns the Embedded feature on for the core targets and picks the
# host's regular expressions over ICU; PAYFORM_WASM_FORM_ONLY=1 builds the page's module. Each
# module has its own scratch folder (.build-wasm/full, .build-wasm/page), so rebuilding one does
# not recompile the other.
#
# What a server sends is readable by any user, however the umask is set or a tool copies modes
# (brotli -o gives its output its input's mode, 0600 for a mktemp file): every file of
# Web/dist/site/ and of the npm package is 0644, every folder 0755, and
# Scripts/dev/check-web-modes.sh checks them as built, at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
umask 022

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
keep_names=0
only=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --names) keep_names=1 ;;
    --only)
      [[ "${2:-}" == page || "${2:-}" == full ]] || { echo "build-web: --only takes page or full" >&2; exit 2; }
      only=$2
      shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "build-web: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

swiftc=$(command -v swiftc) || { echo "build-web: swiftc is not on PATH" >&2; exit 1; }
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc")")")
tables="$toolchain/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
[[ -f "$tables" ]] || { echo "build-web: this toolchain has no Embedded Swift for wasm32 ($tables is missing)" >&2; exit 1; }
command -v wasm-opt > /dev/null || { echo "build-web: wasm-opt is missing (Binaryen; Debian: apt-get install binaryen)" >&2; exit 1; }
command -v brotli > /dev/null || { echo "build-web: brotli is missing (Debian: apt-get install brotli)" >&2; exit 1; }
command -v esbuild > /dev/null || { echo "build-web: esbuild is missing (it bundles the form's modules; Debian: apt-get install esbuild)" >&2; exit 1; }

mkdir -p .build-wasm Web/dist
# readable FOLDER: every file in it 0644, every folder 0755 (it included), whoever made them how.
readable() {
  find "$1" -type d -exec chmod 0755 {} +
  find "$1" -type f -exec chmod 0644 {} +
}
# The WebAssembly features the toolchain's wasm32 code uses (wasm-opt must be told): bulk memory,
# sign extension, mutable globals, non-trapping float-to-int; every current browser and node 16+
# runs them.
features=(--enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int)

build() { # build VARIANT(full|page) OUTPUT
  local scratch=".build-wasm/$1" log=".build-wasm/$1.log" form_only=""
  [[ $1 == page ]] && form_only=1
  echo "== $1 module: swift build --triple wasm32-unknown-none-wasm --product PaymentFormWeb (log: $log)"
  local map=""
  [[ $keep_names == 1 ]] && map="$PWD/.build-wasm/$1.map"
  if ! PAYFORM_WASM=1 PAYFORM_WASM_FORM_ONLY=$form_only PAYFORM_WASM_UNICODE_TABLES="$tables" PAYFORM_WASM_KEEP_NAMES=$keep_names \
      PAYFORM_WASM_MAP=$map swift build --triple wasm32-unknown-none-wasm -c release --product PaymentFormWeb --scratch-path "$scratch" > "$log" 2>&1; then
    grep -E "error" "$log" | head -n 40
    echo "build-web: the WebAssembly build failed (full log: $log)" >&2
    exit 1
  fi
  # Binaryen's size optimizations on the linked module: smaller code, the same answers
  # (Scripts/test/wasm-differential.py compares both modules with the native engine). A function with
  # one caller is inlined only when it is small (-ocimfs 20): -Oz's default inlines any size, which
  # made one function of 93 KB that the browser compiles on the first call (the first form.open
  # took 27-33 ms instead of 16-20 in node) and compressed worse (brotli 302 KB instead of 289).
  echo "== $1 module: wasm-opt -Oz"
  local names=()
  [[ $keep_names == 1 ]] && names=(--debuginfo)
  wasm-opt -Oz --one-caller-inline-max-function-size 20 "${features[@]}" "${names[@]}" \
    "$scratch/wasm32-unknown-none-wasm/release/PaymentFormWeb.wasm" -o "Web/dist/$2"
}
# Both modules at once when both are asked for: each build alone leaves a core idle much of the
# time (one module's whole-module compile at a time), so together they take little more than the
# longer one. Each has its own scratch folder and log; a failure of either stops the script.
if [[ -z $only ]]; then
  build full payform-engine.wasm &
  full_build=$!
  build page payform-form-engine.wasm &
  page_build=$!
  failed=0
  wait "$full_build" || failed=1
  wait "$page_build" || failed=1
  [[ $failed == 0 ]] || { echo "build-web: a WebAssembly build failed (see above)" >&2; exit 1; }
else
  [[ $only != page ]] && build full payform-engine.wasm
  [[ $only != full ]] && build page payform-form-engine.wasm
fi
cp Web/src/payform-engine.mjs Web/src/payform-form.css Web/src/payform-engine.d.mts Web/src/payform-form.d.mts \
  Web/src/payform-sandbox.mjs Web/src/payform-sandbox.d.mts Web/dist/

# The languages the page's module leaves out, each a file the form fetches when its locale asks
# for it (English is inside the module).
languages=()
for file in Resources/Localization/*.json; do
  language=$(basename "$file" .json)
  [[ $language == en ]] && continue
  languages+=("$language")
  cp "$file" "Web/dist/payform-texts.$language.json"
done

# The hosted tokenization page's scripts (embedded into the sandbox from Resources/) must parse.
for script in Resources/HostedTokenization/tokenizer.min.js Resources/HostedTokenization/page.mjs; do
  node --check "$script" || { echo "build-web: $script does not parse" >&2; exit 1; }
done

# The form module is Web/src/payform-form.mjs and the modules under Web/src/form/ it imports (one
# per job: loader, texts, Client API, mount, form, view, editing, IIN, events, encryption),
# bundled by esbuild into one module with the engine's loader (Web/src/payform-engine.mjs)
# inside, so a page fetches one module instead of two one after the other (in Chromium, 8 ms of
# the first form's load); payform-engine.mjs stays beside it for node and for pages that want the
# engine alone.
# The list of language files is defined for the bundle (PAYFORM_TEXT_FILES, read by
# form/texts.mjs). Web/dist/payform-form.mjs is the readable bundle (the npm package's); site/
# gets the minified one. The loader's `import("node:fs/promises")` is for node only and stays an
# import.
text_files=""
# Quoted keys: a tag such as zh-Hant is no JavaScript identifier.
for language in "${languages[@]}"; do text_files+="${text_files:+,}\"$language\":\"./payform-texts.$language.json\""; done
bundle() { # bundle OUTPUT [esbuild options]: Web/src/payform-form.mjs and its imports as one ES module
  local output=$1
  shift
  esbuild Web/src/payform-form.mjs --bundle --format=esm --platform=browser '--external:node:*' --log-level=warning \
    "--define:PAYFORM_TEXT_FILES={$text_files}" --outfile="$output" "$@" \
    || { echo "build-web: esbuild could not bundle Web/src/payform-form.mjs" >&2; exit 1; }
  if grep -qE '^(import|export) .* from ' "$output"; then
    echo "build-web: $output still imports a module; a page would fetch it after this one" >&2
    exit 1
  fi
  if [[ ${#languages[@]} -gt 0 ]] && ! grep -qF "./payform-texts.${languages[0]}.json" "$output"; then
    echo "build-web: $output does not name the language files (is PAYFORM_TEXT_FILES still read by Web/src/form/texts.mjs?)" >&2
    exit 1
  fi
}
bundle Web/dist/payform-form.mjs "--banner:js=// The web form (PaymentFormEngine): Web/src/payform-form.mjs and Web/src/form/, bundled by Scripts/build/build-web.sh; its types are payform-form.d.mts."

# Web/dist/site/: content-hashed names, precompressed. The leaves first, then the form module
# that names them (its text changes with their names, and so does its own hash).
rm -rf Web/dist/site
mkdir -p Web/dist/site
declare -A hashed=()
publish() { # publish NAME [FROM]: copy Web/dist/NAME (or FROM) to site/ under its hashed name
  local name=$1 from=${2:-Web/dist/$1}
  local hash stem extension
  hash=$(sha256sum "$from" | cut -c1-16)
  stem=${name%.*} extension=${name##*.}
  hashed[$name]="$stem.$hash.$extension"
  cp "$from" "Web/dist/site/${hashed[$name]}"
  brotli -q 11 -f -o "Web/dist/site/${hashed[$name]}.br" "$from"
  gzip -9 -n -c "$from" > "Web/dist/site/${hashed[$name]}.gz"
}
if [[ -f Web/dist/payform-form-engine.wasm ]]; then
  publish payform-form-engine.wasm
  publish payform-form.css
  for language in "${languages[@]}"; do publish "payform-texts.$language.json"; done
  # The served copy of the form module: the same bundle minified (esbuild --minify), checked by node.
  site_form=$(mktemp --suffix=.mjs)
  bundle "$site_form" --minify
  if command -v node > /dev/null; then
    node --check "$site_form" || { echo "build-web: the minified form module does not parse" >&2; exit 1; }
  fi
  for name in "${!hashed[@]}"; do
    sed -i "s|\"\\./$name\"|\"./${hashed[$name]}\"|g" "$site_form"
  done
  publish payform-form.mjs "$site_form"
  rm -f "$site_form"
  {
    echo "{"
    first=1
    for name in $(printf '%s\n' "${!hashed[@]}" | sort); do
      [[ $first == 1 ]] || echo ","
      printf '  "%s": "%s"' "$name" "${hashed[$name]}"
      first=0
    done
    echo
    echo "}"
  } > Web/dist/site/manifest.json
fi
readable Web/dist/site

# The npm package a front-end team installs without Swift: Web/package.json with the engine's
# version (Sources/FormEngine/Prepare/EngineVersion.swift, the one place it is written), the page's
# files above, site/, Web/README.md and LICENSE, packed by npm into
# Web/dist/payform-web-form-VERSION.tgz. Web/test/npm_package_test.py installs it into a fresh page.
if [[ $only != full ]]; then
  version=$(sed -n 's/.*static let current = "\([0-9][0-9.]*\)".*/\1/p' Sources/FormEngine/Prepare/EngineVersion.swift)
  [[ -n "$version" ]] || { echo "build-web: no version in Sources/FormEngine/Prepare/EngineVersion.swift" >&2; exit 1; }
  if command -v npm > /dev/null; then
    echo "== npm package payform-web-form $version"
    package=.build-wasm/npm/payform-web-form
    rm -rf "$package" && mkdir -p "$package"
    sed "s/\"0.0.0-set-by-build-web\"/\"$version\"/" Web/package.json > "$package/package.json"
    grep -q "\"version\": \"$version\"" "$package/package.json" \
      || { echo "build-web: Web/package.json has no version placeholder to fill" >&2; exit 1; }
    cp Web/README.md LICENSE Web/dist/payform-form.mjs Web/dist/payform-form.d.mts Web/dist/payform-form.css \
      Web/dist/payform-form-engine.wasm Web/dist/payform-engine.mjs Web/dist/payform-engine.d.mts Web/dist/payform-sandbox.mjs \
      Web/dist/payform-sandbox.d.mts Web/dist/payform-texts.*.json "$package/"
    cp -R Web/dist/site "$package/site"
    # The hosted tokenization page's files, laid out as the sandbox serves them below
    # /hostedtokenization/: the merchant's tokenizer.min.js, the iframe's page.mjs and the web form.
    mkdir -p "$package/hostedtokenization/js/client"
    cp Resources/HostedTokenization/tokenizer.min.js "$package/hostedtokenization/js/client/"
    cp Resources/HostedTokenization/page.mjs Web/dist/payform-form.mjs Web/dist/payform-engine.mjs Web/dist/payform-form.css \
      Web/dist/payform-form-engine.wasm Web/dist/payform-texts.*.json "$package/hostedtokenization/js/"
    readable "$package"
    rm -f Web/dist/payform-web-form-*.tgz
    (cd "$package" && npm pack --silent --pack-destination "$OLDPWD/Web/dist" > /dev/null) \
      || { echo "build-web: npm pack failed" >&2; exit 1; }
    echo "Web/dist/payform-web-form-$version.tgz: $(wc -c < "Web/dist/payform-web-form-$version.tgz") bytes"
  else
    echo "build-web: npm is not on PATH, so no npm package (Web/dist/ has the files)"
  fi
fi

size() { printf 'Web/dist/%-28s %8s bytes, %7s gzip -9, %7s brotli -q 11\n' "$1" "$(wc -c < "Web/dist/$1")" \
  "$(gzip -9c "Web/dist/$1" | wc -c)" "$(brotli -q 11 -c "Web/dist/$1" | wc -c)"; }
[[ -f Web/dist/payform-engine.wasm && $only != page ]] && size payform-engine.wasm
size payform-engine.mjs
if [[ $only != full ]]; then
  for file in payform-form-engine.wasm payform-form.mjs payform-form.css; do size "$file"; done
  # What a page fetches before its first submit, as a site serves it: the precompressed copies'
  # own sizes.
  gzip_total=0 brotli_total=0
  for name in payform-form-engine.wasm payform-form.mjs payform-form.css; do
    gzip_total=$((gzip_total + $(wc -c < "Web/dist/site/${hashed[$name]}.gz")))
    brotli_total=$((brotli_total + $(wc -c < "Web/dist/site/${hashed[$name]}.br")))
  done
  echo "the page's payload as served (Web/dist/site/: the engine, the form module with the engine's loader, the stylesheet):" \
    "$gzip_total bytes gzip -9, $brotli_total bytes brotli -q 11; a language other than English adds its texts file" \
    "($(wc -c < "Web/dist/site/${hashed[payform-texts.fr.json]}.br") bytes brotli for French)"
  largest=0 largest_language=""
  for language in "${languages[@]}"; do
    bytes=$(wc -c < "Web/dist/site/${hashed[payform-texts.$language.json]}.br")
    if ((bytes > largest)); then largest=$bytes largest_language=$language; fi
  done
  echo "texts files: ${#languages[@]} languages; the largest, $largest_language, $largest bytes brotli -q 11"
fi

# The modes as built: what a server running as another user can read.
Scripts/dev/check-web-modes.sh
