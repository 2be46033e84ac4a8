"""Debian's chromium for the browser tests: found on PATH, installed with apt-get when this runs as
root (or with password-less sudo), launched through Playwright with `executable_path` (Playwright
never downloads a browser here).

    python3 Scripts/lib/chromium.py [--install]   prints the path; when there is none, the reason, exit 3
"""
import os
import shutil
import subprocess
import sys

NAMES = ("chromium", "chromium-browser", "google-chrome")
INSTALL_LOG = "/tmp/payform-chromium-install.log"


def find():
    """The Chromium binary on PATH, or None."""
    return next((path for path in map(shutil.which, NAMES) if path), None)


def install():
    """Debian's chromium with apt-get (as root, or with password-less sudo); the binary, or (None, why)."""
    if not shutil.which("apt-get"):
        return None, "Chromium is missing and there is no apt-get to install it"
    sudo = []
    if os.geteuid() != 0:
        if shutil.which("sudo") and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
            sudo = ["sudo", "-n"]
        else:
            return None, "Chromium is missing and apt-get needs root"
    print(f"Chromium is missing; installing Debian's chromium with apt-get (log: {INSTALL_LOG})", file=sys.stderr)
    with open(INSTALL_LOG, "w") as log:
        if subprocess.run(sudo + ["apt-get", "install", "-y", "chromium"], stdout=log, stderr=log).returncode != 0:
            subprocess.run(sudo + ["apt-get", "update"], stdout=log, stderr=log)
            subprocess.run(sudo + ["apt-get", "install", "-y", "chromium"], stdout=log, stderr=log)
    path = find()
    return (path, None) if path else (None, f"Chromium could not be installed (log: {INSTALL_LOG})")


def launch(playwright, executable, **options):
    """Headless Chromium through Playwright: the given binary, never a downloaded one."""
    return playwright.chromium.launch(executable_path=executable, headless=True, **options)


def main():
    path = find()
    reason = "Chromium is missing (install Debian's chromium)"
    if not path and "--install" in sys.argv[1:]:
        path, reason = install()
    if not path:
        print(reason)  # on stdout, as the wrapper's skip notice
        return 3
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
