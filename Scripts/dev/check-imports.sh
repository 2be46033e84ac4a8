#!/usr/bin/env bash
# Fails when a target imports a module of this package that it does not declare as a dependency.
#
#   Scripts/dev/check-imports.sh
#
# The target graph comes from `swift package describe --type json` (never a copy kept here); the
# imports from each target's own sources (`import M`, `@testable import M`, `internal import M`,
# `import struct M.T`, ..., also inside #if). Only the package's own modules are checked: the
# toolchain's (Foundation, Testing, Dispatch, Glibc, ...) need no declaration. SwiftPM's
# --explicit-target-dependency-import-check does not catch every case on this toolchain (a test
# target importing a module it reaches through another dependency), so this script does.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v python3 >/dev/null || { echo "check-imports: python3 is needed to read the package description" >&2; exit 1; }
description=$(mktemp)
trap 'rm -f "$description"' EXIT
swift package describe --type json > "$description"
python3 - "$description" <<'PY'
import json, os, re, sys

with open(sys.argv[1], encoding="utf-8") as f:
    package = json.load(f)
targets = package["targets"]
# A target's module name (c99name) -> its target name, for the package's own modules.
modules = {t["c99name"]: t["name"] for t in targets}
imports = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:class|struct|enum|protocol|typealias|func|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
problems = []
checked = 0
for target in targets:
    if target.get("type") == "plugin":
        continue
    declared = set(target.get("target_dependencies") or [])
    for source in target.get("sources", []):
        if not (source.endswith(".swift") or source.endswith(".h") or source.endswith(".c")):
            continue
        path = os.path.join(target["path"], source)
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                match = imports.match(line)
                if not match:
                    continue
                checked += 1
                module = match.group(1)
                other = modules.get(module)
                if other is None or other == target["name"] or other in declared:
                    continue
                problems.append(f"{path}:{number}: {target['name']} imports {module}, which it does not declare "
                                f"(add \"{other}\" to its dependencies in Package.swift, or drop the import)")
for problem in problems:
    print(problem, file=sys.stderr)
print(f"check-imports: {checked} import lines in {len(targets)} targets, {len(problems)} undeclared")
sys.exit(1 if problems else 0)
PY
