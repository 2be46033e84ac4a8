#!/usr/bin/env bash
# The text files' format, which no compiler checks: no trailing white space, no tab in code, no
# carriage return, no merge conflict marker, a final newline (data under Tests/Vectors and
# recorded exchanges are left as they came). Seconds; the first check CI runs.
#
#   Scripts/dev/check-format.sh    lists each problem as FILE:LINE: what, exit 1 when there is one
set -euo pipefail
cd "$(dirname "$0")/../.."
[[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0; }

git ls-files -z -- '*.swift' '*.py' '*.mjs' '*.js' '*.mts' '*.ts' '*.sh' '*.css' '*.html' '*.md' '*.json' '*.c' '*.h' '*.lua' '.ci/run' \
  ':!Tests/Vectors' ':!Tests/ServerAPIRecordings' | python3 -c '
import os, sys
code = (".swift", ".py", ".mjs", ".js", ".mts", ".ts", ".sh", ".c", ".h")
files = [name for name in sys.stdin.read().split("\0") if name and os.path.isfile(name)]
problems = []
for name in files:
    data = open(name, "rb").read()
    if b"\r" in data:
        problems.append(f"{name}: carriage returns (use LF line ends)")
    if data and not data.endswith(b"\n"):
        problems.append(f"{name}: no newline at the end")
    for number, line in enumerate(data.split(b"\n"), 1):
        if line.rstrip(b" \t") != line.rstrip(b"\r") and line.strip(b"\r"):
            problems.append(f"{name}:{number}: trailing white space")
        if line.startswith((b"<<<<<<< ", b">>>>>>> ")) or line.rstrip(b"\r") == b"=======":
            problems.append(f"{name}:{number}: a merge conflict marker")
        if b"\t" in line and (name.endswith(code) or name == ".ci/run"):
            problems.append(f"{name}:{number}: a tab (indent with spaces)")
for problem in problems:
    print(problem)
if problems:
    sys.exit(f"check-format: {len(problems)} problems in {len(files)} files")
print(f"check-format: {len(files)} files: no trailing white space, tabs in code, carriage returns, conflict markers or missing final newline")
'
