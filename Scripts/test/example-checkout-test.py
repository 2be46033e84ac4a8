#!/usr/bin/env python3
"""The example checkout's servers, without a browser: `Examples/web/run.sh PAYFORM` starts
`payform sandbox` and the shop's server; this checks what they serve and that they stop.

Usage: Scripts/test/example-checkout-test.py PAYFORM_BINARY [--timeout 60]
       (after Scripts/build/build-web.sh: run.sh needs Web/dist/payform-form.mjs)

What it checks:
  1. run.sh prints the page's URL (a loopback http URL) as its first stdout line, and nothing else
     on stdout.
  2. The page: 200, text/html, a Content-Security-Policy header with script-src 'self' (plus
     'wasm-unsafe-eval', which WebAssembly needs), style-src 'self', no 'unsafe-inline' and no
     'unsafe-eval'; no inline <script> or <style> in it, no style="" attribute; the page's module,
     the form module and its CSS served with JavaScript/CSS types; payform-form-engine.wasm served as
     application/wasm; the shop server's own source is not served.
  3. POST /api/session: the four session values (clientApiUrl and assetUrl loopback http URLs,
     customerId and clientSessionId non-empty), the order and its amount as the page's language
     writes it (?locale=en: €10.00, fr: 10,00 €); the Client API answers the products
     for that session (the browser's call, with the session's Authorization).
  4. Malformed /api/pay requests (not JSON, wrong Content-Type, a missing or wrong
     encryptedCustomerInput, a text paymentProductId, a body over the limit, a wrong method, an
     unknown call): each a 4xx JSON answer with an "error" message; the server keeps serving.
     A valid-looking but undecryptable payload: the platform's refusal as a 400 with its errors.
     A /return with a wrong RETURNMAC: 4xx.
  5. Serving as a site does (Web/dist/site/ from Scripts/build/build-web.sh): the page names the form
     module by its content-hashed name and preloads it, the engine and the page language's texts;
     each hashed file comes as brotli to a browser that takes br, as gzip to one that takes gzip
     only, as is to one that takes neither (the same bytes once decoded), with `immutable`
     long-lived caching, `Vary: Accept-Encoding` and its type (the engine as application/wasm);
     the page and its script are revalidated (no-cache, an ETag, 304 when unchanged).
  6. The nginx block WebForm.md shows, run in Debian's nginx (with the brotli_static module) on a
     loopback port over Web/dist/site/ (its files' modes as built: nginx's workers run as another
     user): the same answers as in 5, and no manifest.json. Skipped
     with a loud notice when nginx or the module is not installed.
  7. SIGTERM to run.sh: it exits 0 within a few seconds; the sandbox and the shop server are gone
     and their ports no longer accept connections.
  Every answer checked above (the shop's pages, files, calls and errors, a request it cannot parse,
  the sandbox's Client API, and nginx's files and 404) carries X-Content-Type-Options: nosniff
  and Referrer-Policy: no-referrer, once each.
Exit status: 0 passed, 1 failed, 2 usage or setup problem (run.sh's exit 2: Web/dist not built).
"""

import argparse
import email.message
import json
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUN = os.path.join(ROOT, "Examples", "web", "run.sh")
sys.path.insert(0, os.path.join(ROOT, "Scripts"))

from lib.checks import Failure, expect  # noqa: E402
from lib.fetch import request  # noqa: E402


def post_json(url, value, headers=None):
    status, answer_headers, body = request(url, "POST", json.dumps(value), {"Content-Type": "application/json", **(headers or {})})
    return status, answer_headers, body


def expect_hardened(headers, what):
    """The two headers every answer carries: nosniff, and no Referer sent from the page."""
    for name, value in (("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer")):
        values = headers.get_all(name) or []
        expect(values == [value], f"{what}: {name} is {values}, not [{value!r}]")


def json_of(body, what):
    try:
        return json.loads(body)
    except ValueError:
        raise Failure(f"{what} is not JSON: {body[:200]!r}")


