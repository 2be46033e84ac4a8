#!/usr/bin/env python3
"""Writes a code block of a doc to a file, so a test runs it as the doc shows it.

Usage: doc_block.py DOC NAME OUT

The block is the fenced one right after the line
`<!-- checked: ... runs this block as NAME -->`; a doc without it is an error naming both.
"""
import re
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: doc_block.py DOC NAME OUT")
    doc, name, out = sys.argv[1:]
    with open(doc, encoding="utf-8") as file:
        text = file.read()
    marker = r"<!-- checked: [^>]*runs this block as " + re.escape(name) + r" -->\n```[a-z]*\n(.*?)\n```"
    found = re.search(marker, text, re.S)
    if not found:
        sys.exit(f"{doc}: no code block marked '<!-- checked: ... runs this block as {name} -->'")
    with open(out, "w", encoding="utf-8") as file:
        file.write(found.group(1) + "\n")


if __name__ == "__main__":
    main()
