// The browser suite's page (Web/test/web_form_test.py): mounts the web form as the query says,
// keeps it at window.paymentForm, and writes what happened into #outcome.
//   ?product=sample:visa&locale=fr&now=2026-11&account=1001   (sample:NAME: Resources/Products/NAME.json, fetched)
//   ?product=sample:cards&products=visa,amex&dir=rtl&preferredBrand=visa   (a group, the merchant's products)
//   ?session=<JSON of the sandbox's first line>&productId=1&locale=fr
//   ?product=sample:visa@999   (a sample under another id: a product no brand table knows)
//   ?iin=<JSON {"<bin>": getIINdetails answer}>&iinDelay=3000&iinFail=2   (IIN lookups without a
//     session: answered from the map after iinDelay ms, the first iinFail of them failing; each
//     call is noted in window.iinCalls)
import { mountPaymentForm } from "/web/payform-form.mjs";

/** A shipped definition (or the demo key: "demo-key"), as a page passes what the Client API gave it; `NAME@ID` under id ID. */
window.sample = async (name) => {
  const [file, id] = name.split("@");
  const definition = await (await fetch(`/samples/${file}.json`)).json();
  return id ? { ...definition, id: Number(id) } : definition;
};

const query = new URLSearchParams(location.search);
const locale = query.get("locale") ?? "en";
document.documentElement.lang = locale;
if (query.get("dir")) document.documentElement.dir = query.get("dir");
const outcome = document.getElementById("outcome");
const options = { locale, submitButton: true, now: query.get("now") ?? undefined };
if (query.get("session")) {
  options.session = JSON.parse(query.get("session"));
  options.productId = query.get("productId") ?? "1";
  options.context = { amount: 1000, currency: "EUR", countryCode: "NL", locale: locale === "fr" ? "fr_FR" : "en_GB" };
} else {
  const product = query.get("product") ?? "sample:visa";
  options.product = product.startsWith("sample:") ? await window.sample(product.slice("sample:".length)) : product;
  const publicKey = query.get("publicKey");
  if (publicKey) options.publicKey = publicKey === "sample:demo" ? await window.sample("demo-key") : publicKey;
  if (query.get("clientSessionId")) options.clientSessionId = query.get("clientSessionId");
}
if (query.get("account")) options.accountOnFile = query.get("account");
if (query.get("products")) options.products = await Promise.all(query.get("products").split(",").map((name) => window.sample(name)));
if (query.get("preferredBrand")) options.preferredBrand = query.get("preferredBrand");
if (query.get("iin")) {
  const answers = JSON.parse(query.get("iin"));
  const delay = Number(query.get("iinDelay") ?? 0);
  let failures = Number(query.get("iinFail") ?? 0);
  window.iinCalls = [];
  options.lookupIIN = async (bin) => {
    window.iinCalls.push({ bin, at: performance.now() });
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (failures > 0) {
      failures -= 1;
      throw Object.assign(new Error("the IIN service did not answer"), { code: "client_api" });
    }
    return answers[bin] ?? answers[bin.slice(0, 6)] ?? {};
  };
}
window.formEvents = [];
// Every event, from before the mount resolves (the element's bubbling payform-* events).
for (const type of ["ready", "focus", "blur", "change", "brand", "iin", "valid", "submitrequest", "submit", "error"]) {
  document.getElementById("payment-form").addEventListener(`payform-${type}`, (event) => window.formEvents.push({ type, detail: event.detail }));
}
try {
  const started = performance.now();
  const form = await mountPaymentForm(document.getElementById("payment-form"), options);
  window.mountMilliseconds = performance.now() - started;
  form.addEventListener("submit", (event) => { outcome.textContent = JSON.stringify(event.detail); });
  document.getElementById("title").textContent = form.product.label;
  window.paymentForm = form;
} catch (error) {
  outcome.textContent = JSON.stringify({ error: { code: error.code ?? "error", message: error.message } });
  window.mountError = error.message;
}
