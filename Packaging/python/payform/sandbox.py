"""`payform sandbox` from Python: started on a free port, its first line read, stopped.

    from payform.sandbox import Sandbox

    with Sandbox() as sandbox:                  # webhooks=True: a local receiver, verified posts
        sandbox.api_endpoint, sandbox.merchant_id, sandbox.api_key_id, sandbox.secret_api_key
        sandbox.webhooks.wait_for(lambda event: event.json["type"] == "payment.pending_capture")

The pytest plugin (payform.pytest_plugin) hands one to a whole test session as `payform_sandbox`.
"""
import base64
import email.utils
import hashlib
import hmac
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

__all__ = ["PayformNotFound", "SandboxError", "Sandbox", "Webhook", "WebhookReceiver", "find_payform"]

# The largest webhook body the receiver reads (the sandbox's are a few KiB).
MAX_WEBHOOK_BYTES = 1 << 20


class PayformNotFound(RuntimeError):
    """No `payform` binary where it was looked for (the message names each place)."""


class SandboxError(RuntimeError):
    """`payform sandbox` did not start (the message says why, with the end of its log)."""


def bundled_payform():
    """The binary this package ships (payform/bin/payform), or None when it has none."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "payform")
    return path if os.path.isfile(path) else None


def find_payform(explicit=None, environ=None):
    """The `payform` to run: `explicit`, else $PAYFORM, else the bundled one, else `payform` on PATH.

    A binary given (`explicit` or $PAYFORM) must be there: it is never passed over silently.
    Raises PayformNotFound naming every place looked at."""
    environ = os.environ if environ is None else environ
    for origin, path in (("the binary given", explicit), ("$PAYFORM", environ.get("PAYFORM"))):
        if path:
            if os.path.isfile(path) and os.access(path, os.X_OK):
                return path
            why = "not executable" if os.path.isfile(path) else "no such file"
            raise PayformNotFound(f"payform not found: {origin} is {path}: {why}")
    bundled = bundled_payform()
    if bundled and os.access(bundled, os.X_OK):
        return bundled
    on_path = shutil.which("payform", path=environ.get("PATH", os.defpath))
    if on_path:
        return on_path
    raise PayformNotFound(f"payform not found; looked at $PAYFORM (not set), the wheel's binary ({bundled or 'none'}), "
                          f"PATH ({environ.get('PATH', '')}). Install the payform wheel, set PAYFORM to the binary, or put payform on PATH.")


class Webhook:
    """One webhook post the receiver verified: `body` (bytes), `json` (its object), `headers` (dict)."""

    def __init__(self, body, headers):
        self.body = body
        self.headers = headers
        self.json = json.loads(body)

    def __repr__(self):
        return f"Webhook({self.json.get('type')!r}, id={self.json.get('id')!r})"


class WebhookReceiver:
    """A loopback HTTP endpoint for the sandbox's webhooks, checking each post's signature.

    `url` is what `--webhook-url` takes; `events` the verified posts in order; `rejected` the
    posts whose `X-GCS-KeyId` or `X-GCS-Signature` did not match (answered 401). The key is the
    sandbox's (`set_key` once its first line is read)."""

    def __init__(self):
        self.events = []
        self.rejected = []
        self._key = (None, None)
        self._changed = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                try:
                    length = int(self.headers.get("Content-Length", ""))
                except ValueError:
                    length = -1
                if not 0 <= length <= MAX_WEBHOOK_BYTES:
                    self.send_response(411 if length < 0 else 413)
                    self.end_headers()
                    return
                body = self.rfile.read(length)
                accepted = receiver._receive(body, self.headers)
                self.send_response(204 if accepted else 401)
                self.end_headers()

            def do_GET(self):  # a shop's return page, for redirects in tests
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/webhooks"
        self._thread = threading.Thread(target=self._server.serve_forever, name="payform-webhooks", daemon=True)
        self._thread.start()

    def set_key(self, key_id, secret):
        """The key id and secret the sandbox signs with (its first line's `webhooks`)."""
        self._key = (key_id, secret)

    def _receive(self, body, message):
        """Checks and keeps one post; `message` is its headers (looked up regardless of case)."""
        key_id, secret = self._key
        headers = dict(message)
        signature = message.get("X-GCS-Signature", "")
        expected = base64.b64encode(hmac.new((secret or "").encode(), body, hashlib.sha256).digest()).decode()
        verified = secret is not None and message.get("X-GCS-KeyId") == key_id and hmac.compare_digest(signature.encode("utf-8", "replace"), expected.encode())
        with self._changed:
            if verified:
                try:
                    self.events.append(Webhook(body, headers))
                except ValueError:
                    verified = False
            if not verified:
                self.rejected.append((body, headers))
            self._changed.notify_all()
        return verified

    def wait_for(self, predicate=lambda event: True, timeout=10):
        """The first verified event for which `predicate(event)` holds, waiting up to `timeout` s.

        Raises AssertionError listing the event types received when none came."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for event in self.events:
                    if predicate(event):
                        return event
                left = deadline - time.monotonic()
                if left <= 0:
                    types = [event.json.get("type") for event in self.events]
                    raise AssertionError(f"no matching webhook within {timeout} s; received {types}, rejected {len(self.rejected)}")
                self._changed.wait(left)

    def close(self):
        """Stops listening."""
        self._server.shutdown()
        self._server.server_close()


class Sandbox:
    """A running `payform sandbox` on a free port.

    `info` is its first line (a dict); `api_endpoint`, `merchant_id`, `api_key_id`,
    `secret_api_key` the Server API's (what an official server SDK is configured with);
    `client_session` the four values a client needs; `url` the origin; `webhooks` the
    WebhookReceiver (None with webhooks=False); `clock` the sandbox's test clock as its first line
    names it (`{"advanceUrl", "settle"}`; `advance_clock(seconds)` moves it on and settles what is
    due); `log_path` its standard error (one line per request). Stopped by `stop()` or on leaving
    `with`."""

    def __init__(self, arguments=(), binary=None, webhooks=True, timeout=60):
        self.binary = find_payform(binary)
        self.webhooks = WebhookReceiver() if webhooks else None
        log = tempfile.NamedTemporaryFile(prefix="payform-sandbox-", suffix=".log", delete=False)
        self.log_path = log.name
        command = [self.binary, "sandbox", *arguments]
        if self.webhooks:
            command += ["--webhook-url", self.webhooks.url]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL, text=True)
        log.close()
        line = self._first_line(timeout)
        if not line:
            status = self.stop()
            raise SandboxError(f"{self.binary} sandbox printed no first line within {timeout} s (exit status {status}): {self.log_tail()}")
        try:
            self.info = json.loads(line)
        except ValueError:
            self.stop()
            raise SandboxError(f"{self.binary} sandbox's first line is not JSON: {line[:200]!r}")
        api = self.info["serverApi"]
        self.api_endpoint = api["apiEndpoint"]
        self.merchant_id = api["merchantId"]
        self.api_key_id = api["apiKeyId"]
        self.secret_api_key = api["secretApiKey"]
        self.url = self.api_endpoint
        self.client_session = {key: self.info[key] for key in ("clientApiUrl", "assetUrl", "customerId", "clientSessionId")}
        self.clock = self.info.get("clock")
        if self.webhooks:
            self.webhooks.set_key(self.info["webhooks"]["keyId"], self.info["webhooks"]["secretKey"])

    def advance_clock(self, seconds):
        """Moves the sandbox's test clock on by `seconds` (POST /sandbox/v1/clock/advance), which
        settles the captures and refunds due (`--settle manual` or `after:SECONDS`); the new
        sandbox time (ISO 8601)."""
        body = json.dumps({"seconds": int(seconds)}).encode()
        request = urllib.request.Request(self.clock["advanceUrl"], data=body, method="POST", headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())["now"]

    def _first_line(self, timeout):
        found = []
        reader = threading.Thread(target=lambda: found.append(self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        return found[0].strip() if found else ""

    def log_tail(self, lines=20):
        """The last lines of the sandbox's standard error."""
        try:
            with open(self.log_path, errors="replace") as file:
                return "".join(file.readlines()[-lines:]).strip() or "(its log is empty)"
        except OSError as error:
            return f"(its log cannot be read: {error})"

    def call(self, method, path, body=None):
        """A Server API call signed as the official SDKs sign it (v1HMAC) -> (status, JSON or None)."""
        date = email.utils.formatdate(usegmt=True)
        content_type = "application/json" if body is not None else ""
        signed = f"{method}\n{content_type}\n{date}\n{path}\n"
        signature = base64.b64encode(hmac.new(self.secret_api_key.encode(), signed.encode(), hashlib.sha256).digest()).decode()
        headers = {"Date": date, "Authorization": f"GCS v1HMAC:{self.api_key_id}:{signature}"}
        data = None
        if body is not None:
            headers["Content-Type"] = content_type
            data = json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                status, text = answer.status, answer.read()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read()
        return status, (json.loads(text) if text else None)

    def stop(self):
        """Stops the sandbox (SIGTERM, as Ctrl-C would; killed after 10 s) and the webhook receiver;
        returns its exit status. Safe to call twice."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        if self.webhooks:
            self.webhooks.close()
            self.webhooks = None
        return self.process.returncode

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()
