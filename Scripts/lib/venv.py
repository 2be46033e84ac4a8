"""A virtual environment with pinned packages from PyPI, for the harnesses that need Playwright or
the server SDKs. Made once (under .build-venv/, ignored by git), checked on every run with
`pip freeze`, installed into under a lock (two harnesses may ask for the same one at once).

    python3 Scripts/lib/venv.py DIR SET...   prints DIR's python; when the environment cannot be
                                             had (no venv module, no PyPI), the reason, exit 3

SET is a name of SETS (browser, axe, server-sdks, pytest) or a PACKAGE==VERSION. The shell wrappers skip
their check loudly on exit 3.
"""
import fcntl
import os
import re
import subprocess
import sys

# The pins, in one place.
SETS = {
    # Playwright for Python: drives Debian's chromium (executable_path), never downloads a browser.
    "browser": ["playwright==1.65.2"],
    "axe": ["axe-playwright-python==0.1.8"],
    "server-sdks": ["connect-sdk-python3==6.3.0", "onlinepayments-sdk-python3==10.3.0"],
    # The payform wheel's install test (Scripts/test/package-test.sh): its pytest plugin.
    "pytest": ["pytest==8.3.5"],
}


def requirements(names):
    found = []
    for name in names:
        if name in SETS:
            found += SETS[name]
        elif re.fullmatch(r"[A-Za-z0-9_.-]+==[A-Za-z0-9_.+-]+", name):
            found.append(name)
        else:
            raise ValueError(f"{name}: neither a set ({', '.join(SETS)}) nor PACKAGE==VERSION")
    return found


def normalized(requirement):
    name, _, version = requirement.partition("==")
    return re.sub(r"[-_.]+", "-", name).lower() + "==" + version


def ensure(directory, wanted, log_prefix="/tmp/payform-venv"):
    """DIR/bin/python with every requirement of `wanted` installed: (python, None) or (None, why)."""
    directory = os.path.abspath(directory)
    python = os.path.join(directory, "bin", "python")
    os.makedirs(os.path.dirname(directory), exist_ok=True)
    with open(directory + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.access(python, os.X_OK):
            print(f"making the virtual environment {directory} (log: {log_prefix}-venv.log)", file=sys.stderr)
            with open(f"{log_prefix}-venv.log", "w") as log:
                if subprocess.run([sys.executable, "-m", "venv", directory], stdout=log, stderr=log).returncode != 0:
                    subprocess.run(["rm", "-rf", directory])
                    return None, f"python3 cannot make a virtual environment (install python3-venv; log: {log_prefix}-venv.log)"
        frozen = subprocess.run([python, "-m", "pip", "freeze", "--disable-pip-version-check"], capture_output=True, text=True).stdout
        have = {normalized(line.strip()) for line in frozen.splitlines() if "==" in line}
        missing = [requirement for requirement in wanted if normalized(requirement) not in have]
        if missing:
            print(f"installing {' '.join(missing)} with pip (log: {log_prefix}-pip.log)", file=sys.stderr)
            with open(f"{log_prefix}-pip.log", "w") as log:
                done = subprocess.run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q", *missing], stdout=log, stderr=log)
            if done.returncode != 0:
                return None, f"pip could not install {' '.join(missing)} (no network or no PyPI? log: {log_prefix}-pip.log)"
    return python, None


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        wanted = requirements(sys.argv[2:])
    except ValueError as error:
        print(f"venv: {error}", file=sys.stderr)
        return 2
    log_prefix = "/tmp/payform-" + os.path.basename(os.path.abspath(sys.argv[1]))
    python, reason = ensure(sys.argv[1], wanted, log_prefix)
    if not python:
        print(reason)  # on stdout, as the wrapper's skip notice
        return 3
    print(python)
    return 0


if __name__ == "__main__":
    sys.exit(main())
