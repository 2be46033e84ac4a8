// The card number's IIN lookups: when the number's first digits (the engine's rule: 8, else 6)
// change, the form says so (`iin`) and asks the platform (the session's getIINdetails, or the
// merchant's `lookupIIN`); the answer goes to the engine only while the number still starts with
// those digits. Before a submit, the lookup under way (or one that failed) is waited for, so what
// is sent never depends on timing.

/** How long submit waits for a card number's IIN lookup (each of: the one under way, one retry). */
const IIN_WAIT_MS = 3000;

/** `promise`, or `false` once IIN_WAIT_MS have passed. */
function withinIINWait(promise) {
  let timer;
  const timeout = new Promise((resolve) => { timer = setTimeout(resolve, IIN_WAIT_MS, false); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One form's IIN lookups. */
export class IINLookups {
  #lookup;
  #form;
  #bin = null;
  /** The first digits last asked for (while asked, and once answered). */
  #lookedUp = null;
  /** The IIN lookup under way, `{prefix, promise}` (the promise resolves when it ends, either way). */
  #inflight = null;
  /** The first digits whose lookup failed last (looked up again once, by settle). */
  #failedPrefix = null;

  /**
   * `lookup(bin)` answers IIN details (null: the form cannot look up); `form` is what the lookups
   * need of the form: `prefixOf(number)` (the engine's lookup prefix, or null), `number()` (the
   * card number as the engine last answered it), `destroyed()`, `said(type, detail)` (an event),
   * `apply(result)` (the answer to the engine).
   */
  constructor(lookup, form) {
    this.#lookup = lookup;
    this.#form = form;
  }

  /** The card number changed to `value`: says a new prefix (`iin`) and looks it up when it can. */
  async numberChanged(value) {
    const prefix = this.#form.prefixOf(value);
    if (prefix !== this.#bin) {
      this.#bin = prefix;
      if (prefix) this.#form.said("iin", { bin: prefix });
    }
    // A failed prefix is not asked again on every keystroke: settle asks once more.
    if (!this.#lookup || !prefix || prefix === this.#lookedUp || prefix === this.#failedPrefix) return;
    await this.#run(prefix);
  }

  /**
   * Looks `prefix` up; the answer goes to the engine when the number still starts with it. A
   * failure is said once per prefix (an `error` event). Resolves to whether an answer was applied.
   */
  #run(prefix) {
    this.#lookedUp = prefix;
    const promise = (async () => {
      let result;
      try {
        result = await this.#lookup(prefix);
      } catch (error) {
        if (this.#lookedUp === prefix) this.#lookedUp = null;
        if (this.#failedPrefix !== prefix) {
          this.#failedPrefix = prefix;
          if (!this.#form.destroyed()) this.#form.said("error", { code: error.code ?? "client_api", message: error.message });
        }
        return false;
      }
      if (this.#failedPrefix === prefix) this.#failedPrefix = null;
      if (this.#form.destroyed() || this.#lookedUp !== prefix) return false;
      // The number changed meanwhile: that answer says nothing about it.
      if (this.#form.prefixOf(this.#form.number()) !== prefix) return false;
      this.#form.apply(result ?? {});
      return true;
    })();
    const inflight = { prefix, promise };
    this.#inflight = inflight;
    promise.finally(() => { if (this.#inflight === inflight) this.#inflight = null; });
    return promise;
  }

  /**
   * Before a submit of the number `text`: waits (at most IIN_WAIT_MS) for the lookup of its first
   * digits when one is under way, and looks them up once more (as long) when the last try failed,
   * so the engine submits with the platform's answer whenever the platform gives one.
   */
  async settle(text) {
    if (!this.#lookup || !text) return;
    const prefix = this.#form.prefixOf(text);
    if (!prefix) return;
    if (this.#inflight?.prefix === prefix) await withinIINWait(this.#inflight.promise);
    if (this.#failedPrefix === prefix && this.#lookedUp !== prefix && !this.#form.destroyed()) await withinIINWait(this.#run(prefix));
  }
}
