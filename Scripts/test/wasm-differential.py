#!/usr/bin/env python3
"""The WebAssembly engines against the native one: random inputs through `payform`,
`Web/bin/payform-wasm` (the full module) and the page's module, answers compared.

    Scripts/test/wasm-differential.py PAYFORM [--cases N] [--seed S]

Per sample product, `validate --batch` with random requests (values drawn from digits, spaces,
separators, letters, non-ASCII and the samples' own good values; accounts on file; IIN answers)
and `payform form` with random event sequences (edits at random places, pastes, deletes over a
selection, focus, blur, set, submit). Every answer line and the exit status must be the same,
byte for byte. The same event sequences also go to payform-form-engine.wasm, the page's module
(built apart, without the command line, with its own Unicode lists and runs), as a page sends
them (form.open with the definition, form.event): each answer must equal the native one, but for
the "valid" member the page's field answers add. Needs node and Web/dist/ (Scripts/build/build-web.sh).
Exits 1 on the first difference, naming the command and the line (the inputs are test data, not
card data)."""
import json, os, random, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PRODUCTS = ["visa", "amex", "mastercard-accounts-on-file", "cartes-bancaires", "ideal", "sepa-direct-debit"]
PIECES = ["4", "1", "0", "9", "5", "3", " ", "-", "/", "a", "Z", "é", "٣", "４", "\u200b", "12", "/30", "4111", "3782",
          "4111 1111 1111 1111", "378282246310005", "5555555555554444", "12/30", "1230", "123", "1234", "John Smith", "NL91ABNA0417164300"]


def random_value(rng):
    return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))


def fields_of(name):
    data = json.load(open(os.path.join(ROOT, "Resources", "Products", name + ".json")))
    return [field["id"] for field in data.get("fields", [])], [str(a["id"]) for a in data.get("accountsOnFile", [])]


# The page's module driven as a page drives it: argv[1] the definition's path, stdin one event per line.
PAGE_DRIVER = r"""
import { readFileSync } from "node:fs";
import { PaymentFormEngine } from "./Web/dist/payform-engine.mjs";
const engine = await PaymentFormEngine.load(readFileSync("./Web/dist/payform-form-engine.wasm"));
const product = JSON.parse(readFileSync(process.argv[1], "utf8"));
const opened = engine.call({ op: "form.open", product, now: "2026-11", locale: "en" });
if (opened.error) { console.log(JSON.stringify(opened)); process.exit(2); }
const lines = readFileSync(0, "utf8").split("\n").filter((line) => line !== "");
const out = [];
for (const line of lines) out.push(engine.callText(`{"op":"form.event","form":${opened.form},"event":${line}}`));
process.stdout.write(out.join("\n") + "\n");
"""


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
        stdin = "\n".join(json.dumps(e, ensure_ascii=False) for e in events) + "\n"
        compared += compare(native, wasm, args, stdin, name)
        compared += compare_page(payform, name, stdin)
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


def compare_page(payform, name, stdin):
    """The form events through the page's module against `payform form` on the same definition."""
    path = os.path.join(ROOT, "Resources", "Products", name + ".json")
    _, out_n = run([payform], ["form", "--product", path, "--now", "2026-11", "--locale", "en"], stdin)
    done = subprocess.run(["node", "--input-type=module", "-e", PAGE_DRIVER, path], input=stdin.encode(), capture_output=True,
                          timeout=600, cwd=ROOT)
    if done.returncode != 0:
        sys.exit(f"wasm-differential: the page's module could not open {name}: {done.stdout.decode()[:300]} {done.stderr.decode()[-300:]}")
    lines_n, lines_p = out_n.splitlines(), done.stdout.decode().splitlines()
    if len(lines_n) != len(lines_p):
        sys.exit(f"wasm-differential: page module on {name}: {len(lines_n)} native answers, {len(lines_p)} from the page")
    for number, (a, b) in enumerate(zip(lines_n, lines_p), 1):
        native_answer, page_answer = json.loads(a), json.loads(b)
        if "error" in native_answer and "error" in page_answer:
            # The command line's messages say which line; the page's do not (and are not terminal-escaped).
            native_answer["error"]["message"] = native_answer["error"]["message"].split(": ", 1)[-1]
        if "valid" in page_answer and "valid" not in native_answer:
            del page_answer["valid"]
        if native_answer != page_answer:
            sys.exit(f"wasm-differential: page module on {name}: answer {number} differs:\n  native {a[:300]}\n  page   {b[:300]}")
    return len(lines_n)


if __name__ == "__main__":
    main()
