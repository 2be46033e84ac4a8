#!/usr/bin/env python3
"""The web form in headless Chromium, timed (a benchmark, not a test): cold loads from navigation
to a usable form (CPU throttled, and over a slow network for the example checkout), the longest
main-thread task while loading and at the first keystroke, keystroke to the input ready to paint,
and the web payload's size.

Usage: Web/bench/form-bench.py [--chromium PATH] [--json] [--loads 10] [--rounds 20]
                               [--cpu-throttle 4] [--checkout PAYFORM [--network fast3g]]
                               [--trace DIR] [--fields 50,100,200,400,500]
       (Playwright for Python: Scripts/test/web-form-test.sh makes .build-venv/web-form with it)

- load (cold): each load in a new browser context (nothing cached, no compiled code kept), the
  CPU slowed --cpu-throttle times (DevTools' CPU throttling; 1 = none): from the navigation's
  start to the frame with the styled Visa form presented on screen (the page's first contentful
  paint, as the browser's Paint Timing reports it: the page has no other text). It includes the
  page, fetching and compiling the engine, fetching the definition, decoding it, drawing, and
  the browser's style, layout and paint. Printed beside it: its steps (the page's script
  started, the form module imported, mounted, painted). The page posts its timings to this
  script's server, so nothing is asked of the page while it loads.
- long tasks: every main-thread task over 50 ms (the Long Tasks API) from the navigation to 1 s
  after the first keystroke, which comes after the form's idle-time work (the first form.brands,
  the brand list) has run; the longest one is printed (0: none over 50 ms), and each one is named
  by where it starts among the load's steps (`+12 ms after imported`). Nothing of Playwright's
  runs in the page until the load's tasks are read (the keystroke goes through DevTools' Input
  domain): its injected script alone was a 90 ms task at 4x.
- --trace DIR: a Chromium trace of each cold load too (categories devtools.timeline, v8,
  disabled-by-default-v8.compile, v8.wasm, the CPU profiler's and the scheduler's), saved as DIR/load-N.json, and
  each task over 50 ms on the page's main thread named from it: the script functions it ran
  (url:line), how much of it was compiling (JavaScript, WebAssembly functions compiled on first
  call) or the browser's own work (style, layout, paint, parsing), and what the CPU profiler's
  samples in it ran most (the innermost page function, the engine, or the browser). Tracing slows
  the page: time with it off, name with it on.
- keystroke (warm): from the keydown listener to the end of what the keystroke causes, forced
  style and layout included; 16 digits and 16 backspaces, --rounds times, the CPU slowed
  --cpu-throttle times (on the example checkout too); the three slowest of the 32 (by their
  median over the rounds) are named on stderr.
- payload: what the page fetched from the web form's files while loading (Web/dist/site/'s copies,
  which the page's server hands out under their plain names), gzip -9 and brotli -q 11.
- --checkout PAYFORM: the example checkout instead (Examples/web/run.sh: payform sandbox and the
  shop's server, which serves the web form precompressed with content-hashed names), opened on
  the Card choice (?product=cards: the cards group, whose form waits for the card products'
  definitions); a load ends when the page reports the form mounted and the next frame has
  started. --network fast3g adds DevTools' Fast 3G profile (562.5 ms latency,
  1.44 Mbit/s down, 675 kbit/s up).
- --fields N,N,...: how mounting scales with a form's size instead (warm, CPU not throttled unless
  asked): products of N required text fields (label, placeholder, tooltip, mask, a length and a
  pattern validator each, every tenth a list of 5 options), each mounted --rounds times into a new
  element of one page (after one mount not counted): mountPaymentForm's call to its promise
  resolving, to the form's first layout (style and layout forced), the engine's share (its calls,
  counted and timed through the `engine` option), and the time per field.
"""

import argparse
import gzip
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIST = os.path.join(ROOT, "Web", "dist")
PAGE = os.path.join(ROOT, "Web", "bench", "page")
VISA = os.path.join(ROOT, "Resources", "Products", "visa.json")
# DevTools' "Fast 3G" preset (bytes per second, milliseconds).
NETWORKS = {"fast3g": {"offline": False, "latency": 562.5, "downloadThroughput": 180_000, "uploadThroughput": 84_375}}

