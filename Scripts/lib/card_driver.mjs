// A test driver for Playwright (JavaScript): types a card into the payment form by the fields'
// labels, in either mode the form runs in; the twin of card_driver.py (Python), same rules.
//
// - In-page: the form mounted by `mountPaymentForm` on the merchant's page (an open shadow root,
//   which Playwright's locators enter by themselves): `await fillCard(page, values)`, or with
//   `{ container: "#card" }` to look inside one element only.
// - In an iframe: the hosted tokenization page the `Tokenizer` script frames
//   (`iframe[name=htpIframe0]` for the first), on the platform's (or sandbox's) origin:
//   `await fillCard(page, values, { iframe: "iframe[name=htpIframe0]" })`.
//
// `values` maps a field's label (as shown, in the form's language, without the required `*`) to
// the text typed into it, key by key, as a customer types: `{ "Card number": "4111111111111111",
// "Expiry date": "1235", CVV: "123" }`. A label can change with the card (the security code's is
// "Security code" until the number names a product, then that product's: "CVV" for Visa): the
// driver waits for the label given, so give the one the card leads to. Returns the scope it typed
// into (a Locator or FrameLocator) for further checks. Card data goes only into the fields; the
// driver prints nothing.
//
// It imports nothing: pass any Playwright `Page` (playwright, @playwright/test, playwright-core).

/** The labels of the card form's fields, in English. */
export const CARD_LABELS = Object.freeze(["Card number", "Expiry date", "Security code", "Cardholder name"]);

/** The label as shown, with or without the required field's `*`. */
export function labelPattern(label) {
  const escaped = String(label).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\s*${escaped}(\\s*\\*)?\\s*$`);
}

/** Where the form's fields are: the frame `iframe` (a selector), else `container` on the page
 * (a selector; default the whole page). */
export function formScope(page, { iframe, container } = {}) {
  if (iframe) return page.frameLocator(iframe).first();
  return page.locator(container || ":root");
}

/** Types each of `values` (label -> text) into the field with that label, in order. */
export async function fillCard(page, values, { iframe, container, timeout = 20000 } = {}) {
  const scope = formScope(page, { iframe, container });
  for (const [label, text] of Object.entries(values)) {
    const field = scope.getByLabel(labelPattern(label));
    await field.waitFor({ state: "visible", timeout });
    await field.click();
    await field.pressSequentially(String(text));
  }
  return scope;
}
