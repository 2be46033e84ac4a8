// A web client of the Client API in plain JavaScript: fetch for the calls, WebCrypto for the
// encryption. No SDK, no build step. It is PaymentFormEngine's example of what a browser page
// does, and the page `Scripts/test/browser-test.py` runs in headless Chromium against `payform sandbox`.
//
// The page needs a secure context for WebCrypto: https, or http on 127.0.0.1 / localhost.
//
// URL parameters: clientApiUrl, customerId, clientSessionId, assetUrl (the four values of a
// session), locale (default en_GB), country (NL), currency (EUR), amount (1000); auto=1 fills in
// a test card and pays at once; report=1 also posts the outcome to /outcome on the page's origin
// (what the browser test reads).
"use strict";

const parameters = new URLSearchParams(location.search);
const session = {
  clientApiUrl: (parameters.get("clientApiUrl") || "").replace(/\/+$/, ""),
  customerId: parameters.get("customerId") || "",
  clientSessionId: parameters.get("clientSessionId") || "",
  assetUrl: (parameters.get("assetUrl") || "").replace(/\/+$/, ""),
};
const context = {
  countryCode: parameters.get("country") || "NL",
  currencyCode: parameters.get("currency") || "EUR",
  amount: Number(parameters.get("amount") || 1000),
  locale: parameters.get("locale") || "en_GB",
};

// ---------------------------------------------------------------------------------------------
// The Client API over fetch

/** Calls under `<clientApiUrl>/<version>/<customerId>/`, with the headers every call carries. */
class ClientAPI {
  constructor(session) {
    // clientApiUrl is `…/client` (payform sandbox prints it so); a `…/client/v1` one is cut back.
    this.base = session.clientApiUrl.replace(/\/v1$/, "");
    this.customerId = session.customerId;
    const metaInfo = {
      platformIdentifier: navigator.userAgent,
      sdkIdentifier: "PaymentFormEngineWebExample/1.0",
      sdkCreator: "PaymentFormEngine",
      screenSize: `${screen.width}x${screen.height}`,
    };
    this.headers = {
      Authorization: `GCS v1Client:${session.clientSessionId}`,
      "X-GCS-ClientMetaInfo": base64(new TextEncoder().encode(JSON.stringify(metaInfo))),
      Accept: "application/json",
    };
  }

  url(path, query, version = "v1") {
    const url = new URL(`${this.base}/${version}/${encodeURIComponent(this.customerId)}/${path}`);
    for (const [name, value] of Object.entries(query || {})) url.searchParams.set(name, String(value));
    return url;
  }

  async get(path, query, version) {
    return this.answer(await fetch(this.url(path, query, version), { headers: this.headers }), path);
  }

  async post(path, body, version) {
    const headers = { ...this.headers, "Content-Type": "application/json" };
    return this.answer(await fetch(this.url(path, {}, version), { method: "POST", headers, body: JSON.stringify(body) }), path);
  }

  /** The JSON of a 2xx answer; an Error naming the call and the API's error code otherwise. */
  async answer(response, path) {
    const json = await response.json().catch(() => null);
    if (response.ok) return json;
    const first = json && Array.isArray(json.errors) ? json.errors[0] : null;
    const error = new Error(`${path}: HTTP ${response.status}${first ? ` ${first.errorCode || first.code}: ${first.message}` : ""}`);
    error.status = response.status;
    throw error;
  }

  paymentContextQuery() {
    return { countryCode: context.countryCode, currencyCode: context.currencyCode, amount: context.amount, isRecurring: false, locale: context.locale };
  }

  products() { return this.get("products", { ...this.paymentContextQuery(), hide: "fields" }); }
  product(id) { return this.get(`products/${id}`, this.paymentContextQuery()); }
  publicKey() { return this.get("crypto/publickey"); }

  /** IIN details for the first 8 digits (6 when fewer are typed); `null` when unknown (404). */
  async iinDetails(digits) {
    const bin = digits.length >= 8 ? digits.slice(0, 8) : digits.slice(0, 6);
    const paymentContext = {
      countryCode: context.countryCode, isRecurring: false,
      amountOfMoney: { amount: context.amount, currencyCode: context.currencyCode },
    };
    try {
      return await this.post("services/getIINdetails", { bin, paymentContext });
    } catch (error) {
      if (error.status === 404) return null;
      throw error;
    }
  }

  surcharge(cardNumber, amountOfMoney) {
    return this.post("services/surchargeCalculation", { cardSource: { card: { cardNumber } }, amountOfMoney });
  }

