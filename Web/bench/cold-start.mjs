// Cold start in node (a benchmark, not a test): a fresh node process each time, from its spawn
// to a form ready for the customer's first keystroke, beside the Online Payments JavaScript client
// SDK's time to a payment request when a build of it is given. Rounds alternate the two, so the
// machine's drift over minutes weighs on both alike. Each figure is given since the process
// started (node's start-up included, the same for both) and since the script started.
//
//   ours: import the engine's loader, compile and instantiate payform-form-engine.wasm (read from
//     disk, as a fresh process must), form.open on the Visa definition (Resources/Products/visa.json),
//     the first form.brands (the brand table read on first use) and the first keystroke;
//   sdk: import the SDK as a page gets it, ONE minified ES module with node-forge inside (bundled
//     by esbuild --bundle --minify --format=esm from the SDK's entry; it was once timed as 124
//     separate CommonJS files, which made node's module loading most of its time), create it with
//     a session, getPaymentProduct(1) answered from the same Visa definition by a stub fetch (no
//     network), new PaymentRequest, the first setValue and validate.
//
// Usage: node Web/bench/cold-start.mjs [--rounds 21] [--json] [--sdk DIR|FILE] [--before DIST]
//   --sdk: the SDK's sources (github.com/wl-online-payments-direct/sdk-client-js: DIR/src/index.ts)
//   with node-forge resolvable from them (its sources as DIR/node_modules/node-forge), or an SDK
//   already compiled (DIR/index.js), or one bundled file: the repository ships none of these, and
//   node-forge is neither in Debian nor on PyPI, so it is fetched by hand. The harness bundles it
//   once with Debian's esbuild (0.17) into a temporary file and prints the bundle's size.
//   --before DIST times another build's Web/dist too (an earlier one: its form.open takes the
//   Visa definition the same way), in the same alternating rounds.
// Every round prints the machine's load (os.loadavg()); the result gives the range it took.
// Needs Web/dist/ (Scripts/build/build-web.sh).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
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
async function child(kind, sdkBundle, dist) {
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
    const sdk = await import(pathToFileURL(sdkBundle).href);
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

/**
 * The SDK as one minified ES module (esbuild), from its sources, a compiled copy or a bundle:
 * `{file, bytes, brotli, cleanup}`.
 */
function sdkBundle(given) {
  const source = path.resolve(given);
  const entry = statSync(source).isFile() ? source
    : [path.join(source, "src", "index.ts"), path.join(source, "index.js")].find((candidate) => existsSync(candidate));
  if (!entry) throw new Error(`--sdk ${given}: neither a file nor a folder with src/index.ts or index.js`);
  const folder = mkdtempSync(path.join(tmpdir(), "payform-sdk-"));
  const file = path.join(folder, "sdk.min.mjs");
  try {
    execFileSync("esbuild", [entry, "--bundle", "--minify", "--format=esm", "--platform=browser", `--outfile=${file}`, "--log-level=error"], { stdio: ["ignore", "inherit", "inherit"] });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`esbuild could not bundle ${entry} (node-forge must resolve from it: ${error.message})`);
  }
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { file, bytes: bytes.length, brotli, cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Spawns `node this --child KIND` and times it from the spawn to its exit. */
function run(kind, sdkFile, dist) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--child", kind, sdkFile ?? "", dist], { stdio: ["ignore", "pipe", "inherit"] });
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
  const bundled = sdkIndex > 0 ? sdkBundle(process.argv[sdkIndex + 1]) : null;
  const sdkFile = bundled?.file ?? null;
  if (bundled && !json) console.log(`the SDK as one minified module: ${bundled.bytes} bytes, ${bundled.brotli} brotli -q 11`);
  const beforeIndex = process.argv.indexOf("--before");
  const dists = { ours: path.join(root, "Web", "dist"), before: beforeIndex > 0 ? path.resolve(process.argv[beforeIndex + 1]) : null };
  const kinds = ["ours", ...(dists.before ? ["before"] : []), ...(sdkFile ? ["sdk"] : [])];
  const samples = Object.fromEntries(kinds.map((kind) => [kind, []]));
  const loads = [];
  for (let round = 0; round < rounds; round++) {
    loads.push(loadavg()[0]);
    // Alternating, and which goes first alternates too.
    for (const kind of round % 2 === 0 ? kinds : [...kinds].reverse()) samples[kind].push(await run(kind, sdkFile, dists[kind] ?? ""));
    if (!json) {
      const figures = kinds.map((kind) => `${kind} ${samples[kind].at(-1).ready.toFixed(1)}`).join(", ");
      console.log(`round ${round + 1} of ${rounds}: load ${loadavg().map((average) => average.toFixed(2)).join(" ")}; ms since the process started: ${figures}`);
    }
  }
  bundled?.cleanup();
  const results = [];
  for (const kind of kinds) {
    const ready = median(samples[kind].map((sample) => sample.ready));
    const steps = {};
    for (const step of Object.keys(samples[kind][0].steps)) steps[step] = median(samples[kind].map((sample) => sample.steps[step]));
    const names = {
      ours: ["cold.node.form-ready", "fresh node process to the Visa form ready (first form.brands and keystroke included)"],
      before: ["cold.node.form-ready.before", `the same, ${path.relative(process.cwd(), dists.before ?? "")}`],
      sdk: ["cold.node.sdk-payment-request", "fresh node process to the SDK's payment request (Online Payments JS SDK + node-forge, one minified module)"],
    };
    results.push({
      id: names[kind][0],
      name: names[kind][1],
      unit: "ms", median: ready, scriptMedian: median(samples[kind].map((sample) => sample.script)),
      wallMedian: median(samples[kind].map((sample) => sample.wall)), runs: samples[kind].length, steps,
      load: [Math.min(...loads), Math.max(...loads)],
    });
  }
  const median_ = (id) => results.find((result) => result.id === id)?.median;
  const script_ = (id) => results.find((result) => result.id === id)?.scriptMedian;
  if (sdkFile) {
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
      console.log(`${result.name.padEnd(92)} median ${result.median.toFixed(1)} ms since the process started, ${result.scriptMedian.toFixed(1)} ms since the script did (process exit ${result.wallMedian.toFixed(1)} ms; ${result.runs} runs, load ${result.load.map((average) => average.toFixed(2)).join("–")}; at: ${steps})`);
    }
  }
}
