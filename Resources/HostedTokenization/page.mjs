// The sandbox's hosted tokenization page (inside the merchant's iframe): the card form, or a
// stored card the session offers, and the postMessage protocol payform-htp/1 with tokenizer.min.js.
// Served at /hostedtokenization/js/page.mjs; embedded into the sandbox from
// Resources/HostedTokenization/ (see its README.md).
// Beside it: the web form's files (payform-form.mjs, its engine, stylesheet and texts).
import { mountPaymentForm } from "./payform-form.mjs";

const PROTOCOL = "payform-htp/1";
const root = document.getElementById("htp");
const config = JSON.parse(root.dataset.config);
const message = document.getElementById("message");
const formBox = document.getElementById("payment-form");
const savedBox = document.getElementById("saved-cards");
const savedCvvRow = document.getElementById("saved-cvv-row");
const savedCvv = document.getElementById("saved-cvv");
const consent = document.getElementById("consent");
const ancestors = window.location.ancestorOrigins;
const expectedParent = ancestors && ancestors.length ? ancestors[0] : null;
let parentOrigin = null;
let initialised = false;
let announced = false;
let form = null;
let formError = null;
let savedToken = null;
let busy = false;

function post(data) {
  if (parentOrigin !== null && window.parent !== window) window.parent.postMessage({ ...data, protocol: PROTOCOL }, parentOrigin);
}

function height() {
  const style = getComputedStyle(document.body);
  return Math.ceil(document.body.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
}

// A stored card is ready when its security code is given (where the session asks for it).
function savedCardValid() {
  return !config.cvvForSavedCard || /^[0-9]{3,4}$/.test(savedCvv.value);
}

function validity() {
  post({ type: "validity", valid: savedToken !== null ? savedCardValid() : Boolean(form && form.valid) });
}

function announce() {
  if (!initialised || announced || (form === null && formError === null)) return;
  announced = true;
  if (formError !== null) {
    post({ type: "failed", message: formError });
    return;
  }
  post({ type: "ready" });
  post({ type: "resize", height: height() });
  validity();
}

// Shows a stored card the session offers (its security code asked where needed), or the form
// for a new card (`tokenId` null or not offered); the choice's radio button follows.
function useToken(tokenId) {
  const saved = (config.savedTokens || []).find((token) => token.id === tokenId);
  savedToken = saved ? saved.id : null;
  // The form's shadow root styles its host (:host { display: ... }), which outranks `hidden`.
  formBox.hidden = Boolean(saved);
  formBox.style.display = saved ? "none" : "";
  savedCvvRow.hidden = !saved || !config.cvvForSavedCard;
  // A stored card is saved already: the consent box is for a new card.
  document.getElementById("consent-row").hidden = Boolean(saved) || !config.askConsumerConsent;
  if (!saved) savedCvv.value = "";
  for (const radio of savedBox.querySelectorAll("input[type=radio]")) radio.checked = radio.value === (savedToken || "");
  validity();
}

async function submit(requestId, storePermanently) {
  const reply = (result) => post({ type: "submitted", requestId, result });
  if (busy) return reply({ success: false, error: { message: "a submission is in progress" } });
  if (!form) return reply({ success: false, error: { message: "the form is not ready" } });
  busy = true;
  try {
    const body = { storePermanently };
    if (config.askConsumerConsent) body.consent = consent.checked;
    if (savedToken !== null) {
      if (!savedCardValid()) {
        message.textContent = "Enter the card's security code.";
        return reply({ success: false, error: { message: "the stored card's security code is missing or not valid" } });
      }
      body.tokenId = savedToken;
      if (config.cvvForSavedCard) body.cvv = savedCvv.value;
    } else {
      const result = await form.submit();
      if (!result.valid) {
        const fields = [...new Set((result.errors || []).map((error) => error.fieldId))].join(", ");
        message.textContent = "Check the card details.";
        return reply({ success: false, error: { message: `the card details are not valid (${fields})` } });
      }
      body.encryptedCustomerInput = result.encryptedCustomerInput;
    }
    const response = await fetch(`/hostedtokenization/submit/${encodeURIComponent(config.hostedTokenizationId)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    if (response.ok && json && json.hostedTokenizationId) {
      message.textContent = "";
      return reply({ success: true, hostedTokenizationId: json.hostedTokenizationId });
    }
    const text = ((json && json.errors) || []).map((error) => error.message).join("; ") || `HTTP ${response.status}`;
    message.textContent = text;
    return reply({ success: false, error: { message: text } });
  } catch (error) {
    return reply({ success: false, error: { message: String((error && error.message) || error) } });
  } finally {
    busy = false;
  }
}

window.addEventListener("message", (event) => {
  if (window.parent === window || event.source !== window.parent) return;
  const data = event.data;
  if (!data || data.protocol !== PROTOCOL) return;
  if (parentOrigin === null) {
    if (data.type !== "init" || event.origin === "null" || (expectedParent !== null && event.origin !== expectedParent)) return;
    parentOrigin = event.origin;
  } else if (event.origin !== parentOrigin) {
    return;
  }
  if (data.type === "init") {
    initialised = true;
    if (typeof data.tokenId === "string") useToken(data.tokenId);
    announce();
  } else if (data.type === "submit") {
    submit(data.requestId, data.storePermanently === true);
  } else if (data.type === "useToken") {
    useToken(typeof data.tokenId === "string" ? data.tokenId : null);
  }
});

new ResizeObserver(() => { if (announced) post({ type: "resize", height: height() }); }).observe(document.body);
if (config.askConsumerConsent) document.getElementById("consent-row").hidden = false;
savedBox.hidden = !(config.savedTokens || []).length;
savedBox.addEventListener("change", (event) => {
  if (event.target.name === "card-choice") useToken(event.target.value || null);
});
savedCvv.addEventListener("input", validity);

try {
  form = await mountPaymentForm(formBox, {
    session: config.session,
    groupId: config.groupId,
    context: { ...config.context, locale: config.locale },
    locale: config.locale,
  });
  form.addEventListener("valid", validity);
  form.addEventListener("brand", (event) => {
    const id = Number(event.detail.product);
    post({ type: "product", paymentProductId: Number.isInteger(id) && id > 0 ? id : null });
  });
} catch (error) {
  formError = `the card form could not be shown: ${String((error && error.message) || error)}`;
  message.textContent = formError;
}
announce();
