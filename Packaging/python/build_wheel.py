#!/usr/bin/env python3
"""Builds the payform wheel with the standard library's zipfile (no network, no build backend).

Usage: Packaging/python/build_wheel.py --binary PATH --version V --platform TAG --out DIR

The wheel holds Packaging/python/payform/ (the Sandbox class, the pytest plugin, the `payform`
command's entry point) with the binary as package data (payform/bin/payform, mode 755), and the
entry points `payform` (console_scripts) and `payform` (pytest11). TAG is a platform tag such as
manylinux_2_35_x86_64 or linux_x86_64 (Scripts/build/package.sh picks it from the binary). Prints the
wheel's path.
"""
import argparse
import base64
import hashlib
import os
import re
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = os.path.join(HERE, "payform")
# A fixed time for every entry, so the same inputs make the same wheel.
STAMP = (2020, 1, 1, 0, 0, 0)


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--platform", required=True)
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)*", arguments.version):
        parser.error(f"--version {arguments.version!r}: digits and dots")
    if not re.fullmatch(r"(manylinux_[0-9]+_[0-9]+|linux)_(x86_64|aarch64)", arguments.platform):
        parser.error(f"--platform {arguments.platform!r}: manylinux_X_Y_ARCH or linux_ARCH")
    if not os.access(arguments.binary, os.X_OK):
        parser.error(f"--binary {arguments.binary}: not an executable file")

    version = arguments.version
    dist_info = f"payform-{version}.dist-info"
    tag = f"py3-none-{arguments.platform}"
    files = []  # (name in the wheel, bytes, mode)
    for name in sorted(os.listdir(SOURCES)):
        if name.endswith(".py"):
            with open(os.path.join(SOURCES, name), "rb") as file:
                data = file.read()
            if name == "__init__.py":
                data = data.replace(b'"0.0.0-set-by-package"', f'"{version}"'.encode())
                if f'"{version}"'.encode() not in data:
                    sys.exit("build_wheel: payform/__init__.py has no version placeholder to fill")
            files.append((f"payform/{name}", data, 0o644))
    with open(arguments.binary, "rb") as file:
        files.append(("payform/bin/payform", file.read(), 0o755))
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as file:
        description = file.read()
    metadata = "\n".join([
        "Metadata-Version: 2.1",
        "Name: payform",
        f"Version: {version}",
        "Summary: PaymentFormEngine's payform for Python test suites: the sandbox (Client API and Server API stand-in) and a pytest plugin",
        "License: Apache-2.0",
        "Requires-Python: >=3.8",
        "Classifier: Framework :: Pytest",
        "Classifier: License :: OSI Approved :: Apache Software License",
        "Classifier: Operating System :: POSIX :: Linux",
        "Description-Content-Type: text/markdown",
        "",
        description,
    ])
    files.append((f"{dist_info}/METADATA", metadata.encode(), 0o644))
    wheel = f"Wheel-Version: 1.0\nGenerator: PaymentFormEngine Packaging/python/build_wheel.py\nRoot-Is-Purelib: false\nTag: {tag}\n"
    files.append((f"{dist_info}/WHEEL", wheel.encode(), 0o644))
    entry_points = "[console_scripts]\npayform = payform.__main__:main\n\n[pytest11]\npayform = payform.pytest_plugin\n"
    files.append((f"{dist_info}/entry_points.txt", entry_points.encode(), 0o644))
    with open(os.path.join(HERE, "..", "..", "LICENSE"), "rb") as file:
        files.append((f"{dist_info}/LICENSE", file.read(), 0o644))
    record = [record_line(name, data) for name, data, _ in files] + [f"{dist_info}/RECORD,,"]

    os.makedirs(arguments.out, exist_ok=True)
    path = os.path.join(arguments.out, f"payform-{version}-{tag}.whl")
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data, mode in files + [(f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode(), 0o644)]:
            info = zipfile.ZipInfo(name, STAMP)
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
