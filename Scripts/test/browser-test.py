#!/usr/bin/env python3
"""The real-browser check: the example web client (Examples/client-api) runs the card flow in headless
Chromium against `payform sandbox`, from a second origin, and the encrypted payload it produced is
then checked by the sandbox's payments endpoint, as a merchant's server would forward it.

Usage: Scripts/test/browser-test.py --payform .build/debug/payform [--chromium PATH] [--timeout 90]
(run it with a Python that has Playwright; Scripts/test/browser-test.sh makes that virtual environment)

What it checks:
  1. A page on http://127.0.0.1:<page port> calls the sandbox on http://127.0.0.1:<sandbox port>
     (another origin): CORS preflights and answers let the browser through (the sandbox runs with
     --allow-origin set to the page's origin). The page lists products, looks up the IIN of a Visa
     test card and of the co-badged Cartes Bancaires test card, fetches the product in French,
     the public key, a surcharge and a DCC offer, and encrypts the customer's input with WebCrypto
     (RSA-OAEP + A256CBC-HS512, the payload UTF-8 encoded).
  2. The sandbox's POST /sandbox/v1/payments decrypts that payload and answers valid, with the
     card number and the accented cardholder name intact.
  3. The same page against a sandbox that allows another origin only is refused by the browser.
  4. The 3-D Secure page of the sandbox's Server API, in the browser: a payment with the challenge
     test card (created as a merchant's server does, signed with v1HMAC) redirects to the sandbox's
     page; Chromium presses "Complete authentication" for one payment and "Fail authentication"
     for another; each lands on the shop's returnUrl (the page's origin) with RETURNMAC and the
     payment id, and the payment is then authorised or REJECTED.

The page writes its outcome into its DOM (#outcome) and posts the same JSON to /outcome on its
own origin, which this script serves; that is how the result is read. Chromium is Debian's, driven
by Playwright for Python (never a downloaded browser); the sandbox, the page's server and Chromium
come from Scripts/lib, and everything started here is stopped on the way out (also on failure or
Ctrl-C). Exit status: 0 passed, 1 failed, 2 usage or setup problem (no Chromium or Playwright: the
shell wrapper Scripts/test/browser-test.sh decides about skipping).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))

from lib import chromium  # noqa: E402
from lib.checks import Failure, expect, tail  # noqa: E402
from lib.pages import PageServer  # noqa: E402
from lib.sandbox import Sandbox  # noqa: E402

PAGE_FOLDER = os.path.join(ROOT, "Examples", "client-api")


def shop_server():
    """The page's origin: serves Examples/client-api, takes the page's POST /outcome and records
    where the browser comes back after 3-D Secure (GET /return)."""
    def get(handler):
        if handler.route != "/return":
            return False
        handler.pages.record("returns", handler.query)
        handler.reply(200, b"<!DOCTYPE html><title>Back at the shop</title><p id='back'>back at the shop</p>")
        return True

    def post(handler, body):
        if handler.route != "/outcome":
            return False
        handler.pages.record("outcomes", json.loads(body))
        handler.reply(204)
        return True

    return PageServer(PAGE_FOLDER, get=get, post=post)


class Tab:
    """One page in its own browser context (its own profile), its console errors kept for a failure's report."""

    def __init__(self, browser, url=None):
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.messages = []
        self.page.on("console", lambda message: self.messages.append(f"{message.type}: {message.text}") if message.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda error: self.messages.append(f"page error: {error}"))
        if url:
            self.page.goto(url)

    def said(self):
        return "\n".join(self.messages[-20:]) or "(nothing on the console)"

    def close(self):
        self.context.close()