  dccRate(cardNumber, amount) {
    return this.post("services/dccrate", { cardSource: { card: { cardNumber } }, transaction: { amount } }, "v2");
  }
}

// ---------------------------------------------------------------------------------------------
// The encrypted customer input: a compact JWE, RSA-OAEP (SHA-1) + A256CBC-HS512 (RFC 7518 §5.2.2)

function base64(bytes) {
  let text = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(index, index + 0x8000));
  }
  return btoa(text);
}

function base64URL(bytes) {
  return base64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function concat(...parts) {
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

/** `payload` (an object) as a compact JWE for the Client API's public key. */
async function encrypt(payload, publicKey) {
  const header = base64URL(new TextEncoder().encode(JSON.stringify({ alg: "RSA-OAEP", enc: "A256CBC-HS512", kid: publicKey.keyId })));
  // The payload as UTF-8: a JavaScript string encrypted character by character would send
  // "é" as one ISO-8859-1 byte, which the platform cannot read (and the sandbox refuses).
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));
  const contentKey = crypto.getRandomValues(new Uint8Array(64));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  try {
    // A256CBC-HS512: the first 32 bytes are the MAC key, the last 32 the AES key.
    const aesKey = await crypto.subtle.importKey("raw", contentKey.slice(32), { name: "AES-CBC" }, false, ["encrypt"]);
    const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-CBC", iv }, aesKey, plaintext));
    const additionalData = new TextEncoder().encode(header);
    const lengthInBits = new Uint8Array(8);
    new DataView(lengthInBits.buffer).setUint32(4, additionalData.length * 8);
    const macKey = await crypto.subtle.importKey("raw", contentKey.slice(0, 32), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]);
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", macKey, concat(additionalData, iv, ciphertext, lengthInBits)));
    const der = Uint8Array.from(atob(publicKey.publicKey), (character) => character.charCodeAt(0));
    const rsaKey = await crypto.subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-1" }, false, ["encrypt"]);
    const encryptedKey = new Uint8Array(await crypto.subtle.encrypt({ name: "RSA-OAEP" }, rsaKey, contentKey));
    return [header, base64URL(encryptedKey), base64URL(iv), base64URL(ciphertext), base64URL(mac.slice(0, 32))].join(".");
  } finally {
    contentKey.fill(0);
  }
}

// ---------------------------------------------------------------------------------------------
// The page

const api = new ClientAPI(session);
const outcome = { status: "running", steps: {} };
const elements = {
  products: document.getElementById("products"),
  form: document.getElementById("form"),
  fields: document.getElementById("fields"),
  label: document.getElementById("product-label"),
  brands: document.getElementById("brands"),
  outcome: document.getElementById("outcome"),
};

/** Writes the outcome into the page (and to /outcome with report=1). Never card data. */
async function show(status, extra) {
  Object.assign(outcome, extra, { status });
  elements.outcome.dataset.status = status;
  elements.outcome.textContent = JSON.stringify(outcome, null, 2);
  document.title = `outcome: ${status}`;
  if (parameters.get("report") === "1" && status !== "running") {
    await fetch("/outcome", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(outcome) }).catch(() => {});
  }
}

/** The digits of a value typed in a numeric field (what the API takes: no spaces or slashes). */
function unmasked(field, value) {
  return ["numericstring", "expirydate", "integer"].includes(field.type) ? value.replace(/[^0-9]/g, "") : value;
}

function renderFields(product) {
  elements.fields.replaceChildren();
  const fields = [...(product.fields || [])].sort((a, b) => (a.displayHints.displayOrder || 0) - (b.displayHints.displayOrder || 0));
  for (const field of fields) {
    const hints = field.displayHints || {};
    const label = document.createElement("label");
    label.textContent = hints.label || field.id;
    label.htmlFor = `field-${field.id}`;
    let input;
    if (hints.formElement && hints.formElement.type === "list") {
      input = document.createElement("select");
      for (const option of hints.formElement.valueMapping || []) {
        input.append(new Option(option.displayName || option.value, option.value));
      }
    } else {
      input = document.createElement("input");
      input.type = hints.formElement && hints.formElement.type === "boolean" ? "checkbox" : hints.obfuscate ? "password" : "text";
      input.placeholder = hints.placeholderLabel || "";
      input.autocomplete = { cardNumber: "cc-number", expiryDate: "cc-exp", cvv: "cc-csc", cardholderName: "cc-name" }[field.id] || "off";
    }
    input.id = `field-${field.id}`;
    input.dataset.fieldId = field.id;
    elements.fields.append(label, input);
    if (hints.tooltip && hints.tooltip.label) {
      const tip = document.createElement("div");
      tip.className = "hint";
      tip.textContent = hints.tooltip.label;
      elements.fields.append(tip);
    }
  }
}

