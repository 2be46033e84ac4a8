#!/usr/bin/env python3
"""The package's target graph, read from `swift package dump-package` and the resource plugin, for
the scripts that build or document modules outside SwiftPM (fuzz.sh, build-docs.sh,
check-doc-snippets.py). They never keep their own copy of which folder is which module.

    Scripts/dev/target-graph.py build-order MODULE...   one line per module the MODULEs need, each
        after its dependencies: KIND MODULE FOLDER DEPENDENCIES RESOURCES (KIND is swift or c;
        DEPENDENCIES and RESOURCES comma-separated, `-` for none; RESOURCES are the folders under
        Resources/ the build plugin embeds)
    Scripts/dev/target-graph.py reexports MODULE        the modules MODULE re-exports (@_exported)
    Scripts/dev/target-graph.py public-folders          the source folders whose public symbols an app
        sees: the library products' targets and the modules they re-export

As a module (Scripts/dev/check-layers.py loads it): `all_targets()` is every target of any kind,
`embedded_targets()` the ones the WebAssembly build compiles with Embedded Swift.
"""
import functools, json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@functools.lru_cache(maxsize=None)
def package(wasm=False):
    """`swift package dump-package`; with `wasm`, as Scripts/build/build-web.sh's environment makes it."""
    environment = dict(os.environ, PAYFORM_WASM="1") if wasm else {k: v for k, v in os.environ.items() if not k.startswith("PAYFORM_WASM")}
    dump = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, env=environment)
    if dump.returncode != 0:
        sys.exit(f"target-graph: swift package dump-package failed:\n{dump.stderr.strip()}")
    return json.loads(dump.stdout)


def default_folder(target):
    """Where SwiftPM looks for a target without a `path`."""
    kind = target["type"]
    base = "Tests" if kind == "test" else "Plugins" if kind == "plugin" else "Sources"
    return f"{base}/{target['name']}"


def all_targets():
    """Every target, of any kind: name -> {type, folder, dependencies (targets of this package)}."""
    result = {}
    for target in package()["targets"]:
        dependencies = []
        for dependency in target["dependencies"]:
            (kind, value), = dependency.items()
            dependencies.append(value[0])
        result[target["name"]] = {"type": target["type"], "folder": target.get("path") or default_folder(target),
                                  "dependencies": dependencies, "plugins": bool(target.get("pluginUsages"))}
    return result


def embedded_targets():
    """The targets the WebAssembly build compiles with Embedded Swift (Package.swift's `core` settings)."""
    return sorted(target["name"] for target in package(wasm=True)["targets"]
                  if '"Embedded"' in json.dumps(target.get("settings") or []))


def library_targets():
    return [name for product in package()["products"] if "library" in product["type"] for name in product["targets"]]


def targets():
    """The library targets (type regular): name -> {type, folder, dependencies, plugins}."""
    return {name: target for name, target in all_targets().items() if target["type"] == "regular"}


def embedded_folders():
    """The plugin's own table: target name -> folders under Resources/."""
    source = "".join(open(os.path.join(ROOT, "Plugins", "EmbedResources", name)).read()
                     for name in sorted(os.listdir(os.path.join(ROOT, "Plugins", "EmbedResources"))) if name.endswith(".swift"))
    return {name: re.findall(r'"(\w+)"', folders) for name, folders in re.findall(r'"(\w+)":\s*\[([^\]]*)\]', source)}


def swift_files(folder):
    for base, _, names in os.walk(os.path.join(ROOT, folder)):
        for name in names:
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def reexports(graph, module):
    found = []
    for path in swift_files(graph[module]["folder"]):
        found += re.findall(r"^@_exported import (\w+)", open(path).read(), re.M)
    return found


def build_order(graph, roots):
    order, seen = [], set()

    def visit(name):
        if name in seen or name not in graph:
            return
        seen.add(name)
        for dependency in graph[name]["dependencies"]:
            visit(dependency)
        order.append(name)

    for root in roots:
        visit(root)
    return order


def main():
    graph = targets()
    command, names = sys.argv[1], sys.argv[2:]
    if command == "build-order":
        resources = embedded_folders()
        for name in build_order(graph, names):
            folder = graph[name]["folder"]
            kind = "c" if any(n.endswith(".c") for n in os.listdir(os.path.join(ROOT, folder))) else "swift"
            dependencies = ",".join(d for d in graph[name]["dependencies"] if d in graph) or "-"
            print(kind, name, folder, dependencies, ",".join(resources.get(name, [])) or "-")
    elif command == "public-folders":
        for name in library_targets():
            for module in [name] + reexports(graph, name):
                print(graph[module]["folder"])
    elif command == "reexports":
        print("\n".join(reexports(graph, names[0])))
    else:
        sys.exit(f"target-graph: unknown command {command}")


if __name__ == "__main__":
    main()
