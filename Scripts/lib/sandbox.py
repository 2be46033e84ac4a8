"""`payform sandbox` as a harness runs it: on a free port (its default), the first stdout line read
(the session and the Server API's endpoint and keys), stopped with SIGTERM as a user's Ctrl-C."""
import base64
import email.utils
import hashlib
import hmac
import json
import signal
import subprocess
import threading
import urllib.error
import urllib.request

from .checks import Failure, tail

# The four values a client session needs, as the first line names them.
SESSION_KEYS = ("clientApiUrl", "assetUrl", "customerId", "clientSessionId")


class Sandbox:
    """A running `payform sandbox ARGUMENTS...`.

    `info` is its first line (a dict), `session` the four client-session values, `api` the Server
    API's endpoint, merchant id and keys. Its standard error goes to `log_path` (or nowhere).
    Usable with `with`: stopped on the way out, also on failure.
    """

    def __init__(self, payform, arguments=(), log_path=None, timeout=60):
        self.log_path = log_path
        self.log = open(log_path, "w") if log_path else subprocess.DEVNULL
        self.process = subprocess.Popen([payform, "sandbox", *arguments], stdout=subprocess.PIPE, stderr=self.log,
                                        stdin=subprocess.DEVNULL, text=True)
        line = self._first_line(timeout)
        if not line:
            code = self.stop()
            where = f"; its log:\n{tail(log_path)}" if log_path else ""
            raise Failure(f"payform sandbox printed no first line within {timeout} s (exit status {code}){where}")
        try:
            self.info = json.loads(line)
        except ValueError:
            self.stop()
            raise Failure(f"payform sandbox's first line is not JSON: {line[:200]!r}")
        self.session = {key: self.info[key] for key in SESSION_KEYS}
        self.api = self.info["serverApi"]
        self.origin = self.api["apiEndpoint"]

    def _first_line(self, timeout):
        result = []
        reader = threading.Thread(target=lambda: result.append(self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        return result[0].strip() if result else ""

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()

    def payments(self, product_id, encrypted):
        """A merchant server's check: POST /sandbox/v1/payments (loopback only, no CORS) -> (status, JSON)."""
        body = {"paymentProductId": product_id, "encryptedCustomerInput": encrypted}
        return self._json("POST", self.origin + "/sandbox/v1/payments", body, {"Content-Type": "application/json"})

    def server_api(self, method, path, body=None):
        """A Server API call signed as the official server SDKs sign it (v1HMAC) -> (status, JSON)."""
        date = email.utils.formatdate(usegmt=True)
        content_type = "application/json" if body is not None else ""
        signed = f"{method}\n{content_type}\n{date}\n{path}\n"
        signature = base64.b64encode(hmac.new(self.api["secretApiKey"].encode(), signed.encode(), hashlib.sha256).digest()).decode()
        headers = {"Date": date, "Authorization": f"GCS v1HMAC:{self.api['apiKeyId']}:{signature}"}
        if body is not None:
            headers["Content-Type"] = content_type
        return self._json(method, self.origin + path, body, headers)

    @staticmethod
    def _json(method, url, body, headers):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def stop(self):
        """SIGTERM, as a user's Ctrl-C (the sandbox exits 0), then SIGKILL after 10 s; the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if self.process.stdout:
            self.process.stdout.close()
        if self.log is not subprocess.DEVNULL and not self.log.closed:
            self.log.close()
        return self.process.returncode
