#!/usr/bin/env python3
"""The webhook sender's memory bound, held: `payform sandbox --webhook-url` pointed at a receiver
that answers 200 at once and then streams its body without end (for --seconds), while payments
and captures fire webhooks; the sandbox's resident memory (VmRSS, and the peak VmHWM) read from
/proc twice a second and checked against a bound.

Usage: Scripts/test/webhook-memory.py --payform BINARY [--seconds 20] [--limit-mb 150]

The receiver answers each post in turn in one of three ways, all endless: chunked, a
`Content-Length` of 1 TB, and a body that ends only when the connection closes. A sender that
reads the answer beyond its head (URLSession's data task buffers the whole body) grows by the
receiver's speed; one that reads only the head costs the same whatever the receiver sends.
Prints the figures and `PASSED`/`FAILED`; exit 1 past the bound, or when no webhook arrived (the
check would prove nothing), or when the sandbox stopped answering.
"""

import argparse
import base64
import email.utils
import hashlib
import hmac
import http.client
import json
import socket
import subprocess
import sys
import threading
import time


def memory(pid):
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(("VmRSS", "VmHWM")):
                name, value = line.split(":")
                values[name] = int(value.split()[0]) // 1024
    return values["VmRSS"], values["VmHWM"]


class Receiver:
    """A webhook receiver on a free loopback port that answers 200 and streams its body without end."""

    HEADS = [
        b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000000000000\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n",
    ]

    def __init__(self, seconds):
        self.until = time.monotonic() + seconds
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.posts = 0
        self.streamed = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            with self.lock:
                mode = self.posts % len(self.HEADS)
                self.posts += 1
            threading.Thread(target=self._serve, args=(connection, mode), daemon=True).start()

    def _serve(self, connection, mode):
        chunk = b"x" * 65536
        framed = b"10000\r\n" + chunk + b"\r\n"
        try:
            connection.settimeout(30)
            data = b""
            while b"\r\n\r\n" not in data:
                more = connection.recv(65536)
                if not more:
                    return
                data += more
            connection.sendall(self.HEADS[mode])
            sent = 0
            while time.monotonic() < self.until:
                connection.sendall(framed if mode == 0 else chunk)
                sent += len(chunk)
        except OSError:
            pass  # the sender went away: what it should do
        finally:
            with self.lock:
                self.streamed += locals().get("sent", 0)
            connection.close()

    def close(self):
        self.listener.close()


class Client:
    """Server API calls, signed as the official SDKs sign them (v1HMAC), on one connection."""

    def __init__(self, api):
        self.api = api
        self.host = api["apiEndpoint"].split("//")[1]
        self.connection = http.client.HTTPConnection(self.host, timeout=30)

    def call(self, method, path, body=None):
        date = email.utils.formatdate(usegmt=True)
        headers = {"Date": date, "Host": self.host}
        content_type = "application/json" if body is not None else ""
        if body is not None:
            headers["Content-Type"] = content_type
        signed = f"{method}\n{content_type}\n{date}\n{path}\n"
        signature = base64.b64encode(hmac.new(self.api["secretApiKey"].encode(), signed.encode(), hashlib.sha256).digest()).decode()
        headers["Authorization"] = f"GCS v1HMAC:{self.api['apiKeyId']}:{signature}"
        try:
            self.connection.request(method, path, body=None if body is None else json.dumps(body).encode(), headers=headers)
            response = self.connection.getresponse()
            answer = response.read()
            if response.getheader("Connection", "").lower() == "close":
                self.connection.close()
                self.connection = http.client.HTTPConnection(self.host, timeout=30)
            return response.status, json.loads(answer or b"null")
        except (http.client.HTTPException, OSError, ValueError):
            self.connection.close()
            self.connection = http.client.HTTPConnection(self.host, timeout=30)
            return 0, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--payform", required=True)
    parser.add_argument("--seconds", type=float, default=20, help="how long the receiver streams and payments fire (default 20)")
    parser.add_argument("--limit-mb", type=int, default=150, help="the resident memory the sandbox must stay under (MB)")
    arguments = parser.parse_args()
    receiver = Receiver(arguments.seconds)
    sandbox = subprocess.Popen([arguments.payform, "sandbox", "--webhook-url", f"http://127.0.0.1:{receiver.port}/webhooks"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True)
    failures = []
    try:
        api = json.loads(sandbox.stdout.readline())["serverApi"]
        client = Client(api)
        merchant = api["merchantId"]
        start_rss = memory(sandbox.pid)[0]
        print(f"webhook memory: start {start_rss} MB resident, bound {arguments.limit_mb} MB; the receiver streams for {arguments.seconds:.0f} s")
        card = {"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}
        body = {"order": {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}},
                "cardPaymentMethodSpecificInput": {"paymentProductId": 1, "card": card}}
        started = time.monotonic()
        payments, statuses, peak_rss, next_sample = 0, {}, 0, 0.0
        while time.monotonic() - started < arguments.seconds:
            status, answer = client.call("POST", f"/v2/{merchant}/payments", body)
            statuses[status] = statuses.get(status, 0) + 1
            if status == 201:
                payments += 1
                capture, _ = client.call("POST", f"/v2/{merchant}/payments/{answer['payment']['id']}/capture", {})
                statuses[capture] = statuses.get(capture, 0) + 1
            if time.monotonic() >= next_sample:
                peak_rss = max(peak_rss, memory(sandbox.pid)[0])
                next_sample = time.monotonic() + 0.5
            time.sleep(0.02)
        now, peak = memory(sandbox.pid)
        peak_rss = max(peak_rss, now)
        seconds = time.monotonic() - started
        alive, _ = client.call("GET", f"/v2/{merchant}/payments/none")
        with receiver.lock:
            posts, streamed = receiver.posts, receiver.streamed
        print(f"webhook memory: {payments} payments and captures in {seconds:.1f} s (statuses {statuses}); the receiver took {posts} posts "
              f"and streamed {streamed / 1e6:.0f} MB into them; sandbox resident {now} MB now, {peak_rss} MB at most sampled, peak (VmHWM) {peak} MB")
        if peak >= arguments.limit_mb:
            failures.append(f"the sandbox's peak resident memory {peak} MB is past the bound {arguments.limit_mb} MB")
        if posts == 0:
            failures.append("no webhook reached the receiver: the check proves nothing")
        if alive != 404:
            failures.append(f"the sandbox no longer answers (GET of an unknown payment: {alive})")
        if set(statuses) - {200, 201}:
            failures.append(f"calls failed: {statuses}")
    finally:
        sandbox.terminate()
        try:
            sandbox.wait(10)
        except subprocess.TimeoutExpired:
            sandbox.kill()
            sandbox.wait(5)
        receiver.close()
    for failure in failures:
        print(f"webhook memory: FAILED: {failure}")
    print("webhook memory: PASSED" if not failures else "webhook memory: FAILED")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