INSTRUMENT = """(host) => {
  // On the shadow root, which outlives a redraw (a card number that names another product draws
  // anew the fields it draws differently): keydown on its way down, beforeinput once the input's own
  // listener (the form's) has drawn the answer.
  const root = document.querySelector(host).shadowRoot;
  window.keystrokes = [];
  window.dispatchDelays = [];
  let start = 0;
  root.addEventListener('keydown', (event) => { start = performance.now(); window.dispatchDelays.push(start - event.timeStamp); }, true);
  root.addEventListener('beforeinput', (event) => {
    event.target.getBoundingClientRect();
    getComputedStyle(event.target).color;
    window.keystrokes.push(performance.now() - start);
  });
  root.querySelector('[name=cardNumber]').focus();
}"""

# When the page's files arrived (Resource Timing), to name the long tasks by: the form module and
# the engine (by their plain or content-hashed names), and the document's DOMContentLoaded.
FETCHED = """(() => {
  const steps = {};
  for (const entry of performance.getEntriesByType('resource')) {
    const name = entry.name.split('?')[0].split('/').pop();
    if (/^payform-form(\\.[0-9a-f]+)?\\.mjs$/.test(name)) steps['form module fetched'] = entry.responseEnd;
    if (/^payform-form-engine(\\.[0-9a-f]+)?\\.wasm$/.test(name)) steps['engine fetched'] = entry.responseEnd;
  }
  const navigation = performance.getEntriesByType('navigation')[0];
  if (navigation) steps.DOMContentLoaded = navigation.domContentLoadedEventEnd;
  return steps;
})()"""

# Runs before any script of the page: records long tasks from the navigation on.
LONG_TASKS = """window.longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.longTasks.push({start: entry.startTime, duration: entry.duration}); })
  .observe({type: 'longtask', buffered: true});"""

# For the checkout: the time the page reports the form mounted, and the start of the next frame.
CHECKOUT_READY = """window.formReady = new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error('the page reported no form within 120 s')), 120000);
  new MutationObserver((changes, observer) => {
    const outcome = document.getElementById('outcome');
    if (!outcome || outcome.dataset.state !== 'form') return;
    observer.disconnect();
    const mounted = performance.now();
    requestAnimationFrame(() => resolve({mounted, frame: performance.now()}));
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-state']});
});"""


def serve(timings, dist):
    # The web form's files as a site serves them (Web/dist/site/: the minified form module naming
    # the others by their hashed names), under the plain names the page asks for; a build without
    # a site (an earlier one, for comparison) as it is.
    site = os.path.join(dist, "site")
    manifest = json.load(open(os.path.join(site, "manifest.json"))) if os.path.exists(os.path.join(site, "manifest.json")) else {}
    site = site if manifest else dist

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".mjs": "text/javascript"}

        def translate_path(self, path):
            path = path.split("?", 1)[0]
            if path == "/products/visa.json":
                return VISA
            name = os.path.basename(path)
            if path.startswith("/web/"):
                # The site's copy (by its plain or hashed name), else Web/dist's (the engine's
                # loader alone, for --fields).
                served = os.path.join(site, manifest.get(name, name))
                return served if os.path.exists(served) else os.path.join(dist, name)
            return os.path.join(PAGE, name or "index.html")

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
    return {"median": statistics.median(ordered), "p95": ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))],
            "max": ordered[-1], "runs": len(ordered)}


def throttled_page(browser, arguments):
    """A page in a fresh context, its CPU (and network) throttled through DevTools."""
    context = browser.new_context()
    page = context.new_page()
    session = context.new_cdp_session(page)
    if arguments.cpu_throttle > 1:
        session.send("Emulation.setCPUThrottlingRate", {"rate": arguments.cpu_throttle})
    if arguments.network:
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", NETWORKS[arguments.network])
    page.add_init_script(LONG_TASKS)
    return context, page, session


def cold_load_tasks(browser, page, session, arguments, host, steps, number):
    """The long tasks of a cold load (traced when --trace was given), each named."""
    tasks, more = first_keystroke(page, session, host)
    if arguments.trace:
        data = browser.stop_tracing()
        os.makedirs(arguments.trace, exist_ok=True)
        with open(os.path.join(arguments.trace, f"load-{number}.json"), "wb") as file:
            file.write(data)
        tasks = traced(tasks, trace_tasks(data))
    return named_tasks(tasks, {**steps, **more})


def start_trace(browser, page, arguments):
    if arguments.trace:
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)


