// A payment form generated from a Client API product definition, running the engine compiled to
// WebAssembly: every keystroke, paste, cut, delete and IME composition goes through the engine's
// form controller, and the text and caret it answers are what the input shows.
//
//   import { mountPaymentForm } from "./payform-form.mjs";
//   const form = await mountPaymentForm(document.querySelector("#card"), {
//     session,            // {clientApiUrl, assetUrl, customerId, clientSessionId} from your server
//     groupId: "cards",   // one form for every card (or productId: 809 for one product); the module
//                         // fetches the definitions, the public key and IIN details itself
//     context: { amount: 1000, currency: "EUR", countryCode: "NL" },
//     locale: "fr",
//   });
//   const result = await form.submit();  // {valid:false, errors} or {valid:true, encryptedCustomerInput, ...}
//
// loadPaymentFormEngine() starts loading the engine ahead of the first form (mounting does it too).
//
// The page draws; the engine decides (masks and caret, brand detection, the IIN lookup rule,
// validation, which message to show, localized texts, the encryption). No dependencies, no eval,
// no inline styles: the look comes from payform-form.css, themable through CSS custom properties
// and ::part().

import { PaymentFormEngine, PaymentFormError } from "./payform-engine.mjs";

export { PaymentFormError };

const engines = new Map();
let formCount = 0;

/** The engine a page's forms load by default: payform-form-engine.wasm beside this module. */
const DEFAULT_ENGINE_URL = new URL("./payform-form-engine.wasm", import.meta.url);

/**
 * The texts of the languages the engine does not carry (it has English), by language tag: files
 * beside this module, fetched when a form's locale asks for one of them.
 */
const TEXT_FILES = {}; // filled by Scripts/build/build-web.sh

/** Texts files on their way or loaded, by URL, shared by every form of the page. */
const textFiles = new Map();

/**
 * The texts a form in `locale` needs beside the engine's English: `{TAG: {KEY: TEXT}}` for each
 * language of the locale's chain (`fr-CA` → `fr-CA`, `fr`) that has a file. A file that cannot
 * be loaded leaves its language out (the form is then in English, and says so).
 */
async function textsFor(locale, fetchFunction) {
  const texts = {};
  await Promise.all(textFilesFor(locale).map(async (language) => {
    const url = new URL(TEXT_FILES[language], import.meta.url).href;
    let loading = textFiles.get(url);
    if (!loading) {
      loading = fetchFunction(url).then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      });
      textFiles.set(url, loading);
      loading.catch(() => { if (textFiles.get(url) === loading) textFiles.delete(url); });
    }
    try {
      texts[language] = await loading;
    } catch {
      // Left out: the engine's English stands in.
    }
  }));
  return texts;
}

/**
 * Tags whose texts are another language's, as the engine resolves them (its LanguageTag;
 * Web/test/engine-ops.test.mjs holds the two equal): Hebrew's old code, Norwegian, Chinese by
 * script or region.
 */
export const LANGUAGE_ALIASES = {
  iw: "he", no: "nb", nn: "nb",
  "zh-hans": "zh", "zh-cn": "zh", "zh-sg": "zh",
  "zh-hant": "zh-Hant", "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant",
};

/** The texts files (TEXT_FILES keys) a locale needs: its language and script or region as the engine reads them. */
function textFilesFor(locale) {
  const subtags = String(locale ?? "").split(/[.@]/)[0].split(/[-_]/).filter(Boolean).map((tag) => tag.toLowerCase());
  if (subtags.length === 0) return [];
  const known = (tag) => Object.keys(TEXT_FILES).find((file) => file.toLowerCase() === tag.toLowerCase());
  const pair = subtags.length > 1 ? `${subtags[0]}-${subtags[1]}` : null;
  const aliased = (pair && LANGUAGE_ALIASES[pair]) ?? LANGUAGE_ALIASES[subtags[0]];
  if (aliased) return [known(aliased)].filter(Boolean);
  return [known(subtags[0]), pair && known(pair)].filter(Boolean);
}

/** One engine per module URL, shared by every form of the page. */
function sharedEngine(wasmUrl) {
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
    loading = PaymentFormEngine.load(url);
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
 * resolves once it is ready. `mountPaymentForm` does this itself; a page that knows a form will
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

/** The current month, UTC, as the engine's expiry checks want it. */
function currentMonth() {
  const now = new Date();
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** Calls under `<clientApiUrl>/v1/<customerId>/`, as the Client API's JavaScript SDK makes them. */
class ClientAPI {
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

  /** The getIINdetails answer for `bin`; `{}` (nothing known) when the platform does not know it. */
  async iinDetails(bin) {
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
function checkContext(context) {
  const what = "context must be the order's {amount, currency, countryCode} (the Client API's calls need it)";
  if (typeof context !== "object" || context === null) throw new PaymentFormError("usage", `${what}; it is missing`);
  if (!Number.isInteger(context.amount) || context.amount < 0) throw new PaymentFormError("usage", `context.amount must be the amount in minor units (an integer): ${what}`);
  const currency = context.currency ?? context.currencyCode;
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) throw new PaymentFormError("usage", `context.currency must be an ISO 4217 code such as "EUR": ${what}`);
  if (typeof context.countryCode !== "string" || !/^[A-Z]{2}$/.test(context.countryCode)) {
    throw new PaymentFormError("usage", `context.countryCode must be an ISO 3166-1 code such as "NL": ${what}`);
  }
}

/** Whether a definition is a card product or group with its fields (a card form, or one it can switch to). */
function isCardProduct(definition) {
  return typeof definition === "object" && definition !== null && Array.isArray(definition.fields)
    && definition.fields.some((field) => field && field.id === "cardNumber");
}

/** A product group's definition (its id is a name, `"cards"`; a product's is a number). */
function isGroup(definition) {
  return !/^[0-9]+$/.test(String(definition?.id ?? ""));
}

/** Fields whose text reads left to right whatever the page's direction: numbers, dates, an IBAN. */
const LEFT_TO_RIGHT = new Set(["cardNumber", "expiryDate", "cvv", "iban"]);

/** The `autocomplete` tokens of the card fields, so the browser's card autofill fills them. */
const AUTOCOMPLETE = { cardNumber: "cc-number", expiryDate: "cc-exp", cvv: "cc-csc", cardholderName: "cc-name", emailAddress: "email" };
/** `inputmode` per engine input type. */
const INPUT_MODE = { numeric: "numeric", "e-mail": "email", phone: "tel", currency: "decimal", date: "numeric", text: "text" };

const STYLESHEET_WAIT_MS = 3000;

/** Resolves when a stylesheet's link has loaded or failed, or after STYLESHEET_WAIT_MS. */
function stylesheetSettled(link) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, STYLESHEET_WAIT_MS);
    const settle = () => { clearTimeout(timer); resolve(); };
    link.addEventListener("load", settle, { once: true });
    link.addEventListener("error", settle, { once: true });
  });
}

