// The example shop's checkout page: a client session from the shop's server, the payment methods
// from the Client API, the payment form of the chosen one (PaymentFormEngine's web module), and
// Pay: the form encrypts what was typed, the shop's server creates the payment with it.
//
// Plain ES modules, no build step, nothing inline (the page runs under a strict Content Security
// Policy). Query parameters: locale=en|fr (the language of the page and of the form),
// product=ID (open that payment method's form at once).
//
// #outcome holds the page's state as JSON (`state`: loading, ready, form, paying, invalid, paid,
// declined, redirecting, refused, error), for tests; it never holds card data.

import { languages, language, text } from "/texts.mjs";

/** Wallets need their own button and flow (Apple Pay, Google Pay): not part of this example. */
const WALLETS = new Set([302, 320]);

/** The card products' group: one "Card" choice, whose form takes every card (the number decides). */
const CARDS = "cards";

/** The web form's module: its content-hashed URL when the server names it (cached for good). */
const FORM_MODULE = document.querySelector('meta[name="payform-form-module"]')?.content || "/web/payform-form.mjs";

const parameters = new URLSearchParams(window.location.search);
const lang = language(parameters.get("locale") || "en");
const clientLocale = languages[lang].clientLocale;

const elements = {
  title: document.getElementById("title"),
  languages: document.getElementById("languages"),
  basket: document.getElementById("basket"),
  choose: document.getElementById("choose"),
  products: document.getElementById("products"),
  checkout: document.getElementById("checkout"),
  container: document.getElementById("payment-form"),
  pay: document.getElementById("pay"),
  message: document.getElementById("message"),
  outcome: document.getElementById("outcome"),
};

const state = { session: null, order: null, form: null, productId: null, mounting: 0, busy: false, done: false };

/** Writes the page's state into #outcome (JSON text and data-state). Never card data. */
function report(name, extra = {}) {
  const outcome = { state: name, locale: lang, ...extra };
  elements.outcome.dataset.state = name;
  elements.outcome.textContent = JSON.stringify(outcome, null, 2);
}

function say(message) {
  elements.message.textContent = message;
}

/** The order's amount as the shop's server wrote it in the page's language. */
function amountText() {
  return state.session.amountText;
}

/** The page's own texts in its language (the form's texts are the form module's). */
function renderTexts() {
  document.documentElement.lang = lang;
  document.title = text(lang, "title");
  elements.title.textContent = text(lang, "title");
  elements.languages.setAttribute("aria-label", text(lang, "language"));
  for (const link of elements.languages.querySelectorAll("a[data-locale]")) {
    const next = new URLSearchParams(window.location.search);
    next.set("locale", link.dataset.locale);
    next.delete("product");
    link.href = `?${next}`;
    if (link.dataset.locale === lang) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  }
  elements.choose.textContent = text(lang, "choose");
  elements.basket.textContent = state.order ? text(lang, "basket", { amount: amountText() }) : text(lang, "loading");
  elements.pay.textContent = state.order ? text(lang, "pay", { amount: amountText() }) : text(lang, "pay", { amount: "" }).trim();
}

/** The shop's server did not answer (the network, not the shop): said apart from its answers. */
class ShopUnreachable extends Error {}

/** POST `path` on the shop's server with a JSON body: `{status, json}` (json null when none). */
async function postShop(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body ?? {}),
    });
  } catch (error) {
    throw new ShopUnreachable(errorMessage(error));
  }
  const json = await response.json().catch(() => null);
  return { status: response.status, json };
}

function errorMessage(error) {
  return String((error && error.message) || error);
}

