#!/usr/bin/env bash
# Lists public declarations without a `///` doc comment, and counts the public surface.
#
#   Scripts/check-public-docs.sh          exit 1 when any public declaration lacks `///`
#   Scripts/check-public-docs.sh --count  print the number of public declarations per module
#
# Scope: the library modules (Sources/*), not the command-line tool, the benchmarks or the
# build plugin, whose symbols are package-internal. A declaration counts as documented when the
# nearest line above it that is not an attribute (`@inlinable`, `@discardableResult`, ...) is a
# `///` line (attributes and plain `//` comments in between are skipped). Modules whose symbols are all `package` contribute nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

files=$(find Sources -name '*.swift' -not -path 'Sources/PayformCLI/*' -not -path 'Sources/payform/*' \
  -not -path 'Sources/payform-bench/*' -not -path 'Sources/EmbedResourcesTool/*' | sort)

if [[ "${1:-}" == "--count" ]]; then
  # Folders grouped into the modules they build (the public module's sources are several folders).
  module_of() {
    case "$1" in
      Masking|Validation|Localization|Cards|FormEngine|Session) echo PaymentFormEngine ;;
      Processors) echo PaymentFormProcessors ;;
      Testing) echo PaymentFormEngineTesting ;;
      *) echo "package-only:$1" ;;
    esac
  }
  declare -A counts=()
  for dir in $(printf '%s\n' $files | cut -d/ -f2 | sort -u); do
    n=$(grep -hE '^\s*(@[A-Za-z]+(\([^)]*\))?\s+)*public\s' $(printf '%s\n' $files | grep "^Sources/$dir/") | grep -vcE '^\s*//' || true)
    module=$(module_of "$dir")
    counts[$module]=$(( ${counts[$module]:-0} + n ))
    [[ "$module" == PaymentFormEngine ]] && printf '  %-18s %4d\n' "$dir/" "$n"
  done
  total=0
  for module in $(printf '%s\n' "${!counts[@]}" | sort); do
    printf '%-28s %4d\n' "$module" "${counts[$module]}"
    total=$((total + counts[$module]))
  done
  printf '%-28s %4d\n' total "$total"
  exit 0
fi

missing=$(awk '
  FNR == 1 { previous = "" }
  /^[[:space:]]*(@[A-Za-z]+(\([^)]*\))?[[:space:]]+)*public[[:space:]]/ {
    if (previous !~ /^[[:space:]]*\/\/\//) { printf "%s:%d: %s\n", FILENAME, FNR, $0 }
  }
  # Attributes on their own line keep the doc comment above them in view.
  /^[[:space:]]*@[A-Za-z]+(\([^)]*\))?[[:space:]]*$/ { next }
  # So do plain comments between the doc comment and the declaration (a note on a conformance).
  /^[[:space:]]*\/\/([^\/]|$)/ { next }
  /^[[:space:]]*$/ { previous = ""; next }
  { previous = $0 }
' $files)
if [[ -n "$missing" ]]; then
  echo "$missing"
  echo "check-public-docs: $(echo "$missing" | wc -l) public declarations without a /// comment" >&2
  exit 1
fi
echo "check-public-docs: every public declaration has a /// comment"
