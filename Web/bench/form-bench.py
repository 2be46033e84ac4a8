#!/usr/bin/env python3
"""The web form in headless Chromium, timed (a benchmark, not a test): keystroke to the input
ready to paint, module load to the Visa form on screen, and the web payload's size.

Usage: Web/bench/form-bench.py [--chromium PATH] [--json] [--loads 20] [--rounds 20]
       (Playwright for Python: Scripts/web-form-test.sh makes .build-venv/web-form with it)

- keystroke: from the keydown listener to the end of what the keystroke causes — the form's
  beforeinput handler, the engine's answer drawn into the input (text, caret, state, message,
  brand), and the style and layout that follow, forced — i.e. the input is ready for the next
  frame; the wait for that frame (vsync) is not counted. 16 digits typed and 16 backspaces,
  `--rounds` times. How long the browser took from the key event's timestamp to the first
  listener is printed beside it, for reference (it is the browser's, not the form's).
- load: a new browser context each run (nothing cached): from starting to import
  payform-form.mjs to the frame with the styled Visa form presented on screen (the page's first
  contentful paint, as the browser's Paint Timing reports it: the page has no other text), which
  includes fetching and compiling the engine, decoding the product, drawing, and the browser's
  style, layout, paint and compositing. Printed beside it for reference: its steps (import, mount,
  paint) and the measure of earlier rounds, which stopped at the start of the frame after the
  form's (two animation frames) — in headless Chromium on this machine, before the form's frame is
  presented. The page posts its timings to this script's server: nothing is asked of the page
  while it loads (Playwright's waiting functions inject a script whose parsing, some 15 ms, would
  land inside the timing).
- payload: what the page fetched from Web/dist while loading (the engine, the form module, the
  stylesheet), gzip -9 (logos excluded).
"""

import argparse
import gzip
import json
import os
import queue
import statistics
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIST = os.path.join(ROOT, "Web", "dist")
PAGE = os.path.join(ROOT, "Web", "bench", "page")

INSTRUMENT = """() => {
  const input = document.getElementById('payment-form').shadowRoot.querySelector('[name=cardNumber]');
  window.keystrokes = [];
  window.dispatchDelays = [];
  let start = 0;
  input.addEventListener('keydown', (event) => { start = performance.now(); window.dispatchDelays.push(start - event.timeStamp); }, true);
  // Registered after the form's own listener, so it runs once the form has drawn the answer.
  input.addEventListener('beforeinput', () => {
    input.getBoundingClientRect();
    getComputedStyle(input).color;
    window.keystrokes.push(performance.now() - start);
  });
  input.focus();
}"""


def serve(timings):
    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".mjs": "text/javascript"}

        def translate_path(self, path):
            path = path.split("?", 1)[0]
            base = DIST if path.startswith("/web/") else PAGE
            return os.path.join(base, os.path.basename(path) or "index.html")

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def log_message(self, *args):
            pass

        def do_POST(self):
            # The page's load timings (bench.mjs): one JSON object per load.
            if self.path != "/timings":
                self.send_error(404)
                return
            timings.put(json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0")))))
            self.send_response(204)
            self.end_headers()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def summary(samples):
    ordered = sorted(samples)
    return {"median": statistics.median(ordered), "p95": ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], "runs": len(ordered)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--loads", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=20)
    arguments = parser.parse_args()
    from playwright.sync_api import sync_playwright

    timings = queue.Queue()
    server, url = serve(timings)
    results = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=arguments.chromium, headless=True)
        loads = []
        two_frames = []
        steps = {}
        fetched = set()  # what the page fetched from Web/dist (served at /web/): the payload
        for _ in range(arguments.loads):
            context = browser.new_context()
            page = context.new_page()
            page.on("request", lambda request: fetched.add(request.url.split("/web/", 1)[1].split("?", 1)[0]) if "/web/" in request.url else None)
            page.goto(f"{url}/index.html", wait_until="commit")
            try:
                timing = timings.get(timeout=30)
            except queue.Empty:
                raise SystemExit("form-bench: the page posted no load timings within 30 s")
            if "error" in timing:
                raise SystemExit(f"form-bench: {timing['error']}")
            loads.append(timing["total"])
            two_frames.append(timing["twoFrames"])
            for step, milliseconds in timing["steps"].items():
                steps.setdefault(step, []).append(milliseconds)
            context.close()
        results.append({"id": "web.load.visa-form", "name": "module load to the Visa form on screen (cold)", "unit": "ms", **summary(loads)})
        for step, samples in steps.items():
            results.append({"id": f"web.load.step.{step}", "name": f"for reference: the load's {step} step", "unit": "ms", **summary(samples)})
        results.append({"id": "web.load.two-frames", "name": "for reference: earlier rounds' measure (two frames)", "unit": "ms", **summary(two_frames)})

        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{url}/index.html")
        page.wait_for_function("() => window.paymentForm !== undefined", timeout=30000)
        page.evaluate(INSTRUMENT)
        for _ in range(arguments.rounds):
            for _ in range(16):
                page.keyboard.press("4")
            for _ in range(16):
                page.keyboard.press("Backspace")
        page.wait_for_function(f"() => window.keystrokes.length >= {arguments.rounds * 32}")
        samples = page.evaluate("window.keystrokes")
        delays = page.evaluate("window.dispatchDelays")
        text = page.evaluate("document.getElementById('payment-form').shadowRoot.querySelector('[name=cardNumber]').value")
        if text != "":
            raise SystemExit(f"form-bench: the card number ended as {text!r}, not empty: the keystrokes did not all go through")
        results.append({"id": "web.keystroke.card", "name": "card number keystroke to input ready to paint", "unit": "ms", **summary(samples)})
        results.append({"id": "web.keystroke.dispatch", "name": "for reference: keydown timestamp to its listener (browser)", "unit": "ms", **summary(delays)})
        browser.close()
    server.shutdown()

    total = 0
    # What the page fetched while loading: the engine, the form module (the engine's loader is
    # inside it) and the stylesheet, as the requests named them (no list kept here).
    if not fetched:
        raise SystemExit("form-bench: the page fetched nothing from Web/dist")
    for name in sorted(fetched):
        data = open(os.path.join(DIST, name), "rb").read()
        size = len(gzip.compress(data, 9))
        total += size
        results.append({"id": f"web.size.{name}", "name": f"{name}, gzip -9", "unit": "bytes", "value": size, "raw": len(data)})
    results.append({"id": "web.size.total", "name": "the web payload (engine, form module, stylesheet), gzip -9", "unit": "bytes", "value": total})

    for result in results:
        if arguments.json:
            print(json.dumps(result))
        elif result["unit"] == "ms":
            print(f"{result['name']:<58} median {result['median']:7.2f} ms  p95 {result['p95']:7.2f} ms  ({result['runs']} runs)")
        else:
            print(f"{result['name']:<58} {result['value']:>9} bytes")


if __name__ == "__main__":
    main()
