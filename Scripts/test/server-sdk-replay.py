#!/usr/bin/env python3
"""Replays the recorded exchanges of the official Java server SDKs against `payform sandbox`.

Usage: Scripts/test/server-sdk-replay.py --payform .build/debug/payform [--recording FILE] [--chromium PATH] [--rerecord OUT]

Tests/ServerAPIRecordings/java-sdks.jsonl holds, one JSON object a line, what the Connect Java SDK
9.3.0 (/v1) and the Online Payments Java SDK 7.4.1 (/v2) sent to the sandbox while their flows ran
(create -> capture -> refund, cancel, hosted checkout paid in Chromium, tokens, idempotence,
webhooks, every operation once): the request (method, path, headers without Date and
Authorization, body) and the answer (status, content type, body). CI cannot build those SDKs (no
Maven repository), so it replays their requests instead:

- each request is sent again, signed anew with v1HMAC and a fresh Date (the signature covers the
  recorded X-GCS-* headers, content type and path as they were);
- ids the sandbox handed out when recorded (payments, captures, refunds, tokens, hosted
  checkouts, mandates, ...) are mapped to the ones it hands out now, by comparing each recorded
  answer with the live one member by member;
- each answer must have the recorded status and shape (the same members, recursively; values
  may differ), and be JSON where it was;
- actions between calls are done again: `pay-hosted-checkout` pays the checkout in Chromium
  (Scripts/test/pay-hosted-checkout.py; without Playwright or Chromium, by posting what the page's form
  would post), and requests between `concurrent-begin` and `concurrent-end` are sent at once;
- the webhooks the sandbox posts meanwhile are received and their X-GCS-Signature checked
  (HMAC-SHA256 of the body under the webhook secret, base64: what both SDKs' WebhooksHelper check).

Prints one line per failure and a summary `N passed, N failed`. Exit 0 when all match, 1 otherwise,
2 on a usage or setup problem.

`--rerecord OUT` writes the recording again with the sandbox's answers of now: each request as the
Java SDK sent it, its ids replaced by the ones the sandbox handed out in this run, and the live
answer (a group sent at once keeps its recorded answers, ids replaced). For a change of the
sandbox's answers that is meant (new ids, new members); review the diff, then replay the new file.
An id is mapped once, by the first answer that shows it.
"""

import argparse
import base64
import email.utils
import hashlib
import hmac
import html.parser
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from lib.pages import PageServer  # noqa: E402
from lib.sandbox import Sandbox  # noqa: E402

# The sandbox's ids: Connect's 30-digit payments, captures and refunds (a refund's effort is
# negative: `...000-100001`), Online Payments' `<10 digits>_<operation>`, the others' own shapes.
ID = re.compile(r"^(sandbox[0-9a-z-]+|[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9-]{30}|[0-9]{10}_[0-9]{1,6})$")


class Listener:
    """The shop on loopback (Scripts/lib/pages.py): /return for hosted checkouts and 3-D Secure,
    /webhooks for events, each event's X-GCS-Signature checked with the sandbox's webhook secret."""

    def __init__(self, secret):
        self.events, self.bad = [], []

        def returned(handler):
            handler.reply(200, b"<p>back at the shop</p>", "text/html")
            return True

        def webhook(handler, body):
            expected = base64.b64encode(hmac.new(secret.encode(), body, hashlib.sha256).digest()).decode()
            if hmac.compare_digest(expected, handler.headers.get("X-GCS-Signature") or ""):
                self.events.append(json.loads(body))
            else:
                self.bad.append(body[:80])
            handler.reply(204)
            return True

        self.pages = PageServer(get=returned, post=webhook)
        self.port = self.pages.port

    def close(self):
        self.pages.stop()