def children_of(pid):
    """Every descendant process id of `pid` (from /proc)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as file:
                    fields = file.read().rsplit(")", 1)[1].split()
                parents.setdefault(int(fields[1]), []).append(int(entry))
            except (OSError, IndexError):
                pass
    found, queue = [], [pid]
    while queue:
        for child in parents.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def alive(pid):
    """Whether `pid` runs (a zombie does not count)."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def accepts(port):
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def check_page(url):
    status, headers, body = request(url)
    expect(status == 200, f"GET {url} answered {status}")
    expect(headers.get("Content-Type", "").startswith("text/html"), f"the page's Content-Type is {headers.get('Content-Type')}")
    expect_hardened(headers, "the page")
    policy = headers.get("Content-Security-Policy", "")
    directives = {part.split()[0]: part.split()[1:] for part in (item.strip() for item in policy.split(";")) if part}
    expect("script-src" in directives and "style-src" in directives, f"the page's CSP has no script-src or style-src: {policy!r}")
    expect(set(directives["script-src"]) <= {"'self'", "'wasm-unsafe-eval'"} and "'self'" in directives["script-src"],
           f"script-src allows more than the page's origin (and WebAssembly): {directives['script-src']}")
    expect(directives["style-src"] == ["'self'"], f"style-src is not 'self' only: {directives['style-src']}")
    expect("'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy, f"the CSP allows inline code or eval: {policy!r}")
    page = body.decode()
    expect(not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), "the page has an inline <script> (the CSP blocks it)")
    expect("<style" not in page and not re.search(r"\sstyle=", page), "the page has inline styles (the CSP blocks them)")
    for marker in ('id="products"', 'id="payment-form"', 'id="pay"', 'id="outcome"'):
        expect(marker in page, f"the page has no element with {marker} (the browser test needs it)")
    print(f"page: 200, CSP {policy!r}, no inline script or style")

    for path, kind in [("checkout.mjs", "text/javascript"), ("texts.mjs", "text/javascript"), ("checkout.css", "text/css"),
                       ("web/payform-form.mjs", "text/javascript"), ("web/payform-engine.mjs", "text/javascript"),
                       ("web/payform-form-engine.wasm", "application/wasm")]:
        status, headers, body = request(url + path)
        expect(status == 200, f"GET /{path} answered {status}")
        expect(headers.get("Content-Type", "").split(";")[0] == kind, f"/{path} is served as {headers.get('Content-Type')}, not {kind}")
        expect(headers.get("Content-Security-Policy") == policy, f"/{path} is served without the page's CSP")
        expect_hardened(headers, f"/{path}")
        if kind == "application/wasm":
            expect(body[:4] == b"\0asm", "/web/payform-form-engine.wasm is not a WebAssembly module")
    if os.path.exists(os.path.join(ROOT, "Web", "dist", "payform-form.css")):
        status, headers, _ = request(url + "web/payform-form.css")
        expect(status == 200 and headers.get("Content-Type", "").startswith("text/css"), f"/web/payform-form.css: {status} {headers.get('Content-Type')}")
    for path in ("shop-server.mjs", "run.sh", "README.md", "web/..%2Frun.sh", "web/.hidden", "../../Package.swift", "%2e%2e/run.sh"):
        status, headers, _ = request(url + path)
        expect(status == 404, f"GET /{path} answered {status}, not 404 (only the page's files are served)")
        expect_hardened(headers, f"the 404 of /{path}")
    print("files: modules as text/javascript, CSS as text/css, payform-form-engine.wasm as application/wasm; nothing else served")
    return policy


