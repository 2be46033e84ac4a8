#!/usr/bin/env python3
"""Where the web engine's bytes go: Web/dist/payform-engine.wasm's code by Swift module (from the
mangled function names of a build with names: Scripts/build/build-web.sh --names), plus its data.

Usage: Scripts/bench/wasm-size.py [WASM] [--map MAP] [--top N] [--json] [--removals]

Each function's body size counts for the module its mangled name starts with ($s<len><Module>);
the standard library's own functions ($es..., $eS..., $s... in other builds) are "Swift standard library", unmangled ones are
"C and runtime". Beside each module's raw bytes, its functions' bodies compressed alone (gzip -9
and brotli -q 11, when the brotli command is there): what the module would weigh on its own; the
parts of a module compress better together, so the columns add up to more than the whole.

--map reads the link map the build wrote (Scripts/build/build-web.sh --names: .build-wasm/page.map or
full.map) and splits the data section by what it holds: each table of the standard library's
Unicode data, the files embedded in each module (EmbeddedResources), and each module's other
constants, raw and compressed alone the same way (the bytes as linked, before wasm-opt).

--removals (with --map) answers a different question: what the module would weigh as served
(names stripped, brotli -q 11) without each kind of code or data, all else equal. Each kind's
function bodies are replaced by `unreachable` and its data bytes by zeros, and the module
compressed again: the difference is what removing that kind alone would save, an upper bound
for a rewrite that does the same work another way. Kinds are read from the demangled names
(`swift demangle`, from the toolchain); the module stays valid, and is never run.
"""

import argparse
import collections
import gzip
import json
import re
import shutil
import subprocess
import sys


def leb(data, offset, signed=False):
    """The LEB128 number at `offset` (unsigned, or signed), and the offset after it."""
    result = shift = 0
    while True:
        byte = data[offset]
        offset += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if signed and byte & 0x40:
                result -= 1 << shift
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


def compressed(data):
    """(gzip -9, brotli -q 11 or None) sizes of `data` compressed alone."""
    brotli = None
    if shutil.which("brotli"):
        brotli = len(subprocess.run(["brotli", "-q", "11", "-c"], input=data, capture_output=True, check=True).stdout)
    return len(gzip.compress(data, 9)), brotli


def map_data_pieces(path):
    """Each input piece of the data section in a wasm-ld map: (memory address, offset in the
    linked module, size, its object file, its section)."""
    in_data = False
    for line in open(path, encoding="utf-8", errors="replace"):
        fields = line.split()
        if len(fields) >= 4 and fields[0] == "-" and fields[3] == "DATA":
            in_data = True
            continue
        if in_data and len(fields) >= 4 and fields[0] == "-":
            return  # the next section
        match = re.match(r"\s+(\w+)\s+(\w+)\s+(\w+)\s{9}(\S.*)$", line.rstrip("\n"))
        if in_data and match:
            obj, _, section = match.group(4).partition(":(")
            yield int(match.group(1), 16), int(match.group(2), 16), int(match.group(3), 16), obj, section


def is_unicode_data(obj, section):
    return "UnicodeDataTables" in obj or "swift_stdlib" in section


def map_data(path, linked):
    """The data section's bytes by owner, from a wasm-ld map and the module as linked: {owner: bytes}."""
    owners = collections.defaultdict(bytearray)
    for _, offset, size, obj, section in map_data_pieces(path):
        if is_unicode_data(obj, section):
            table = re.sub(r"^_ZL\d+_swift_stdlib_", "", re.sub(r"^\.(rel\.)?(ro)?data\.", "", section.rstrip(")")))
            owner = "Unicode data: " + re.sub(r"(_?(data|indices|ranks|keys\d*|comp\d+|data_indices))+$", "", table)
        elif "EmbeddedResources" in obj:
            owner = "embedded files: " + obj.split("/")[-2].removesuffix(".build")
        elif "/" in obj:
            owner = "constants: " + obj.split("/")[-2].removesuffix(".build")
        else:
            owner = "constants: " + obj
        owners[owner] += linked[offset:offset + size]
    return owners


# The kinds --removals weighs: a name (demangled, simplified) belongs to the first that matches.
REMOVAL_KINDS = [
    ("Unicode normalisation and grapheme breaking (stdlib)",
     r"_NFCNormalizer|_NFDNormalizer|_InternalNFC|_NormDataBuffer|_normalizedHash|_withNFCCodeUnits|_fastNFCCheck|"
     r"_nfcQuickCheck|_isScalarNFCQC|hasNormalizationBoundary|_findBoundary|_stringCompareFastUTF8Abnormal|_slowCompare|"
     r"GraphemeBreak|GraphemeCluster|_checkIfInIndic|CharacterStride|_swift_stdlib_"),
    ("outlined copies, destroys and value witnesses", r"^outlined |value witness|^destroy |^initializeWithCopy"),
    ("derived Equatable and Hashable", r"__derived_"),
    ("sorting (stdlib, every specialization)", r"_stableSortImpl|_merge<|_insertionSort|\.sort\(|\.sorted\(|_findNextRun|_mergeRuns"),
    ("error and diagnostic descriptions", r"\.description\.getter|\.debugDescription"),
    ("Array, Dictionary and Set (stdlib specializations)",
     r"^(specialized |generic specialization .* of )?(static )?(Array|ContiguousArray|_ContiguousArrayBuffer|_ArrayBuffer|"
     r"_NativeDictionary|_DictionaryStorage|Dictionary|_NativeSet|_SetStorage|Set|_HashTable|__RawDictionaryStorage|__RawSetStorage)"),
    ("the rest of the standard library", r"^STDLIB$"),
]