def challenge_in_browser(arguments, server, sandbox, browser):
    """Step 4: the 3-D Secure page's two buttons, pressed in Chromium."""
    merchant = sandbox.api["merchantId"]
    key = os.path.join(ROOT, "Resources", "Keys", "demo-public-key-NOT-FOR-PRODUCTION.json")
    for index, (button, final) in enumerate([("complete", "PENDING_CAPTURE"), ("fail", "REJECTED")], start=1):
        values = json.dumps({"cardNumber": "4012000000003002", "expiryDate": "1235", "cvv": "123"})
        prepared = subprocess.run(
            [arguments.payform, "prepare", "--product", "sample:visa", "--values", "-", "--public-key", key,
             "--client-session-id", sandbox.info["clientSessionId"]], input=values, capture_output=True, text=True, timeout=60)
        expect(prepared.returncode == 0, f"payform prepare exited {prepared.returncode}: {prepared.stdout} {prepared.stderr}")
        return_url = f"{server.origin}/return?order={index}"
        status, created = sandbox.server_api("POST", f"/v2/{merchant}/payments", {
            "encryptedCustomerInput": json.loads(prepared.stdout)["encryptedFields"],
            "order": {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}},
            "cardPaymentMethodSpecificInput": {"threeDSecure": {"redirectionData": {"returnUrl": return_url}}},
        })
        expect(status == 201 and created["merchantAction"]["actionType"] == "REDIRECT", f"create payment answered {status}: {created}")
        payment_id = created["payment"]["id"]
        redirect = created["merchantAction"]["redirectData"]
        tab = Tab(browser, redirect["redirectURL"])
        try:
            try:
                tab.page.wait_for_selector("#complete", timeout=30_000)
                tab.page.wait_for_selector("#fail", timeout=30_000)
            except Exception:  # noqa: BLE001 - Playwright's timeout, reported as the check's failure
                raise Failure("the 3-D Secure page did not show its two buttons in Chromium")
            tab.page.click(f"#{button}")
            back = server.wait_for("returns", index, arguments.timeout)
            expect(back is not None, f"after '{button}' the browser did not come back to the shop within {arguments.timeout} s")
            expect(back.get("RETURNMAC") == [redirect["RETURNMAC"]] and back.get("paymentId") == [payment_id]
                   and back.get("order") == [str(index)], f"the browser came back with {back}")
            try:
                tab.page.wait_for_url(lambda url: urllib.parse.urlsplit(url).path == "/return", timeout=30_000)
                tab.page.wait_for_load_state("load", timeout=30_000)
            except Exception:  # noqa: BLE001
                raise Failure(f"Chromium did not show the shop's return page (it shows {tab.page.url})")
        finally:
            tab.close()
        status, payment = sandbox.server_api("GET", f"/v2/{merchant}/payments/{payment_id}")
        expect(status == 200 and payment["status"] == final, f"after '{button}' the payment is {payment.get('status')}, not {final}")
        print(f"3-D Secure page in Chromium: '{button}' -> back at the shop's returnUrl with RETURNMAC and the payment id; payment {final}")


def page_url(server, info, **extra):
    query = dict(info, locale="fr_FR", auto="1", report="1", **extra)
    return f"{server.origin}/index.html?{urllib.parse.urlencode(query)}"


