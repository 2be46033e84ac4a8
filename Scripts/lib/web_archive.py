#!/usr/bin/env python3
"""Appends the web form's files to a `payform` executable, as WebFormArchive reads them
(Sources/SandboxServerAPI/WebFormArchive.swift): the packaged sandbox then serves its hosted
checkout page with no Web/dist beside it.

    python3 Scripts/lib/web_archive.py EXECUTABLE FILE...   appends FILEs (stored by their base name)

The layout, integers little-endian: per file a u16 name length, the name, a u32 size, the bytes;
then the SHA-256 of those entries, their u64 length and the magic b"PFWEBv1\\n". An executable that
already ends with an archive is refused (strip it, or start from the build's binary).
"""
import hashlib
import os
import re
import struct
import sys

MAGIC = b"PFWEBv1\n"
MAXIMUM_LENGTH = 64 << 20
NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}")


def archive(files):
    """The archive's bytes for {name: bytes}, entries sorted by name."""
    entries = bytearray()
    for name in sorted(files):
        if not NAME.fullmatch(name):
            raise ValueError(f"{name!r}: not a plain file name (letters, digits, '.', '-', '_')")
        data = files[name]
        entries += struct.pack("<H", len(name)) + name.encode() + struct.pack("<I", len(data)) + data
    if len(entries) > MAXIMUM_LENGTH:
        raise ValueError(f"{len(entries)} bytes of files, more than {MAXIMUM_LENGTH}")
    return bytes(entries) + hashlib.sha256(entries).digest() + struct.pack("<Q", len(entries)) + MAGIC


def main(arguments):
    if len(arguments) < 2 or arguments[0] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    executable, paths = arguments[0], arguments[1:]
    files = {}
    for path in paths:
        name = os.path.basename(path)
        if name in files:
            print(f"web_archive: {name} given twice", file=sys.stderr)
            return 2
        with open(path, "rb") as file:
            files[name] = file.read()
    with open(executable, "rb") as file:
        file.seek(0, os.SEEK_END)
        if file.tell() >= len(MAGIC):
            file.seek(-len(MAGIC), os.SEEK_END)
            if file.read() == MAGIC:
                print(f"web_archive: {executable} already ends with a web form archive", file=sys.stderr)
                return 1
    try:
        data = archive(files)
    except ValueError as error:
        print(f"web_archive: {error}", file=sys.stderr)
        return 1
    with open(executable, "ab") as file:
        file.write(data)
    print(f"appended {len(files)} files ({len(data)} bytes) to {executable}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
