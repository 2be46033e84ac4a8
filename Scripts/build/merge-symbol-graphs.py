#!/usr/bin/env python3
"""The symbol graphs DocC reads for one documented module, as an app sees it.

    Scripts/build/merge-symbol-graphs.py GRAPHS MODULE OUTPUT

A library product's module may re-export others (`PaymentFormEngine` re-exports the engine's
layers): an app writes `PaymentFormEngine.PaymentFormController`, so the documentation has one
module. The graphs of MODULE and of every module it re-exports (the target graph:
Scripts/dev/target-graph.py) become one graph named MODULE, their extensions of each other's types
included; their extensions of another documented module's types become one extension graph of
that module (MODULE@OTHER), with the same merging on the other side."""
import json, os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def reexports(module):
    out = subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "dev", "target-graph.py"), "reexports", module],
                         capture_output=True, text=True, check=True).stdout
    return [line for line in out.split() if line]


def main():
    graphs, module, output = sys.argv[1:4]
    members = [module] + reexports(module)
    # Which documented module a re-exported module's types appear in.
    owner = {name: name for name in os.listdir(graphs)}
    for catalog in ["PaymentFormEngine"]:
        for name in [catalog] + reexports(catalog):
            owner[name] = catalog
    merged = None
    extensions = {}
    for name in sorted(os.listdir(graphs)):
        if not name.endswith(".symbols.json"):
            continue
        base = name[: -len(".symbols.json")]
        source, _, extended = base.partition("@")
        if source not in members:
            continue
        graph = json.load(open(os.path.join(graphs, name)))
        target = owner.get(extended, extended) if extended else module
        if extended and extended in members:
            target = module
        if target == module:
            if merged is None:
                merged = graph
                merged["module"]["name"] = module
            else:
                merged["symbols"] += graph["symbols"]
                merged["relationships"] += graph["relationships"]
        else:
            if target in extensions:
                extensions[target]["symbols"] += graph["symbols"]
                extensions[target]["relationships"] += graph["relationships"]
            else:
                graph["module"]["name"] = module
                extensions[target] = graph
    if merged is None:
        sys.exit(f"merge-symbol-graphs: no symbol graph for {module}")
    os.makedirs(output, exist_ok=True)
    json.dump(merged, open(os.path.join(output, f"{module}.symbols.json"), "w"))
    for target, graph in extensions.items():
        json.dump(graph, open(os.path.join(output, f"{module}@{target}.symbols.json"), "w"))


if __name__ == "__main__":
    main()
