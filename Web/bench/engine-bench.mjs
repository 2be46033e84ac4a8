// Times the WebAssembly engine in node (a benchmark, not a test), beside the native engine:
//   - engine calls inside the module (the "bench" request: payform-bench's cases, same ids and
//     inputs), next to `payform-bench --json`'s figures for the same ids when --native is given
//     (timed right before and after each WebAssembly figure, the mean compared);
//   - warm reload: compile + instantiate + the first Visa decode, a fresh instance each time but in
//     one process, where V8 reuses what it compiled for the first (these were called "cold" once;
//     the cold figures are Web/bench/cold-start.mjs's, a fresh process each);
//   - the page's round trip: one keystroke through form.event (JSON in and out), hostile validator
//     patterns typed to 100 characters (time and backtracking steps per keystroke), and the
//     portable commands through the "cli" request.
// Figures that hold still: each case runs batches of a fixed size (BATCH, a constant: a size
// picked from a timing moved with the machine's load, and a spike while sizing swung a ratio from
// 822x to 2.3x), less the same call with a batch of one (the request's parsing, the case's setup
// and the answer: what a batch of one costs beyond its one operation is subtracted, so the figure
// is per operation); --runs whole runs, each printed with the machine's load (os.loadavg(), as
// /proc/loadavg), the median of the runs reported beside their spread.
// Needs Web/dist/ (Scripts/build/build-web.sh); the native figures need a release payform-bench
// (swift build -c release --product payform-bench).
//
//   node Web/bench/engine-bench.mjs [--json] [--runs 3] [--native .build/release/payform-bench]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { PaymentFormEngine } from "../dist/payform-engine.mjs";

const json = process.argv.includes("--json");
const nativeIndex = process.argv.indexOf("--native");
const nativeBench = nativeIndex > 0 ? process.argv[nativeIndex + 1] : null;
const runsIndex = process.argv.indexOf("--runs");
const runCount = runsIndex > 0 ? Number(process.argv[runsIndex + 1]) : 3;
if (!Number.isInteger(runCount) || runCount < 1 || runCount > 100) {
  console.error("engine-bench: --runs takes a whole number from 1 to 100");
  process.exit(2);
}
const bytes = readFileSync(new URL("../dist/payform-engine.wasm", import.meta.url));
const formBytes = readFileSync(new URL("../dist/payform-form-engine.wasm", import.meta.url));

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.floor(sorted.length * 0.95)], runs: sorted.length };
}

function time(body, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    body();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return stats(samples);
}

/** The machine's load now: the 1, 5 and 15 minute averages, as /proc/loadavg gives them. */
const load = () => loadavg().map((average) => average.toFixed(2)).join(" ");

const results = [];
const report = (id, value) => {
  results.push({ id, ...value });
  if (json) return;
  if (value.wasmNsPerOp !== undefined) {
    const native = value.nativeNsPerOp === undefined ? "" : `  native ${(value.nativeNsPerOp / 1000).toFixed(3)} µs  wasm/native ${value.ratio.toFixed(2)}×`;
    const spread = value.runs.length > 1 ? `  (runs ${value.runs.map((run) => (run.wasmNsPerOp / 1000).toFixed(3)).join(" / ")} µs${value.runs[0].ratio === undefined ? "" : `; ${value.runs.map((run) => run.ratio.toFixed(2)).join(" / ")}×`})` : "";
    console.log(`${id.padEnd(34)} wasm ${(value.wasmNsPerOp / 1000).toFixed(3)} µs${native}${spread}`);
  } else {
    console.log(`${id.padEnd(34)} median ${value.median.toFixed(3)} ms  p95 ${value.p95.toFixed(3)} ms  (${value.runs} runs)`);
  }
};