# DevTools' Runtime.evaluate: a page script without Playwright's (whose injected script, parsed on
# its first use, was itself a long task at 4x).
def evaluate(session, expression):
    answer = session.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
    if "exceptionDetails" in answer:
        raise SystemExit(f"form-bench: the page threw: {answer['exceptionDetails'].get('exception', {}).get('description', answer['exceptionDetails'])}")
    return answer["result"].get("value")


def first_keystroke(page, session, host="#payment-form"):
    """Waits for the form's idle-time work, types one digit into the card number, leaves a second
    for its tasks; the load's long tasks, and when its files arrived and the key went (the page's time)."""
    evaluate(session, "new Promise((resolve) => (window.requestIdleCallback ?? setTimeout)(() => setTimeout(resolve, 200)))")
    steps = evaluate(session, FETCHED)
    typed = evaluate(session, f"document.querySelector({json.dumps(host)}).shadowRoot.querySelector('[name=cardNumber]').focus(), performance.now()")
    for kind in ("keyDown", "keyUp"):
        session.send("Input.dispatchKeyEvent", {"type": kind, "key": "4", "code": "Digit4", "windowsVirtualKeyCode": 52,
                                                **({"text": "4"} if kind == "keyDown" else {})})
    page.wait_for_timeout(1000)
    return evaluate(session, "window.longTasks"), {**steps, "keystroke": typed}


def named_tasks(tasks, steps):
    """Each long task with where it starts among the load's steps: [{start, duration, at}]."""
    named = []
    for task in tasks:
        before = [(name, at) for name, at in steps.items() if at is not None and at <= task["start"]]
        name, at = max(before, key=lambda step: step[1]) if before else ("navigation", 0)
        named.append({**task, "at": f"+{task['start'] - at:.0f} ms after {name}"})
    return named


def print_tasks(label, loads):
    """The long tasks of each load, named (stderr: the summary lines stay on stdout)."""
    for index, tasks in enumerate(loads):
        listed = ", ".join(f"{task['duration']:.0f} ms at {task['start']:.0f} ({task['at']}{'; ' + task['trace'] if task.get('trace') else ''})" for task in tasks)
        print(f"  load {index + 1} ({label}): {len(tasks)} tasks over 50 ms{': ' + listed if tasks else ''}", file=sys.stderr)


TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "disabled-by-default-v8.compile",
                    "v8.wasm", "toplevel", "blink.user_timing", "loading", "disabled-by-default-v8.cpu_profiler"]

# What a trace event's own time (its children's left out) counts as.
KINDS = [
    ("wasm compile", lambda name: name.startswith("wasm.")),
    ("JS compile", lambda name: name.startswith(("V8.Compile", "V8.Parse", "V8.PreParse", "V8.CollectSourcePositions", "v8.compile", "V8.Deserialize"))),
    ("GC", lambda name: "GC" in name or name.startswith("V8.Heap")),
    ("style/layout/paint", lambda name: name in {"UpdateLayoutTree", "RecalculateStyles", "Layout", "Paint", "PrePaint", "Commit", "Layerize",
                                                 "UpdateLayer", "UpdateLayerTree", "PaintImage", "Decode Image", "HitTest"}),
    ("HTML parse", lambda name: name == "ParseHTML"),
]


def profile_samples(events, thread):
    """The CPU profiler's samples of `thread` (pid, tid) in a trace: [(ts, frames from the leaf
    out)], each frame (function, url, line)."""
    started = {event.get("id"): event for event in events if event.get("name") == "Profile" and (event.get("pid"), event.get("tid")) == thread}
    nodes, samples = {}, []
    for chunk in (event for event in events if event.get("name") == "ProfileChunk" and event.get("id") in started and event.get("pid") == thread[0]):
        profile = chunk["args"]["data"].get("cpuProfile", {})
        for node in profile.get("nodes", []):
            nodes[(chunk["id"], node["id"])] = node
        at = started[chunk["id"]].setdefault("at", started[chunk["id"]]["args"]["data"]["startTime"])
        for sample, delta in zip(profile.get("samples", []), chunk["args"]["data"].get("timeDeltas", [])):
            at += delta
            samples.append((at, chunk["id"], sample))
        started[chunk["id"]]["at"] = at
    found = []
    for at, profile, sample in samples:
        frames, key = [], (profile, sample)
        while key in nodes:
            frame = nodes[key]["callFrame"]
            frames.append((frame.get("functionName") or "(anonymous)", frame.get("url", ""), frame.get("lineNumber", -1)))
            key = (profile, nodes[key].get("parent"))
        found.append((at, frames))
    return found