/** `GET <path>` on the Client API for the order (the browser calls it directly), without fields. */
async function clientAPI(session, order, path) {
  const base = session.clientApiUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
  const url = new URL(`${base}/v1/${encodeURIComponent(session.customerId)}/${path}`);
  const query = {
    countryCode: order.countryCode,
    currencyCode: order.amountOfMoney.currencyCode,
    amount: order.amountOfMoney.amount,
    isRecurring: false,
    locale: clientLocale,
    hide: "fields",
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  const response = await fetch(url, {
    headers: { Authorization: `GCS v1Client:${session.clientSessionId}`, Accept: "application/json" },
  });
  const json = await response.json().catch(() => null);
  if (!response.ok || !json) {
    const first = json && Array.isArray(json.errors) ? json.errors[0] : null;
    throw new Error(`HTTP ${response.status}${first ? ` ${first.errorCode || first.code}` : ""}`);
  }
  return json;
}

/** The payment methods for the order: the products, the card products as their group. */
async function listProducts(session, order) {
  const [list, groups] = await Promise.all([clientAPI(session, order, "products"), clientAPI(session, order, "productgroups")]);
  if (!Array.isArray(list.paymentProducts)) throw new Error("the product list has no paymentProducts");
  const products = list.paymentProducts
    .filter((product) => Number.isInteger(product.id) && !WALLETS.has(product.id))
    .sort((a, b) => (a.displayHints?.displayOrder ?? 0) - (b.displayHints?.displayOrder ?? 0));
  // Every card product is one choice, "Card", in the place of the first: its form takes them all.
  const cards = products.findIndex((product) => product.paymentProductGroup === CARDS);
  const group = (groups.paymentProductGroups ?? []).find((candidate) => candidate.id === CARDS);
  if (cards < 0 || !group) return products;
  const choices = products.filter((product) => product.paymentProductGroup !== CARDS);
  choices.splice(cards, 0, { id: CARDS, displayHints: { label: text(lang, "card"), logo: group.displayHints?.logo } });
  return choices;
}

function renderProducts(products) {
  const assetBase = state.session.assetUrl.replace(/\/+$/, "");
  const buttons = products.map((product) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "product";
    button.dataset.productId = String(product.id);
    button.setAttribute("aria-pressed", "false");
    const logo = product.displayHints?.logo;
    if (logo) {
      const image = document.createElement("img");
      image.src = `${assetBase}/${logo.replace(/^\/+/, "")}`;
      image.alt = ""; // the label beside it names the button
      image.decoding = "async";
      button.append(image);
    }
    const label = document.createElement("span");
    label.textContent = product.displayHints?.label || String(product.id);
    button.append(label);
    button.addEventListener("click", () => {
      select(product.id);
    });
    return button;
  });
  elements.products.replaceChildren(...buttons);
}

/**
 * Mounts the payment form of product `productId`, or of every card for `cards` (the module fetches
 * the definitions and the key).
 */
async function select(productId) {
  if (state.busy || state.done) return;
  const attempt = ++state.mounting;
  for (const button of elements.products.querySelectorAll("button[data-product-id]")) {
    button.setAttribute("aria-pressed", String(button.dataset.productId === String(productId)));
  }
  if (state.form) {
    state.form.destroy();
    state.form = null;
  }
  state.productId = productId;
  // A fresh host per form: a form still loading for an earlier choice never draws over this one.
  const host = document.createElement("div");
  host.className = "payment-form-host";
  elements.container.replaceChildren(host);
  elements.checkout.hidden = false;
  say("");
  report("loading", { productId });
  try {
    const { mountPaymentForm } = await import(FORM_MODULE);
    const form = await mountPaymentForm(host, {
      session: {
        clientApiUrl: state.session.clientApiUrl,
        assetUrl: state.session.assetUrl,
        customerId: state.session.customerId,
        clientSessionId: state.session.clientSessionId,
      },
      ...(productId === CARDS ? { groupId: CARDS } : { productId }),
      context: {
        amount: state.order.amountOfMoney.amount,
        currency: state.order.amountOfMoney.currencyCode,
        countryCode: state.order.countryCode,
        locale: clientLocale,
        isRecurring: false,
      },
      locale: lang,
    });
    if (attempt !== state.mounting) {
      // Another payment method was chosen while this one loaded.
      form.destroy();
      host.remove();
      return;
    }
    state.form = form;
    report("form", { productId });
  } catch (error) {
    if (attempt !== state.mounting) return; // an earlier choice failed: this one is what counts
    say(text(lang, "failedForm", { message: errorMessage(error) }));
    report("error", { step: "form", productId, message: errorMessage(error) });
  }
}

