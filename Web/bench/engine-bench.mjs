// Times the WebAssembly engine in node: instantiation, the first product decode, and the
// portable commands per call (median and p95 of many runs). Needs Web/dist/ (Scripts/build-web.sh).
//
//   node Web/bench/engine-bench.mjs [--json]
import { readFileSync } from "node:fs";
import { PaymentFormEngine } from "../dist/payform-engine.mjs";

const json = process.argv.includes("--json");
const bytes = readFileSync(new URL("../dist/payform-engine.wasm", import.meta.url));

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

const results = [];
const report = (id, value) => {
  results.push({ id, ...value });
  if (!json) console.log(`${id.padEnd(34)} median ${value.median.toFixed(3)} ms  p95 ${value.p95.toFixed(3)} ms  (${value.runs} runs)`);
};

// Cold: compile + instantiate + the first decode and validation of a product, in a fresh engine each time.
const cold = [];
for (let i = 0; i < 20; i++) {
  const start = process.hrtime.bigint();
  const engine = await PaymentFormEngine.load(bytes);
  const answer = engine.call({ op: "cli", args: ["validate", "--product", "sample:visa", "--value", "cvv=123"], now: "2026-11" });
  if (answer.exitCode !== 1) throw new Error(`cold validate: ${JSON.stringify(answer).slice(0, 300)}`);
  cold.push(Number(process.hrtime.bigint() - start) / 1e6);
}
report("cold.instantiate+first-validate", stats(cold));

const engine = await PaymentFormEngine.load(bytes);
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
const keystroke = JSON.stringify({ event: "edit", field: "cardNumber", selection: [0, 0], insert: "4" });
report("cli.form.one-keystroke", time(() => call(["form", "--product", "sample:visa"], keystroke + "\n"), 2000));
const sixteen = Array.from({ length: 16 }, (_, i) => JSON.stringify({ event: "edit", field: "cardNumber", selection: [i + Math.floor(i / 4), i + Math.floor(i / 4)], insert: "4" })).join("\n");
report("cli.form.16-keystrokes", time(() => call(["form", "--product", "sample:visa"], sixteen + "\n"), 500));
report("cli.prepare.visa", time(() => call(["prepare", "--product", "sample:visa", "--value", "cardNumber=4111111111111111",
  "--value", "expiryDate=1230", "--value", "cvv=123", "--public-key", "sample:demo", "--client-session-id", "bench"]), 300));
if (json) for (const r of results) console.log(JSON.stringify(r));