def sampled_work(samples, start, end):
    """What the samples between start and end ran, the two commonest first: each sample named by
    its innermost page script function (url:line, 0-based as the profiler gives them), or the
    engine's WebAssembly, or the browser's own work; with its share of the samples."""
    counts = {}
    within = [frames for at, frames in samples if start <= at < end]
    for frames in within:
        script = next(((name, url, line) for name, url, line in frames if url and not url.endswith(".wasm")), None)
        if frames and frames[0][1].endswith(".wasm"):
            where = "engine (WebAssembly)"
        elif script:
            where = f"{script[0]} {script[1].rsplit('/', 1)[-1].split('?')[0]}:{script[2]}"
        else:
            where = f"browser {frames[0][0] if frames else '(idle)'}"
        counts[where] = counts.get(where, 0) + 1
    top = sorted(counts.items(), key=lambda item: -item[1])[:2]
    return ", ".join(f"{where} {100 * count / len(within):.0f}%" for where, count in top) if within else ""


def trace_tasks(data):
    """The tasks over 50 ms on the page's main thread in a trace (Playwright's stop_tracing bytes):
    [{start (ms since the navigation started), duration, trace (what it did)}]."""
    document = json.loads(data)
    events = document["traceEvents"] if isinstance(document, dict) else document
    threads = {(event["pid"], event["tid"]) for event in events if event.get("ph") == "M" and event.get("name") == "thread_name"
               and event.get("args", {}).get("name") == "CrRendererMain"}
    counts = {}
    for event in events:
        if (event.get("pid"), event.get("tid")) in threads:
            counts[(event["pid"], event["tid"])] = counts.get((event["pid"], event["tid"]), 0) + 1
    if not counts:
        return []
    main_thread = max(counts, key=counts.get)
    own = sorted((event for event in events if (event.get("pid"), event.get("tid")) == main_thread and event.get("ph") == "X" and "dur" in event),
                 key=lambda event: (event["ts"], -event["dur"]))
    # The page's own navigation (other frames' and blank documents' have no URL).
    starts = [event["ts"] for event in events if event.get("name") == "navigationStart" and (event.get("pid"), event.get("tid")) == main_thread
              and ((event.get("args") or {}).get("data") or {}).get("documentLoaderURL")]
    origin = max(starts) if starts else own[0]["ts"]
    samples = profile_samples(events, main_thread)
    found = []
    for task in (event for event in own if event["name"] == "RunTask" and event["dur"] > 50_000 and event["ts"] >= origin):
        end = task["ts"] + task["dur"]
        inner = [event for event in own if task["ts"] <= event["ts"] < end and event is not task and event["ts"] + event["dur"] <= end]
        # Own time per event: its duration less that of the events right inside it.
        kinds, functions, stack = {}, {}, []
        for event in inner:
            while stack and stack[-1]["ts"] + stack[-1]["dur"] <= event["ts"]:
                stack.pop()
            if stack:
                stack[-1]["own"] -= event["dur"]
            event["own"] = event["dur"]
            stack.append(event)
            data = event.get("args", {}).get("data") or {}
            if event["name"] in ("FunctionCall", "EvaluateScript") and data.get("url"):
                where = f"{data.get('functionName') or '(script)'} {data['url'].rsplit('/', 1)[-1].split('?')[0]}:{data.get('lineNumber', 0)}"
                functions[where] = functions.get(where, 0) + event["dur"]
        for event in inner:
            kind = next((name for name, matches in KINDS if matches(event["name"])), "script and other")
            kinds[kind] = kinds.get(kind, 0) + max(event["own"], 0)
        parts = ", ".join(f"{kind} {microseconds / 1000:.0f}" for kind, microseconds in sorted(kinds.items(), key=lambda item: -item[1]) if microseconds >= 2000)
        calls = "; ".join(f"{where} {microseconds / 1000:.0f}" for where, microseconds in sorted(functions.items(), key=lambda item: -item[1])[:2])
        sampled = sampled_work(samples, task["ts"], end)
        found.append({"start": (task["ts"] - origin) / 1000, "duration": task["dur"] / 1000,
                      "trace": f"{parts}{' | ' + calls if calls else ''}{' | sampled: ' + sampled if sampled else ''}"})
    return found


