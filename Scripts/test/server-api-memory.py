#!/usr/bin/env python3
"""The Server API's memory bound, held: `payform sandbox` through the loops of the fourth security
review and through loops that fill every store with the largest entries it takes, its resident
memory (VmRSS, and the peak VmHWM) read from /proc after each loop and checked against a bound.

Usage: Scripts/test/server-api-memory.py --payform BINARY [--limit-mb 300] [--fill 11000] [--big 300]

Loops (each bounded in count; the sandbox runs on a free loopback port and is stopped at the end):
  1. sessions whose body holds a 1 MB `tokens` entry, each with its own idempotence key (413);
  2. payments whose `merchantReference` is 1 MB (413), then 60 KB with an idempotence key (400);
  then on each platform (/v1 and /v2, kept apart), each request with an idempotence key:
  3. sessions with 100 tokens of 64 characters (answers of ~7 KB kept for replays: the
     idempotence store's byte bound);
  4. hosted checkouts with a 2 KB returnUrl;
  5. payments (card data sent by the server) with the longest merchantReference;
  6. tokens with a 64-character cardholder name;
  7. mandates with 2 KB references (the other objects' store).
Loops 3-7 run past the 10,000-entry bound (--fill). Prints one line per loop and
`N passed, N failed` (the bound checked after each loop); exit 1 past the bound.
"""

import argparse
import base64
import email.utils
import hashlib
import hmac
import http.client
import json
import subprocess
import sys
import time


def rss(pid):
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(("VmRSS", "VmHWM")):
                name, value = line.split(":")
                values[name] = int(value.split()[0]) // 1024
    return values["VmRSS"], values["VmHWM"]


class Client:
    def __init__(self, api):
        self.api = api
        self.host = api["apiEndpoint"].split("//")[1]
        self.connection = http.client.HTTPConnection(self.host, timeout=60)

    def call(self, method, path, body=None, key=None):
        date = email.utils.formatdate(usegmt=True)
        headers = {"Date": date, "Host": self.host}
        gcs = ""
        if key:
            headers["X-GCS-Idempotence-Key"] = key
            gcs = f"x-gcs-idempotence-key:{key}\n"
        data = None
        content_type = ""
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            content_type = "application/json"
            headers["Content-Type"] = content_type
        text = f"{method}\n{content_type}\n{date}\n{gcs}{path}\n"
        signature = base64.b64encode(hmac.new(self.api["secretApiKey"].encode(), text.encode(), hashlib.sha256).digest()).decode()
        headers["Authorization"] = f"GCS v1HMAC:{self.api['apiKeyId']}:{signature}"
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.connection.close()
                    self.connection = http.client.HTTPConnection(self.host, timeout=60)
                return response.status
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()
                self.connection = http.client.HTTPConnection(self.host, timeout=60)
        return 0


def pay(client, version, merchant, index, longest, card):
    """A payment with the longest reference the platform takes, with an idempotence key."""
    body = {"order": {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}, "references": {"merchantReference": f"{index:010d}".ljust(longest, "m")}},
            "cardPaymentMethodSpecificInput": {"paymentProductId": 1, "card": card}}
    status = client.call("POST", f"/{version}/{merchant}/payments", body, key=f"p-{version}-{index}")
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--payform", required=True)
    parser.add_argument("--limit-mb", type=int, default=300, help="the resident memory the sandbox must stay under (MB)")
    parser.add_argument("--fill", type=int, default=11_000, help="requests of each filling loop (past the 10,000 entries)")
    parser.add_argument("--big", type=int, default=300, help="requests of each 1 MB loop")
    arguments = parser.parse_args()
    sandbox = subprocess.Popen([arguments.payform, "sandbox"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True)
    passed, failed = 0, 0
    try:
        api = json.loads(sandbox.stdout.readline())["serverApi"]
        client = Client(api)
        merchant = api["merchantId"]
        print(f"server API memory: start {rss(sandbox.pid)[0]} MB resident, bound {arguments.limit_mb} MB")
        megabyte = "t" * 1_000_000
        long_url = "https://shop.example/return?" + "q" * 2000
        loops = [
            ("sessions with a 1 MB tokens entry and a key", arguments.big, {413},
             lambda i: client.call("POST", f"/v1/{merchant}/sessions", json.dumps({"tokens": [megabyte]}).encode(), key=f"big-session-{i}")),
            ("payments with a 1 MB merchantReference", arguments.big, {413},
             lambda i: client.call("POST", f"/v2/{merchant}/payments", {"order": {"amountOfMoney": {"amount": 1, "currencyCode": "EUR"},
                                                                          "references": {"merchantReference": megabyte}}}, key=f"big-ref-{i}")),
            ("payments with a 60 KB merchantReference and a key", arguments.big, {400},
             lambda i: client.call("POST", f"/v2/{merchant}/payments", {"order": {"amountOfMoney": {"amount": 1, "currencyCode": "EUR"},
                                                                          "references": {"merchantReference": "r" * 60_000}}}, key=f"ref-{i}")),
        ]
        card = {"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}
        for version, longest in [("v1", 50), ("v2", 40)]:
            loops += [
                (f"{version} sessions with 100 tokens of 64 characters and a key", arguments.fill, {201},
                 lambda i, v=version: client.call("POST", f"/{v}/{merchant}/sessions", {"tokens": [f"{i:08d}" + "t" * 56] * 100}, key=f"s-{v}-{i}")),
                (f"{version} hosted checkouts with a 2 KB returnUrl and a key", arguments.fill, {201},
                 lambda i, v=version: client.call("POST", f"/{v}/{merchant}/hostedcheckouts", {
                     "order": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}, "references": {"merchantReference": "h" * 40}},
                     "hostedCheckoutSpecificInput": {"returnUrl": long_url}}, key=f"h-{v}-{i}")),
                (f"{version} payments with the longest merchantReference and a key", arguments.fill, {201},
                 lambda i, v=version, n=longest: pay(client, v, merchant, i, n, card)),
                (f"{version} tokens with a 64-character name and a key", arguments.fill, {201},
                 lambda i, v=version: client.call("POST", f"/{v}/{merchant}/tokens", {
                     "paymentProductId": 1, "card": {"data": {"cardWithoutCvv": {"cardNumber": "4111111111111111", "cardholderName": "n" * 64}}}},
                     key=f"t-{v}-{i}")),
                (f"{version} mandates with long references and a key", arguments.fill, {201},
                 lambda i, v=version: client.call("POST", f"/{v}/{merchant}/mandates", {"customerReference": "c" * 2000, "alias": "a" * 2000},
                                                  key=f"m-{v}-{i}")),
            ]
        for name, count, expected, send in loops:
            started = time.monotonic()
            statuses = {}
            for index in range(count):
                status = send(index)
                statuses[status] = statuses.get(status, 0) + 1
            now, peak = rss(sandbox.pid)
            seconds = time.monotonic() - started
            ok = peak < arguments.limit_mb and set(statuses) <= expected
            passed, failed = passed + ok, failed + (not ok)
            print(f"server API memory: {name}: {count} requests in {seconds:.1f} s, statuses {statuses}; "
                  f"resident {now} MB, peak {peak} MB{'' if ok else '  <-- FAILED'}")
    finally:
        sandbox.terminate()
        sandbox.wait(10)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
