#!/usr/bin/env python3
"""The real-browser check: the example web client (Examples/web) runs the card flow in headless
Chromium against `payform sandbox`, from a second origin, and the encrypted payload it produced is
then checked by the sandbox's payments endpoint, as a merchant's server would forward it.

Usage: Scripts/browser-test.py --payform .build/debug/payform [--chromium PATH] [--timeout 90]

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

The page writes its outcome into its DOM (#outcome) and posts the same JSON to /outcome on its
own origin, which this script serves; that is how the result is read. Every process started here
is stopped on the way out (also on failure or Ctrl-C). Exit status: 0 passed, 1 failed, 2 usage or
setup problem (no Chromium: the shell wrapper Scripts/browser-test.sh decides about skipping).
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE_FOLDER = os.path.join(ROOT, "Examples", "web")


class Failure(Exception):
    """A check failed; the message says which and what was seen."""


class PageServer:
    """The page's origin: serves Examples/web and takes the page's POST /outcome."""

    def __init__(self):
        self.outcomes = []
        self.arrived = threading.Condition()
        owner = self

        class Handler(SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=PAGE_FOLDER, **kwargs)

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(min(length, 1 << 20))
                if self.path != "/outcome":
                    self.send_error(404)
                    return
                with owner.arrived:
                    owner.outcomes.append(body)
                    owner.arrived.notify_all()
                self.send_response(204)
                self.end_headers()

            def log_message(self, format, *args):  # quiet: the outcome is what matters
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def wait_for_outcome(self, count, timeout):
        deadline = time.monotonic() + timeout
        with self.arrived:
            while len(self.outcomes) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.arrived.wait(remaining)
            return json.loads(self.outcomes[count - 1])

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Sandbox:
    """`payform sandbox` as a process, and the four values of its first line."""

    def __init__(self, payform, allow_origin, log_path):
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(
            [payform, "sandbox", "--allow-origin", allow_origin],
            stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL, text=True)
        line = self._first_line(timeout=60)
        if not line:
            raise Failure(f"payform sandbox printed no first line within 60 s (log: {log_path})")
        self.info = json.loads(line)

    def _first_line(self, timeout):
        result = []
        reader = threading.Thread(target=lambda: result.append(self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        return result[0].strip() if result else ""

    def payments(self, product_id, encrypted):
        """The merchant server's call: POST /sandbox/v1/payments (loopback only, no CORS)."""
        url = self.info["clientApiUrl"].rsplit("/client", 1)[0] + "/sandbox/v1/payments"
        body = json.dumps({"paymentProductId": product_id, "encryptedCustomerInput": encrypted}).encode()
        request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def stop(self):
        """SIGTERM, as a user's Ctrl-C; the sandbox exits 0."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.log.close()
        return self.process.returncode


class Browser:
    """Headless Chromium on one URL, in its own process group so all its helpers end with it."""

    def __init__(self, chromium, url, profile, log_path):
        self.log = open(log_path, "w")
        flags = [
            "--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--mute-audio", f"--user-data-dir={profile}",
        ]
        if os.geteuid() == 0:
            flags.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox
        self.process = subprocess.Popen([chromium] + flags + [url], stdout=subprocess.DEVNULL, stderr=self.log,
                                        stdin=subprocess.DEVNULL, start_new_session=True)

    def stop(self):
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.process.wait(5)
        self.log.close()


def page_url(server, info, **extra):
    query = dict(info, locale="fr_FR", auto="1", report="1", **extra)
    return f"{server.origin}/index.html?{urllib.parse.urlencode(query)}"


def expect(condition, message):
    if not condition:
        raise Failure(message)


def tail(path, lines=25):
    try:
        with open(path, errors="replace") as file:
            return "".join(file.readlines()[-lines:])
    except OSError:
        return "(no log)"


def run(arguments, work):
    server = PageServer()
    started = []  # (kind, object) to stop in reverse order
    try:
        print(f"page origin {server.origin}")
        # 1. The card flow from an allowed origin.
        sandbox = Sandbox(arguments.payform, server.origin, os.path.join(work, "sandbox.log"))
        started.append(sandbox)
        print(f"sandbox {sandbox.info['clientApiUrl']} (allows {server.origin})")
        expect(sandbox.info["clientApiUrl"].endswith("/client"), f"the printed clientApiUrl has a version: {sandbox.info['clientApiUrl']}")
        browser = Browser(arguments.chromium, page_url(server, sandbox.info), os.path.join(work, "profile-1"),
                          os.path.join(work, "chromium-1.log"))
        started.append(browser)
        outcome = server.wait_for_outcome(1, arguments.timeout)
        browser.stop()
        expect(outcome is not None, f"the page reported nothing within {arguments.timeout} s; Chromium said:\n"
               + tail(os.path.join(work, "chromium-1.log")))
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
        code = sandbox.stop()
        started.remove(sandbox)
        expect(code == 0, f"payform sandbox exited {code} on SIGTERM")

        # 3. A sandbox that allows another origin only: the browser refuses the page's calls.
        other = Sandbox(arguments.payform, "http://127.0.0.1:1", os.path.join(work, "sandbox-2.log"))
        started.append(other)
        browser = Browser(arguments.chromium, page_url(server, other.info), os.path.join(work, "profile-2"),
                          os.path.join(work, "chromium-2.log"))
        started.append(browser)
        refused = server.wait_for_outcome(2, arguments.timeout)
        browser.stop()
        expect(refused is not None, f"the page reported nothing within {arguments.timeout} s (refused origin)")
        expect(refused.get("status") == "error" and refused.get("step") == "products",
               f"a page of an origin the sandbox does not allow was not refused by the browser: {refused}")
        print(f"another origin: the browser refused the call ({refused.get('message')})")
        return 0
    finally:
        for item in reversed(started):
            item.stop()
        server.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--payform", required=True, help="the payform binary")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome"))
    parser.add_argument("--timeout", type=float, default=90, help="seconds the page may take (default 90)")
    arguments = parser.parse_args()
    if not arguments.chromium:
        print("browser test: no Chromium found (give --chromium PATH)", file=sys.stderr)
        return 2
    if not os.access(arguments.payform, os.X_OK):
        print(f"browser test: {arguments.payform} is not an executable payform binary", file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="payform-browser-test-")
    try:
        code = run(arguments, work)
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