def traced(tasks, from_trace):
    """The long tasks, each with the trace's account of it (the trace task starting nearest it)."""
    for task in tasks:
        nearest = min(from_trace, key=lambda candidate: abs(candidate["start"] - task["start"]), default=None)
        if nearest and abs(nearest["start"] - task["start"]) < 25:
            task["trace"] = nearest["trace"]
    return tasks


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--cpu-throttle", type=float, default=4)
    parser.add_argument("--checkout", metavar="PAYFORM", help="time the example checkout (Examples/web/run.sh PAYFORM)")
    parser.add_argument("--network", choices=sorted(NETWORKS), help="throttle the network too (with --checkout)")
    parser.add_argument("--dist", default=DIST, help="the built web form to time (default Web/dist; another build, to compare)")
    parser.add_argument("--fields", help="time mounting forms of these field counts (comma-separated) instead")
    parser.add_argument("--trace", metavar="DIR", help="trace each cold load (saved in DIR) and name its long tasks from the trace")
    arguments = parser.parse_args()
    from playwright.sync_api import sync_playwright

    label = f"{arguments.cpu_throttle:g}x CPU" + (f", {arguments.network}" if arguments.network else "")
    results = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=arguments.chromium, headless=True)
        if arguments.fields:
            results += mount_scaling(browser, arguments, label)
        elif arguments.checkout:
            results += checkout_loads(browser, arguments, label)
        else:
            results += bench_page(browser, arguments, label)
        browser.close()

    for result in results:
        if arguments.json:
            print(json.dumps(result))
        elif result["unit"] == "tasks":
            continue  # listed per load on stderr as they came
        elif result["unit"] == "ms":
            print(f"{result['name']:<78} median {result['median']:8.1f} ms  p95 {result['p95']:8.1f} ms  max {result['max']:8.1f} ms  ({result['runs']} runs)")
        else:
            print(f"{result['name']:<78} {result['value']:>9} {result['unit']}")


def bench_page(browser, arguments, label):
    timings = queue.Queue()
    server, url = serve(timings, arguments.dist)
    results = []
    loads, steps, longest, fetched, named = [], {}, [], set(), []
    for number in range(1, arguments.loads + 1):
        context, page, session = throttled_page(browser, arguments)
        page.on("request", lambda request: fetched.add(request.url.split("/web/", 1)[1].split("?", 1)[0]) if "/web/" in request.url else None)
        start_trace(browser, page, arguments)
        page.goto(f"{url}/index.html", wait_until="commit")
        try:
            timing = timings.get(timeout=60)
        except queue.Empty:
            raise SystemExit("form-bench: the page posted no load timings within 60 s")
        if "error" in timing:
            raise SystemExit(f"form-bench: {timing['error']}")
        loads.append(timing["total"])
        for step, milliseconds in timing["steps"].items():
            steps.setdefault(step, []).append(milliseconds)
        tasks = cold_load_tasks(browser, page, session, arguments, "#payment-form", timing["steps"], number)
        named.append(tasks)
        longest.append(max([task["duration"] for task in tasks], default=0))
        context.close()
    print_tasks(label, named)
    results.append({"id": "web.load.visa-form", "name": f"navigation to the Visa form on screen (cold, {label})", "unit": "ms", **summary(loads)})
    for step, samples in steps.items():
        results.append({"id": f"web.load.step.{step}", "name": f"  at: {step} (since the navigation)", "unit": "ms", **summary(samples)})
    results.append({"id": "web.load.longest-task", "name": f"longest main-thread task, load to first keystroke ({label}; 0: none over 50 ms)",
                    "unit": "ms", **summary(longest)})
    results.append({"id": "web.load.long-tasks", "name": "the tasks over 50 ms of each load", "unit": "tasks", "loads": named})

    # Keystrokes: warm, the CPU throttled as the loads were.
    context, page, _ = throttled_page(browser, arguments)
    page.goto(f"{url}/index.html")
    page.wait_for_function("() => window.paymentForm !== undefined", timeout=60000)
    results.append(keystrokes(page, arguments, "#payment-form", "web.keystroke.card", label))
    context.close()
    server.shutdown()
    site = os.path.join(arguments.dist, "site")
    manifest = json.load(open(os.path.join(site, "manifest.json"))) if os.path.exists(os.path.join(site, "manifest.json")) else {}
    results += payload({manifest.get(name, name) for name in fetched}, site if manifest else arguments.dist)
    return results