/**
 * Mounts a payment form into `element` and resolves to the {@link PaymentForm}.
 *
 * @param {Element} element where the form goes (its content is replaced; a shadow root is attached).
 * @param {object} options
 * @param {object|string} [options.product] a Client API product or product group definition (JSON
 *   object), or "sample:NAME" for a shipped sample (the full engine only); or give `session` and
 *   `groupId` or `productId`.
 * @param {object} [options.session] `{clientApiUrl, assetUrl, customerId, clientSessionId}`.
 * @param {string} [options.groupId] the product group to fetch through the session (`"cards"`: one
 *   form for every card the merchant takes; the card number decides the product).
 * @param {string|number} [options.productId] the product to fetch through the session.
 * @param {object[]} [options.products] the merchant's other products, full definitions: on a card
 *   form the card number picks among the card products (fetched through the session by default).
 * @param {string} [options.preferredBrand] the co-badge brand to pre-select when a card offers it
 *   (default: the brand the card lists first); the customer can change it.
 * @param {object} [options.context] `{amount, currency, countryCode, locale, isRecurring}` for the Client API calls.
 * @param {object} [options.texts] the merchant's own wording, `{TAG: {ID: TEXT}}` (the ids of
 *   Resources/Localization/README.md), over the language's texts id by id.
 * @param {string} [options.locale] the language of the form's texts (default: the page's `lang`, then en).
 * @param {string} [options.accountOnFile] the id of an account on file to start with.
 * @param {object|string} [options.publicKey] `{keyId, publicKey}` ("sample:demo" for the demo key); fetched through the session by default.
 * @param {string} [options.clientSessionId] the session id the encrypted request carries (default: the session's).
 * @param {string} [options.now] the current month `YYYY-MM` for expiry checks (default: the browser's clock, UTC).
 * @param {string} [options.assetUrl] where logos are (default: the session's `assetUrl`).
 * @param {boolean} [options.submitButton] draw a localized Pay button that calls `submit()` (also
 *   on Enter in a field, unless a `submitrequest` listener prevents it).
 * @param {URL|string} [options.wasmUrl] the engine's module (default: payform-form-engine.wasm beside this file).
 * @param {URL|string} [options.stylesheet] the form's CSS (default: payform-form.css beside this file).
 * @param {(bin: string) => Promise<object>} [options.lookupIIN] answers IIN lookups without a session.
 * @param {typeof fetch} [options.fetch] the fetch to use (default: the page's).
 */
export async function mountPaymentForm(element, options = {}) {
  if (!element || typeof element.attachShadow !== "function") throw new PaymentFormError("usage", "mountPaymentForm needs an element to mount into");
  try {
    return await mount(element, options);
  } catch (error) {
    // Said on the element too, as a mounted form's failures are (`payform-error`): a page that
    // listens there hears why no form came (a definition past a bound: `limit_exceeded`).
    element.dispatchEvent(new CustomEvent("payform-error", { detail: { code: error?.code ?? "error", message: String(error?.message ?? error) }, bubbles: true, composed: true }));
    throw error;
  }
}

/** {@link mountPaymentForm} once `element` is known to take a shadow root. */
async function mount(element, options) {
  // The engine is on the way to the first form on screen: its fetch starts first, and the
  // stylesheet and the Client API's answers load while it compiles.
  const loading = options.engine ? Promise.resolve(options.engine) : sharedEngine(options.wasmUrl ?? DEFAULT_ENGINE_URL);
  // A failure is reported where the engine is awaited, not as an unhandled rejection before it.
  loading.catch(() => {});
  const fetchFunction = options.fetch ?? globalThis.fetch.bind(globalThis);
  // The form is drawn beside the stylesheet's link, which goes into the shadow root now.
  const stylesheet = options.stylesheet ?? new URL("./payform-form.css", import.meta.url);
  const root = element.shadowRoot ?? element.attachShadow({ mode: "open" });
  // A stylesheet linked in a shadow root does not hold rendering back, so the form waits for it
  // (at most STYLESHEET_WAIT_MS, and only in a document: a detached element loads nothing): its
  // first frame is the styled form. A stylesheet that fails to load leaves the form unstyled.
  let styled = Promise.resolve();
  if (!root.querySelector("link[rel=stylesheet]")) {
    const link = document.createElement("link");
    link.setAttribute("rel", "stylesheet");
    link.setAttribute("href", String(stylesheet));
    root.replaceChildren(link);
    if (link.isConnected) styled = stylesheetSettled(link);
  }
  const locale = options.locale ?? (document.documentElement.lang || "en");
  // The texts of a language the engine does not carry load beside the engine.
  const texts = textsFor(locale, fetchFunction);
  const context = { locale, ...(options.context ?? {}) };
  if (options.session) checkContext(options.context);
  const api = options.session ? new ClientAPI(options.session, context, fetchFunction) : null;
  let product = options.product;
  let publicKey = options.publicKey;
  const products = [];
  if (api) {
    if (!product && options.groupId == null && options.productId == null) {
      throw new PaymentFormError("usage", "with a session, give groupId (\"cards\") or productId: the item the form is for");
    }
    // The product list, with the products' fields: a card form switches to the product the card
    // number names, so it waits for them; any other form is drawn without waiting (the list then
    // only gives logos, and a brand found later finds them there).
    const listing = options.products ? null : api.products(true).then((list) => list.paymentProducts ?? [], () => []);
    const [definition, key] = await Promise.all([
      product ? Promise.resolve(product) : options.groupId != null ? api.group(options.groupId) : api.product(options.productId),
      publicKey ? Promise.resolve(publicKey) : api.publicKey(),
    ]);
    product = definition;
    publicKey = key;
    if (listing && isCardProduct(product)) products.push(...(await listing));
    else listing?.then((list) => { products.push(...list); });
  }
  if (!product) throw new PaymentFormError("usage", "give product (a definition), or session and groupId or productId");
  const [engine, languageTexts] = await Promise.all([loading, texts, styled]);
  const clientSessionId = options.clientSessionId ?? options.session?.clientSessionId;
  const request = { op: "form.open", product, locale, now: options.now ?? currentMonth() };
  // The merchant's own wording (`texts: {TAG: {ID: TEXT}}`) over the language's file, id by id.
  for (const [tag, own] of Object.entries(options.texts ?? {})) {
    if (own === null || typeof own !== "object" || Array.isArray(own)) throw new PaymentFormError("usage", `texts.${tag} must be an object of text ids and texts`);
    languageTexts[tag] = { ...(languageTexts[tag] ?? {}), ...own };
  }
  if (Object.keys(languageTexts).length > 0) request.texts = languageTexts;
  // The merchant's other products: on a card form the card number picks among the card products
  // (only those, with their fields: what the form can switch to; a sample name is the engine's to read).
  const cardForm = typeof product === "string" || isCardProduct(product);
  const others = (options.products ?? products).filter((other) => !cardForm || (isCardProduct(other) && String(other.id) !== String(product.id)));
  if (others.length > 0 && (cardForm || options.products)) request.products = others;
  if (options.preferredBrand != null) request.preferredBrand = String(options.preferredBrand);
  if (options.accountOnFile != null) request.accountOnFile = String(options.accountOnFile);
  if (publicKey && clientSessionId) Object.assign(request, { publicKey, clientSessionId, appIdentifier: options.appIdentifier ?? "PaymentFormEngine web form" });
  const opened = engine.call(request);
  if (opened.error) throw new PaymentFormError(opened.error.code, opened.error.message);
  // The cards the form takes, shown before anything is typed: the product itself (when it is a
  // card product) and the card products it can switch to, in the platform's display order.
  const accepted = cardForm
    ? [...(isCardProduct(product) && !isGroup(product) ? [product] : []), ...others.filter((other) => isCardProduct(other) && !isGroup(other))]
      .map((definition) => ({ id: String(definition.id), label: definition.displayHints?.label ?? String(definition.id),
        logo: definition.displayHints?.logo ?? null, order: definition.displayHints?.displayOrder ?? 0 }))
      .sort((a, b) => a.order - b.order)
    : [];
  const form = new PaymentForm(element, engine, opened, {
    api, products, accepted, assetUrl: options.assetUrl ?? options.session?.assetUrl ?? null, lookupIIN: options.lookupIIN ?? null,
    submitButton: Boolean(options.submitButton), stylesheet,
  });
  return form;
}

