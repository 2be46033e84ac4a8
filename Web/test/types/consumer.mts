// A small TypeScript checkout written against Web/dist's type declarations: CI compiles it with
// tsc --strict --noEmit, so the declarations stay usable (and a wrong use would fail to compile).
import { mountPaymentForm, loadPaymentFormEngine, PaymentFormError, type SubmitResult, type PaymentForm, type BrandId } from "../../dist/payform-form.mjs";
import { PaymentFormEngine } from "../../dist/payform-engine.mjs";

async function checkout(element: HTMLElement): Promise<number | null> {
  await loadPaymentFormEngine({ locale: "fr" });
  const form: PaymentForm<string> = await mountPaymentForm(element, {
    session: { clientApiUrl: "https://client.example/client", assetUrl: "https://assets.example/", customerId: "c", clientSessionId: "s" },
    groupId: "cards",
    context: { amount: 1000, currency: "EUR", countryCode: "FR" },
    locale: "fr",
    preferredBrand: "cartes-bancaires",
    submitButton: true,
  });
  form.addEventListener("brand", (event) => {
    const brand: string | null = event.detail.brand;
    const product: string = event.detail.product;
    console.log(brand, product);
  });
  form.addEventListener("change", (event) => { if (event.detail.empty) console.log(event.detail.field); });
  form.addEventListener("iin", (event) => console.log(event.detail.bin.length));
  form.addEventListener("submitrequest", (event) => event.preventDefault());
  // The element's bubbling events are typed too (HTMLElementEventMap).
  element.addEventListener("payform-brand", (event) => {
    const brand: BrandId | null = event.detail.brand;
    console.log(brand === "cartes-bancaires");
  });
  element.addEventListener("payform-change", (event) => console.log(event.detail.field === "cvv", event.detail.state));
  // What a shop does after a decline: clear the code, focus the number; lock the form while paying.
  form.clear("cvv");
  form.focus("cardNumber");
  form.update({ disabled: true });
  form.blur();
  try {
    const result: SubmitResult<string> = await form.submit();
    if (!result.valid) {
      for (const error of result.errors) console.log(error.fieldId, error.errorId);
      return null;
    }
    // With a session, the request is always encrypted: a string, never null.
    const token: string = result.encryptedCustomerInput;
    console.log(token.split(".").length);
    return result.paymentProductId;
  } catch (error) {
    if (error instanceof PaymentFormError) console.log(error.code);
    throw error;
  }
}

async function refusedByTheTypes(element: HTMLElement): Promise<void> {
  // @ts-expect-error a mount with a session needs the payment context
  await mountPaymentForm(element, { session: { clientApiUrl: "u", assetUrl: "a", customerId: "c", clientSessionId: "s" }, groupId: "cards" });
  const plain = await mountPaymentForm(element, { product: "sample:visa" });
  const result = await plain.submit();
  // @ts-expect-error without a session or key, the encrypted request may be null
  if (result.valid) { const token: string = result.encryptedCustomerInput; console.log(token); }
  // @ts-expect-error update takes only what a mounted form can change
  plain.update({ locale: "fr" });
}

async function engine(): Promise<string> {
  const loaded = await PaymentFormEngine.load(new URL("https://shop.example/payform-engine.wasm"));
  return String(loaded.call({ op: "version" }).version) + loaded.generation;
}

void checkout;
void refusedByTheTypes;
void engine;