async function pay(event) {
  event.preventDefault();
  if (!state.form || state.busy || state.done) return;
  state.busy = true;
  elements.pay.disabled = true;
  const productId = state.productId;
  try {
    const result = await state.form.submit();
    if (!result.valid) {
      // The form shows its messages at the fields (and announces them): nothing else to do.
      say("");
      report("invalid", { productId, errors: (result.errors || []).map(({ fieldId, errorId }) => ({ fieldId, errorId })) });
      return;
    }
    elements.pay.textContent = text(lang, "paying");
    report("paying", { productId });
    const { status, json } = await postShop(`/api/pay?locale=${lang}`, {
      paymentProductId: result.paymentProductId,
      encryptedCustomerInput: result.encryptedCustomerInput,
      encodedClientMetaInfo: result.encodedClientMetaInfo,
    });
    if (status !== 200 || !json) {
      const detail = json?.errors?.length ? json.errors.map((error) => error.message).join("; ") : json?.error || `HTTP ${status}`;
      // A 5xx is the shop's (or the platform's) problem, not a refusal of this payment.
      say(text(lang, status >= 500 ? "shopProblem" : "refused", { message: detail }));
      report(status >= 500 ? "shop-error" : "refused", { productId, httpStatus: status, error: json?.error, errors: json?.errors });
      return;
    }
    if (json.redirectURL) {
      state.done = true;
      say(text(lang, "redirecting"));
      report("redirecting", { productId, paymentId: json.paymentId, status: json.status, redirectURL: json.redirectURL });
      window.location.assign(json.redirectURL);
      return;
    }
    state.done = json.status !== "REJECTED";
    say(text(lang, state.done ? "paid" : "declined", { id: json.paymentId, status: json.status }));
    report(json.status === "REJECTED" ? "declined" : "paid", { productId, ...json });
  } catch (error) {
    if (error instanceof ShopUnreachable) {
      say(text(lang, "unreachable"));
      report("unreachable", { step: "pay", productId, message: errorMessage(error) });
      return;
    }
    say(text(lang, "failedPay", { message: errorMessage(error) }));
    report("error", { step: "pay", productId, message: errorMessage(error) });
  } finally {
    state.busy = false;
    if (!elements.outcome.dataset.state.startsWith("redirect")) {
      elements.pay.disabled = state.done;
      renderTexts();
    }
  }
}

async function start() {
  renderTexts();
  let step = "session";
  try {
    const { status, json } = await postShop(`/api/session?locale=${lang}`);
    if (status !== 200 || !json?.clientSessionId) {
      throw new Error(json?.error || `HTTP ${status}`);
    }
    state.session = json;
    state.order = json.order;
    renderTexts();
    step = "products";
    // A payment method the link names (?product=ID): its form starts loading beside the list of
    // methods, two round trips to the Client API sooner than after it (a second on a slow
    // network); the list then says whether the method is offered.
    const wanted = parameters.get("product") === CARDS ? CARDS : Number(parameters.get("product"));
    const listing = listProducts(state.session, state.order);
    const early = wanted === CARDS || (Number.isInteger(wanted) && wanted > 0) ? select(wanted) : null;
    const products = await listing;
    renderProducts(products);
    if (products.length === 0) say(text(lang, "noProducts"));
    // While the customer picks a payment method, the form's engine loads: the form then appears
    // without waiting for it. A failure here is not the customer's concern yet; mounting retries.
    else import(FORM_MODULE).then((module) => module.loadPaymentFormEngine({ locale: lang })).catch(() => {});
    // (A form loading already reports its own state.)
    if (!early) report("ready", { products: products.map((product) => product.id) });
    elements.checkout.addEventListener("submit", (event) => {
      pay(event);
    });
    if (early && products.some((product) => product.id === wanted)) {
      for (const button of elements.products.querySelectorAll("button[data-product-id]")) {
        button.setAttribute("aria-pressed", String(button.dataset.productId === String(wanted)));
      }
      await early;
    } else if (early) {
      // Not offered for this order: the early form goes.
      state.mounting += 1;
      state.form?.destroy();
      state.form = null;
      elements.container.replaceChildren();
      elements.checkout.hidden = true;
      say("");
      report("ready", { products: products.map((product) => product.id) });
    }
  } catch (error) {
    const key = { session: "failedSession", products: "failedProducts" }[step] || "failedForm";
    say(text(lang, key, { message: errorMessage(error) }));
    report("error", { step, message: errorMessage(error) });
  }
}

start();
