"""The npm package as a front-end team gets it: Web/dist/payform-web-form-VERSION.tgz installed
into a fresh page project with no Swift in sight, then used the three ways a team uses it.

1. node: the package's exports resolve (the form, the engine's loader, the engine, the texts,
   package.json), the version is the engine's, and the packaged engine answers a request;
2. TypeScript: Web/test/types/consumer.mts, importing `payform-web-form` and
   `payform-web-form/engine` instead of Web/dist's paths, compiles with tsc --strict against the
   installed declarations (module resolution node16: through the package's `exports`);
3. a browser: a page whose import map names node_modules' copy mounts the Card form on a
   `payform sandbox` client session, a Visa card is typed, `submit()` gives the encrypted
   request, and the sandbox pays it as Visa (product 1);
4. the iframe mode: `payform-web-form/tokenizer` resolves to hostedtokenization/js/client/
   tokenizer.min.js, and every file of the package's hostedtokenization/ folder is byte for byte
   what `payform sandbox` serves at the same path below /hostedtokenization/.

Usage: Web/test/npm_package_test.py --payform PAYFORM --chromium CHROMIUM [--tarball TGZ]
       (Scripts/test/npm-package-test.sh runs it in the web form suite's virtual environment)
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))
from lib.checks import Failure, expect  # noqa: E402
from lib.pages import PageServer  # noqa: E402
from lib.sandbox import Sandbox  # noqa: E402

NODE_CHECK = r"""
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PaymentFormEngine } from "payform-web-form/engine";
const path = (specifier) => fileURLToPath(import.meta.resolve(specifier));
const manifest = JSON.parse(readFileSync(path("payform-web-form/package.json"), "utf8"));
const engine = await PaymentFormEngine.load(readFileSync(path("payform-web-form/payform-form-engine.wasm")));
const version = engine.call({ op: "version" });
console.log(JSON.stringify({
  form: path("payform-web-form"),
  css: path("payform-web-form/payform-form.css"),
  french: JSON.parse(readFileSync(path("payform-web-form/payform-texts.fr.json"), "utf8")) !== null,
  site: JSON.parse(readFileSync(path("payform-web-form/site/manifest.json"), "utf8")),
  packageVersion: manifest.version,
  engineVersion: version,
}));
"""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A shop's checkout</title>
<script type="importmap">{"imports": {"payform-web-form": "/node_modules/payform-web-form/payform-form.mjs"}}</script>
<script type="module" src="/shop.mjs"></script>
</head>
<body><main><div id="card"></div></main></body>
</html>
"""

SHOP = """import { mountPaymentForm } from "payform-web-form";
const session = JSON.parse(new URLSearchParams(location.search).get("session"));
try {
  window.shopForm = await mountPaymentForm(document.querySelector("#card"), {
    session, groupId: "cards", locale: "en",
    context: { amount: 1000, currency: "EUR", countryCode: "NL", locale: "en_GB" },
  });
  window.shopState = "mounted";
} catch (error) {
  window.shopState = "failed: " + error.code + ": " + error.message;
}
"""


def run(command, cwd, what):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    expect(done.returncode == 0, f"{what} failed (exit {done.returncode}):\n{done.stdout}{done.stderr}")
    return done.stdout


def engine_version():
    text = open(os.path.join(ROOT, "Sources", "FormEngine", "Prepare", "EngineVersion.swift"), encoding="utf-8").read()
    found = re.search(r'static let current = "([0-9.]+)"', text)
    expect(found is not None, "no version in Sources/FormEngine/Prepare/EngineVersion.swift")
    return found.group(1)