/**
 * A mounted form. Events, on the form and (named `payform-<type>`, bubbling) on the element; a
 * detail never holds what was typed:
 * - `ready` `{product}`: the form is drawn and takes input;
 * - `focus`, `blur` `{field}`;
 * - `change` `{field, state, complete, empty, errorId}`: one of these changed for a field (never
 *   twice the same in a row);
 * - `brand` `{brand, brands, options, product}`: the card's brand (the co-badge brand that pays,
 *   else the one detected), the brands detected, the co-badge choice, the product the form is on;
 * - `iin` `{bin}`: the card number's first digits changed (6, or 8 once typed: what an IIN lookup
 *   sends; never more);
 * - `valid` `{valid}`: the whole form's validity flipped;
 * - `submitrequest` `{field}`: Enter in a field (cancelable; not cancelled, it submits the page's
 *   `<form>` around the element by `requestSubmit()`, else pays with the form's Pay button);
 * - `submit`: what `submit()` resolved to;
 * - `error` `{code, message}`: a Client API call, the engine or the encryption failed (a failed
 *   mount says so on the element, `payform-error`, before its promise rejects).
 * Methods: `submit()`, `focus(field?)`, `blur()`, `clear(field?)`, `update({disabled})`, `send`,
 * `selectAccountOnFile`, `destroy()`.
 */
export class PaymentForm extends EventTarget {
  #engine;
  #number;
  #element;
  #root;
  #options;
  #view;
  #fields = new Map();
  #valid = false;
  #brand = null;
  #chosenBrand = null;
  #brandOptions = [];
  #lookedUp = null;
  #bin = null;
  /** The IIN lookup under way, `{prefix, promise}` (the promise resolves when it ends, either way). */
  #inflight = null;
  /** The first digits whose lookup failed last (looked up again once, by submit). */
  #failedPrefix = null;
  #composition = null;
  #prefix;
  #listeners = [];
  #destroyed = false;
  #brands = null;
  #generation;