def check_session(url, policy):
    status, headers, body = request(url + "api/session", "POST", b"", {"Content-Type": "application/json"})
    expect(status == 200 and headers.get("Content-Type", "").startswith("application/json"), f"POST /api/session answered {status}: {body[:300]!r}")
    expect_hardened(headers, "POST /api/session")
    session = json_of(body, "the session")
    for member in ("clientApiUrl", "assetUrl", "customerId", "clientSessionId"):
        expect(isinstance(session.get(member), str) and session[member], f"the session has no {member}: {session}")
    for member in ("clientApiUrl", "assetUrl"):
        parts = urllib.parse.urlsplit(session[member])
        expect(parts.scheme == "http" and parts.hostname == "127.0.0.1", f"{member} is not a loopback http URL: {session[member]}")
        origin = f"{parts.scheme}://{parts.netloc}"
        expect(origin in policy, f"the CSP does not let the page reach {member}'s origin {origin}: {policy!r}")
    order = session.get("order", {})
    expect(order.get("amountOfMoney", {}).get("amount") == 1000 and order.get("countryCode") == "NL", f"the session's order: {order}")
    expect(session.get("amountText") == "€10.00", f"the session's amount in English: {session.get('amountText')!r}")
    french = json_of(request(url + "api/session?locale=fr", "POST", b"", {"Content-Type": "application/json"})[2], "the French session")
    expect(french.get("amountText", "").replace("\u00a0", " ").replace("\u202f", " ") == "10,00 €", f"the session's amount in French: {french.get('amountText')!r}")
    second = json_of(request(url + "api/session", "POST", b"{}", {"Content-Type": "application/json"})[2], "the second session")
    expect(second.get("clientSessionId") != session["clientSessionId"], "two page loads got the same client session")

    products_url = (f"{session['clientApiUrl'].rstrip('/')}/v1/{urllib.parse.quote(session['customerId'])}/products?"
                    + urllib.parse.urlencode({"countryCode": "NL", "currencyCode": "EUR", "amount": 1000, "isRecurring": "false",
                                              "locale": "fr_FR", "hide": "fields"}))
    status, headers, body = request(products_url, headers={"Authorization": f"GCS v1Client:{session['clientSessionId']}",
                                                            "Origin": url.rstrip("/")})
    expect(status == 200, f"the Client API refused the shop's session: {status} {body[:300]!r}")
    expect(headers.get("Access-Control-Allow-Origin") == url.rstrip("/"), "the Client API does not allow the page's origin (CORS)")
    expect_hardened(headers, "the sandbox's Client API")
    ids = [product["id"] for product in json_of(body, "the products")["paymentProducts"]]
    expect(1 in ids and 809 in ids, f"the session's products: {ids}")
    print(f"session: the four values and the order; the Client API lists products {sorted(ids)} for it")
    return session


# The card number one bad request carries, and the JWE header others carry: neither may come back
# in an answer or reach a log. Whole values are looked for, so a free port such as 41111 in a
# logged URL is not taken for the card number.
CARD_NUMBER = "4111 1111 1111 1111"
JWE_HEADER = "eyJhbGciOiJSU0EtT0FFUCJ9"


def carries_card_number(text):
    return CARD_NUMBER in text or CARD_NUMBER.replace(" ", "") in text


def carries_sent_values(text):
    return carries_card_number(text) or JWE_HEADER in text


def check_bad_payments(url):
    pay = url + "api/pay"
    jwe = JWE_HEADER + ".AAAA.AAAA.AAAA.AAAA"
    cases = [
        ("not JSON", request(pay, "POST", b"{not json", {"Content-Type": "application/json"}), 400),
        ("no Content-Type", request(pay, "POST", b'{"paymentProductId": 1}', {"Content-Type": "text/plain"}), 415),
        ("an array", post_json(pay, [1, 2]), 400),
        ("no body", request(pay, "POST", b"", {"Content-Type": "application/json"}), 400),
        ("a text paymentProductId", post_json(pay, {"paymentProductId": "1", "encryptedCustomerInput": jwe}), 400),
        ("no encryptedCustomerInput", post_json(pay, {"paymentProductId": 1}), 400),
        ("an encryptedCustomerInput that is no JWE", post_json(pay, {"paymentProductId": 1, "encryptedCustomerInput": CARD_NUMBER}), 400),
        ("a number as encodedClientMetaInfo", post_json(pay, {"paymentProductId": 1, "encryptedCustomerInput": jwe, "encodedClientMetaInfo": 7}), 400),
        ("a body over the limit", post_json(pay, {"paymentProductId": 1, "encryptedCustomerInput": "A" * 100_000}), 413),
        ("GET", request(pay), 405),
        ("an unknown call", post_json(url + "api/refund", {}), 404),
        ("a payload the platform cannot decrypt", post_json(pay, {"paymentProductId": 1, "encryptedCustomerInput": jwe}), 400),
    ]
    for what, (status, headers, body), wanted in cases:
        expect(status == wanted, f"/api/pay with {what} answered {status}, not {wanted}: {body[:300]!r}")
        expect(headers.get("Content-Type", "").startswith("application/json"), f"/api/pay with {what}: not a JSON answer ({headers.get('Content-Type')})")
        expect_hardened(headers, f"/api/pay with {what}")
        answer = json_of(body, f"the answer to {what}")
        expect(isinstance(answer.get("error"), str) and answer["error"], f"/api/pay with {what}: no error message: {answer}")
        expect(not carries_card_number(body.decode()), f"/api/pay with {what}: the answer repeats the card number sent")
    refusal = json_of(cases[-1][1][2], "the platform's refusal")
    expect(refusal.get("errors") and refusal["errors"][0].get("code"), f"the platform's refusal has no errors: {refusal}")
    status, headers, _ = request(url + "return?paymentId=nope&RETURNMAC=nope")
    expect(400 <= status < 500, f"/return for an unknown payment answered {status}")
    expect_hardened(headers, "/return for an unknown payment")
    status, headers, _ = request(url + "return")
    expect(status == 400, f"/return without paymentId and RETURNMAC answered {status}")
    expect_hardened(headers, "/return without its parameters")
    # A request node cannot parse: the shop's own 400, with the same headers.
    parts = urllib.parse.urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as raw:
        raw.sendall(b"BREW /coffee HTTCPCP/1.0\r\n\r\n")
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    expect(head[0].startswith("HTTP/1.1 400"), f"a malformed request was answered {head[0]!r}")
    fields = email.message.Message()
    for line in head[1:]:
        name, _, value = line.partition(":")
        fields[name.strip()] = value.strip()
    expect_hardened(fields, "the answer to a malformed request")
    # Still serving after all that.
    expect(request(url)[0] == 200, "the shop server stopped serving after malformed requests")
    print(f"bad input: {len(cases)} malformed /api/pay requests answered 4xx JSON errors; /return checks its parameters; still serving")


