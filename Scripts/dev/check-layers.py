#!/usr/bin/env python3
"""The package's layering, written once here and checked against the package itself.

    Scripts/dev/check-layers.py            check; exit 1 naming every problem
    Scripts/dev/check-layers.py --write    rewrite the generated layer descriptions (README.md,
                                       Package.swift's header) from LAYERS and the target graph

The design is LAYERS below; the graph is always read from SwiftPM through Scripts/dev/target-graph.py
(`swift package dump-package`, about a second), never copied. It checks that

  - every target (tests aside) is on a layer and depends only on targets of lower layers;
  - the core (the targets Package.swift compiles with Embedded Swift for WebAssembly) imports no
    Foundation or OS module, in any form: `import Foundation`, `@preconcurrency import ...`,
    `import struct Foundation.Date` (and class, enum, func, ... ) are all refused;
  - the tests of the leaf modules (the building blocks, masking, validation, localization, cards)
    depend only on their module, what it depends on, and PaymentFormTestSupport, which itself
    depends on the lowest layer only: a leaf's tests prove it needs nothing above it;
  - every folder is its module's name without `PaymentForm`, but the exceptions FOLDER_EXCEPTIONS
    states (the design's: Sources/FormEngine holds PaymentFormCore);
  - README.md and Package.swift describe the same layers: the text between their `layers` markers
    is generated here (compared, or rewritten with --write), and README's module table names every
    source folder with its module, in layer order.
"""
import difflib, importlib.util, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The design, bottom to top: (what the layer is, its modules). A module uses modules of lower
# layers only; two modules on one layer know nothing of each other.
LAYERS = [
    ("building blocks (`package` only)", ["PaymentFormJSON", "PaymentFormConcurrency", "PaymentFormCryptoKernels",
                                         "PaymentFormEmbedResourcesTool"]),
    ("building blocks on building blocks, and the tests' support", ["PaymentFormEncryption", "PaymentFormPatternFallback",
                                                               "PaymentFormTestSupport"]),
    ("the leaves (masks, validators, texts)", ["PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization"]),
    ("card numbers and brands", ["PaymentFormCards"]),
    ("the form engine", ["PaymentFormCore"]),
    ("beside the core (previews, samples, the form protocol, the web runtime, the tests' fixtures)",
     ["PaymentFormRendering", "PaymentFormSamples", "PaymentFormProtocol", "PaymentFormWebSupport", "PaymentFormFixtures"]),
    ("the portable commands", ["PayformCommands"]),
    ("around the core (Foundation and the OS), and the WebAssembly module", ["PaymentFormPlatform", "PaymentFormWeb"]),
    ("the Client API session", ["PaymentFormSession"]),
    ("what an app imports", ["PaymentFormEngine"]),
    ("decrypting a prepared request", ["PaymentFormDecryption"]),
    ("Sips In-App and Saferpay", ["PaymentFormProcessors"]),
    ("the sandbox's HTTP (requests, answers, sockets)", ["PaymentFormSandboxHTTP"]),
    ("the sandbox's Client API (product data, sessions, calls, assets)", ["PaymentFormSandboxClientAPI"]),
    ("the sandbox's Server API (operations, records, webhooks, hosted pages)", ["PaymentFormSandboxServerAPI"]),
    ("the sandbox", ["PaymentFormSandbox"]),
    ("for tests", ["PaymentFormEngineTesting"]),
    ("the tools", ["PayformCLI", "payform-bench"]),
    ("the command-line tool", ["payform"]),
]
# The leaf layers: their modules' tests may use nothing above them.
LEAF_LAYERS = 4
LEAF_TEST_SUPPORT = "PaymentFormTestSupport"
# Built with the core's settings, but the platform's piece beside it: ICU through Foundation
# natively, empty in WebAssembly (its files are `#if !arch(wasm32)`).
CORE_PLATFORM_PIECES = {"PaymentFormPatternFallback"}
# The C library's mutex and random bytes are reached behind `#if` (absent in WebAssembly) by these.
C_LIBRARY_ALLOWED = {"PaymentFormConcurrency", "PaymentFormEncryption"}
FOUNDATION = {"Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "Dispatch"}
C_LIBRARIES = {"Glibc", "Darwin", "Musl", "WinSDK", "Android"}
# A folder is its module's name without this prefix, but these, which the design fixes.
PREFIX = "PaymentForm"
FOLDER_EXCEPTIONS = {"PaymentFormCore": "Sources/FormEngine"}
# A test target tests the module named like it (MaskingTests: PaymentFormMasking), but these.
TESTED_MODULE_EXCEPTIONS = {"CoreTests": "PaymentFormCore", "PayformCLITests": "PayformCLI"}

IMPORT = re.compile(
    r"^[ \t]*(?P<attributes>(?:@\w+(?:\([^)]*\))?\s+)*)(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?P<kind>class|struct|enum|protocol|typealias|func|var|let)\s+)?(?P<module>[A-Za-z_]\w*)", re.M)


def load_target_graph():
    spec = importlib.util.spec_from_file_location("target_graph", os.path.join(ROOT, "Scripts", "dev", "target-graph.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def expected_folder(name, target):
    if name in FOLDER_EXCEPTIONS:
        return FOLDER_EXCEPTIONS[name]
    base = {"test": "Tests", "plugin": "Plugins"}.get(target["type"], target["folder"].split("/")[0])
    return f"{base}/{name.removeprefix(PREFIX)}"


def closure(graph, name):
    """`name`'s dependencies, transitively."""
    found, queue = set(), list(graph[name]["dependencies"])
    while queue:
        dependency = queue.pop()
        if dependency in graph and dependency not in found:
            found.add(dependency)
            queue += graph[dependency]["dependencies"]
    return found


def swift_sources(folder):
    for base, _, names in os.walk(os.path.join(ROOT, folder)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(base, name)


# MARK: - The generated descriptions

def description_lines(core):
    """The layers as plain lines, top layer first (README wraps them in a table, Package.swift in comments)."""
    width = max(len(str(len(LAYERS))), 2)
    rows = []
    for number, (what, modules) in reversed(list(enumerate(LAYERS, start=1))):
        names = ", ".join(module + ("*" if module in core else "") for module in modules)
        rows.append((str(number).rjust(width), names, what))
    return rows


def rules_sentence():
    return (f"A module uses only modules of lower layers; two on one layer know nothing of each other. The tests of "
            f"layers 1 to {LEAF_LAYERS} depend only on their module, what it depends on, and {LEAF_TEST_SUPPORT}.")


def folder_sentence():
    exceptions = "; ".join(f"{folder} holds {module}" for module, folder in sorted(FOLDER_EXCEPTIONS.items()))
    return (f"Every folder is its module's name without `{PREFIX}` (Sources/Masking holds PaymentFormMasking, "
            f"Tests/TestSupport PaymentFormTestSupport), but one the design fixes: {exceptions}.")


def readme_block(core):
    lines = ["| layer | modules | what |", "| ---: | --- | --- |"]
    for number, names, what in description_lines(core):
        cells = ", ".join(f"`{name.strip().rstrip('*')}`" + ("\\*" if name.strip().endswith("*") else "") for name in names.split(","))
        lines.append(f"| {number.strip()} | {cells} | {what} |")
    lines += ["", "\\* the core: no Foundation, and built with Embedded Swift for WebAssembly too. " + rules_sentence() + " " + folder_sentence().replace(
                  "Sources/Masking holds PaymentFormMasking", "`Sources/Masking` holds `PaymentFormMasking`").replace(
                  "Tests/TestSupport PaymentFormTestSupport", "`Tests/TestSupport` `PaymentFormTestSupport`").replace(
                  ": Sources/FormEngine holds PaymentFormCore", ": `Sources/FormEngine` holds `PaymentFormCore`")]
    return lines


def package_block(core):
    lines = []
    for number, names, what in description_lines(core):
        lines += wrap(f"{what}: {names}", 96, first=f"  {number}  ", rest=" " * (len(number) + 4))
    sentence = "* the core: no Foundation, and built with Embedded Swift for WebAssembly too. " + rules_sentence() + " " + folder_sentence()
    return lines + [""] + wrap(sentence, 100)


def wrap(text, width, first="", rest=""):
    """`text` in lines of at most `width` characters, the first starting with `first`, the others with `rest`."""
    lines, line, empty = [], first, True
    for word in text.split():
        if not empty and len(line) + 1 + len(word) > width:
            lines.append(line)
            line, empty = rest + word, False
        else:
            line, empty = (line + word if empty else f"{line} {word}"), False
    return lines + [line]


# Each file's generated region: (path, start marker, end marker, line prefix, lines).
def regions(core):
    return [
        ("README.md", "<!-- layers: generated by Scripts/dev/check-layers.py --write; CI fails when it differs -->",
         "<!-- /layers -->", "", readme_block(core)),
        ("Package.swift", "// Layers (generated by Scripts/dev/check-layers.py --write; CI fails when they differ), top first:",
         "// (end of the generated layers)", "//", package_block(core)),
    ]


def region_problems(core, write):
    problems = []
    for path, start, end, prefix, lines in regions(core):
        full = os.path.join(ROOT, path)
        text = open(full, encoding="utf-8").read()
        wanted = "\n".join((f"{prefix} {line}" if prefix and line else prefix or line) for line in lines)
        match = re.search(re.escape(start) + r"\n(.*?)" + re.escape(end), text, re.S)
        if not match:
            problems.append(f"{path}: no generated layer description (the lines `{start}` ... `{end}`); add the two "
                            "marker lines where the layers are described and run Scripts/dev/check-layers.py --write")
            continue
        found = match.group(1).rstrip("\n")
        if found == wanted:
            continue
        if write:
            text = text[:match.start(1)] + wanted + "\n" + text[match.end(1):]
            open(full, "w", encoding="utf-8").write(text)
            print(f"check-layers: rewrote the layer description in {path}")
            continue
        diff = "\n".join(difflib.unified_diff(found.split("\n"), wanted.split("\n"), f"{path} (now)", f"{path} (from the graph)", lineterm=""))
        problems.append(f"{path}: the layer description differs from Scripts/dev/check-layers.py's layers and the graph "
                        f"(Scripts/dev/check-layers.py --write rewrites it):\n{diff}")
    return problems


def module_table_problems(graph, rank):
    """README's `| folder | module | job |` table: every source folder once, with its module, in layer order."""
    problems = []
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    table = re.search(r"^\| folder \| module \| job \|\n\|[-| ]+\|\n((?:\|.*\|\n)+)", text, re.M)
    if not table:
        return ["README.md: no module table (`| folder | module | job |`)"]
    listed, last = {}, -1
    for row in table.group(1).splitlines():
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        folders, modules = re.findall(r"`([^`]+)`", cells[0]), re.findall(r"`([^`]+)`", cells[1])
        if len(folders) != len(modules):
            problems.append(f"README.md: the module table's row {row!r} pairs {len(folders)} folders with {len(modules)} modules")
            continue
        for folder, module in zip(folders, modules):
            if module not in graph:
                problems.append(f"README.md: the module table names {module}, which Package.swift does not have")
                continue
            if graph[module]["folder"] != folder:
                problems.append(f"README.md: the module table puts {module} in {folder}; Package.swift in {graph[module]['folder']}")
            if module in listed:
                problems.append(f"README.md: the module table lists {module} twice")
            listed[module] = folder
            if rank.get(module, -1) < last:
                problems.append(f"README.md: the module table lists {module} (layer {rank.get(module, -1) + 1}) after a module "
                                f"of layer {last + 1}: keep it in layer order, bottom first")
            last = max(last, rank.get(module, -1))
    for name, target in sorted(graph.items()):
        if target["folder"].startswith("Sources/") and name not in listed:
            problems.append(f"README.md: the module table does not list {name} ({target['folder']})")
    return problems


# MARK: - The checks

def main():
    write = "--write" in sys.argv[1:]
    target_graph = load_target_graph()
    graph = target_graph.all_targets()
    embedded = set(target_graph.embedded_targets())
    core = embedded - CORE_PLATFORM_PIECES
    rank = {name: index for index, (_, layer) in enumerate(LAYERS) for name in layer}
    problems = []

    # Layers: every edge points down.
    for name, target in sorted(graph.items()):
        if target["type"] in ("test", "plugin"):
            continue
        if name not in rank:
            problems.append(f"{name}: not on any layer (add it to LAYERS in Scripts/dev/check-layers.py, then run it with --write)")
            continue
        for dependency in target["dependencies"]:
            if dependency in rank and rank[dependency] >= rank[name]:
                problems.append(f"{name} (layer {rank[name] + 1}) depends on {dependency} (layer {rank[dependency] + 1}): "
                                "an edge that does not point down")
    for name in sorted(set(rank) - set(graph)):
        problems.append(f"{name}: on a layer in Scripts/dev/check-layers.py, but Package.swift has no such target")

    # Folders: the module's name without the prefix, but the stated exceptions.
    for name, target in sorted(graph.items()):
        if target["type"] == "test":
            continue
        wanted = expected_folder(name, target)
        if target["folder"] != wanted:
            problems.append(f"{name}: in {target['folder']}, not {wanted} (a folder is its module's name without "
                            f"`{PREFIX}`; the exceptions are FOLDER_EXCEPTIONS in Scripts/dev/check-layers.py)")

    # The core's imports.
    for name in sorted(core):
        for path in swift_sources(graph[name]["folder"]):
            text = open(path, encoding="utf-8").read()
            for match in IMPORT.finditer(text):
                where = f"{os.path.relpath(path, ROOT)}:{text.count(chr(10), 0, match.start()) + 1}"
                module, kind, attributes = match.group("module"), match.group("kind"), match.group("attributes")
                if "@preconcurrency" in attributes:
                    problems.append(f"{where}: @preconcurrency import {module} in the core ({name}): the core's imports "
                                    "are Sendable-clean, none is silenced")
                if module in FOUNDATION or (module in C_LIBRARIES and name not in C_LIBRARY_ALLOWED):
                    form = f"import {kind} {module}.…" if kind else f"import {module}"
                    problems.append(f"{where}: the core ({name}) imports {module} ({form})")

    # The leaf modules' tests: their module, what it depends on, the leaf test support.
    lowest = set(LAYERS[0][1])
    support = graph.get(LEAF_TEST_SUPPORT)
    if not support:
        problems.append(f"{LEAF_TEST_SUPPORT}: the leaf test support is missing from Package.swift")
    elif not set(support["dependencies"]) <= lowest:
        problems.append(f"{LEAF_TEST_SUPPORT} depends on {sorted(set(support['dependencies']) - lowest)}: the leaf "
                        f"tests' support may use the lowest layer only ({', '.join(LAYERS[0][1])})")
    leaves = {module for _, layer in LAYERS[:LEAF_LAYERS] for module in layer}
    leaf_tests = 0
    for name, target in sorted(graph.items()):
        if target["type"] != "test":
            continue
        tested = TESTED_MODULE_EXCEPTIONS.get(name) or PREFIX + name.removesuffix("Tests")
        if tested not in leaves:
            continue
        leaf_tests += 1
        allowed = {tested, LEAF_TEST_SUPPORT} | closure(graph, tested)
        extra = [dependency for dependency in target["dependencies"] if dependency not in allowed]
        if extra:
            problems.append(f"{name} depends on {', '.join(extra)}: a leaf module's tests depend only on {tested}, what it "
                            f"depends on and {LEAF_TEST_SUPPORT} (move a test of higher behaviour to that module's tests)")
        if tested not in target["dependencies"]:
            problems.append(f"{name}: does not depend on {tested}, the module it tests")
        for path in swift_sources(target["folder"]):
            text = open(path, encoding="utf-8").read()
            for match in IMPORT.finditer(text):
                module = match.group("module")
                if module in graph and module not in allowed:
                    line = text.count("\n", 0, match.start()) + 1
                    problems.append(f"{os.path.relpath(path, ROOT)}:{line}: a test of {tested} imports {module}")

    # One description: README and Package.swift.
    problems += region_problems(core, write)
    problems += module_table_problems(graph, rank)

    if problems:
        print("\n".join(problems))
        print(f"check-layers: {len(problems)} problems", file=sys.stderr)
        return 1
    targets = sum(1 for target in graph.values() if target["type"] not in ("test", "plugin"))
    print(f"check-layers: {targets} targets on {len(LAYERS)} layers, every dependency points down; the core ({len(core)} "
          f"targets) imports no Foundation; {leaf_tests} leaf test targets use their module and {LEAF_TEST_SUPPORT} only; "
          "README.md and Package.swift describe the same layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