// Engine calls inside the module, per operation. BATCH: the operations of one timed batch, fixed
// (sized on this machine on 2026-11-29 for 10-50 ms a batch in node's WebAssembly).
const BATCH = {
  "mask.format.pan": 200000,
  "controller.keystroke.card": 5000,
  "validate.card.valid": 10000,
  "decode.visa": 500,
  "prepare.visa": 200,
  "regex.hostile.backtracking": 5,
  "regex.review.backtracking": 5,
};
/** Batches of each size per case and run (alternating: a batch of one, then a full one). */
const PAIRS = 9;
const engine = await PaymentFormEngine.load(bytes);
// The native figure of a case is timed right before and right after its WebAssembly figure, and
// their mean is the one compared: this machine's speed drifts over minutes, and a ratio of two
// figures taken minutes apart measured the drift as much as the engines.
function nativeNsPerOp(id) {
  const lines = execFileSync(nativeBench, ["--json", id], { encoding: "utf8" }).split("\n").filter((line) => line.startsWith("{"));
  const figure = lines.map((line) => JSON.parse(line)).find((entry) => entry.id === id);
  if (!figure) throw new Error(`payform-bench has no figure for ${id}`);
  return figure.nsPerOp;
}
/** Nanoseconds of one `bench` call of `iterations` operations of `id`. */
function batch(id, iterations) {
  const start = process.hrtime.bigint();
  const answer = engine.call({ op: "bench", case: id, iterations });
  const elapsed = Number(process.hrtime.bigint() - start);
  if (answer.error) throw new Error(`${id}: ${answer.error.message}`);
  return elapsed;
}
const perRun = Object.fromEntries(Object.keys(BATCH).map((id) => [id, []]));
for (let run = 1; run <= runCount; run++) {
  if (!json) console.log(`run ${run} of ${runCount}: load ${load()}`);
  for (const [id, size] of Object.entries(BATCH)) {
    const nativeBefore = nativeBench ? nativeNsPerOp(id) : undefined;
    // One batch not counted: V8 optimises what runs hot (its second tier) during the first.
    batch(id, size);
    // A batch of `size` less a batch of one, per operation beyond the first, PAIRS times.
    const perOp = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const single = batch(id, 1);
      perOp.push((batch(id, size) - single) / (size - 1));
    }
    const spread = stats(perOp);
    const entry = { wasmNsPerOp: spread.median, batch: size, p95OverMedian: spread.p95 / spread.median, load: loadavg() };
    if (nativeBench) {
      const native = (nativeBefore + nativeNsPerOp(id)) / 2;
      Object.assign(entry, { nativeNsPerOp: native, ratio: spread.median / native });
    }
    perRun[id].push(entry);
    if (!json && runCount > 1) {
      const ratio = entry.ratio === undefined ? "" : `  wasm/native ${entry.ratio.toFixed(2)}×`;
      console.log(`  ${id.padEnd(32)} wasm ${(entry.wasmNsPerOp / 1000).toFixed(3)} µs${ratio}  (batch ${size}, p95/median ${entry.p95OverMedian.toFixed(2)})`);
    }
  }
}
// Each case: the run with the median WebAssembly figure, and every run beside it.
for (const [id, runs] of Object.entries(perRun)) {
  const middle = [...runs].sort((a, b) => a.wasmNsPerOp - b.wasmNsPerOp)[Math.floor(runs.length / 2)];
  report(`engine.${id}`, { ...middle, runs });
}
if (!json) console.log(`then: load ${load()}`);

