#!/usr/bin/env python3
"""The real-browser check: the example web client (Examples/client-api) runs the card flow in headless
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
  4. The 3-D Secure page of the sandbox's Server API, in the browser: a payment with the challenge
     test card (created as a merchant's server does, signed with v1HMAC) redirects to the sandbox's
     page; Chromium (driven over its DevTools pipe) presses "Complete authentication" for one
     payment and "Fail authentication" for another; each lands on the shop's returnUrl (the page's
     origin) with RETURNMAC and the payment id, and the payment is then authorised or REJECTED.

The page writes its outcome into its DOM (#outcome) and posts the same JSON to /outcome on its
own origin, which this script serves; that is how the result is read. Every process started here
is stopped on the way out (also on failure or Ctrl-C). Exit status: 0 passed, 1 failed, 2 usage or
setup problem (no Chromium: the shell wrapper Scripts/browser-test.sh decides about skipping).
"""

import argparse
import base64
import email.utils
import fcntl
import hashlib
import hmac
import json
import os
import shutil
import signal
import select
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
PAGE_FOLDER = os.path.join(ROOT, "Examples", "client-api")


class Failure(Exception):
    """A check failed; the message says which and what was seen."""


class PageServer:
    """The page's origin: serves Examples/client-api and takes the page's POST /outcome."""

    def __init__(self):
        self.outcomes = []
        self.returns = []
        self.arrived = threading.Condition()
        owner = self

        class Handler(SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=PAGE_FOLDER, **kwargs)

            def do_GET(self):
                # The shop's return page after 3-D Secure: record where the browser came back with.
                if not self.path.startswith("/return"):
                    super().do_GET()
                    return
                with owner.arrived:
                    owner.returns.append(urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query))
                    owner.arrived.notify_all()
                body = b"<!DOCTYPE html><title>Back at the shop</title><p id='back'>back at the shop</p>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

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

    def wait_for_return(self, count, timeout):
        deadline = time.monotonic() + timeout
        with self.arrived:
            while len(self.returns) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.arrived.wait(remaining)
            return self.returns[count - 1]

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

    def server_api(self, method, path, body=None):
        """A Server API call signed as the official server SDKs sign it (v1HMAC)."""
        api = self.info["serverApi"]
        date = email.utils.formatdate(usegmt=True)
        content_type = "application/json" if body is not None else ""
        signed = f"{method}\n{content_type}\n{date}\n{path}\n"
        signature = base64.b64encode(hmac.new(api["secretApiKey"].encode(), signed.encode(), hashlib.sha256).digest()).decode()
        headers = {"Date": date, "Authorization": f"GCS v1HMAC:{api['apiKeyId']}:{signature}"}
        if body is not None:
            headers["Content-Type"] = content_type
        request = urllib.request.Request(api["apiEndpoint"] + path, data=None if body is None else json.dumps(body).encode(),
                                         headers=headers, method=method)
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


class DevToolsBrowser:
    """Headless Chromium driven over its DevTools pipe (`--remote-debugging-pipe`: it reads
    NUL-terminated JSON commands on descriptor 3 and writes answers and events on descriptor 4),
    so a script can press a page's buttons as a user would."""

    def __init__(self, chromium, profile, log_path):
        self.log = open(log_path, "w")
        commands_read, self.commands = os.pipe()
        self.answers, answers_write = os.pipe()

        def descriptors():
            # Above the descriptors in use first, so neither lands on the other's target.
            high_read = fcntl.fcntl(commands_read, fcntl.F_DUPFD, 10)
            high_write = fcntl.fcntl(answers_write, fcntl.F_DUPFD, 10)
            os.dup2(high_read, 3)
            os.dup2(high_write, 4)

        flags = [
            "--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--mute-audio", f"--user-data-dir={profile}", "--remote-debugging-pipe",
        ]
        if os.geteuid() == 0:
            flags.append("--no-sandbox")
        self.process = subprocess.Popen([chromium] + flags + ["about:blank"], stdout=subprocess.DEVNULL, stderr=self.log,
                                        stdin=subprocess.DEVNULL, start_new_session=True, close_fds=False, preexec_fn=descriptors)
        os.close(commands_read)
        os.close(answers_write)
        self.next_id = 0
        self.buffer = b""

    def call(self, method, params=None, session=None, timeout=30):
        """Sends one command and returns its result (events in between are skipped)."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self.next_id:
                    if "error" in answer:
                        raise Failure(f"DevTools {method}: {answer['error']}")
                    return answer.get("result", {})
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise Failure(f"DevTools {method}: no answer within {timeout} s")
            ready, _, _ = select.select([self.answers], [], [], remaining)
            if ready:
                chunk = os.read(self.answers, 1 << 16)
                if not chunk:
                    raise Failure(f"DevTools {method}: Chromium closed its pipe")
                self.buffer += chunk

    def open(self, url):
        """A new tab on `url`; its DevTools session."""
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        return self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, session, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "userGesture": True}, session)
        return result.get("result", {}).get("value")

    def wait_for(self, session, expression, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if self.evaluate(session, expression):
                    return True
            except Failure:
                pass  # a navigation in between: ask again
            time.sleep(0.1)
        return False

    def stop(self):
        if self.process.poll() is None:
            try:
                self.call("Browser.close", timeout=5)
            except Failure:
                pass
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.process.wait(5)
        for descriptor in (self.commands, self.answers):
            try:
                os.close(descriptor)
            except OSError:
                pass
        self.log.close()


def challenge_in_browser(arguments, work, server, sandbox, browser):
    """Step 4: the 3-D Secure page's two buttons, pressed in Chromium."""
    merchant = sandbox.info["serverApi"]["merchantId"]
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
        session = browser.open(redirect["redirectURL"])
        expect(browser.wait_for(session, "!!document.getElementById('complete') && !!document.getElementById('fail')", 30),
               "the 3-D Secure page did not show its two buttons in Chromium")
        browser.evaluate(session, f"document.getElementById('{button}').click(); true")
        back = server.wait_for_return(index, arguments.timeout)
        expect(back is not None, f"after '{button}' the browser did not come back to the shop within {arguments.timeout} s")
        expect(back.get("RETURNMAC") == [redirect["RETURNMAC"]] and back.get("paymentId") == [payment_id]
               and back.get("order") == [str(index)], f"the browser came back with {back}")
        expect(browser.wait_for(session, "location.pathname === '/return' && document.readyState === 'complete'", 30),
               "Chromium did not show the shop's return page")
        status, payment = sandbox.server_api("GET", f"/v2/{merchant}/payments/{payment_id}")
        expect(status == 200 and payment["status"] == final, f"after '{button}' the payment is {payment.get('status')}, not {final}")
        print(f"3-D Secure page in Chromium: '{button}' -> back at the shop's returnUrl with RETURNMAC and the payment id; payment {final}")


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

        # 4. The Server API's 3-D Secure page, its buttons pressed in the browser.
        driven = DevToolsBrowser(arguments.chromium, os.path.join(work, "profile-3"), os.path.join(work, "chromium-3.log"))
        started.append(driven)
        challenge_in_browser(arguments, work, server, sandbox, driven)
        driven.stop()
        started.remove(driven)
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