SITE = os.path.join(ROOT, "Web", "dist", "site")
WEB_FORM_DOC = os.path.join(ROOT, "Sources", "Engine", "PaymentFormEngine.docc", "WebForm.md")
IMMUTABLE = "public, max-age=31536000, immutable"
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".css": "text/css", ".json": "application/json"}


def site_manifest():
    with open(os.path.join(SITE, "manifest.json"), encoding="utf-8") as file:
        return json.load(file)


def check_hashed_files(base, manifest, server):
    """Every hashed file of the site at `base` + name: brotli, gzip or as is, by Accept-Encoding."""
    import gzip
    for plain, hashed in sorted(manifest.items()):
        original = open(os.path.join(SITE, hashed), "rb").read()
        expected_type = TYPES[os.path.splitext(hashed)[1]]
        for accept, encoding in (("gzip, deflate, br", "br"), ("gzip", "gzip"), ("identity", None)):
            status, headers, body = request(base + hashed, headers={"Accept-Encoding": accept})
            expect(status == 200, f"{server}: {hashed} answered {status} to Accept-Encoding {accept}")
            expect(headers.get("Content-Encoding") == encoding, f"{server}: {hashed} with Accept-Encoding {accept!r} came as {headers.get('Content-Encoding')}, not {encoding}")
            expect(headers.get("Content-Type", "").split(";")[0] == expected_type, f"{server}: {hashed} is served as {headers.get('Content-Type')}")
            expect(headers.get("Cache-Control") == IMMUTABLE, f"{server}: {hashed} has Cache-Control {headers.get('Cache-Control')!r}")
            expect("accept-encoding" in headers.get("Vary", "").lower(), f"{server}: {hashed} has no Vary: Accept-Encoding")
            expect_hardened(headers, f"{server}: {hashed}")
            if encoding == "br":
                decoded = subprocess.run(["brotli", "-d", "-c"], input=body, capture_output=True, check=True).stdout
            elif encoding == "gzip":
                decoded = gzip.decompress(body)
            else:
                decoded = body
            expect(decoded == original, f"{server}: {hashed} as {encoding or 'is'} is not the file's bytes")
        expect(len(open(os.path.join(SITE, hashed + ".br"), "rb").read()) < len(original), f"{hashed}.br is not smaller than the file")
    status, headers, _ = request(base + "manifest.json")
    expect(status == 404, f"{server}: manifest.json is served ({status}); it is for the server, not the browser")
    expect_hardened(headers, f"{server}: the 404 of manifest.json")


