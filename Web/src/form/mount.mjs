// Mounting: the definitions, the public key and the texts a form needs (fetched through the
// session, or given), the engine's `form.open`, then the form drawn into the element.

import { PaymentFormError } from "../payform-engine.mjs";
import { ClientAPI, checkContext } from "./client-api.mjs";
import { emitMountError } from "./events.mjs";
import { DEFAULT_ENGINE_URL, sharedEngine } from "./loader.mjs";
import { PaymentForm } from "./payment-form.mjs";
import { textsFor } from "./texts.mjs";
import { stylesheetSettled } from "./view.mjs";
import { yieldToPage } from "./yield.mjs";

/** The current month, UTC, as the engine's expiry checks want it. */
function currentMonth() {
  const now = new Date();
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
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
    emitMountError(element, error);
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
  // Opening and drawing are two tasks: the page's input and frames may run between them.
  await yieldToPage();
  const opened = engine.call(request);
  if (opened.error) throw new PaymentFormError(opened.error.code, opened.error.message);
  await yieldToPage();
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
