// The JavaScript test driver (Scripts/lib/card_driver.mjs) in Chromium, both modes; run by the
// web-form suite's case card_driver (Web/test/card_driver_case.py), which serves the pages and
// passes: PLAYWRIGHT (the module to import: the Python wheel's node driver package,
// playwright/driver/package/index.mjs, as no npm registry is needed), CHROMIUM (Debian's
// chromium), INPAGE_URL (the form on a page) and SHOP_URL (a merchant page framing the hosted
// tokenization iframe, hosted_tokenization_case.py's). Prints one JSON line of what it saw.
import { fillCard } from "../../Scripts/lib/card_driver.mjs";

const { PLAYWRIGHT, CHROMIUM, INPAGE_URL, SHOP_URL } = process.env;
const { chromium } = await import(PLAYWRIGHT);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
const seen = {};
try {
  const context = await browser.newContext();
  // In-page: the form in the page's shadow root.
  const page = await context.newPage();
  await page.goto(INPAGE_URL);
  await page.waitForFunction(() => window.paymentForm || window.mountError, null, { timeout: 20000 });
  await fillCard(page, { "Card number": "4111111111111111", "Expiry date": "1230", CVV: "123" }, { container: "#payment-form" });
  seen.inPage = await page.evaluate(() => {
    const root = document.getElementById("payment-form").shadowRoot;
    return { cardNumber: root.querySelector("[name=cardNumber]").value, valid: window.paymentForm.valid };
  });
  // The iframe: the merchant page pays through the hosted tokenization page.
  const shop = await context.newPage();
  await shop.goto(SHOP_URL);
  await shop.waitForFunction(() => window.state !== undefined, null, { timeout: 30000 });
  seen.initialized = await shop.evaluate(() => window.state);
  await fillCard(shop, { "Card number": "4111111111111111", "Expiry date": "1235", CVV: "123", "Cardholder name": "Ada Lovelace" },
                 { iframe: "iframe[name=htpIframe0]" });
  await shop.waitForFunction(() => window.validity.includes(true), null, { timeout: 20000 });
  await shop.locator("#pay").click();
  await shop.waitForFunction(() => window.state === "paid" || window.state === "refused", null, { timeout: 30000 });
  seen.iframe = await shop.evaluate(() => ({ state: window.state, status: window.paid && window.paid.status,
                                              card: window.paid && window.paid.read.token.card.data.cardWithoutCvv.cardNumber }));
} finally {
  await browser.close();
}
console.log(JSON.stringify(seen));