// Warm reload: compile + instantiate + the first decode of the Visa form, in a fresh instance each
// time, in this process: V8 keeps the compiled code of the first, so this is not a cold start
// (Web/bench/cold-start.mjs times those, a fresh process each).
const visa = JSON.parse(readFileSync(new URL("../../Resources/Products/visa.json", import.meta.url), "utf8"));
for (const [id, module] of [["warm.reload.form-engine.open-visa", formBytes], ["warm.reload.engine.open-visa", bytes]]) {
  const reloads = [];
  for (let i = 0; i < 20; i++) {
    const start = process.hrtime.bigint();
    const fresh = await PaymentFormEngine.load(module);
    const answer = fresh.call({ op: "form.open", product: visa, locale: "en", now: "2026-11" });
    if (answer.error) throw new Error(`reload open: ${answer.error.message}`);
    reloads.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  report(id, stats(reloads));
}

// The page's round trip: a keystroke and its backspace through form.event, JSON both ways.
const form = engine.call({ op: "form.open", product: visa, locale: "en", now: "2026-11" }).form;
engine.call({ op: "form.event", form, event: { event: "set", field: "cardNumber", value: "4111 1111 1111 111" } });
let typing = true;
report("form.event.keystroke", time(() => {
  const event = typing ? { event: "edit", field: "cardNumber", selection: [18, 18], insert: "1" } : { event: "edit", field: "cardNumber", selection: [19, 19], delete: "backward" };
  typing = !typing;
  const answer = engine.call({ op: "form.event", form, event });
  if (answer.error) throw new Error(answer.error.message);
}, 4000));

// Hostile validator patterns on the page's engine: each typed key by key to 100 characters
// through form.event, the event's time (median and slowest of the 100) and its pattern work
// (form.work: steps of the engine's backtracking matcher, at most 6,000,000 an event).
const pageEngine = await PaymentFormEngine.load(formBytes);
const hostilePatterns = [
  "(?=.)(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}b", "(?=.).*.*.*.*.*x", "\\w*\\w*\\w*\\w*x",
  "(?=.)(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}b", "(\\w+)+!", "(?=a)(a|aa)+b",
];
for (const pattern of hostilePatterns) {
  const product = {
    id: 9001, paymentMethod: "redirect", displayHints: { displayOrder: 0, label: "Test", logo: "logo.png" },
    fields: [{ id: "code", type: "string", displayHints: { displayOrder: 0, label: "Code", formElement: { type: "text" } },
               dataRestrictions: { isRequired: true, validators: { regularExpression: { regularExpression: pattern } } } }],
  };
  const opened = pageEngine.call({ op: "form.open", product, locale: "en", now: "2026-11" });
  pageEngine.call({ op: "form.event", form: opened.form, event: { event: "focus", field: "code" } });
  const samples = [];
  let steps = 0;
  for (let index = 0; index < 100; index++) {
    const start = process.hrtime.bigint();
    pageEngine.call({ op: "form.event", form: opened.form, event: { event: "edit", field: "code", selection: [index, index], insert: "a" } });
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    steps = Math.max(steps, pageEngine.call({ op: "form.work", form: opened.form }).patternSteps);
  }
  const { median } = stats(samples);
  const slowest = Math.max(...samples);
  results.push({ id: `hostile.typing ${pattern}`, median, max: slowest, steps });
  if (!json) console.log(`${pattern.padEnd(60)} per keystroke median ${median.toFixed(2)} ms, slowest ${slowest.toFixed(2)} ms, at most ${steps} steps`);
  pageEngine.call({ op: "form.close", form: opened.form });
}

const call = (args, stdin) => {
  const answer = engine.call({ op: "cli", args, stdin, now: "2026-11" });
  // A benchmark of error paths would measure nothing: every command here must succeed or
  // answer "invalid" (exit 1 with a verdict).
  if (answer.error || answer.exitCode > 1) throw new Error(`${args[0]}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
};
report("cli.mask.19-digit-pan", time(() => call(["mask", "--mask", "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", "--value", "4111111111111111111"]), 2000));
report("cli.validate.visa", time(() => call(["validate", "--product", "sample:visa", "--value", "cardNumber=4111 1111 1111 1111",
  "--value", "expiryDate=12/30", "--value", "cvv=123"]), 2000));
report("cli.prepare.visa", time(() => call(["prepare", "--product", "sample:visa", "--value", "cardNumber=4111111111111111",
  "--value", "expiryDate=1230", "--value", "cvv=123", "--public-key", "sample:demo", "--client-session-id", "bench"]), 300));
if (json) for (const r of results) console.log(JSON.stringify(r));