  constructor(element, engine, opened, options) {
    super();
    this.#engine = engine;
    this.#generation = engine.generation;
    this.#number = opened.form;
    this.#element = element;
    this.#options = options;
    this.#prefix = `pf${++formCount}`;
    this.#root = element.shadowRoot ?? element.attachShadow({ mode: "open" });
    this.#draw(opened.view);
    // Ready once drawn and after the mount's promise settled, so listeners added then hear it.
    const frame = globalThis.requestAnimationFrame ?? ((callback) => setTimeout(callback, 0));
    frame(() => { if (!this.#destroyed) this.#emit("ready", { product: this.#view.product }); });
    // The brand list (names, products for logos) is read in idle time after the form is drawn,
    // so the first digit typed finds it ready.
    if (this.#fields.has("cardNumber")) {
      const idle = globalThis.requestIdleCallback ?? ((callback) => setTimeout(callback, 0));
      idle(() => { if (!this.#destroyed) this.#brandList(); });
    }
  }

  /** The brands the engine detects, named in the form's language (asked for once). */
  #brandList() {
    this.#brands ??= this.#call({ op: "form.brands", form: this.#number }).brands ?? [];
    return this.#brands;
  }

  /** The language of the form's texts (a BCP 47 tag). */
  get lang() { return this.#view.lang; }
  /** Whether the whole form validates now. */
  get valid() { return this.#valid; }
  /** The product (or group) the form is on: `{id, label, logo, kind}`; on a card form the product the card number named. */
  get product() { return this.#view.product; }
  /** The detected or chosen card brand id, if any. */
  get brand() { return this.#brand; }

  /**
   * Validates the whole form. Invalid: every field shows its first error (as the engine's display
   * policy says), the live region announces it, and it resolves to `{valid: false, errors: [{fieldId, errorId, message}]}`. Valid: the
   * request encrypted in the engine, `{valid: true, paymentProductId, encryptedCustomerInput,
   * encodedClientMetaInfo}` (both `null` when the form has no public key and session id).
   */
  async submit() {
    // What is sent never depends on timing: the card number's IIN answer, when one is under way
    // or failed, is waited for first (see #settleLookup).
    await this.#settleLookup();
    if (this.#destroyed) throw new PaymentFormError("destroyed", "the form was destroyed while it waited for the card's IIN lookup");
    const answer = this.#call({ op: "form.event", form: this.#number, event: { event: "submit" } });
    this.#redraw();
    let result;
    if (!answer.valid) {
      // Every field in error shows its message now; the focus goes to the first, and the
      // announcement names it.
      const first = answer.errors[0];
      const entry = first ? this.#fields.get(first.fieldId) : null;
      if (entry && !entry.field.readOnly) entry.control.focus();
      this.#announce(entry ? `${entry.field.label}: ${first.message}` : this.#view.texts.invalidForm);
      result = { valid: false, errors: answer.errors };
      // The number names no product (the lookup that would tell did not answer): said on the
      // number field, and as an event, never sent as a guess.
      const undecided = answer.errors.find((error) => error.errorId === "cardUndecided");
      if (undecided) this.#emit("error", { code: "card_undecided", field: undecided.fieldId, message: undecided.message });
    } else {
      // The engine wrote the token's header and payload; WebCrypto does the primitives.
      const prepared = answer.encrypt ? await this.#encrypted(answer.encrypt) : answer.prepared;
      result = {
        // The product the engine submits: on a card form, the one the card number and the co-badge choice named.
        valid: true, paymentProductId: Number(answer.paymentProductId ?? this.#view.product.id),
        encryptedCustomerInput: prepared?.encryptedFields ?? null, encodedClientMetaInfo: prepared?.encodedClientMetaInfo ?? null,
      };
      if (this.#options.accountOnFileId) result.accountOnFileId = this.#options.accountOnFileId;
      if (this.#view.accountOnFile) result.accountOnFileId = Number(this.#view.accountOnFile.id);
    }
    this.#emit("submit", result);
    return result;
  }

  /** `{encryptedFields, encodedClientMetaInfo}` from a submit's `encrypt` (see encryptPayload). */
  async #encrypted(input) {
    try {
      return { encryptedFields: await encryptPayload(input), encodedClientMetaInfo: input.encodedClientMetaInfo };
    } catch (error) {
      const failure = error instanceof PaymentFormError ? error : new PaymentFormError("encryption_failed", `the request could not be encrypted: ${error?.message ?? error}`);
      this.#emit("error", { code: failure.code, message: failure.message });
      throw failure;
    }
  }

  /** Sends one event of the engine's form protocol (as `payform form` reads them) and draws its answer. */
  send(event) {
    const answer = this.#call({ op: "form.event", form: this.#number, event });
    if ("field" in answer) this.#applyField(answer, ["edit", "replace", "set", "select"].includes(event.event));
    else if ("fields" in answer) this.#applyForm(answer);
    return answer;
  }

  /**
   * Moves the focus to a field (`field`: its id; default: the first field the customer types in).
   * A field the form does not have is a `PaymentFormError` `usage`.
   */
  focus(field) {
    const entry = field == null ? [...this.#fields.values()].find((candidate) => !candidate.control.disabled) : this.#fields.get(String(field));
    if (!entry) throw new PaymentFormError("usage", `the form has no field ${JSON.stringify(String(field))}`);
    entry.control.focus();
  }

  /** Takes the focus out of the form, if a field of it has it. */
  blur() {
    const active = this.#root.activeElement;
    if (active && typeof active.blur === "function") active.blur();
  }

  /**
   * Empties a field (`field`: its id), or every field the customer typed in (none given): after a
   * decline, `form.clear("cvv"); form.focus("cardNumber")`. The field's state, the brand and the
   * form's validity follow, as when the customer deletes the text.
   */
  clear(field) {
    const ids = field == null ? [...this.#fields.keys()] : [String(field)];
    for (const id of ids) {
      const entry = this.#fields.get(id);
      if (!entry) throw new PaymentFormError("usage", `the form has no field ${JSON.stringify(id)}`);
      if (entry.control.type === "checkbox" || entry.control.tagName === "SELECT" || entry.text === "") continue;
      this.send({ event: "set", field: id, value: "" });
    }
  }

  /**
   * Changes what a mounted form allows: `{disabled}` (true: every input and the Pay button are
   * disabled, while a payment is under way, say). Other options need a new mount; an unknown one
   * is a `PaymentFormError` `usage`.
   */
  update(options = {}) {
    for (const name of Object.keys(options)) {
      if (name !== "disabled") throw new PaymentFormError("usage", `update takes {disabled}; ${JSON.stringify(name)} needs a new mount`);
    }
    if ("disabled" in options) {
      this.#disabled = Boolean(options.disabled);
      this.#applyDisabled();
    }
  }

  #disabled = false;

  /** Every input and button of the form disabled or not, as `update({disabled})` last said. */
  #applyDisabled() {
    for (const control of this.#root.querySelectorAll("input, select, button")) control.disabled = this.#disabled;
    setAttribute(this.#root.querySelector(".pf-form"), "aria-disabled", this.#disabled ? "true" : null);
  }

  /** Selects another account on file (`null`: none) and redraws the form. */
  selectAccountOnFile(id) {
    const answer = this.#call({ op: "form.event", form: this.#number, event: { event: "selectAccountOnFile", id: id == null ? null : String(id) } });
    this.#redraw(true);
    return answer;
  }

  /** Removes the form from the page and frees its state in the engine. */
  destroy() {
    if (this.#destroyed) return;
    this.#destroyed = true;
    for (const [target, type, listener] of this.#listeners) target.removeEventListener(type, listener);
    this.#root.replaceChildren();
    // A restarted engine never saw this form: nothing to close there.
    if (this.#engine.generation === this.#generation) this.#engine.call({ op: "form.close", form: this.#number });
  }

  // MARK: drawing

  #call(request) {
    if (this.#destroyed) throw new PaymentFormError("usage", "this form was destroyed");
    // After a failure the engine runs a fresh instance, which never saw this form.
    if (this.#engine.generation !== this.#generation) {
      throw new PaymentFormError("engine_failed", "the engine was restarted after a failure and this form's state is gone: mount it again");
    }
    let answer;
    try {
      answer = this.#engine.call(request);
    } catch (error) {
      if (error instanceof PaymentFormError) this.#emit("error", { code: error.code, message: error.message });
      throw error;
    }
    if (answer.error) throw new PaymentFormError(answer.error.code, answer.error.message);
    return answer;
  }

  #listen(target, type, listener) {
    target.addEventListener(type, listener);
    this.#listeners.push([target, type, listener]);
  }

  #make(tag, attributes = {}, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : String(value));
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  #asset(path) {
    if (!path || !this.#options.assetUrl) return null;
    try {
      // The asset URL is a folder: "…/assets" and "…/assets/" both take "templates/x.png" below them.
      const base = this.#options.assetUrl.endsWith("/") ? this.#options.assetUrl : `${this.#options.assetUrl}/`;
      return new URL(path, base).href;
    } catch {
      return null;
    }
  }

  /** Draws the whole form from a view (`form.view`'s answer). */
  #draw(view) {
    for (const [target, type, listener] of this.#listeners) target.removeEventListener(type, listener);
    this.#listeners = [];
    this.#view = view;
    this.#fields.clear();
    this.#brand = null; // the brand badge is drawn anew with the fields
    // The language the texts are in (a page in a language the engine lacks gets English, said so).
    this.#element.setAttribute("lang", view.lang);
    const sheet = this.#root.querySelector("link[rel=stylesheet]") ?? this.#make("link", { rel: "stylesheet", href: String(this.#options.stylesheet) });
    // The direction of the texts' language: English texts on a right-to-left page read left to right.
    const container = this.#make("div", { class: "pf-form", part: "form", lang: view.lang, dir: view.dir === "rtl" ? "rtl" : "ltr" });
    if (view.accountsOnFile.length > 0) container.append(this.#drawAccounts(view));
    // The co-badge choice sits right below the card number it belongs to.
    const choice = this.#make("fieldset", { class: "pf-brand-choice", part: "brand-choice", hidden: true });
    choice.append(this.#make("legend", {}, view.texts.brandChoice));
    this.#brandChoice = choice;
    for (const field of view.fields) {
      container.append(this.#drawField(field));
      if (field.id === "cardNumber") container.append(choice);
    }
    if (this.#options.submitButton) {
      const button = this.#make("button", { type: "button", class: "pf-submit", part: "submit" }, view.texts.pay);
      this.#listen(button, "click", () => { this.submit().catch((error) => this.#emit("error", { code: error.code, message: error.message })); });
      container.append(button);
    }
    this.#live = this.#make("div", { class: "pf-live", part: "live", role: "status", "aria-live": "polite" });
    container.append(this.#live);
    // The stylesheet's link stays where it is (taking it out would drop and reload its sheet).
    for (const child of [...this.#root.childNodes]) if (child !== sheet) child.remove();
    if (!sheet.isConnected) this.#root.append(sheet);
    this.#root.append(container);
    this.#valid = false;
    for (const field of view.fields) if (field.text !== undefined) this.#showState(this.#fields.get(field.id), field);
    this.#drawBrandChoice(view.brandOptions ?? this.#brandOptions, view.brand);
    if (this.#disabled) this.#applyDisabled();
  }

  #brandChoice = null;
  #live = null;

  /** The customer's accounts on file, and another card: choosing one redraws the form. */
  #drawAccounts(view) {
    const accounts = this.#make("fieldset", { class: "pf-accounts", part: "accounts" });
    accounts.append(this.#make("legend", {}, view.texts.savedCard));
    const choices = [...view.accountsOnFile.map((account) => [account.id, account.label]), ["", view.texts.otherCard]];
    for (const [id, label] of choices) {
      const inputId = `${this.#prefix}-account-${id || "none"}`;
      const radio = this.#make("input", { type: "radio", name: `${this.#prefix}-account`, id: inputId, value: id, part: "account-option" });
      radio.checked = (view.accountOnFile?.id ?? "") === id;
      this.#listen(radio, "change", () => this.selectAccountOnFile(id || null));
      const option = this.#make("label", { for: inputId, class: "pf-account-option" }, label);
      accounts.append(this.#make("div", { class: "pf-account-choice" }, null));
      accounts.lastChild.append(radio, option);
    }
    return accounts;
  }

  #drawField(field) {
    const id = `${this.#prefix}-${field.id}`;
    // Each part also has a name per field (`field-cvv`), so a page can lay fields out one by one.
    const wrapper = this.#make("div", { class: "pf-field", part: `field field-${field.id}`, "data-field": field.id, "data-state": field.state ?? "incomplete" });
    const described = [];
    const tooltip = field.tooltip ? this.#make("p", { class: "pf-tooltip", part: "tooltip", id: `${id}-tip` }, field.tooltip) : null;
    if (tooltip) described.push(tooltip.id);
    const message = this.#make("p", { class: "pf-message", part: "message", id: `${id}-msg` });
    described.push(message.id);
    const entry = { field, wrapper, message, control: null, brand: null, text: field.text ?? "" };
    let control;
    if (field.inputType === "boolean") {
      control = this.#make("input", { type: "checkbox", id, name: field.id, class: "pf-checkbox", part: "checkbox", "aria-describedby": described.join(" "), "aria-required": field.required ? "true" : null, disabled: field.readOnly });
      control.checked = field.text === "true";
      const label = this.#make("label", { for: id, class: "pf-label pf-checkbox-label", part: "label" });
      // The engine's view holds only absolute http(s) links (WebLink, the form model's one rule).
      const text = field.link ? this.#make("a", { href: field.link, target: "_blank", rel: "noopener noreferrer" }, field.linkText || field.label) : null;
      label.append(field.label);
      wrapper.append(control, label);
      if (text) wrapper.append(" ", text);
      this.#listen(control, "change", () => this.#setValue(entry, control.checked ? "true" : ""));
    } else {
      const label = this.#make("label", { for: id, class: "pf-label", part: "label" }, field.label);
      if (field.required && !field.readOnly) label.append(this.#make("span", { class: "pf-required", "aria-hidden": "true" }, " *"));
      wrapper.append(label);
      if (field.inputType === "list") {
        control = this.#make("select", { id, name: field.id, class: "pf-select", part: "select", "aria-describedby": described.join(" "), "aria-required": field.required ? "true" : null, disabled: field.readOnly });
        control.append(this.#make("option", { value: "" }, field.placeholder ?? ""));
        for (const option of field.options) control.append(this.#make("option", { value: option.value }, option.label));
        control.value = field.text ?? "";
        this.#listen(control, "change", () => this.#setValue(entry, control.value));
      } else {
        control = this.#make("input", {
          type: "text", id, name: field.id, class: field.obfuscate ? "pf-input pf-obfuscated" : "pf-input", part: `input input-${field.id}`,
          // Digits read left to right on a right-to-left page too (1111 … 4111 would reverse the groups).
          dir: LEFT_TO_RIGHT.has(field.id) || field.inputType === "numeric" || field.inputType === "date" ? "ltr" : null,
          inputmode: INPUT_MODE[field.inputType] ?? "text", autocomplete: AUTOCOMPLETE[field.id] ?? "off", spellcheck: "false",
          autocapitalize: "off", placeholder: field.placeholder, "aria-describedby": described.join(" "),
          "aria-required": field.required && !field.readOnly ? "true" : null, "aria-invalid": "false", readonly: field.readOnly,
        });
        control.value = field.text ?? "";
        this.#wireTextInput(entry, control);
      }
      if (field.id === "cardNumber") {
        const row = this.#make("div", { class: "pf-input-row", dir: "ltr" });
        entry.brand = this.#make("span", { class: "pf-brand", part: "brand", hidden: true });
        row.append(control, entry.brand);
        wrapper.append(row);
        const accepted = this.#drawAccepted();
        if (accepted) wrapper.append(accepted);
      } else {
        wrapper.append(control);
      }
    }
    if (tooltip) wrapper.append(tooltip);
    wrapper.append(message);
    entry.control = control;
    this.#fields.set(field.id, entry);
    this.#listen(control, "focus", () => {
      if (this.#refocusing) return;
      this.send({ event: "focus", field: field.id });
      this.#emit("focus", { field: field.id });
    });
    this.#listen(control, "blur", () => {
      if (this.#destroyed) return;
      this.send({ event: "blur", field: field.id });
      this.#emit("blur", { field: field.id });
    });
    // Enter asks to pay, as in a form: a `submitrequest` listener may take it (preventDefault);
    // else the page's own <form> around the element is submitted (its submit handler pays, as
    // with a native input), else the form's Pay button pays when there is one.
    this.#listen(control, "keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing || control.type === "checkbox") return;
      event.preventDefault();
      const request = new CustomEvent("submitrequest", { detail: { field: field.id }, cancelable: true });
      const proceed = this.dispatchEvent(request)
        && this.#element.dispatchEvent(new CustomEvent("payform-submitrequest", { detail: { field: field.id }, bubbles: true, composed: true, cancelable: true }));
      if (!proceed) return;
      const pageForm = this.#element.closest?.("form");
      if (pageForm && typeof pageForm.requestSubmit === "function") pageForm.requestSubmit();
      else if (this.#options.submitButton) this.submit().catch((error) => this.#emit("error", { code: error.code, message: error.message }));
    });
    return wrapper;
  }

  /** Routes every edit of a text input through the engine; the browser never edits it itself. */
  #wireTextInput(entry, input) {
    const field = entry.field.id;
    const selection = () => [input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length];
    this.#listen(input, "beforeinput", (event) => {
      if (entry.field.readOnly) { event.preventDefault(); return; }
      if (event.isComposing || event.inputType === "insertCompositionText") return; // taken at compositionend
      const [start, end] = selection();
      let edit = null;
      switch (event.inputType) {
        case "insertText": case "insertReplacementText": case "insertFromPaste": case "insertFromDrop": case "insertFromYank": case "insertFromPasteAsQuotation": {
          const text = event.data ?? event.dataTransfer?.getData("text/plain") ?? "";
          edit = { event: "edit", field, selection: [start, end], insert: text };
          break;
        }
        case "deleteContentBackward": case "deleteByCut": case "deleteByDrag": case "deleteContent":
          edit = { event: "edit", field, selection: [start, end], delete: "backward" };
          break;
        case "deleteContentForward":
          edit = { event: "edit", field, selection: [start, end], delete: "forward" };
          break;
        case "deleteWordBackward": case "deleteSoftLineBackward": case "deleteHardLineBackward": {
          // Without a selection, the word (or everything) before the caret, as the browser would.
          const from = start !== end ? start : event.inputType === "deleteWordBackward" ? wordStart(input.value, start) : 0;
          edit = { event: "edit", field, selection: [from, end], delete: "backward" };
          break;
        }
        case "deleteWordForward": case "deleteSoftLineForward": case "deleteHardLineForward": {
          const to = start !== end ? end : event.inputType === "deleteWordForward" ? wordEnd(input.value, end) : input.value.length;
          edit = { event: "edit", field, selection: [start, to], delete: "forward" };
          break;
        }
        default:
          break; // line breaks, formatting, history: nothing to do in a one-line field
      }
      event.preventDefault();
      if (edit && !(edit.delete && edit.selection[0] === edit.selection[1] && ((edit.delete === "backward" && start === 0) || (edit.delete === "forward" && start === input.value.length)))) {
        this.send(edit);
      }
    });
    this.#listen(input, "compositionstart", () => {
      this.#composition = { field, text: entry.text, selection: selection() };
    });
    this.#listen(input, "compositionend", (event) => {
      const composition = this.#composition;
      this.#composition = null;
      if (!composition || composition.field !== field) return;
      input.value = composition.text; // what the engine last answered; the composed text goes through it
      this.send({ event: "edit", field, selection: composition.selection, insert: event.data ?? "" });
    });
    // Anything that changed the text without a cancelable beforeinput (browser autofill): the
    // whole value as the browser put it, formatted by the engine.
    this.#listen(input, "input", () => {
      if (this.#composition || input.value === entry.text) return;
      this.send({ event: "set", field, value: input.value });
    });
  }

  #setValue(entry, value) {
    this.send({ event: "set", field: entry.field.id, value });
  }

  /** Draws a field event's answer. */
  #applyField(answer, placesCaret = false) {
    // The card number named another product: its fields, masks and texts are drawn anew, and the
    // customer goes on typing where they were.
    if (answer.itemChanged) {
      this.#switchedItem(answer, placesCaret);
      return;
    }
    const entry = this.#fields.get(answer.field);
    if (!entry) return;
    const control = entry.control;
    if (control.tagName === "INPUT" && control.type === "text") {
      if (control.value !== answer.text) control.value = answer.text;
      if (placesCaret && this.#root.activeElement === control) control.setSelectionRange(answer.cursor, answer.cursor);
    }
    this.#showState(entry, answer);
    if (answer.brandOptions && !sameOptions(answer.brandOptions, this.#brandOptions, answer.brand, this.#chosenBrand)) {
      this.#drawBrandChoice(answer.brandOptions, answer.brand);
    }
    if (answer.brands) this.#showBrand(answer.brands);
    if (typeof answer.valid === "boolean" && answer.valid !== this.#valid) {
      this.#valid = answer.valid;
      this.#emit("valid", { valid: answer.valid });
    }
    if (answer.field === "cardNumber" && answer.outcome === "changed") this.#lookUpIIN(answer.value);
    if (answer.advance && answer.next) {
      const next = this.#fields.get(answer.next)?.control;
      if (next) {
        next.focus();
        if (next.tagName === "INPUT" && next.type === "text") next.setSelectionRange(next.value.length, next.value.length);
      }
    }
  }

  /**
   * Draws the whole form anew from the engine's view (another product's fields), the focus kept
   * where it was: the same field with its caret (or `caret`, the engine's, after an edit), or the
   * same co-badge option.
   */
  #redrawKeepingFocus(caret = null) {
    const active = this.#root.activeElement;
    const field = active?.closest?.(".pf-brand-choice") ? null : active?.getAttribute?.("name") ?? null;
    const option = active?.closest?.(".pf-brand-choice") ? active.value : null;
    const selection = active && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
    this.#draw(this.#call({ op: "form.view", form: this.#number }));
    if (option) {
      this.#brandChoice?.querySelector(`input[value="${CSS.escape(option)}"]`)?.focus();
      return;
    }
    const entry = field ? this.#fields.get(field) : null;
    if (!entry) return;
    // The new input takes the focus without telling the engine again: it already has it there.
    this.#refocusing = true;
    try {
      entry.control.focus();
    } finally {
      this.#refocusing = false;
    }
    if (entry.control.type === "text") {
      const length = entry.control.value.length;
      const [start, end] = caret !== null ? [caret, caret] : selection ?? [length, length];
      entry.control.setSelectionRange(Math.min(start, length), Math.min(end, length));
    }
  }

  #refocusing = false;
  /** The brands last detected for the card number (what a redrawn badge shows again). */
  #detectedBrands = [];

  /** The form after a product switch: drawn from the engine's view, the focus and caret kept. */
  #switchedItem(answer, placesCaret) {
    this.#redrawKeepingFocus(placesCaret && answer.field === this.#root.activeElement?.getAttribute?.("name") ? answer.cursor : null);
    if (answer.fields) for (const field of answer.fields) this.#showState(this.#fields.get(field.field), field);
    if (answer.brands) this.#showBrand(answer.brands);
    if (typeof answer.valid === "boolean" && answer.valid !== this.#valid) {
      this.#valid = answer.valid;
      this.#emit("valid", { valid: answer.valid });
    }
    if (answer.field === "cardNumber" && answer.outcome === "changed") this.#lookUpIIN(answer.value);
    if (answer.advance && answer.next) this.#fields.get(answer.next)?.control.focus();
  }

  /** Draws a form-level answer (account, product or brand selection, an IIN answer). */
  #applyForm(answer) {
    if (answer.itemChanged) {
      // A co-badge choice or an IIN answer named another product: drawn anew, the focus kept,
      // and the number's brand shown again on the new badge (a co-badge choice shows its own).
      this.#redrawKeepingFocus();
      if (this.#brandOptions.length < 2) this.#showBrand(this.#detectedBrands, true);
      if (typeof answer.valid === "boolean" && answer.valid !== this.#valid) {
        this.#valid = answer.valid;
        this.#emit("valid", { valid: answer.valid });
      }
      return;
    }
    for (const field of answer.fields) this.#applyField(field);
    this.#drawBrandChoice(answer.brandOptions, answer.brand);
    if (typeof answer.valid === "boolean" && answer.valid !== this.#valid) {
      this.#valid = answer.valid;
      this.#emit("valid", { valid: answer.valid });
    }
  }

  /** A field's state: text, `aria-invalid`, the message to show now, `data-state`. */
  #showState(entry, state) {
    if (!entry) return;
    entry.text = state.text ?? entry.text;
    // Only what changed is written: every DOM write costs the keystroke a style recalculation.
    const shown = state.message ?? "";
    const before = entry.message.textContent;
    if (shown !== before) entry.message.textContent = shown;
    setAttribute(entry.wrapper, "data-state", state.state ?? "incomplete");
    setAttribute(entry.wrapper, "data-complete", state.complete ? "" : null);
    setAttribute(entry.control, "aria-invalid", shown ? "true" : "false");
    if (entry.control.type === "checkbox") {
      const checked = state.text === "true";
      if (entry.control.checked !== checked) entry.control.checked = checked;
    } else if (entry.control.tagName === "SELECT" && entry.control.value !== state.text) {
      entry.control.value = state.text ?? "";
    }
    if (shown && shown !== before) this.#announce(shown);
    // One `change` per change of what it reports: a keystroke that leaves the field's state,
    // completeness, emptiness and error as they were says nothing new.
    const change = {
      field: state.field ?? state.id, state: state.state, complete: Boolean(state.complete), empty: (state.text ?? entry.text) === "",
      errorId: state.errorId ?? null,
    };
    const said = `${change.state}|${change.complete}|${change.empty}|${change.errorId}`;
    if (entry.said === said) return;
    entry.said = said;
    this.#emit("change", change);
  }

  /** The card's brand: the co-badge brand that pays, else the one detected; its logo (from a product it stands for) or name. */
  #showBrand(brands, redrawn = false) {
    this.#detectedBrands = brands;
    const entry = this.#fields.get("cardNumber");
    const id = this.#brandOptions.length > 1 ? this.#chosenBrand : brands.length === 1 ? brands[0] : null;
    if (!entry?.brand || (!redrawn && id === this.#brand && entry.brand.dataset.brand === (id ?? ""))) return;
    this.#brand = id;
    const brand = id ? this.#brandList().find((b) => b.id === id) : null;
    entry.brand.replaceChildren();
    entry.brand.dataset.brand = id ?? "";
    entry.brand.hidden = !brand;
    if (brand) {
      const logo = this.#logoFor(brand);
      if (logo) entry.brand.append(this.#make("img", { src: logo, alt: brand.name, part: "brand-logo", class: "pf-brand-logo" }));
      else entry.brand.append(this.#make("span", { class: "pf-brand-name" }, brand.name));
      this.#announce(this.#view.texts.detectedBrand.replace("{brand}", brand.name));
    }
    this.#highlightAccepted(brand);
    this.#emit("brand", { brand: id, brands, options: this.#brandOptions.map((o) => o.brand), product: this.#view.product.id });
  }

  /**
   * The cards the form takes, before anything is typed (as card networks ask a co-badged form to
   * show them): a list of logos, or names where a product has none. Only for a form that takes
   * more than one card product.
   */
  #drawAccepted() {
    const accepted = this.#options.accepted ?? [];
    if (accepted.length < 2) return null;
    const list = this.#make("ul", { class: "pf-accepted", part: "accepted-brands", "aria-label": this.#view.product.label });
    for (const product of accepted) {
      const item = this.#make("li", { class: "pf-accepted-item", "data-product": product.id });
      const logo = this.#asset(product.logo);
      if (logo) item.append(this.#make("img", { src: logo, alt: product.label, class: "pf-accepted-logo" }));
      else item.append(this.#make("span", { class: "pf-accepted-name" }, product.label));
      list.append(item);
    }
    this.#acceptedList = list;
    return list;
  }

  #acceptedList = null;

  /** The accepted card the number names stands out, the others dim; `aria-current` says which. */
  #highlightAccepted(brand) {
    if (!this.#acceptedList) return;
    const named = new Set((brand?.productIds ?? []).map(String));
    for (const item of this.#acceptedList.children) {
      const current = named.size > 0 && named.has(item.dataset.product);
      setAttribute(item, "aria-current", current ? "true" : null);
      setAttribute(item, "data-dimmed", named.size > 0 && !current ? "" : null);
    }
  }

  /** A logo for a brand: that of the first product it stands for that the platform lists. */
  #logoFor(brand) {
    const own = this.#view.product;
    for (const productId of brand.productIds) {
      if (String(productId) === own.id && own.logo) return this.#asset(own.logo);
      const listed = this.#options.products.find((p) => String(p.id) === String(productId));
      if (listed?.displayHints?.logo) return this.#asset(listed.displayHints.logo);
    }
    return null;
  }

  /** The co-badge choice: one radio per brand the IIN answer offers, when it offers more than one. */
  #drawBrandChoice(options, chosen) {
    this.#brandOptions = options ?? [];
    this.#chosenBrand = chosen ?? null;
    const choice = this.#brandChoice;
    if (!choice) return;
    const legend = choice.querySelector("legend");
    choice.replaceChildren(legend);
    choice.hidden = this.#brandOptions.length < 2;
    for (const option of this.#brandOptions) {
      const brand = this.#brandList().find((b) => b.id === option.brand) ?? { id: option.brand, name: option.brand, productIds: [] };
      const id = `${this.#prefix}-brand-${option.brand}`;
      const radio = this.#make("input", { type: "radio", name: `${this.#prefix}-brand`, id, value: option.brand, part: "brand-option" });
      radio.checked = option.brand === chosen;
      const label = this.#make("label", { for: id, class: "pf-brand-option" });
      const logo = this.#logoFor(brand);
      if (logo) label.append(this.#make("img", { src: logo, alt: "", class: "pf-brand-logo" }));
      label.append(brand.name);
      this.#listen(radio, "change", () => this.send({ event: "selectBrand", brand: option.brand }));
      choice.append(radio, label);
    }
    if (this.#brandOptions.length > 1) this.#showBrand(this.#brandOptions.map((option) => option.brand));
  }

  /**
   * When the card number's first digits (the engine's lookup rule: 8, else 6) change: says so
   * (`iin`), and looks them up on the platform when the form can.
   */
  async #lookUpIIN(value) {
    const { prefix } = this.#engine.call({ op: "card.lookupPrefix", number: value });
    if (prefix !== this.#bin) {
      this.#bin = prefix;
      if (prefix) this.#emit("iin", { bin: prefix });
    }
    const lookup = this.#iinLookup();
    // A failed prefix is not asked again on every keystroke: submit asks once more.
    if (!lookup || !prefix || prefix === this.#lookedUp || prefix === this.#failedPrefix) return;
    await this.#runLookup(prefix, lookup);
  }

  /** How the form looks IIN details up (the merchant's `lookupIIN`, else the session's), or null. */
  #iinLookup() {
    return this.#options.lookupIIN ?? (this.#options.api ? (bin) => this.#options.api.iinDetails(bin) : null);
  }

  /**
   * Looks `prefix` up; the answer goes to the engine when the number still starts with it. A
   * failure is said once per prefix (an `error` event). Resolves to whether an answer was applied.
   */
  #runLookup(prefix, lookup) {
    this.#lookedUp = prefix;
    const promise = (async () => {
      let result;
      try {
        result = await lookup(prefix);
      } catch (error) {
        if (this.#lookedUp === prefix) this.#lookedUp = null;
        if (this.#failedPrefix !== prefix) {
          this.#failedPrefix = prefix;
          if (!this.#destroyed) this.#emit("error", { code: error.code ?? "client_api", message: error.message });
        }
        return false;
      }
      if (this.#failedPrefix === prefix) this.#failedPrefix = null;
      if (this.#destroyed || this.#lookedUp !== prefix) return false;
      const current = this.#engine.call({ op: "card.lookupPrefix", number: this.#fields.get("cardNumber")?.text ?? "" });
      if (current.prefix !== prefix) return false; // the number changed meanwhile: that answer says nothing about it
      this.send({ event: "iin", result: result ?? {} });
      return true;
    })();
    const inflight = { prefix, promise };
    this.#inflight = inflight;
    promise.finally(() => { if (this.#inflight === inflight) this.#inflight = null; });
    return promise;
  }

  /**
   * Before a submit: waits (at most IIN_WAIT_MS) for the lookup of the card number's first
   * digits when one is under way, and looks them up once more (as long) when the last try failed,
   * so the engine submits with the platform's answer whenever the platform gives one.
   */
  async #settleLookup() {
    const lookup = this.#iinLookup();
    const text = this.#fields.get("cardNumber")?.control?.value;
    if (!lookup || !text) return;
    const { prefix } = this.#engine.call({ op: "card.lookupPrefix", number: text });
    if (!prefix) return;
    if (this.#inflight?.prefix === prefix) await withinIINWait(this.#inflight.promise);
    if (this.#failedPrefix === prefix && this.#lookedUp !== prefix && !this.#destroyed) await withinIINWait(this.#runLookup(prefix, lookup));
  }

  /** Redraws every field's state from the engine (after submit, or everything after a selection). */
  #redraw(whole = false) {
    const view = this.#call({ op: "form.view", form: this.#number });
    if (whole) {
      this.#draw(view);
      return;
    }
    this.#view = view;
    for (const field of view.fields) {
      const entry = this.#fields.get(field.id);
      if (!entry) continue;
      if (entry.control.tagName === "INPUT" && entry.control.type === "text" && entry.control.value !== field.text) entry.control.value = field.text;
      this.#showState(entry, field);
    }
  }

  #announce(text) {
    if (!this.#live || !text) return;
    this.#live.textContent = "";
    this.#live.textContent = text;
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
    this.#element.dispatchEvent(new CustomEvent(`payform-${type}`, { detail, bubbles: true, composed: true }));
  }
}

/**
 * The JWE compact token of a submit's `encrypt` (`{alg, header, key: {n, e}, payload}`): the
 * engine checked the key and wrote the protected header and the payload; WebCrypto wraps a fresh
 * 64-byte content key with RSA-OAEP (SHA-1), encrypts with AES-256-CBC and authenticates with
 * HMAC-SHA-512 (A256CBC-HS512, RFC 7518 §5.2.2). Needs a secure context (HTTPS or localhost).
 */
export async function encryptPayload({ alg, header, key, payload }) {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new PaymentFormError("encryption_unavailable", "encrypting needs WebCrypto (crypto.subtle), which browsers give secure pages only: serve the page over HTTPS");
  const hash = { "RSA-OAEP": "SHA-1", "RSA-OAEP-256": "SHA-256" }[alg];
  if (!hash) throw new PaymentFormError("encryption_failed", `unknown key wrapping ${alg}`);
  const contentKey = globalThis.crypto.getRandomValues(new Uint8Array(64));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(16));
  try {
    const publicKey = await subtle.importKey("jwk", { kty: "RSA", n: key.n, e: key.e, alg, ext: true }, { name: "RSA-OAEP", hash }, false, ["encrypt"]);
    const aesKey = await subtle.importKey("raw", contentKey.subarray(32), { name: "AES-CBC" }, false, ["encrypt"]);
    const macKey = await subtle.importKey("raw", contentKey.subarray(0, 32), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]);
    const [wrapped, ciphertext] = await Promise.all([
      subtle.encrypt({ name: "RSA-OAEP" }, publicKey, contentKey),
      subtle.encrypt({ name: "AES-CBC", iv }, aesKey, utf8.encode(payload)),
    ]);
    const aad = utf8.encode(header);
    const signed = new Uint8Array(aad.length + iv.length + ciphertext.byteLength + 8);
    signed.set(aad, 0);
    signed.set(iv, aad.length);
    signed.set(new Uint8Array(ciphertext), aad.length + iv.length);
    new DataView(signed.buffer).setBigUint64(signed.length - 8, BigInt(aad.length) * 8n);
    const tag = new Uint8Array(await subtle.sign("HMAC", macKey, signed)).subarray(0, 32);
    return [header, base64url(wrapped), base64url(iv), base64url(ciphertext), base64url(tag)].join(".");
  } finally {
    contentKey.fill(0);
  }
}

const utf8 = new TextEncoder();

/** BASE64URL without padding. */
function base64url(bytes) {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = "";
  for (let index = 0; index < view.length; index += 0x8000) binary += String.fromCharCode(...view.subarray(index, index + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** How long submit waits for a card number's IIN lookup (each of: the one under way, one retry). */
const IIN_WAIT_MS = 3000;

/** `promise`, or `false` once IIN_WAIT_MS have passed. */
function withinIINWait(promise) {
  let timer;
  const timeout = new Promise((resolve) => { timer = setTimeout(resolve, IIN_WAIT_MS, false); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The languages written right to left (their primary subtag). */
/** Whether two co-badge choices (and their chosen brands) are the same. */
function sameOptions(options, others, chosen, otherChosen) {
  return chosen === otherChosen && options.length === others.length
    && options.every((option, index) => option.brand === others[index].brand && option.paymentProductId === others[index].paymentProductId);
}

/** Sets (or, with `null`, removes) an attribute when it differs from what the element has. */
function setAttribute(element, name, value) {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

/** Where the word before `position` starts (after spaces, slashes and dashes). */
function wordStart(text, position) {
  let index = position;
  while (index > 0 && /[\s/-]/.test(text[index - 1])) index--;
  while (index > 0 && !/[\s/-]/.test(text[index - 1])) index--;
  return index;
}

/** Where the word after `position` ends. */
function wordEnd(text, position) {
  let index = position;
  while (index < text.length && /[\s/-]/.test(text[index])) index++;
  while (index < text.length && !/[\s/-]/.test(text[index])) index++;
  return index;
}
