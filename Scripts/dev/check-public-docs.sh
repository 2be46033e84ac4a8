#!/usr/bin/env bash
# Lists public declarations without a `///` doc comment, and counts the public surface.
#
#   Scripts/dev/check-public-docs.sh          exit 1 when any public declaration lacks `///`
#   Scripts/dev/check-public-docs.sh --count  print the number of public declarations per module
#
# Scope: the library modules (Sources/*), not the command-line tool, the benchmarks or the
# build plugin, whose symbols are package-internal. A declaration counts as documented when the
# nearest line above it that is not an attribute (`@inlinable`, `@discardableResult`, ...) is a
# `///` line (attributes and plain `//` comments in between are skipped). Modules whose symbols are all `package` contribute nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."

files=$(find Sources -name '*.swift' -not -path 'Sources/PayformCLI/*' -not -path 'Sources/payform/*' \
  -not -path 'Sources/payform-bench/*' -not -path 'Sources/EmbedResourcesTool/*' -not -path 'Sources/Web/*' | sort)

if [[ "${1:-}" == "--count" ]]; then
  # Which product each source folder's public symbols reach, read from the target graph
  # (`swift package dump-package`): a library product's own target, and the modules that target
  # re-exports (`@_exported import`); every other folder's module is package-only.
  swift package dump-package 2>/dev/null | python3 -c '
import json, os, re, sys
package = json.load(sys.stdin)
folder = {t["name"]: (t.get("path") or "Sources/" + t["name"]) for t in package["targets"]}
module_of = {}
for product in package["products"]:
    if "library" not in product["type"]:
        continue
    for target in product["targets"]:
        module_of[target] = product["name"]
        for root, _, names in os.walk(folder[target]):
            for name in names:
                if name.endswith(".swift"):
                    text = open(os.path.join(root, name)).read()
                    for exported in re.findall(r"^@_exported import (\w+)", text, re.M):
                        module_of.setdefault(exported, product["name"])
for target, path in folder.items():
    print(path.split("/")[1] if path.startswith("Sources/") else path, module_of.get(target, "package-only:" + target))
' > "${TMPDIR:-/tmp}/payform-modules.txt"
  module_of() { awk -v dir="$1" '$1 == dir { print $2; found = 1 } END { if (!found) print "package-only:" dir }' "${TMPDIR:-/tmp}/payform-modules.txt" | head -n 1; }
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