def run(arguments, work, playwright):
    server = shop_server()
    started = []  # what to stop, in reverse order
    try:
        print(f"page origin {server.origin}")
        browser = chromium.launch(playwright, arguments.chromium)
        started.append(browser)
        # 1. The card flow from an allowed origin.
        sandbox = Sandbox(arguments.payform, ["--allow-origin", server.origin], os.path.join(work, "sandbox.log"))
        started.append(sandbox)
        print(f"sandbox {sandbox.info['clientApiUrl']} (allows {server.origin})")
        expect(sandbox.info["clientApiUrl"].endswith("/client"), f"the printed clientApiUrl has a version: {sandbox.info['clientApiUrl']}")
        tab = Tab(browser, page_url(server, sandbox.info))
        outcome = server.wait_for("outcomes", 1, arguments.timeout)
        said = tab.said()
        tab.close()
        expect(outcome is not None, f"the page reported nothing within {arguments.timeout} s; Chromium said:\n{said}")
        print("page outcome: " + json.dumps({key: value for key, value in outcome.items() if key != "encryptedCustomerInput"}, ensure_ascii=False))
        expect(outcome.get("status") == "done", f"the page failed at step {outcome.get('step')}: {outcome.get('message')}")
        steps = outcome["steps"]
        expect(1 in steps["products"] and 130 in steps["products"], f"products: {steps['products']}")
        expect(steps["iin"] == {"paymentProductId": 1, "isAllowedInContext": True}, f"IIN of 4111 1111: {steps['iin']}")
        expect(steps["coBadged"] == {"countryCode": "FR", "coBrands": [130, 1]}, f"IIN of 4000 0025: {steps['coBadged']}")
        expect(steps["product"]["labels"][0] == "Numéro de carte", f"the product's texts are not French: {steps['product']['labels']}")
        expect(steps["keyId"] == "demo-key-NOT-FOR-PRODUCTION-0001", f"key: {steps['keyId']}")
        expect(steps["surcharge"] == [{"paymentProductId": 1, "amount": 12}], f"surcharge: {steps['surcharge']}")
        expect(steps["dcc"] == {"result": "Allowed", "target": {"amount": 1100, "currencyCode": "USD"}}, f"DCC: {steps['dcc']}")

        # 2. The merchant's server forwards the payload; the sandbox decrypts and validates it.
        status, answer = sandbox.payments(outcome["paymentProductId"], outcome["encryptedCustomerInput"])
        expect(status == 200, f"POST /sandbox/v1/payments answered {status}: {answer}")
        expect(answer.get("valid") is True, f"the sandbox found the browser's payload invalid: {answer.get('errors')}")
        values = answer.get("values", {})
        expect(values.get("cardNumber") == "4111111111111111" and values.get("expiryDate") == "1235",
               "the decrypted card number or expiry date is not what the page typed")
        expect(values.get("cardholderName") == "José Müller",
               "the accented cardholder name did not survive (the payload must be UTF-8 encoded before encryption)")
        print("sandbox payments: valid, the values as typed (cardholder name with accents intact)")

        # 4. The Server API's 3-D Secure page, its buttons pressed in the browser.
        challenge_in_browser(arguments, server, sandbox, browser)
        code = sandbox.stop()
        started.remove(sandbox)
        expect(code == 0, f"payform sandbox exited {code} on SIGTERM")

        # 3. A sandbox that allows another origin only: the browser refuses the page's calls.
        other = Sandbox(arguments.payform, ["--allow-origin", "http://127.0.0.1:1"], os.path.join(work, "sandbox-2.log"))
        started.append(other)
        tab = Tab(browser, page_url(server, other.info))
        refused = server.wait_for("outcomes", 2, arguments.timeout)
        tab.close()
        expect(refused is not None, f"the page reported nothing within {arguments.timeout} s (refused origin)")
        expect(refused.get("status") == "error" and refused.get("step") == "products",
               f"a page of an origin the sandbox does not allow was not refused by the browser: {refused}")
        print(f"another origin: the browser refused the call ({refused.get('message')})")
        return 0
    finally:
        for item in reversed(started):
            if isinstance(item, Sandbox):
                item.stop()
            else:
                item.close()
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--payform", required=True, help="the payform binary")
    parser.add_argument("--chromium", default=chromium.find(), help="the Chromium binary (default: Debian's chromium on PATH)")
    parser.add_argument("--timeout", type=float, default=90, help="seconds the page may take (default 90)")
    arguments = parser.parse_args()
    if not arguments.chromium:
        print("browser test: no Chromium found (give --chromium PATH)", file=sys.stderr)
        return 2
    if not os.access(arguments.payform, os.X_OK):
        print(f"browser test: {arguments.payform} is not an executable payform binary", file=sys.stderr)
        return 2
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("browser test: Playwright for Python is not installed (Scripts/test/browser-test.sh makes its virtual environment)", file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="payform-browser-test-")
    try:
        with sync_playwright() as playwright:
            code = run(arguments, work, playwright)
        print("browser test: PASSED")
        return code
    except Failure as failure:
        print(f"browser test: FAILED: {failure}", file=sys.stderr)
        for name in ("sandbox.log", "sandbox-2.log"):
            path = os.path.join(work, name)
            if os.path.exists(path):
                print(f"--- {name} (last lines)\n{tail(path)}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
