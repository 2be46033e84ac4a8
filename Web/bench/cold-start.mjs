// Cold start in node (a benchmark, not a test): a fresh node process each time, from its spawn
// to a form ready for the customer's first keystroke, beside the Online Payments JavaScript client
// SDK's time to a payment request when a build of it is given. Rounds alternate the two, so the
// machine's drift over minutes weighs on both alike. Each figure is given since the process
// started (node's start-up included, the same for both) and since the script started.
//
//   ours: import the engine's loader, compile and instantiate payform-form-engine.wasm (read from
//     disk, as a fresh process must), form.open on the Visa definition (Resources/Products/visa.json),
//     the first form.brands (the brand table read on first use) and the first keystroke;
//   sdk: require the SDK (which loads node-forge), create it with a session, getPaymentProduct(1)
//     answered from the same Visa definition by a stub fetch (no network), new PaymentRequest,
//     the first setValue and validate.
//
// Usage: node Web/bench/cold-start.mjs [--rounds 21] [--json] [--sdk DIR] [--before DIST]
//   DIR holds the SDK compiled to CommonJS (index.js, with node-forge resolvable from it): the
//   repository does not ship it. Built outside the repository, for example: the SDK's sources
//   (github.com/wl-online-payments-direct/sdk-client-js) compiled with Debian's node-typescript
//   (`tsc` with module commonjs, target ES2020) and node-forge's lib/ as node_modules/node-forge.
//   --before DIST times another build's Web/dist too (an earlier one: its form.open takes the
//   Visa definition the same way), in the same alternating rounds.
// Needs Web/dist/ (Scripts/build/build-web.sh).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const visaPath = path.join(root, "Resources", "Products", "visa.json");

if (process.argv[2] === "--child") {
  await child(process.argv[3], process.argv[4], process.argv[5]);
} else {
  await parent();
}

/** One cold start in this process; prints `{"ready": ms since the process began, "steps": {...}}`. */
async function child(kind, sdkDirectory, dist) {
  const mark = () => performance.now(); // since the process's time origin
  // Node's own start-up (the same for both) ends here: "script" is ready - start.
  const steps = { start: mark() };
  if (kind !== "sdk") {
    const { PaymentFormEngine } = await import(pathToFileURL(path.join(dist, "payform-engine.mjs")).href);
    steps.imported = mark();
    const engine = await PaymentFormEngine.load(readFileSync(path.join(dist, "payform-form-engine.wasm")));
    steps.instantiated = mark();
    const product = JSON.parse(readFileSync(visaPath, "utf8"));
    const opened = engine.call({ op: "form.open", product, locale: "en", now: "2026-11" });
    if (opened.error) throw new Error(opened.error.message);
    steps.opened = mark();
    const brands = engine.call({ op: "form.brands", form: opened.form });
    if (!brands.brands?.length) throw new Error("form.brands answered no brands");
    steps.brands = mark();
    const typed = engine.call({ op: "form.event", form: opened.form, event: { event: "edit", field: "cardNumber", selection: [0, 0], insert: "4" } });
    if (typed.text !== "4") throw new Error(`the first keystroke answered ${JSON.stringify(typed).slice(0, 200)}`);
  } else {
    // The SDK expects a browser (window, document, navigator and screen: Apple Pay, the device's meta
    // info): node's global and two plain objects stand in.
    globalThis.window ??= globalThis;
    globalThis.document ??= {};
    globalThis.navigator ??= { userAgent: "node", language: "en-GB" };
    globalThis.screen ??= { colorDepth: 24, height: 800, width: 1280 };
    Object.assign(globalThis, { innerWidth: 1280, innerHeight: 800 });
    const sdk = createRequire(path.join(path.resolve(sdkDirectory), "index.js"))("./index.js");
    steps.imported = mark();
    const definition = readFileSync(visaPath, "utf8");
    globalThis.fetch = async () => new Response(definition, { status: 200, headers: { "Content-Type": "application/json" } });
    const client = sdk.init({ clientSessionId: "s", customerId: "c", clientApiUrl: "https://example.invalid/client", assetUrl: "https://example.invalid/assets" });
    const product = await client.getPaymentProduct(1, { amountOfMoney: { amount: 1000, currencyCode: "EUR" }, countryCode: "NL", isRecurring: false });
    steps.opened = mark();
    const request = new sdk.PaymentRequest(product);
    request.setValue("cardNumber", "4");
    request.validate();
  }
  steps.ready = mark();
  process.stdout.write(`${JSON.stringify({ ready: steps.ready, script: steps.ready - steps.start, steps })}\n`);
}