def install(project, tarball):
    with open(os.path.join(project, "package.json"), "w") as file:
        json.dump({"name": "a-shop", "private": True, "type": "module"}, file)
    run(["npm", "install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball], project, "npm install of the tarball")
    installed = os.path.join(project, "node_modules", "payform-web-form")
    expect(os.path.isfile(os.path.join(installed, "payform-form.mjs")), "npm install left no node_modules/payform-web-form/payform-form.mjs")
    print(f"installed {os.path.basename(tarball)} into a fresh project: {len(os.listdir(installed))} entries in node_modules/payform-web-form")


def check_node(project, version):
    with open(os.path.join(project, "check.mjs"), "w") as file:
        file.write(NODE_CHECK)
    seen = json.loads(run(["node", "check.mjs"], project, "node importing the package").strip().splitlines()[-1])
    expect(seen["form"].endswith("node_modules/payform-web-form/payform-form.mjs"), f"the package's main export is {seen['form']}")
    expect(seen["css"].endswith("payform-form.css") and seen["french"], "the stylesheet or the French texts are not exported")
    expect("payform-form.mjs" in seen["site"], f"site/manifest.json names no form module: {seen['site']}")
    expect(seen["packageVersion"] == version, f"the package says version {seen['packageVersion']}, the engine is {version}")
    expect(json.dumps(seen["engineVersion"]).find(version) >= 0, f"the packaged engine answered version {seen['engineVersion']}, not {version}")
    print(f"node: exports resolve, package version {version} = the engine's, the packaged engine answers")


def check_types(project):
    consumer = open(os.path.join(ROOT, "Web", "test", "types", "consumer.mts"), encoding="utf-8").read()
    rewritten = consumer.replace('"../../dist/payform-form.mjs"', '"payform-web-form"').replace('"../../dist/payform-engine.mjs"', '"payform-web-form/engine"')
    expect("../../dist/" not in rewritten and rewritten != consumer, "Web/test/types/consumer.mts does not import Web/dist's two modules as expected")
    with open(os.path.join(project, "consumer.mts"), "w") as file:
        file.write(rewritten)
    config = json.load(open(os.path.join(ROOT, "Web", "test", "types", "tsconfig.json")))
    with open(os.path.join(project, "tsconfig.json"), "w") as file:
        json.dump(config, file)
    tsc = shutil.which("tsc")
    expect(tsc is not None, "tsc is missing (Debian: node-typescript)")
    run([tsc, "-p", "tsconfig.json"], project, "tsc --strict on the consumer importing the installed package")
    print("TypeScript: the consumer compiles against the installed package's declarations (strict, node16 resolution)")


def check_hosted_tokenization(project, payform):
    import urllib.request
    installed = os.path.join(project, "node_modules", "payform-web-form")
    resolved = run(["node", "--input-type=module", "-e", 'console.log(import.meta.resolve("payform-web-form/tokenizer"))'], project,
                   "node resolving payform-web-form/tokenizer").strip().splitlines()[-1]
    expect(resolved.endswith("/payform-web-form/hostedtokenization/js/client/tokenizer.min.js"), f"payform-web-form/tokenizer resolves to {resolved}")
    folder = os.path.join(installed, "hostedtokenization")
    files = sorted(os.path.relpath(os.path.join(where, name), folder) for where, _, names in os.walk(folder) for name in names)
    for needed in ("js/client/tokenizer.min.js", "js/page.mjs", "js/payform-form.mjs", "js/payform-form-engine.wasm", "js/payform-form.css"):
        expect(needed in files, f"the package's hostedtokenization/ has no {needed}: {files}")
    with Sandbox(payform) as sandbox:
        for name in files:
            with urllib.request.urlopen(f"{sandbox.origin}/hostedtokenization/{name}", timeout=30) as answer:
                served = answer.read()
            with open(os.path.join(folder, name), "rb") as file:
                expect(file.read() == served, f"hostedtokenization/{name} differs from what the sandbox serves")
    print(f"iframe mode: payform-web-form/tokenizer resolves; the {len(files)} files of hostedtokenization/ are what the sandbox serves")


def check_browser(project, payform, chromium):
    from playwright.sync_api import sync_playwright
    with open(os.path.join(project, "index.html"), "w") as file:
        file.write(PAGE)
    with open(os.path.join(project, "shop.mjs"), "w") as file:
        file.write(SHOP)
    with Sandbox(payform) as sandbox, PageServer(root=project) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True)
        try:
            page = browser.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(server.url + "/index.html?session=" + urllib.parse.quote(json.dumps(sandbox.session)))
            page.wait_for_function("() => window.shopState !== undefined", timeout=30000)
            state = page.evaluate("window.shopState")
            expect(state == "mounted", f"the form did not mount from node_modules: {state}; page errors {errors}")
            page.locator("#card [name='cardNumber']").focus()
            page.keyboard.type("4111111111111111")
            page.locator("#card [name='expiryDate']").focus()
            page.keyboard.type("1235")
            page.locator("#card [name='cvv']").focus()
            page.keyboard.type("123")
            holder = page.locator("#card [name='cardholderName']")
            if holder.count():
                holder.focus()
                page.keyboard.type("A Shopper")
            result = page.evaluate("async () => { const r = await window.shopForm.submit(); return r; }")
            expect(result.get("valid") is True, f"submit() on the installed form: {json.dumps(result)[:400]}")
            expect(result.get("paymentProductId") == 1, f"a Visa number was submitted as product {result.get('paymentProductId')}")
            status, payment = sandbox.payments(result["paymentProductId"], result["encryptedCustomerInput"])
            expect(status in (200, 201), f"the sandbox answered {status} to the encrypted request: {payment}")
            expect(not errors, f"page errors: {errors}")
            print(f"browser: the form from node_modules mounted on the cards group, a Visa card typed, "
                  f"submit() -> product 1, the sandbox answered {status}")
        finally:
            browser.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--payform", required=True)
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--tarball")
    arguments = parser.parse_args()
    version = engine_version()
    tarball = arguments.tarball or os.path.join(ROOT, "Web", "dist", f"payform-web-form-{version}.tgz")
    if not os.path.isfile(tarball):
        found = glob.glob(os.path.join(ROOT, "Web", "dist", "payform-web-form-*.tgz"))
        print(f"npm package test: no {tarball} (Scripts/build/build-web.sh makes it; found {found})", file=sys.stderr)
        return 1
    project = tempfile.mkdtemp(prefix="payform-npm-")
    try:
        install(project, os.path.abspath(tarball))
        check_node(project, version)
        check_types(project)
        check_browser(project, os.path.abspath(arguments.payform), arguments.chromium)
        check_hosted_tokenization(project, os.path.abspath(arguments.payform))
    except Failure as failure:
        print(f"npm package test FAILED: {failure}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(project, ignore_errors=True)
    print("npm package test: PASSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
