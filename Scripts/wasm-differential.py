#!/usr/bin/env python3
"""The WebAssembly engine against the native one: random inputs through `payform` and
`Web/bin/payform-wasm`, answers compared byte for byte.

    Scripts/wasm-differential.py PAYFORM [--cases N] [--seed S]

Per sample product, `validate --batch` with random requests (values drawn from digits, spaces,
separators, letters, non-ASCII and the samples' own good values; accounts on file; IIN answers)
and `payform form` with random event sequences (edits at random places, pastes, deletes over a
selection, focus, blur, set, submit). Every answer line and the exit status must be the same.
Needs node and Web/dist/ (Scripts/build-web.sh). Exits 1 on the first difference, naming the
command and the line (the inputs are test data, not card data)."""
import json, os, random, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["visa", "amex", "mastercard-accounts-on-file", "cartes-bancaires", "ideal", "sepa-direct-debit"]
PIECES = ["4", "1", "0", "9", "5", "3", " ", "-", "/", "a", "Z", "é", "٣", "４", "\u200b", "12", "/30", "4111", "3782",
          "4111 1111 1111 1111", "378282246310005", "5555555555554444", "12/30", "1230", "123", "1234", "John Smith", "NL91ABNA0417164300"]


def random_value(rng):
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))


def fields_of(name):
    data = json.load(open(os.path.join(ROOT, "Resources", "Products", name + ".json")))
    return [field["id"] for field in data.get("fields", [])], [str(a["id"]) for a in data.get("accountsOnFile", [])]


def run(command, args, stdin):
    done = subprocess.run(command + args, input=stdin.encode(), capture_output=True, timeout=600)
    return done.returncode, done.stdout.decode()


def main():
    payform = sys.argv[1]
    cases = int(sys.argv[sys.argv.index("--cases") + 1]) if "--cases" in sys.argv else 10000
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    rng = random.Random(seed)
    native, wasm = [payform], ["node", os.path.join(ROOT, "Web", "bin", "payform-wasm")]
    available = [name for name in PRODUCTS if os.path.exists(os.path.join(ROOT, "Resources", "Products", name + ".json"))]
    per_product = max(1, -(-cases // (2 * len(available))))
    compared = 0
    for name in available:
        fields, accounts = fields_of(name)
        # validate --batch: one request per line.
        lines = []
        for _ in range(per_product):
            request = {"values": {field: random_value(rng) for field in fields if rng.random() < 0.8}}
            if accounts and rng.random() < 0.2:
                request["accountOnFile"] = rng.choice(accounts)
            lines.append(json.dumps(request, ensure_ascii=rng.random() < 0.5))
        args = ["validate", "--product", f"sample:{name}", "--batch", "--now", "2026-11"]
        compared += compare(native, wasm, args, "\n".join(lines) + "\n", name)
        # form: sequences of events, each sequence one process.
        events = []
        for _ in range(per_product):
            field = rng.choice(fields) if fields else "cardNumber"
            kind = rng.random()
            if kind < 0.45:
                start = rng.randint(0, 3)
                events.append({"event": "edit", "field": field, "selection": [start, start + rng.randint(0, 2)], "insert": random_value(rng)})
            elif kind < 0.6:
                start = rng.randint(0, 3)
                events.append({"event": "edit", "field": field, "selection": [start, start + rng.randint(0, 1)], "delete": rng.choice(["backward", "forward"])})
            elif kind < 0.7:
                events.append({"event": "set", "field": field, "value": random_value(rng)})
            elif kind < 0.8:
                events.append({"event": rng.choice(["focus", "blur"]), "field": field})
            elif kind < 0.9:
                events.append({"event": "replace", "field": field, "range": [0, rng.randint(0, 2)], "string": random_value(rng)})
            else:
                events.append({"event": "submit"})
        args = ["form", "--product", f"sample:{name}", "--now", "2026-11"]
        compared += compare(native, wasm, args, "\n".join(json.dumps(e, ensure_ascii=False) for e in events) + "\n", name)
    print(f"wasm-differential: {compared} answers compared, native and WebAssembly identical (seed {seed})")


def compare(native, wasm, args, stdin, name):
    status_n, out_n = run(native, args, stdin)
    status_w, out_w = run(wasm, args, stdin)
    lines_n, lines_w = out_n.splitlines(), out_w.splitlines()
    for number, (a, b) in enumerate(zip(lines_n, lines_w), 1):
        if a != b:
            sys.exit(f"wasm-differential: {' '.join(args)}: answer line {number} differs:\n  native {a[:300]}\n  wasm   {b[:300]}")
    if len(lines_n) != len(lines_w) or status_n != status_w:
        sys.exit(f"wasm-differential: {' '.join(args)}: {len(lines_n)} native lines (exit {status_n}), {len(lines_w)} wasm lines (exit {status_w})")
    return len(lines_n)


if __name__ == "__main__":
    main()
