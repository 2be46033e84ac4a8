// A small TypeScript checkout written against Web/dist's type declarations: CI compiles it with
// tsc --strict --noEmit, so the declarations stay usable (and a wrong use would fail to compile).
import { mountPaymentForm, loadPaymentFormEngine, PaymentFormError, type SubmitResult, type PaymentForm } from "../../dist/payform-form.mjs";
import { PaymentFormEngine } from "../../dist/payform-engine.mjs";

async function checkout(element: HTMLElement): Promise<number | null> {
  await loadPaymentFormEngine({ locale: "fr" });
  const form: PaymentForm = await mountPaymentForm(element, {
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
  try {
    const result: SubmitResult = await form.submit();
    if (!result.valid) {
      for (const error of result.errors) console.log(error.fieldId, error.errorId);
      return null;
    }
    const token: string | null = result.encryptedCustomerInput;
    console.log(token?.split(".").length);
    return result.paymentProductId;
  } catch (error) {
    if (error instanceof PaymentFormError) console.log(error.code);
    throw error;
  }
}

async function engine(): Promise<string> {
  const loaded = await PaymentFormEngine.load(new URL("https://shop.example/payform-engine.wasm"));
  return String(loaded.call({ op: "version" }).version) + loaded.generation;
}

void checkout;
void engine;