def demangled(names):
    """`swift demangle --simplified` of each name (Embedded's $e read as $s), or None without the tool."""
    tool = shutil.which("swift")
    if not tool:
        return None
    text = "\n".join(re.sub(r"^\$e", "$s", name) for name in names)
    out = subprocess.run([tool, "demangle", "--simplified"], input=text, capture_output=True, text=True)
    lines = out.stdout.split("\n")
    return lines[:len(names)] if out.returncode == 0 and len(lines) >= len(names) else None


def rebuilt(data, stubbed, zeroed):
    """`data` without custom sections, the bodies of the functions numbered in `stubbed` (code
    section order) replaced by `unreachable`, and the memory bytes in `zeroed` ([(address, size)])
    of its active data segments set to zero."""
    out = bytearray(data[:8])
    def uleb(value):
        encoded = bytearray()
        while True:
            byte = value & 0x7F
            value >>= 7
            encoded.append(byte | (0x80 if value else 0))
            if not value:
                return bytes(encoded)
    for kind, payload in sections(data):
        if kind == 0:
            continue
        if kind == 10 and stubbed:
            count, offset = leb(payload, 0)
            body = bytearray(uleb(count))
            for index in range(count):
                size, offset = leb(payload, offset)
                code = b"\x00\x00\x0b" if index in stubbed else payload[offset:offset + size]
                body += uleb(len(code)) + code
                offset += size
            payload = bytes(body)
        if kind == 11 and zeroed:
            payload = bytearray(payload)
            count, offset = leb(payload, 0)
            for _ in range(count):
                flags, offset = leb(payload, offset)
                address = None
                if flags in (0, 2):
                    if flags == 2:
                        _, offset = leb(payload, offset)
                    if payload[offset] == 0x41:  # i32.const ADDRESS end
                        address, offset = leb(payload, offset + 1, signed=True)
                        offset += 1
                size, offset = leb(payload, offset)
                if address is not None:
                    for start, length in zeroed:
                        low, high = max(start, address), min(start + length, address + size)
                        if low < high:
                            payload[offset + low - address:offset + high - address] = bytes(high - low)
                offset += size
            payload = bytes(payload)
        out.append(kind)
        out += uleb(len(payload)) + payload
    return bytes(out)


def unicode_data_ranges(path):
    """[(address, size)] of the standard library's Unicode tables in memory, from the link map."""
    return [(address, size) for address, _, size, obj, section in map_data_pieces(path) if is_unicode_data(obj, section)]


