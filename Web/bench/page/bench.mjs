// Web/bench/form-bench.py's page: times loading the form module, the engine and the Visa form
// until it is on screen (styled, two frames drawn), posts the timings to the benchmark's server
// and keeps the form for the keystroke timings.
const started = performance.now();
const { mountPaymentForm } = await import("/web/payform-form.mjs");
const imported = performance.now();
const form = await mountPaymentForm(document.getElementById("payment-form"), { product: "sample:visa", locale: "en", now: "2026-11" });
const mounted = performance.now();
const sheet = document.getElementById("payment-form").shadowRoot.querySelector("link[rel=stylesheet]");
if (!sheet.sheet) await new Promise((resolve) => { sheet.addEventListener("load", resolve, { once: true }); sheet.addEventListener("error", resolve, { once: true }); });
const styled = performance.now();
await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
window.loadMilliseconds = performance.now() - started;
window.loadSteps = { import: imported - started, mount: mounted - imported, stylesheet: styled - mounted, frames: performance.now() - styled };
window.paymentForm = form;
// To the benchmark's server, so that nothing asks the page anything while it loads.
fetch("/timings", { method: "POST", body: JSON.stringify({ total: window.loadMilliseconds, steps: window.loadSteps }) });