def check_site(url):
    manifest = site_manifest()
    expect(all(re.search(r"\.[0-9a-f]{16}\.[a-z0-9]+$", hashed) for hashed in manifest.values()), f"manifest.json holds unhashed names: {manifest}")
    status, headers, body = request(url + "?locale=fr")
    page = body.decode()
    module = manifest["payform-form.mjs"]
    expect(f'<meta name="payform-form-module" content="/web/{module}">' in page, "the page does not name the hashed form module")
    expect(f'<link rel="modulepreload" href="/web/{module}">' in page, "the page does not preload the form module")
    expect(f'href="/web/{manifest["payform-form-engine.wasm"]}" as="fetch" type="application/wasm" crossorigin' in page, "the page does not preload the engine")
    expect(f'href="/web/{manifest["payform-texts.fr.json"]}" as="fetch"' in page, "a French page does not preload the French texts")
    expect(headers.get("Cache-Control") == "no-cache" and headers.get("ETag"), f"the page: Cache-Control {headers.get('Cache-Control')!r}, ETag {headers.get('ETag')!r}")
    status, revalidated, _ = request(url + "?locale=fr", headers={"If-None-Match": headers["ETag"]})
    expect(status == 304, f"the unchanged page answered {status} to If-None-Match, not 304")
    expect_hardened(revalidated, "the page's 304")
    status, headers, _ = request(url + "checkout.mjs")
    expect(headers.get("Cache-Control") == "no-cache" and headers.get("ETag"), f"checkout.mjs: Cache-Control {headers.get('Cache-Control')!r}")
    # The form module names the others by their hashed names.
    form = open(os.path.join(SITE, module), encoding="utf-8").read()
    for plain in ("payform-form-engine.wasm", "payform-form.css", "payform-texts.fr.json"):
        expect(f'"./{manifest[plain]}"' in form, f"the hashed form module does not name {plain} by its hashed name")
        expect(f'"./{plain}"' not in form, f"the hashed form module still names {plain} by its plain name")
    check_hashed_files(url + "web/", manifest, "shop server")
    print(f"serving: {len(manifest)} hashed files as brotli, gzip or as is by Accept-Encoding, immutable, typed; "
          "the page preloads them and is revalidated (ETag, 304)")


def nginx_block():
    """The `location /web/ { ... }` block of WebForm.md's nginx example, as written there."""
    text = open(WEB_FORM_DOC, encoding="utf-8").read()
    example = re.search(r"```nginx\n(.*?)```", text, re.S)
    expect(example, "WebForm.md has no nginx example")
    start = example.group(1).find("location /web/ {")
    expect(start >= 0, "WebForm.md's nginx example has no location /web/ block")
    depth, end = 0, start
    for index in range(start, len(example.group(1))):
        character = example.group(1)[index]
        depth += character == "{"
        depth -= character == "}"
        if character == "}" and depth == 0:
            end = index + 1
            break
    return example.group(1)[start:end]


