"""A page's origin for a browser test: a static server on 127.0.0.1 (a free port), optionally
with a Content-Security-Policy on every answer, hooks for a page's own calls, and a recorder the
test waits on (an outcome the page posted, the URL a browser came back to)."""
import os
import sys
import threading
import time
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

# A strict policy for a page that loads the web form: no inline script or style, no eval;
# 'wasm-unsafe-eval' for the engine, the sandbox's loopback origins for its calls and logos.
STRICT_CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
              "img-src 'self' http://127.0.0.1:*; connect-src 'self' http://127.0.0.1:*; base-uri 'none'; object-src 'none'")
MAX_BODY = 1 << 20


class QuietServer(ThreadingHTTPServer):
    """A threading HTTP server that says nothing when a browser drops a connection it no longer needs."""
    daemon_threads = True

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class PageServer:
    """Serves `root` (or what `resolve(path)` names: a file, or None for 404) on loopback.

    `get(handler)` and `post(handler, body)` run first for every GET and POST and return True when
    they answered (with `handler.reply(...)`); a POST they leave is 404. A hook reads
    `handler.route` (the path), `handler.query` (parsed) and `handler.headers`, and keeps what it
    saw with `handler.pages.record(kind, value)` for the test's `wait_for(kind, count, timeout)`. `csp` and `headers` are
    sent with every answer. `url` is the origin (http://127.0.0.1:PORT). Usable with `with`.
    """

    def __init__(self, root=None, resolve=None, csp=None, headers=None, get=None, post=None):
        owner = self
        self.recorded = {}
        self.arrived = threading.Condition()
        extra_headers = dict(headers or {})
        if csp:
            extra_headers["Content-Security-Policy"] = csp

        class Handler(SimpleHTTPRequestHandler):
            extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".mjs": "text/javascript",
                              ".js": "text/javascript", ".json": "application/json"}

            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=root or os.devnull, **kwargs)

            @property
            def pages(self):
                """The PageServer this answers for (to `record` what a hook saw)."""
                return owner

            @property
            def route(self):
                """The path without its query."""
                return urllib.parse.urlsplit(self.path).path

            @property
            def query(self):
                """The query, parsed: name -> [values]."""
                return urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)

            def translate_path(self, path):
                if resolve:
                    return resolve(urllib.parse.unquote(urllib.parse.urlsplit(path).path)) or os.path.join(os.devnull, "missing")
                return super().translate_path(path)

            def do_GET(self):
                if get and get(self):
                    return
                super().do_GET()

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(min(length, MAX_BODY))
                if post and post(self, body):
                    return
                self.reply(404, b"not found", "text/plain")

            def reply(self, status, body=b"", content_type="text/html; charset=utf-8"):
                """Answers `status` with `body` (no body for 204 and 304)."""
                self.send_response(status)
                if status not in (204, 304):
                    self.send_header("Content-Type", content_type)
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if status not in (204, 304):
                    self.wfile.write(body)

            def end_headers(self):
                for name, value in extra_headers.items():
                    self.send_header(name, value)
                super().end_headers()

            def log_message(self, format, *args):  # quiet: the checks say what matters
                pass

        self.server = QuietServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()

    def record(self, kind, value):
        """Keeps `value` under `kind` (from a hook) and wakes whoever waits for it."""
        with self.arrived:
            self.recorded.setdefault(kind, []).append(value)
            self.arrived.notify_all()

    def wait_for(self, kind, count, timeout):
        """The `count`-th value recorded under `kind` (1 is the first), or None after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self.arrived:
            while len(self.recorded.get(kind, [])) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.arrived.wait(remaining)
            return self.recorded[kind][count - 1]

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
