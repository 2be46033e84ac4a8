#!/usr/bin/env python3
"""Checks the package's layering from its target graph (`swift package describe --type json`):
every dependency points down, and the core builds without Foundation.

The layers are the design, written here once; the graph itself is always read from SwiftPM, never
copied. A target depends only on targets of lower layers; a test target may depend on anything.
The core (the targets the WebAssembly engine is built from) imports no Foundation and no OS
module. Exit 1, naming each edge or import that breaks a rule.
"""
import json, os, re, subprocess, sys

LAYERS = [
    # 0: building blocks (package-only)
    ["PaymentFormJSON", "PaymentFormConcurrency", "PaymentFormCryptoKernels"],
    ["PaymentFormEncryption", "PaymentFormPatternFallback"],
    # the engine's layers
    ["PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization"],
    ["PaymentFormCards"],
    ["PaymentFormCore"],
    # beside the core, still without Foundation: previews, samples, the form protocol, the portable commands
    ["PaymentFormRendering", "PaymentFormSamples", "PaymentFormWebSupport", "PaymentFormProtocol"],
    ["PayformCommands"],
    # around the core: the platform, the session, what an app imports, the WebAssembly engine
    ["PaymentFormPlatform", "PaymentFormWeb"],
    ["PaymentFormSession"],
    ["PaymentFormEngine"],
    # on top: other flows, test tools, the tools
    ["PaymentFormDecryption"],
    ["PaymentFormProcessors"],
    ["PaymentFormSandbox"],
    ["PaymentFormEngineTesting", "PaymentFormTestSupport"],
    ["PayformCLI", "payform-bench"],
    ["payform"],
]
# The core: what Scripts/build-web.sh compiles with Embedded Swift. (The pattern fallback is the
# platform's piece beside it: ICU through Foundation natively, RegExp in WebAssembly.)
CORE = ["PaymentFormJSON", "PaymentFormConcurrency", "PaymentFormEncryption", "PaymentFormMasking", "PaymentFormValidation",
        "PaymentFormLocalization", "PaymentFormCards", "PaymentFormCore", "PaymentFormRendering", "PaymentFormSamples",
        "PaymentFormProtocol", "PayformCommands", "PaymentFormWeb"]
FORBIDDEN_IN_CORE = re.compile(r"^\s*(?:@_exported |public |package |internal )?import\s+(Foundation|FoundationEssentials|FoundationNetworking|Dispatch|Glibc|Darwin|Musl)\b", re.M)
# The lock is the one place that reaches the OS's mutex (behind #if, absent in WebAssembly).
OS_ALLOWED = {"PaymentFormConcurrency", "PaymentFormEncryption"}

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
description = json.loads(subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=root,
                                        capture_output=True, text=True, check=True).stdout)
rank = {name: index for index, layer in enumerate(LAYERS) for name in layer}
problems = []
targets = {target["name"]: target for target in description["targets"]}
for name, target in sorted(targets.items()):
    if target["type"] == "test" or target.get("module_type") == "PluginTarget" or name == "PaymentFormEmbedResourcesTool":
        continue
    if name not in rank:
        problems.append(f"{name}: not in any layer (add it to Scripts/check-layers.py's LAYERS)")
        continue
    for dependency in target.get("target_dependencies") or []:
        if dependency not in rank:
            continue
        if rank[dependency] >= rank[name]:
            problems.append(f"{name} (layer {rank[name]}) depends on {dependency} (layer {rank[dependency]}): an edge that does not point down")
for name in CORE:
    target = targets.get(name)
    if not target:
        problems.append(f"{name}: a core target the package does not have")
        continue
    for source in target["sources"]:
        path = os.path.join(root, target["path"], source)
        if not path.endswith(".swift"):
            continue
        text = open(path, encoding="utf-8").read()
        for match in FORBIDDEN_IN_CORE.finditer(text):
            module = match.group(1)
            if module in ("Glibc", "Darwin", "Musl") and name in OS_ALLOWED:
                continue
            problems.append(f"{os.path.relpath(path, root)}: the core imports {module}")
if problems:
    print("\n".join(problems))
    print(f"check-layers: {len(problems)} problems", file=sys.stderr)
    sys.exit(1)
print(f"check-layers: {sum(1 for t in targets.values() if t['type'] != 'test')} targets, every dependency points down; the core ({len(CORE)} targets) imports no Foundation")
