// Web/bench/form-bench.py's page: times loading the form module, the engine and the Visa form
// until the frame that shows it is presented (the page's first contentful paint: nothing else on
// it has text), all since the navigation started, posts the timings to the benchmark's server and
// keeps the form for the keystroke timings. The page preloads the form module and the engine, as
// WebForm.md tells a site to.
const started = performance.now();
const painted = new Promise((resolve) => {
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntries().find((each) => each.name === "first-contentful-paint");
    if (entry) { observer.disconnect(); resolve(entry.startTime); }
  }).observe({ type: "paint", buffered: true });
});
const definition = fetch("/products/visa.json").then((response) => response.json());
const { mountPaymentForm } = await import("/web/payform-form.mjs");
const imported = performance.now();
// The mount resolves once the form is drawn, styled (it waits for its stylesheet).
const form = await mountPaymentForm(document.getElementById("payment-form"), { product: await definition, locale: "en", now: "2026-11" });
const mounted = performance.now();
const presented = await painted;
const timings = presented < mounted
  ? { error: "something was painted before the form was drawn: the first contentful paint is not the form's" }
  : { total: presented, steps: { script: started, imported, mounted, painted: presented } };
window.paymentForm = form;
// To the benchmark's server, so that nothing asks the page anything while it loads.
fetch("/timings", { method: "POST", body: JSON.stringify(timings) });