def keystrokes(page, arguments, host, id, label):
    """16 digits and 16 backspaces into the card number, --rounds times: each keystroke timed."""
    page.evaluate(INSTRUMENT, host)
    for _ in range(arguments.rounds):
        for _ in range(16):
            page.keyboard.press("4")
        for _ in range(16):
            page.keyboard.press("Backspace")
    page.wait_for_function(f"() => window.keystrokes.length >= {arguments.rounds * 32}")
    samples = page.evaluate("window.keystrokes")
    text = page.evaluate("(host) => document.querySelector(host).shadowRoot.querySelector('[name=cardNumber]').value", host)
    if text != "":
        raise SystemExit(f"form-bench: the card number ended as {text!r}, not empty: the keystrokes did not all go through")
    print(f"  slowest keystrokes ({label}, median of {arguments.rounds}): {slowest_keystrokes(samples)}", file=sys.stderr)
    return {"id": id, "name": f"card number keystroke to input ready to paint (warm, {label})", "unit": "ms", **summary(samples)}


def slowest_keystrokes(samples):
    """The three keystrokes of a round (16 digits typed, 16 backspaces) slowest at the median, named."""
    positions = [samples[index::32] for index in range(min(32, len(samples)))]
    named = [(f"digit {index + 1}" if index < 16 else f"backspace to {31 - index} digits", statistics.median(times))
             for index, times in enumerate(positions) if times]
    return ", ".join(f"{name} {time:.1f} ms" for name, time in sorted(named, key=lambda item: -item[1])[:3])


# Mounts forms of each size into new elements of one page: the time to the promise, to the first
# layout, and in the engine (its calls wrapped, through the `engine` option).
MOUNT_SCALING = """async ([counts, rounds]) => {
  const { mountPaymentForm } = await import("/web/payform-form.mjs");
  const { PaymentFormEngine } = await import("/web/payform-engine.mjs");
  const real = await PaymentFormEngine.load(new URL("/web/payform-form-engine.wasm", location.href));
  let engineTime = 0, engineCalls = 0;
  const engine = {
    get generation() { return real.generation; },
    call(request) { const started = performance.now(); try { return real.call(request); } finally { engineTime += performance.now() - started; engineCalls++; } },
  };
  const field = (index) => index % 10 === 9
    ? { id: `f${index}`, type: "string", displayHints: { displayOrder: index, label: `List ${index}`, formElement: { type: "list",
        valueMapping: [1, 2, 3, 4, 5].map((option) => ({ value: String(option), displayName: `Option ${option}` })) } },
        dataRestrictions: { isRequired: true, validators: {} } }
    : { id: `f${index}`, type: "string", displayHints: { displayOrder: index, label: `Field ${index}`, placeholderLabel: `Type field ${index}`,
        mask: "{{**********}}", tooltip: { label: `What field ${index} is for` }, formElement: { type: "text" } },
        dataRestrictions: { isRequired: true, validators: { length: { minLength: 2, maxLength: 10 }, regularExpression: { regularExpression: "[a-z0-9]+" } } } };
  const results = {};
  for (const count of counts) {
    const product = { id: 1, paymentMethod: "card", displayHints: { logo: "x", label: "Bench" }, fields: Array.from({ length: count }, (_, index) => field(index)) };
    const samples = [];
    for (let round = 0; round <= rounds; round++) {
      const element = document.createElement("div");
      document.body.append(element);
      engineTime = 0;
      engineCalls = 0;
      const started = performance.now();
      const form = await mountPaymentForm(element, { product, now: "2026-11", engine });
      const mounted = performance.now();
      element.shadowRoot.querySelector(".pf-form").getBoundingClientRect();
      const laidOut = performance.now();
      const drawn = element.shadowRoot.querySelectorAll(".pf-field").length;
      if (drawn !== count) throw new Error(`${drawn} fields drawn, not ${count}`);
      if (round > 0) samples.push({ mount: mounted - started, layout: laidOut - started, engine: engineTime, calls: engineCalls });
      form.destroy();
      element.remove();
    }
    results[count] = samples;
  }
  return results;
}"""


