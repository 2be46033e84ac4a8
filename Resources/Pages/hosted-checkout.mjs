// The sandbox's hosted checkout page: the web form of every card (the cards group: the
// number names the product), mounted with the checkout's own client session; Pay
// encrypts in the form and posts to the sandbox.
import { mountPaymentForm } from "/sandbox/v1/web/payform-form.mjs";

const root = document.getElementById("checkout");
const config = JSON.parse(root.dataset.config);
const pay = document.getElementById("pay");
const message = document.getElementById("message");
const outcome = document.getElementById("outcome");

function report(state, extra = {}) {
  outcome.dataset.state = state;
  outcome.textContent = JSON.stringify({ state, ...extra }, null, 2);
}

let form = null;
try {
  form = await mountPaymentForm(document.getElementById("payment-form"), {
    session: config.session,
    groupId: config.groupId,
    context: { ...config.context, locale: config.locale },
    locale: config.locale,
  });
  pay.disabled = false;
  report("form", { groupId: config.groupId });
} catch (error) {
  message.textContent = `The form could not be shown: ${error.message || error}`;
  report("error", { step: "form", message: String(error.message || error) });
}

pay.addEventListener("click", async () => {
  if (!form || pay.disabled) return;
  pay.disabled = true;
  try {
    const result = await form.submit();
    if (!result.valid) {
      report("invalid", { errors: (result.errors || []).map(({ fieldId, errorId }) => ({ fieldId, errorId })) });
      pay.disabled = false;
      return;
    }
    report("paying");
    const response = await fetch(`/sandbox/v1/hostedcheckouts/${encodeURIComponent(config.hostedCheckoutId)}/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ encryptedCustomerInput: result.encryptedCustomerInput }),
    });
    const json = await response.json().catch(() => null);
    if (response.ok && json && json.redirectURL) {
      report("redirecting", { paymentId: json.paymentId, status: json.status });
      window.location.assign(json.redirectURL);
      return;
    }
    const errors = (json && json.errors) || [];
    message.textContent = errors.map((error) => error.message).join("; ") || `HTTP ${response.status}`;
    report("refused", { httpStatus: response.status, errors: errors.map(({ errorCode, propertyName }) => ({ errorCode, propertyName })) });
    pay.disabled = false;
  } catch (error) {
    message.textContent = String(error.message || error);
    report("error", { step: "pay", message: String(error.message || error) });
    pay.disabled = false;
  }
});