def removals(data, names, imported, sizes, map_path):
    """{kind: (functions, raw code bytes, brotli saved)} for each of REMOVAL_KINDS, and the served size."""
    order = [names.get(imported + index, "") for index in range(len(sizes))]
    readable = demangled(order)
    if readable is None:
        raise SystemExit("wasm-size: --removals needs `swift demangle` (the Swift toolchain) on PATH")
    def brotli(module):
        return len(subprocess.run(["brotli", "-q", "11", "-c"], input=module, capture_output=True, check=True).stdout)
    kinds = {label: set() for label, _ in REMOVAL_KINDS}
    for index, (name, text) in enumerate(zip(order, readable)):
        for label, pattern in REMOVAL_KINDS:
            if pattern == r"^STDLIB$":
                if module_of(name) == "Swift standard library":
                    kinds[label].add(index)
                    break
            elif re.search(pattern, text) or re.search(pattern, name):
                kinds[label].add(index)
                break
    served = brotli(rebuilt(data, set(), []))
    unicode_tables = unicode_data_ranges(map_path) if map_path else []
    result = {}
    for label, _ in REMOVAL_KINDS:
        zeroed = unicode_tables if label.startswith("Unicode") else []
        result[label] = (len(kinds[label]), sum(sizes[index] for index in kinds[label]),
                         served - brotli(rebuilt(data, kinds[label], zeroed)))
    everything = set().union(*kinds.values())
    result["all of the above"] = (len(everything), sum(sizes[index] for index in everything),
                                  served - brotli(rebuilt(data, everything, unicode_tables)))
    # Each of the engine's modules, its own functions (generic code specialized for it counts for
    # the standard library above).
    modules = collections.defaultdict(set)
    for index, name in enumerate(order):
        module = module_of(name)
        if module not in ("Swift standard library", "C and runtime") and index not in everything:
            modules[module].add(index)
    by_module = {module: (len(indices), sum(sizes[index] for index in indices), served - brotli(rebuilt(data, indices, [])))
                 for module, indices in sorted(modules.items(), key=lambda item: -sum(sizes[index] for index in item[1]))}
    return served, result, by_module


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("wasm", nargs="?", default="Web/dist/payform-engine.wasm")
    parser.add_argument("--map", help="the link map of the build (Scripts/build/build-web.sh --names writes .build-wasm/*.map)")
    parser.add_argument("--linked", help="the module as linked, before wasm-opt, that the map describes (default: found beside the map)")
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--removals", action="store_true", help="what removing each kind of code or data alone would save")
    arguments = parser.parse_args()
    data = open(arguments.wasm, "rb").read()
    imported = 0
    bodies = []
    bodies_bytes = []
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
                bodies_bytes.append(payload[offset:offset + size])
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
        print("wasm-size: the module has no function names; build it with Scripts/build/build-web.sh --names", file=sys.stderr)
    by_module = collections.Counter()
    module_bytes = collections.defaultdict(bytearray)
    functions = []
    for position, size in enumerate(bodies):
        name = names.get(imported + position, f"function {imported + position}")
        by_module[module_of(name)] += size
        module_bytes[module_of(name)] += bodies_bytes[position]
        functions.append((size, name))
    whole_gzip, whole_brotli = compressed(data)
    result = {
        "bytes": len(data), "gzip": whole_gzip, "brotli": whole_brotli, "sections": dict(section_sizes),
        "codeByModule": {module: {"bytes": size, **dict(zip(("gzip", "brotli"), compressed(bytes(module_bytes[module]))))}
                         for module, size in by_module.most_common()},
        "functions": len(bodies),
    }
    if arguments.map:
        linked = arguments.linked or re.sub(r"(page|full)\.map$", r"\1/wasm32-unknown-none-wasm/release/PaymentFormWeb.wasm", arguments.map)
        try:
            owners = map_data(arguments.map, open(linked, "rb").read())
        except OSError as error:
            raise SystemExit(f"wasm-size: the module the map describes ({linked}) cannot be read: {error.strerror} (give --linked)")
        result["dataByOwner"] = {owner: {"bytes": len(chunk), **dict(zip(("gzip", "brotli"), compressed(bytes(chunk))))}
                                 for owner, chunk in sorted(owners.items(), key=lambda item: -len(item[1]))}
    if arguments.removals:
        if not names:
            raise SystemExit("wasm-size: --removals needs function names (Scripts/build/build-web.sh --names)")
        served, kinds, by_module = removals(data, names, imported, bodies, arguments.map)
        result["servedBrotli"] = served
        result["removals"] = {label: {"functions": count, "bytes": size, "brotliSaved": saved}
                              for label, (count, size, saved) in kinds.items()}
        result["removalsByModule"] = {module: {"functions": count, "bytes": size, "brotliSaved": saved}
                                      for module, (count, size, saved) in by_module.items()}
    if arguments.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{arguments.wasm}: {len(data)} bytes, {whole_gzip} gzip -9, {whole_brotli} brotli -q 11, {len(bodies)} functions")
    for name, size in section_sizes.most_common():
        print(f"  section {name:<10} {size:>9}")
    print(f"code by module: {'raw':>9} {'gzip':>8} {'brotli':>8}  (each alone)")
    for module, sizes in result["codeByModule"].items():
        print(f"  {module:<34} {sizes['bytes']:>9} {sizes['gzip']:>8} {sizes['brotli'] or '-':>8}")
    if "dataByOwner" in result:
        print(f"data by owner (as linked): {'raw':>9} {'gzip':>8} {'brotli':>8}  (each alone)")
        for owner, sizes in result["dataByOwner"].items():
            print(f"  {owner:<34} {sizes['bytes']:>9} {sizes['gzip']:>8} {sizes['brotli'] or '-':>8}")
    if "removals" in result:
        print(f"as served (names stripped): {result['servedBrotli']} brotli -q 11; without each kind alone"
              f"{' (Unicode: its tables zeroed too)' if arguments.map else ''}:")
        print(f"  {'kind':<56} {'functions':>9} {'raw code':>9} {'brotli saved':>13}")
        for label, row in result["removals"].items():
            print(f"  {label:<56} {row['functions']:>9} {row['bytes']:>9} {row['brotliSaved']:>13}")
        print("  and each module's own code (the kinds above left out):")
        for label, row in result["removalsByModule"].items():
            print(f"  {label:<56} {row['functions']:>9} {row['bytes']:>9} {row['brotliSaved']:>13}")
    if arguments.top:
        print(f"largest {arguments.top} functions:")
        for size, name in sorted(functions, reverse=True)[:arguments.top]:
            print(f"  {size:>8}  {name[:140]}")


if __name__ == "__main__":
    main()