def shape(value):
    """The members of a JSON value, recursively, without the values."""
    if isinstance(value, dict):
        return {key: shape(member) for key, member in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return type(value).__name__ if value is not None else None


def differences(recorded, live, path="$"):
    if isinstance(recorded, dict) and isinstance(live, dict):
        out = [f"{path}.{key}: missing" for key in recorded if key not in live]
        out += [f"{path}.{key}: extra" for key in live if key not in recorded]
        for key in recorded:
            if key in live:
                out += differences(recorded[key], live[key], f"{path}.{key}")
        return out
    if isinstance(recorded, list) and isinstance(live, list):
        if len(recorded) != len(live):
            return [f"{path}: {len(recorded)} items recorded, {len(live)} now"]
        return [line for index, pair in enumerate(zip(recorded, live)) for line in differences(*pair, f"{path}[{index}]")]
    if shape(recorded) != shape(live) and not (isinstance(recorded, (int, float)) and isinstance(live, (int, float))):
        return [f"{path}: {shape(recorded)} recorded, {shape(live)} now"]
    return []


def learn(recorded, live, ids):
    """Maps the ids of a recorded answer to those of the live one, member by member."""
    if isinstance(recorded, dict) and isinstance(live, dict):
        for key in recorded:
            if key in live:
                learn(recorded[key], live[key], ids)
    elif isinstance(recorded, list) and isinstance(live, list):
        for pair in zip(recorded, live):
            learn(*pair, ids)
    elif isinstance(recorded, str) and isinstance(live, str) and recorded != live and ID.match(recorded) and ID.match(live):
        # The first answer that shows an id maps it, to an id (not to Connect's 20-digit
        # additionalReference): Online Payments answers a cancel under the cancel's own id, which
        # must not take the payment's place.
        ids.setdefault(recorded, live)


def substitute(text, ids):
    if not text:
        return text
    for old in sorted(ids, key=len, reverse=True):
        text = text.replace(old, ids[old])
    return text


class Replay:
    def __init__(self, payform, api, webhook_port, chromium, python):
        self.payform, self.api, self.chromium, self.python = payform, api, chromium, python
        self.host = api["apiEndpoint"].split("//")[1]
        self.ids = {}
        self.shop = f"http://127.0.0.1:{webhook_port}/return"
        self.passed, self.failures = 0, []
        self.rerecorded = []

    def send(self, request):
        path = substitute(request["path"], self.ids)
        body = request.get("body")
        raw = base64.b64decode(request["bodyBase64"]) if request.get("bodyBase64") else None
        if body is not None:
            body = re.sub(r"http://127\.0\.0\.1:\d+/return", self.shop, substitute(body, self.ids))
            raw = body.encode()
        headers = dict(request["headers"])
        date = email.utils.formatdate(usegmt=True)
        content_type = headers.get("Content-Type", "")
        gcs = sorted((name.lower(), value) for name, value in headers.items() if name.lower().startswith("x-gcs"))
        text = f"{request['method']}\n{content_type}\n{date}\n" + "".join(f"{name}:{value}\n" for name, value in gcs) + path + "\n"
        signature = base64.b64encode(hmac.new(self.api["secretApiKey"].encode(), text.encode(), hashlib.sha256).digest()).decode()
        headers.update({"Date": date, "Authorization": f"GCS v1HMAC:{self.api['apiKeyId']}:{signature}", "Host": self.host})
        headers.pop("Accept-Encoding", None)
        connection = http.client.HTTPConnection(self.host, timeout=60)
        connection.request(request["method"], path, body=raw, headers=headers)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, response.getheader("Content-Type"), data

    def check(self, index, exchange, status, content_type, data):
        recorded = exchange["response"]
        label = f"#{index} {exchange['request']['method']} {exchange['request']['path']}"
        problems = []
        if status != recorded["status"]:
            problems.append(f"status {status}, recorded {recorded['status']}")
        live = None
        if recorded["contentType"] and recorded["contentType"].startswith("application/json"):
            try:
                live = json.loads(data) if data else None
            except ValueError:
                problems.append("the answer is not JSON")
        if live is not None or recorded["body"] is None:
            problems += differences(recorded["body"], live)[:5]
            learn(recorded["body"], live, self.ids)
        if problems:
            self.failures.append(f"{label}: " + "; ".join(problems))
        else:
            self.passed += 1

    def pay(self, checkout_id):
        checkout_id = self.ids.get(checkout_id, checkout_id)
        url = f"{self.api['apiEndpoint']}/sandbox/v1/hostedcheckouts/{checkout_id}"
        if self.chromium:
            result = subprocess.run([self.python, os.path.join(os.path.dirname(__file__), "pay-hosted-checkout.py"), "--chromium", self.chromium, url],
                                    capture_output=True, text=True, timeout=120)
            if result.returncode == 0:
                self.passed += 1
                return
            self.failures.append(f"paying hosted checkout in Chromium: {result.stderr.strip()[:300]}")
            return
        # No browser: what the page's form posts, encrypted by payform for the checkout's session.
        with urllib.request.urlopen(url, timeout=30) as answer:
            page = answer.read().decode()
        config = json.loads(html.unescape(re.search(r'data-config="([^"]*)"', page).group(1)))
        work = tempfile.mkdtemp()
        session_file = os.path.join(work, "session.json")
        json.dump(config["session"], open(session_file, "w"))
        key = subprocess.run([self.payform, "fetch", "public-key", "--session", session_file], capture_output=True, text=True, check=True).stdout
        open(os.path.join(work, "key.json"), "w").write(key)
        prepared = json.loads(subprocess.run(
            [self.payform, "prepare", "--product", "sample:visa", "--values", "-", "--public-key", os.path.join(work, "key.json"),
             "--client-session-id", config["session"]["clientSessionId"]],
            input='{"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}', capture_output=True, text=True, check=True).stdout)
        request = urllib.request.Request(f"{url}/pay", data=json.dumps({"encryptedCustomerInput": prepared["encryptedFields"]}).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=30) as answer:
            self.passed += 1 if answer.status == 200 else 0

    def run(self, exchanges):
        concurrent = None
        for index, exchange in enumerate(exchanges):
            if "action" in exchange:
                self.rerecorded.append(json.loads(substitute(json.dumps(exchange), self.ids)))
                if exchange["action"] == "pay-hosted-checkout":
                    self.pay(exchange["id"])
                elif exchange["action"] == "concurrent-begin":
                    concurrent = []
                elif exchange["action"] == "concurrent-end" and concurrent is not None:
                    self.run_together(concurrent)
                    concurrent = None
                continue
            if concurrent is not None:
                concurrent.append((index, exchange))
                self.rerecorded.append(json.loads(substitute(json.dumps(exchange), self.ids)))
                continue
            answer = self.send(exchange["request"])
            sent = json.loads(substitute(json.dumps(exchange["request"]), self.ids))
            self.check(index, exchange, *answer)
            self.rerecord(exchange, sent, *answer)

    def rerecord(self, exchange, sent, status, content_type, data):
        """The exchange as it happened now: the request with live ids, the live answer."""
        recorded = exchange["response"]
        body = recorded["body"]
        if recorded["contentType"] and recorded["contentType"].startswith("application/json"):
            try:
                body = json.loads(data) if data else None
            except ValueError:
                body = data.decode("utf-8", "replace")
        self.rerecorded.append({"request": sent, "response": {"body": body, "contentType": content_type or recorded["contentType"], "status": status}})

    def run_together(self, group):
        """Sends a group at once (staggered by 0.3 s, as recorded) and compares the statuses as a set."""
        answers = []

        def one(exchange):
            answers.append(self.send(exchange["request"]))

        threads = []
        for _, exchange in group:
            thread = threading.Thread(target=one, args=(exchange,))
            thread.start()
            threads.append(thread)
            threading.Event().wait(0.3)
        for thread in threads:
            thread.join(60)
        recorded = sorted(exchange["response"]["status"] for _, exchange in group)
        live = sorted(status for status, _, _ in answers)
        if recorded == live:
            self.passed += len(group)
        else:
            self.failures.append(f"concurrent group #{group[0][0]}: statuses {live}, recorded {recorded}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--payform", required=True)
    parser.add_argument("--recording", default=os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "ServerAPIRecordings", "java-sdks.jsonl"))
    parser.add_argument("--chromium", help="pay hosted checkouts in this Chromium (needs Playwright)")
    parser.add_argument("--rerecord", metavar="OUT", help="write the recording again with this run's answers and ids (see above)")
    arguments = parser.parse_args()
    exchanges = [json.loads(line) for line in open(arguments.recording) if line.strip()]
    secret = "sandbox-webhook-secret-NOT-FOR-PRODUCTION-00000000"
    listener = Listener(secret)
    sandbox = None
    try:
        sandbox = Sandbox(arguments.payform, ["--webhook-url", f"http://127.0.0.1:{listener.port}/webhooks"])
        replay = Replay(arguments.payform, sandbox.api, listener.port, arguments.chromium, sys.executable)
        replay.run(exchanges)
        threading.Event().wait(1)
        if listener.bad or len(listener.events) < 20:
            replay.failures.append(f"webhooks: {len(listener.events)} verified, {len(listener.bad)} with a bad signature")
        else:
            replay.passed += 1
        for failure in replay.failures:
            print(f"server SDK replay: FAILED {failure}")
        served = sum(1 for exchange in exchanges if "request" in exchange and not (exchange["response"]["status"] == 404
                     and "SANDBOX_NO_SUCH_ROUTE" in json.dumps(exchange["response"]["body"])))
        print(f"server SDK replay: {len([e for e in exchanges if 'request' in e])} recorded Java SDK requests, {served} on a served route, "
              f"{len(listener.events)} webhooks verified")
        print(f"{replay.passed} passed, {len(replay.failures)} failed")
        if arguments.rerecord:
            with open(arguments.rerecord, "w") as out:
                for exchange in replay.rerecorded:
                    out.write(json.dumps(exchange, sort_keys=True) + "\n")
            print(f"server SDK replay: {len(replay.rerecorded)} exchanges written to {arguments.rerecord}")
        return 0 if not replay.failures else 1
    finally:
        if sandbox:
            sandbox.stop()
        listener.close()


if __name__ == "__main__":
    sys.exit(main())