/** Spawns `node this --child KIND` and times it from the spawn to its exit. */
function run(kind, sdkDirectory, dist) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--child", kind, sdkDirectory ?? "", dist], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => { output += chunk; });
    child.on("error", reject);
    child.on("close", (code) => {
      const wall = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`the ${kind} child exited ${code}`));
      resolve({ wall, ...JSON.parse(output) });
    });
  });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function parent() {
  const json = process.argv.includes("--json");
  const roundsIndex = process.argv.indexOf("--rounds");
  const rounds = roundsIndex > 0 ? Number(process.argv[roundsIndex + 1]) : 21;
  const sdkIndex = process.argv.indexOf("--sdk");
  const sdkDirectory = sdkIndex > 0 ? process.argv[sdkIndex + 1] : null;
  const beforeIndex = process.argv.indexOf("--before");
  const dists = { ours: path.join(root, "Web", "dist"), before: beforeIndex > 0 ? path.resolve(process.argv[beforeIndex + 1]) : null };
  const kinds = ["ours", ...(dists.before ? ["before"] : []), ...(sdkDirectory ? ["sdk"] : [])];
  const samples = Object.fromEntries(kinds.map((kind) => [kind, []]));
  for (let round = 0; round < rounds; round++) {
    // Alternating, and which goes first alternates too.
    for (const kind of round % 2 === 0 ? kinds : [...kinds].reverse()) samples[kind].push(await run(kind, sdkDirectory, dists[kind] ?? ""));
  }
  const results = [];
  for (const kind of kinds) {
    const ready = median(samples[kind].map((sample) => sample.ready));
    const steps = {};
    for (const step of Object.keys(samples[kind][0].steps)) steps[step] = median(samples[kind].map((sample) => sample.steps[step]));
    const names = {
      ours: ["cold.node.form-ready", "fresh node process to the Visa form ready (first form.brands and keystroke included)"],
      before: ["cold.node.form-ready.before", `the same, ${path.relative(process.cwd(), dists.before ?? "")}`],
      sdk: ["cold.node.sdk-payment-request", "fresh node process to the SDK's payment request (Online Payments JS SDK + node-forge)"],
    };
    results.push({
      id: names[kind][0],
      name: names[kind][1],
      unit: "ms", median: ready, scriptMedian: median(samples[kind].map((sample) => sample.script)),
      wallMedian: median(samples[kind].map((sample) => sample.wall)), runs: samples[kind].length, steps,
    });
  }
  const median_ = (id) => results.find((result) => result.id === id)?.median;
  const script_ = (id) => results.find((result) => result.id === id)?.scriptMedian;
  if (sdkDirectory) {
    const ratio = (id, name, of) => results.push({ id, name, unit: "ratio", value: of("cold.node.form-ready" + (id.endsWith(".before") ? ".before" : "")) / of("cold.node.sdk-payment-request") });
    ratio("cold.node.ratio", "ours / SDK (medians, since the process started)", median_);
    ratio("cold.node.ratio.script", "ours / SDK (medians, since the script started: node's start-up left out)", script_);
    if (dists.before) {
      ratio("cold.node.ratio.before", "before / SDK (medians, since the process started)", median_);
      ratio("cold.node.ratio.script.before", "before / SDK (medians, since the script started)", script_);
    }
  }
  for (const result of results) {
    if (json) console.log(JSON.stringify(result));
    else if (result.unit === "ratio") console.log(`${result.name.padEnd(92)} ${result.value.toFixed(2)}×`);
    else {
      const steps = Object.entries(result.steps).map(([step, ms]) => `${step} ${ms.toFixed(1)}`).join(", ");
      console.log(`${result.name.padEnd(92)} median ${result.median.toFixed(1)} ms since the process started, ${result.scriptMedian.toFixed(1)} ms since the script did (process exit ${result.wallMedian.toFixed(1)} ms; ${result.runs} runs; at: ${steps})`);
    }
  }
}
