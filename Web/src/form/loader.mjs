// Loading the engine: one WebAssembly instance per module URL, shared by every form of the page,
// compiled while it downloads and warmed up before the first form uses it (warm-up.mjs: the code
// and tables a card form needs, in a worker and then in short steps, so no task runs long).
// The loader itself is Web/src/payform-engine.mjs; the build bundles it into the form module, so
// a page fetches one module (its class is not exported from there).

import { PaymentFormEngine, PaymentFormError } from "../payform-engine.mjs";
import { textsFor } from "./texts.mjs";
import { startWarmUpWorker, warmUp } from "./warm-up.mjs";

/** Engines on their way or loaded, by module URL. */
const engines = new Map();

/** The engine a page's forms load by default: payform-form-engine.wasm beside the built module. */
export const DEFAULT_ENGINE_URL = new URL("./payform-form-engine.wasm", import.meta.url);

/** One engine per module URL, shared by every form of the page, resolved once warmed up. */
export function sharedEngine(wasmUrl) {
  let url;
  try {
    url = new URL(String(wasmUrl), import.meta.url);
  } catch {
    return Promise.reject(new PaymentFormError("usage", "wasmUrl must be a URL"));
  }
  // Two spellings of one URL (relative and absolute) share one engine.
  const key = url.href;
  let loading = engines.get(key);
  if (!loading) {
    // The warm-up worker boots while the engine downloads and compiles.
    const worker = startWarmUpWorker();
    loading = PaymentFormEngine.load(url).then(async (engine) => {
      await warmUp(engine, worker);
      return engine;
    }, (error) => {
      worker?.warm(null);
      throw error;
    });
    engines.set(key, loading);
    // A load that failed (the network, a wrong URL) is not kept: the next form tries again.
    loading.catch(() => {
      if (engines.get(key) === loading) engines.delete(key);
    });
  }
  return loading;
}

/**
 * Starts fetching and compiling the engine that forms mounted with the same `wasmUrl` share, and
 * resolves once it is ready and warmed up (warm-up.mjs). `mountPaymentForm` does this itself; a page that knows a form will
 * follow (while the customer picks a payment method, say) calls it first, so that the form then
 * appears without waiting for the engine. Rejects when the engine cannot be loaded; the next call
 * or mount tries again.
 *
 * @param {object} [options]
 * @param {URL|string} [options.wasmUrl] the engine's module (default: payform-form-engine.wasm beside this file).
 * @param {string} [options.locale] the language the form will be in: its texts are fetched too.
 * @param {typeof fetch} [options.fetch] the fetch to use for the texts (default: the page's).
 * @returns {Promise<void>}
 */
export async function loadPaymentFormEngine(options = {}) {
  const texts = options.locale ? textsFor(options.locale, options.fetch ?? globalThis.fetch.bind(globalThis)) : null;
  await Promise.all([sharedEngine(options.wasmUrl ?? DEFAULT_ENGINE_URL), texts]);
}
