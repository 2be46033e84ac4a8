// The Client API calls a form with a session makes itself: the products, the public key, the IIN
// details, as the Client API's JavaScript SDK makes them.

import { PaymentFormError } from "../payform-engine.mjs";

/** How many card numbers' first digits a session keeps the IIN details of. */
const IIN_CACHE_SIZE = 32;

/** Calls under `<clientApiUrl>/v1/<customerId>/`, as the Client API's JavaScript SDK makes them. */
export class ClientAPI {
  constructor(session, context, fetchFunction) {
    for (const name of ["clientApiUrl", "customerId", "clientSessionId"]) {
      if (typeof session[name] !== "string" || session[name] === "") {
        throw new PaymentFormError("usage", `session.${name} must be a non-empty string`);
      }
    }
    this.base = session.clientApiUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
    this.customerId = session.customerId;
    this.context = context;
    this.fetch = fetchFunction;
    this.headers = { Authorization: `GCS v1Client:${session.clientSessionId}`, Accept: "application/json" };
  }

  url(path, query = {}) {
    const url = new URL(`${this.base}/v1/${encodeURIComponent(this.customerId)}/${path}`);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    return url;
  }

  async answer(response, path) {
    const json = await response.json().catch(() => null);
    if (response.ok) return json;
    const first = json && Array.isArray(json.errors) ? json.errors[0] : null;
    const detail = first ? ` ${first.errorCode || first.code || ""}: ${first.message || ""}` : "";
    const error = new PaymentFormError("client_api", `${path}: HTTP ${response.status}${detail}`);
    error.status = response.status;
    throw error;
  }

  get query() {
    const c = this.context;
    return { countryCode: c.countryCode, currencyCode: c.currency ?? c.currencyCode, amount: c.amount, isRecurring: Boolean(c.isRecurring), locale: c.locale };
  }

  async get(path, query) {
    return this.answer(await this.fetch(this.url(path, query), { headers: this.headers }), path);
  }

  async post(path, body) {
    const init = { method: "POST", headers: { ...this.headers, "Content-Type": "application/json" }, body: JSON.stringify(body) };
    return this.answer(await this.fetch(this.url(path), init), path);
  }

  /** The product list; with `fields`, each product's fields too (what a card form switches to). */
  products(fields = false) { return this.get("products", fields ? this.query : { ...this.query, hide: "fields" }); }
  product(id) { return this.get(`products/${encodeURIComponent(id)}`, this.query); }
  group(id) { return this.get(`productgroups/${encodeURIComponent(id)}`, this.query); }
  publicKey() { return this.get("crypto/publickey"); }

  /**
   * The getIINdetails answer for `bin`; `{}` (nothing known) when the platform does not know it.
   * Answers are kept for the session and its context (the last IIN_CACHE_SIZE first digits), and
   * a lookup under way is shared: a number typed past its eighth digit and back is not asked again.
   */
  iinDetails(bin) {
    const kept = this.#iin.get(bin);
    if (kept) return kept;
    const answer = this.#askIINDetails(bin);
    this.#iin.set(bin, answer);
    if (this.#iin.size > IIN_CACHE_SIZE) this.#iin.delete(this.#iin.keys().next().value);
    // A failure is not kept: the next lookup of those digits asks again.
    answer.catch(() => { if (this.#iin.get(bin) === answer) this.#iin.delete(bin); });
    return answer;
  }

  #iin = new Map();

  async #askIINDetails(bin) {
    const c = this.context;
    const paymentContext = { countryCode: c.countryCode, isRecurring: Boolean(c.isRecurring), amountOfMoney: { amount: c.amount, currencyCode: c.currency ?? c.currencyCode } };
    try {
      return await this.post("services/getIINdetails", { bin, paymentContext });
    } catch (error) {
      if (error.status === 404) return {};
      throw error;
    }
  }
}

/**
 * The payment context a session's Client API calls carry (`{amount, currency, countryCode}`),
 * checked before any call so that a missing one is named as the page wrote it.
 */
export function checkContext(context) {
  const what = "context must be the order's {amount, currency, countryCode} (the Client API's calls need it)";
  if (typeof context !== "object" || context === null) throw new PaymentFormError("usage", `${what}; it is missing`);
  if (!Number.isInteger(context.amount) || context.amount < 0) throw new PaymentFormError("usage", `context.amount must be the amount in minor units (an integer): ${what}`);
  const currency = context.currency ?? context.currencyCode;
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) throw new PaymentFormError("usage", `context.currency must be an ISO 4217 code such as "EUR": ${what}`);
  if (typeof context.countryCode !== "string" || !/^[A-Z]{2}$/.test(context.countryCode)) {
    throw new PaymentFormError("usage", `context.countryCode must be an ISO 3166-1 code such as "NL": ${what}`);
  }
}

