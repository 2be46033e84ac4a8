#!/usr/bin/env bash
# Builds the DocC documentation of every public module with the toolchain's own `docc` (no
# package plugin), failing on any warning: a broken symbol link, an unresolved article reference,
# a malformed directive.
#
#   Scripts/build/build-docs.sh                 build every catalog into .build/docs/MODULE.doccarchive
#   Scripts/build/build-docs.sh PaymentFormEngine only that module
#
# Symbol graphs come from `swift package dump-symbol-graph` (public symbols only); each module's
# catalog is `Sources/<folder>/<Module>.docc`; a module that re-exports others (the engine's layers) is
# documented as one, as an app sees it.
set -euo pipefail
cd "$(dirname "$0")/../.."

only="${1:-}"
out=.build/docs
mkdir -p "$out"
echo "== symbol graphs"
swift package dump-symbol-graph --minimum-access-level public > "$out/symbolgraph.log" 2>&1 || { cat "$out/symbolgraph.log"; exit 1; }
graphs=$(sed -n 's/^Files written to //p' "$out/symbolgraph.log" | tail -n 1)
[[ -d "$graphs" ]] || { echo "build-docs: no symbol graphs found" >&2; cat "$out/symbolgraph.log"; exit 1; }

status=0
for catalog in Sources/*/*.docc; do
  module=$(basename "$catalog" .docc)
  [[ -n "$only" && "$only" != "$module" ]] && continue
  dir="$out/graphs/$module"
  rm -rf "$dir"; mkdir -p "$dir"
  # The module's graph with those of the modules it re-exports, and their extensions of other
  # documented modules' types (Scripts/build/merge-symbol-graphs.py, from the target graph).
  python3 Scripts/build/merge-symbol-graphs.py "$graphs" "$module" "$dir" || { status=1; continue; }
  echo "== docc $module"
  if ! docc convert "$catalog" \
      --additional-symbol-graph-dir "$dir" \
      --fallback-display-name "$module" --fallback-bundle-identifier "com.paymentformengine.$module" \
      --output-path "$out/$module.doccarchive" --warnings-as-errors > "$out/$module.log" 2>&1; then
    grep -E 'warning|error' "$out/$module.log" | head -n 40
    echo "build-docs: $module has documentation problems (full log: $out/$module.log)" >&2
    status=1
  fi
done
exit $status
