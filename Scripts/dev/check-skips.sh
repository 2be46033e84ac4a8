#!/usr/bin/env bash
# Counts the tests a run skipped and fails on any skip not on the allow-list.
#
#   swift test --xunit-output .build/tests.xml
#   Scripts/dev/check-skips.sh .build/tests-swift-testing.xml [Tests/skips-allowed.txt]
#
# Reads the Swift Testing xunit report (`<testcase classname= name=><skipped>reason</skipped>`).
# The allow-list holds one `GLOB  # reason` per line, the glob matched against CLASS/NAME; an entry
# without a reason is an error too. Prints the count, then each skipped test with its reason.
set -euo pipefail
cd "$(dirname "$0")/../.."
report="${1:?usage: Scripts/dev/check-skips.sh XUNIT_REPORT [ALLOW_LIST]}"
allowed="${2:-Tests/skips-allowed.txt}"
[[ -f "$report" ]] || { echo "check-skips: no report at $report (did swift test run with --xunit-output?)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "check-skips: python3 is needed to read the report" >&2; exit 1; }
python3 - "$report" "$allowed" <<'PY'
import fnmatch, sys
import xml.etree.ElementTree as ElementTree

report, allowed_path = sys.argv[1], sys.argv[2]
entries, problems = [], []
try:
    with open(allowed_path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            pattern, _, reason = text.partition(" # ")
            if not reason.strip():
                problems.append(f"{allowed_path}:{number}: an allowed skip needs a reason after ' # '")
            entries.append(pattern.strip())
except FileNotFoundError:
    pass

tests, skipped = 0, []
for case in ElementTree.parse(report).getroot().iter("testcase"):
    tests += 1
    skip = case.find("skipped")
    if skip is not None:
        identifier = f"{case.get('classname')}/{case.get('name')}"
        reason = (skip.text or skip.get("message") or "").strip()
        allowed = any(fnmatch.fnmatchcase(identifier, pattern) for pattern in entries)
        skipped.append((identifier, reason, allowed))

print(f"check-skips: {len(skipped)} of {tests} tests skipped")
for identifier, reason, allowed in skipped:
    print(f"  {'allowed' if allowed else 'NOT ALLOWED'}: {identifier}: {reason}")
unexplained = [s for s in skipped if not s[2]]
if unexplained:
    problems.append(f"{len(unexplained)} skipped tests are not on {allowed_path}: give CI what they need, or add them there with a reason")
for problem in problems:
    print(f"check-skips: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
PY