def mount_scaling(browser, arguments, label):
    timings = queue.Queue()
    server, url = serve(timings, arguments.dist)
    context, page, _ = throttled_page(browser, arguments)
    page.goto(f"{url}/index.html")
    page.wait_for_function("() => window.paymentForm !== undefined", timeout=60000)
    counts = [int(count) for count in arguments.fields.split(",")]
    measured = page.evaluate(MOUNT_SCALING, [counts, arguments.rounds])
    context.close()
    server.shutdown()
    results = []
    for count in counts:
        samples = measured[str(count)]
        mount = summary([sample["mount"] for sample in samples])
        layout = summary([sample["layout"] for sample in samples])
        engine = summary([sample["engine"] for sample in samples])
        calls = max(sample["calls"] for sample in samples)
        results.append({"id": f"web.mount.fields{count}", "name": f"mount a form of {count} fields, to the promise ({label})", "unit": "ms", **mount,
                        "perField": mount["median"] / count})
        results.append({"id": f"web.mount.fields{count}.layout", "name": "  to its first layout", "unit": "ms", **layout})
        results.append({"id": f"web.mount.fields{count}.engine", "name": f"  in the engine ({calls} calls)", "unit": "ms", **engine})
    return results


def payload(fetched, folder):
    """gzip -9 and brotli -q 11 of what the page fetched from the web form's files."""
    if not fetched:
        raise SystemExit("form-bench: the page fetched nothing from the web form's files")
    results, total_gzip, total_brotli = [], 0, 0
    for name in sorted(fetched):
        data = open(os.path.join(folder, name), "rb").read()
        compressed = len(gzip.compress(data, 9))
        brotli = len(subprocess.run(["brotli", "-q", "11", "-c"], input=data, capture_output=True, check=True).stdout)
        total_gzip += compressed
        total_brotli += brotli
        results.append({"id": f"web.size.{name}", "name": f"{name}: gzip -9 / brotli -q 11", "unit": "bytes", "value": f"{compressed} / {brotli}"})
    results.append({"id": "web.size.total", "name": "the payload the page fetched: gzip -9 / brotli -q 11", "unit": "bytes",
                    "value": f"{total_gzip} / {total_brotli}", "gzip": total_gzip, "brotli": total_brotli})
    return results


def checkout_loads(browser, arguments, label):
    run = subprocess.Popen([os.path.join(ROOT, "Examples", "web", "run.sh"), arguments.checkout], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = run.stdout.readline().strip()
        if not url.startswith("http"):
            raise SystemExit("form-bench: Examples/web/run.sh printed no URL")
        loads, mounted, longest, fetched, named = [], [], [], set(), []
        host = "#payment-form .payment-form-host"
        for number in range(1, arguments.loads + 1):
            context, page, session = throttled_page(browser, arguments)
            page.add_init_script(CHECKOUT_READY)
            page.on("request", lambda request: fetched.add(request.url.split("/web/", 1)[1].split("?", 1)[0]) if "/web/" in request.url else None)
            start_trace(browser, page, arguments)
            page.goto(f"{url}?product=cards", wait_until="commit")
            # Waited for through DevTools: Playwright's wait_for_function would run its script in the page.
            ready = evaluate(session, "window.formReady")
            loads.append(ready["frame"])
            mounted.append(ready["mounted"])
            tasks = cold_load_tasks(browser, page, session, arguments, host, ready, number)
            named.append(tasks)
            longest.append(max([task["duration"] for task in tasks], default=0))
            context.close()
        print_tasks(label, named)
        # Keystrokes on a loaded checkout, the CPU throttled as the loads were.
        context, page, session = throttled_page(browser, arguments)
        page.add_init_script(CHECKOUT_READY)
        page.goto(f"{url}?product=cards", wait_until="commit")
        evaluate(session, "window.formReady")
        typing = keystrokes(page, arguments, host, "web.checkout.keystroke.card", label)
        context.close()
    finally:
        run.terminate()
        run.wait(timeout=20)
    site = os.path.join(DIST, "site")
    return [
        {"id": "web.checkout.card-form", "name": f"example checkout: navigation to the Card form (cold, {label})", "unit": "ms", **summary(loads)},
        {"id": "web.checkout.mounted", "name": "  at: the page reports the form mounted", "unit": "ms", **summary(mounted)},
        {"id": "web.checkout.longest-task", "name": f"longest main-thread task, load to first keystroke ({label}; 0: none over 50 ms)",
         "unit": "ms", **summary(longest)},
        {"id": "web.checkout.long-tasks", "name": "the tasks over 50 ms of each load", "unit": "tasks", "loads": named},
        typing,
    ] + payload({name for name in fetched if os.path.exists(os.path.join(site, name))}, site)


if __name__ == "__main__":
    main()