def check_nginx():
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    module = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"
    if not nginx or not os.path.exists(module):
        print("#" * 80 + "\n## nginx check SKIPPED: Debian's nginx and libnginx-mod-http-brotli-static are needed\n" + "#" * 80)
        return
    with tempfile.TemporaryDirectory(prefix="payform-nginx-") as work:
        root = os.path.join(work, "srv")
        web = os.path.join(root, "web")
        os.makedirs(web)
        # The site's files with their modes as built (shutil.copy keeps them), and its folder's:
        # nginx's workers run as another user when it is started as root, so a file the build
        # left unreadable to others (0600) fails here as it would on a server.
        for name in os.listdir(SITE):
            shutil.copy(os.path.join(SITE, name), os.path.join(web, name))
        os.chmod(web, stat.S_IMODE(os.stat(SITE).st_mode))
        # The folders above it are this check's own (mkdtemp makes them 0700): opened to nginx.
        for folder in (work, root):
            os.chmod(folder, 0o755)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        block = nginx_block().replace("/srv/shop/web/", os.path.join(root, "web") + "/")
        temp = os.path.join(work, "temp")
        config = f"""load_module {module};
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {temp}/body; proxy_temp_path {temp}/proxy; fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi; scgi_temp_path {temp}/scgi;
    server {{
        listen 127.0.0.1:{port};
        {block}
    }}
}}
"""
        os.makedirs(temp)
        with open(os.path.join(work, "nginx.conf"), "w", encoding="utf-8") as file:
            file.write(config)
        server = subprocess.Popen([nginx, "-p", work, "-c", os.path.join(work, "nginx.conf")], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 10
            while not accepts(port):
                expect(server.poll() is None, f"nginx did not start with WebForm.md's block: {server.stderr.read().decode()[-600:]}")
                expect(time.monotonic() < deadline, "nginx did not listen within 10 s")
                time.sleep(0.05)
            try:
                check_hashed_files(f"http://127.0.0.1:{port}/web/", site_manifest(), "nginx")
            except Failure as failure:
                # nginx says why it sent another encoding (a file it may not open, say) in its log.
                with open(os.path.join(work, "error.log"), encoding="utf-8", errors="replace") as log:
                    raise Failure(f"{failure}; nginx's error.log: {log.read()[-600:].strip() or '(empty)'}") from None
        finally:
            server.terminate()
            server.wait(10)
    print("nginx: WebForm.md's location block in Debian's nginx serves the site as the shop server does")


def check_run_rejects_usage():
    """run.sh without a binary, or with one that is not executable: exit 2 and a message."""
    for arguments in ([], ["/nonexistent/payform"]):
        done = subprocess.run(["bash", RUN, *arguments], capture_output=True, text=True, timeout=30)
        expect(done.returncode == 2 and done.stdout == "" and "run.sh:" in done.stderr,
               f"run.sh {' '.join(arguments)} exited {done.returncode} (stdout {done.stdout!r}, stderr {done.stderr!r})")
    print("run.sh: usage errors exit 2 with a message, nothing on stdout")


def run(arguments):
    check_run_rejects_usage()
    log = tempfile.NamedTemporaryFile("w+", prefix="example-checkout-", suffix=".log", delete=False)
    process = subprocess.Popen(["bash", RUN, arguments.payform], stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL,
                               text=True, start_new_session=True)
    try:
        lines = []
        reader = threading.Thread(target=lambda: lines.append(process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(arguments.timeout)
        if process.poll() == 2:
            log.seek(0)
            print(f"example checkout test: run.sh could not start: {log.read().strip()}", file=sys.stderr)
            return 2
        expect(lines and lines[0], f"run.sh printed no URL within {arguments.timeout} s")
        url = lines[0].strip()
        parts = urllib.parse.urlsplit(url)
        expect(parts.scheme == "http" and parts.hostname == "127.0.0.1" and parts.port and parts.path == "/",
               f"run.sh's first line is not the page's loopback URL: {url!r}")
        print(f"run.sh: {url}")
        descendants = children_of(process.pid)
        expect(len(descendants) >= 2, f"run.sh runs {len(descendants)} processes, not the sandbox and the shop server")

        policy = check_page(url)
        session = check_session(url, policy)
        check_site(url)
        check_nginx()
        check_bad_payments(url)

        ports = [parts.port, urllib.parse.urlsplit(session["clientApiUrl"]).port]
        descendants = children_of(process.pid)
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        try:
            code = process.wait(arguments.stop_within)
        except subprocess.TimeoutExpired:
            raise Failure(f"run.sh did not exit within {arguments.stop_within} s of SIGTERM")
        elapsed = time.monotonic() - started
        expect(code == 0, f"run.sh exited {code} on SIGTERM, not 0")
        rest = process.stdout.read()
        expect(rest == "", f"run.sh wrote more than the URL to stdout: {rest[:200]!r}")
        deadline = time.monotonic() + arguments.stop_within
        while time.monotonic() < deadline and (any(alive(pid) for pid in descendants) or any(accepts(port) for port in ports)):
            time.sleep(0.1)
        expect(not any(alive(pid) for pid in descendants), f"processes of run.sh still run after SIGTERM: {[pid for pid in descendants if alive(pid)]}")
        expect(not any(accepts(port) for port in ports), f"a port still accepts connections after SIGTERM: {[port for port in ports if accepts(port)]}")
        print(f"SIGTERM: run.sh exited 0 in {elapsed:.2f} s; its {len(descendants)} processes are gone, ports {ports} closed")
        log.seek(0)
        logged = log.read()
        expect(not carries_sent_values(logged), "the servers' logs hold what the requests carried")
        return 0
    except Failure:
        log.seek(0)
        print("--- run.sh's stderr (last lines)\n" + "".join(log.readlines()[-30:]), file=sys.stderr)
        raise
    finally:
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait(5)
        log.close()
        os.unlink(log.name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("payform", help="the payform binary")
    parser.add_argument("--timeout", type=float, default=60, help="seconds run.sh may take to print its URL (default 60)")
    parser.add_argument("--stop-within", type=float, default=5, help="seconds to stop everything after SIGTERM (default 5)")
    arguments = parser.parse_args()
    if not os.access(arguments.payform, os.X_OK):
        print(f"example checkout test: {arguments.payform} is not an executable payform binary", file=sys.stderr)
        return 2
    try:
        code = run(arguments)
    except Failure as failure:
        print(f"example checkout test: FAILED: {failure}", file=sys.stderr)
        return 1
    if code == 0:
        print("example checkout test: PASSED")
    return code


if __name__ == "__main__":
    sys.exit(main())
