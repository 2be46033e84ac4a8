#!/usr/bin/env python3
"""Every script has a role, and every script a file names exists.

    Scripts/dev/check-script-paths.py    lists each problem as FILE:LINE: what, exit 1 when there is one

Scripts/ holds one folder per role (ROLES below) and nothing else but its README; a tracked text
file (docs, sources, tests, CI, the scripts themselves) that names `Scripts/<path>` names a file or
folder that is there, so a moved script cannot leave a stale command in a doc or a test.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ROLES = {
    "build": "builds and packages: the web engine, the docs, what a team installs",
    "test": "integration tests: browsers, server SDKs, packages, sanitizers, fuzzing, timing",
    "bench": "benchmarks and load checks",
    "dev": "developer tools: the cheap checks CI runs first, generators",
    "lib": "Python helpers the other scripts share",
}
# A path as a doc or a command names it: Scripts/ then path characters; a trailing dot, comma or
# colon ends the sentence, not the path.
MENTION = re.compile(r"(?<![\w/.-])Scripts/([\w./*-]*[\w*/])")


def tracked_files():
    listing = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return sorted({name for name in listing.decode().split("\0") if name})


def main():
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    problems = []
    files = tracked_files()
    for name in files:
        if name.startswith("Scripts/") and name != "Scripts/README.md":
            role = name.split("/")[1]
            if role not in ROLES or name.count("/") < 2:
                problems.append(f"{name}: not in a role folder of Scripts/ ({', '.join(ROLES)}; see Scripts/README.md)")
    readme = os.path.join(ROOT, "Scripts", "README.md")
    described = open(readme, encoding="utf-8").read() if os.path.isfile(readme) else ""
    for role in ROLES:
        if f"`{role}/`" not in described:
            problems.append(f"Scripts/README.md: the role folder {role}/ is not described")
    for name in files:
        path = os.path.join(ROOT, name)
        try:
            with open(path, encoding="utf-8") as handle:
                lines = handle.read().split("\n")
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        for number, line in enumerate(lines, 1):
            for match in MENTION.finditer(line):
                mentioned = match.group(1).rstrip("/")
                if "*" in mentioned or not mentioned:
                    continue
                if not os.path.exists(os.path.join(ROOT, "Scripts", mentioned)):
                    problems.append(f"{name}:{number}: names Scripts/{mentioned}, which does not exist")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
