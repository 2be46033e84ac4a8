// Warming the engine up before a form needs it, so that no task of the page's main thread runs
// long. Chromium compiles a WebAssembly function the first time it is called, on the thread that
// calls it, and an instance reads its tables (texts, brands) on first use: the first `form.open`
// did both in one task (150–600 ms with the CPU slowed 4 times). Two things split that work:
//
// - a worker: this module, loaded as a module worker named WORKER_NAME, instantiates the same
//   compiled module and runs a card form through it (V8 shares a module's compiled code between
//   its instances, across threads: what the worker compiled, the page's instance runs at once);
// - then, on the page's instance, the same steps one per task (the page's input and frames run
//   between them): the tables each instance reads once, and whatever the worker did not compile.
//
// The warm-up forms are the engine's own (a card product of this file, nothing typed but a "4"),
// closed afterwards: a customer's form never sees them, and what it sends never depends on
// whether or when the warm-up ran. Without a worker (a module served from another origin, or a
// site's own bundle of it), the steps still run one per task on the page.

import { PaymentFormEngine } from "../payform-engine.mjs";
import { yieldToPage } from "./yield.mjs";

/** The name of the warm-up worker (its `self.name`), and the key of its messages. */
export const WORKER_NAME = "payform-engine-warm-up";

/** How long the page waits for the worker before it goes on without it. */
const WORKER_WAIT_MS = 3000;

/** A card product as the Client API gives one: what the warm-up forms are of. */
const WARM_UP_PRODUCT = {
  id: 1, paymentMethod: "card", paymentProductGroup: "cards", displayHints: { displayOrder: 0, label: "Card", logo: "card.png" },
  fields: [
    { id: "cardNumber", type: "numericstring", usedForLookup: true,
      dataRestrictions: { isRequired: true, validators: { length: { minLength: 13, maxLength: 19 }, luhn: {} } },
      displayHints: { displayOrder: 0, label: "Card number", mask: "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", formElement: { type: "text" } } },
    { id: "expiryDate", type: "expirydate",
      dataRestrictions: { isRequired: true, validators: { expirationDate: {}, regularExpression: { regularExpression: "(?:0[1-9]|1[0-2])[0-9]{2}" } } },
      displayHints: { displayOrder: 1, label: "Expiry date", mask: "{{99}}/{{99}}", formElement: { type: "text" } } },
    { id: "cvv", type: "numericstring",
      dataRestrictions: { isRequired: true, validators: { length: { minLength: 3, maxLength: 4 }, regularExpression: { regularExpression: "^[0-9]{3}[0-9]?$" } } },
      displayHints: { displayOrder: 2, label: "CVV", mask: "{{9999}}", obfuscate: true, tooltip: { label: "CVV" }, formElement: { type: "text" } } },
    { id: "cardholderName", type: "string",
      dataRestrictions: { isRequired: false, validators: { length: { minLength: 2, maxLength: 51 }, regularExpression: { regularExpression: "[\\p{L} '.-]+" } } },
      displayHints: { displayOrder: 3, label: "Cardholder name", formElement: { type: "text" } } },
  ],
};

/** The warm-up, one engine call a step: what a card form's mount, first keystrokes and submit run. */
const STEPS = [
  (engine) => engine.call({ op: "version" }),
  (engine, state) => { state.form = engine.call({ op: "form.open", product: WARM_UP_PRODUCT, locale: "en", now: "2000-01" }).form; },
  (engine, state) => engine.call({ op: "form.view", form: state.form }),
  (engine, state) => engine.call({ op: "form.brands", form: state.form }),
  (engine, state) => engine.call({ op: "form.event", form: state.form, event: { event: "focus", field: "cardNumber" } }),
  (engine, state) => engine.call({ op: "form.event", form: state.form, event: { event: "edit", field: "cardNumber", selection: [0, 0], insert: "4" } }),
  (engine) => engine.call({ op: "card.lookupPrefix", number: "4" }),
  (engine, state) => engine.call({ op: "form.event", form: state.form, event: { event: "blur", field: "cardNumber" } }),
  (engine, state) => engine.call({ op: "form.event", form: state.form, event: { event: "submit" } }),
  (engine, state) => engine.call({ op: "form.close", form: state.form }),
];

/**
 * Warms `engine` up: first in `worker` (from {@link startWarmUpWorker}; null: none), then the steps
 * on the page's instance, one per task. Resolves once done; never rejects (an engine that fails
 * here fails again, and says so, where a form calls it).
 * @param {PaymentFormEngine} engine
 * @param {{warm: (module: WebAssembly.Module) => Promise<boolean>}|null} worker
 * @returns {Promise<void>}
 */
export async function warmUp(engine, worker) {
  if (worker) await worker.warm(engine.module);
  const state = {};
  for (const step of STEPS) {
    await yieldToPage();
    try {
      step(engine, state);
    } catch {
      return;
    }
  }
}

/**
 * Starts the warm-up worker, so that it boots while the engine downloads and compiles: `{warm}`,
 * whose `warm(module)` runs the steps there on another instance of `module` and resolves to
 * whether it did (false when the worker failed or took over WORKER_WAIT_MS); null when the page
 * can have no worker.
 * @returns {{warm: (module: WebAssembly.Module) => Promise<boolean>}|null}
 */
export function startWarmUpWorker() {
  if (typeof Worker !== "function") return null;
  // Only the form module as built (payform-form.mjs, or its content-hashed copy) is loaded as the
  // worker: a site's own bundle holding it would run the site's code there.
  let url;
  try {
    url = new URL(import.meta.url);
  } catch {
    return null;
  }
  if (!/\/payform-form(\.[0-9a-f]+)?\.mjs$/.test(url.pathname)) return null;
  let worker;
  try {
    // Another origin's module (a CDN) cannot be a worker: the constructor throws, and the page warms alone.
    worker = new Worker(url, { type: "module", name: WORKER_NAME });
  } catch {
    return null;
  }
  let failed = false;
  const failure = () => { failed = true; };
  worker.addEventListener("error", failure);
  return {
    warm: (module) => new Promise((resolve) => {
      let timer = null;
      const done = (warm) => {
        clearTimeout(timer);
        worker.terminate();
        resolve(warm);
      };
      if (failed || !(module instanceof WebAssembly.Module)) {
        done(false);
        return;
      }
      timer = setTimeout(done, WORKER_WAIT_MS, false);
      worker.addEventListener("message", (event) => done(event.data?.[WORKER_NAME] === "warm"));
      worker.addEventListener("error", () => done(false));
      worker.addEventListener("messageerror", () => done(false));
      worker.postMessage({ [WORKER_NAME]: module });
    }),
  };
}

/** In the warm-up worker: the steps on an instance of the module the page sends, then "warm". */
async function warmHere(event) {
  const module = event.data?.[WORKER_NAME];
  if (!(module instanceof WebAssembly.Module)) return;
  let answer = "failed";
  try {
    const engine = await PaymentFormEngine.load(module);
    const state = {};
    for (const step of STEPS) step(engine, state);
    answer = "warm";
  } catch {
    // Said as "failed": the page goes on alone.
  }
  globalThis.postMessage({ [WORKER_NAME]: answer });
}

// Loaded as the warm-up worker (and only then): wait for the page's module.
if (typeof WorkerGlobalScope === "function" && globalThis instanceof WorkerGlobalScope && globalThis.name === WORKER_NAME) {
  globalThis.addEventListener("message", warmHere, { once: true });
}