/** The values typed, by field id, as the API takes them. */
function typedValues(product) {
  const values = [];
  for (const field of product.fields || []) {
    const input = document.getElementById(`field-${field.id}`);
    if (!input) continue;
    const value = input.type === "checkbox" ? String(input.checked) : unmasked(field, input.value.trim());
    if (value !== "") values.push({ key: field.id, value });
  }
  return values;
}

async function pay(product, publicKey) {
  const payload = {
    clientSessionId: session.clientSessionId,
    nonce: crypto.randomUUID(),
    paymentProductId: Number(product.id),
    tokenize: false,
    paymentValues: typedValues(product),
    collectedDeviceInformation: { timezoneOffsetUtcMinutes: String(new Date().getTimezoneOffset()), locale: navigator.language },
  };
  const encryptedCustomerInput = await encrypt(payload, publicKey);
  // Your page sends these two values to your server, which creates the payment with them.
  await show("done", { paymentProductId: Number(product.id), encryptedCustomerInput });
}

async function run() {
  let step = "products";
  try {
    if (!session.clientApiUrl || !session.customerId || !session.clientSessionId) {
      throw new Error("open this page with ?clientApiUrl=…&customerId=…&clientSessionId=…&assetUrl=… (payform sandbox's first line)");
    }
    const list = await api.products();
    const products = [...list.paymentProducts].sort((a, b) => a.displayHints.displayOrder - b.displayHints.displayOrder);
    outcome.steps.products = products.map((product) => product.id);
    for (const product of products) {
      const item = document.createElement("li");
      item.textContent = product.displayHints.label;
      elements.products.append(item);
    }

    // The card number decides the product: an IIN lookup on its first digits.
    step = "iin";
    const auto = parameters.get("auto") === "1";
    const cardNumber = "4111111111111111";
    const iin = await api.iinDetails(cardNumber);
    outcome.steps.iin = iin && { paymentProductId: iin.paymentProductId, isAllowedInContext: iin.isAllowedInContext };
    // A co-badged card answers its brands: the customer may choose (here it is only shown).
    const coBadged = await api.iinDetails("4000002500001001");
    outcome.steps.coBadged = coBadged && { countryCode: coBadged.countryCode, coBrands: (coBadged.coBrands || []).map((brand) => brand.paymentProductId) };
    elements.brands.textContent = coBadged && coBadged.coBrands
      ? `A co-badged card offers products ${coBadged.coBrands.map((brand) => brand.paymentProductId).join(" and ")}.` : "";

    step = "product";
    const product = await api.product(iin.paymentProductId);
    outcome.steps.product = { id: product.id, labels: product.fields.map((field) => field.displayHints.label) };
    elements.label.textContent = product.displayHints.label;
    renderFields(product);
    elements.form.hidden = false;

    step = "publicKey";
    const publicKey = await api.publicKey();
    outcome.steps.keyId = publicKey.keyId;

    // Online Payments calls: what a surcharge or a currency conversion would be.
    step = "surcharge";
    const amountOfMoney = { amount: context.amount, currencyCode: context.currencyCode };
    const surcharge = await api.surcharge(cardNumber.slice(0, 8), amountOfMoney);
    outcome.steps.surcharge = surcharge.surcharges.map((entry) => ({ paymentProductId: entry.paymentProductId, amount: entry.surchargeAmount.amount }));
    step = "dcc";
    const dcc = await api.dccRate(cardNumber.slice(0, 8), amountOfMoney);
    outcome.steps.dcc = { result: dcc.result.result, target: dcc.proposal && dcc.proposal.targetAmount };

    step = "pay";
    elements.form.addEventListener("submit", (event) => {
      event.preventDefault();
      pay(product, publicKey).catch((error) => show("error", { step: "pay", message: String(error && error.message || error) }));
    });
    if (auto) {
      // The browser test's customer: a Visa test card and a name with accents.
      const test = { cardNumber: "4111 1111 1111 1111", expiryDate: "12/35", cvv: "123", cardholderName: "José Müller" };
      for (const [id, value] of Object.entries(test)) {
        const input = document.getElementById(`field-${id}`);
        if (input) input.value = value;
      }
      await pay(product, publicKey);
    } else {
      await show("ready", {});
    }
  } catch (error) {
    await show("error", { step, message: String(error && error.message || error) });
  }
}

run();
