#!/usr/bin/env python3
"""Where the web engine's bytes go: Web/dist/payform-engine.wasm's code by Swift module (from the
mangled function names of a build with names: Scripts/build-web.sh --names), plus its data.

Usage: Scripts/wasm-size.py [WASM] [--top N] [--json]

Each function's body size counts for the module its mangled name starts with ($s<len><Module>);
the standard library's own functions ($es..., $eS..., $s... in other builds) are "Swift standard library", unmangled ones are
"C and runtime". Sizes are raw bytes; a whole-module gzip figure is printed for reference (gzip
does not split by module).
"""

import argparse
import collections
import gzip
import json
import re
import sys


def leb(data, offset):
    result = shift = 0
    while True:
        byte = data[offset]
        offset += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, offset


def sections(data):
    if data[:4] != b"\0asm":
        raise SystemExit("wasm-size: not a WebAssembly module")
    offset = 8
    while offset < len(data):
        kind = data[offset]
        size, offset = leb(data, offset + 1)
        yield kind, data[offset:offset + size]
        offset += size


def read_name(data, offset):
    length, offset = leb(data, offset)
    return data[offset:offset + length].decode("utf-8", "replace"), offset + length


def module_of(name):
    # Embedded Swift mangles with $e where Swift uses $s.
    if re.match(r"\$[es](s|S|Si|Sa|Sh|SD|Sb|Sd|Su|Sq)", name) and not re.match(r"\$[es]\d", name):
        return "Swift standard library"
    match = re.match(r"\$[es](\d+)([A-Za-z_][A-Za-z0-9_]*)", name)
    if match:
        length = int(match.group(1))
        return match.group(2)[:length]
    return "C and runtime"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("wasm", nargs="?", default="Web/dist/payform-engine.wasm")
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    data = open(arguments.wasm, "rb").read()
    imported = 0
    bodies = []
    names = {}
    section_sizes = collections.Counter()
    for kind, payload in sections(data):
        section_sizes[{0: "custom", 1: "type", 2: "import", 3: "function", 7: "export", 10: "code", 11: "data"}.get(kind, str(kind))] += len(payload)
        if kind == 2:
            count, offset = leb(payload, 0)
            for _ in range(count):
                _, offset = read_name(payload, offset)
                _, offset = read_name(payload, offset)
                kind_byte = payload[offset]
                offset += 1
                if kind_byte == 0:
                    _, offset = leb(payload, offset)
                    imported += 1
                elif kind_byte == 1:
                    offset += 1
                    flags, offset = leb(payload, offset)
                    _, offset = leb(payload, offset)
                    if flags & 1:
                        _, offset = leb(payload, offset)
                elif kind_byte == 2:
                    flags, offset = leb(payload, offset)
                    _, offset = leb(payload, offset)
                    if flags & 1:
                        _, offset = leb(payload, offset)
                elif kind_byte == 3:
                    offset += 2
        elif kind == 10:
            count, offset = leb(payload, 0)
            for _ in range(count):
                size, offset = leb(payload, offset)
                bodies.append(size)
                offset += size
        elif kind == 0:
            name, offset = read_name(payload, 0)
            if name != "name":
                continue
            while offset < len(payload):
                sub = payload[offset]
                size, offset = leb(payload, offset + 1)
                end = offset + size
                if sub == 1:
                    count, position = leb(payload, offset)
                    for _ in range(count):
                        index, position = leb(payload, position)
                        names[index], position = read_name(payload, position)
                offset = end
    if not names:
        print("wasm-size: the module has no function names; build it with Scripts/build-web.sh --names", file=sys.stderr)
    by_module = collections.Counter()
    functions = []
    for position, size in enumerate(bodies):
        name = names.get(imported + position, f"function {imported + position}")
        by_module[module_of(name)] += size
        functions.append((size, name))
    result = {
        "bytes": len(data), "gzip": len(gzip.compress(data, 9)), "sections": dict(section_sizes),
        "codeByModule": dict(by_module.most_common()), "functions": len(bodies),
    }
    if arguments.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{arguments.wasm}: {len(data)} bytes, {result['gzip']} gzip, {len(bodies)} functions")
    for name, size in section_sizes.most_common():
        print(f"  section {name:<10} {size:>9}")
    print("code by module:")
    for module, size in by_module.most_common():
        print(f"  {module:<34} {size:>9}")
    if arguments.top:
        print(f"largest {arguments.top} functions:")
        for size, name in sorted(functions, reverse=True)[:arguments.top]:
            print(f"  {size:>8}  {name[:140]}")


if __name__ == "__main__":
    main()
