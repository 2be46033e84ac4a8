"""The hosted tokenization flow in Chromium (a case of web_form_test.py): a merchant page on its own
origin (a second loopback port) loads the sandbox's tokenizer.min.js, frames the card form with
the platform's published Tokenizer API, the card is typed in the iframe (Scripts/lib/card_driver.py),
the page's server reads the token (GET hostedtokenizations/{id}) and pays with hostedTokenizationId.

Checked: the payment is made; the page cannot read the iframe's document; no message the page
receives carries the card number; a forged `submitted` message from the page's own origin is
ignored (the result is the iframe's); the iframe's height follows its form; a second
submitTokenization of the used session fails with the sandbox's message; the token is temporary.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Scripts"))

from lib.card_driver import fill_card  # noqa: E402
from lib.checks import expect  # noqa: E402
from lib.pages import PageServer  # noqa: E402

CARD = "4111111111111111"

MERCHANT_SCRIPT = """
const log = [];
window.received = log;
window.addEventListener("message", (event) => log.push({ origin: event.origin, data: JSON.stringify(event.data) }));
window.validity = [];
window.products = [];
const session = await (await fetch("/api/session", { method: "POST" })).json();
const tokenizer = new Tokenizer(session.hostedTokenizationUrl, "htp", {
  hideCardholderName: false,
  validationCallback: (result) => window.validity.push(result.valid),
  paymentProductUpdatedCallback: (result) => window.products.push(result.paymentProductId),
});
window.tokenizer = tokenizer;
try {
  await tokenizer.initialize();
  window.state = "ready";
} catch (error) {
  window.state = "failed: " + error.message;
}
document.getElementById("pay").addEventListener("click", async () => {
  const pending = tokenizer.submitTokenization({ storePermanently: false });
  // A forged answer from this page's own origin, sent before the iframe can answer: ignored.
  window.postMessage({ protocol: "payform-htp/1", type: "submitted", requestId: 1,
                       result: { success: true, hostedTokenizationId: "forged" } }, "*");
  const result = await pending;
  window.submitted = result;
  if (!result.success) { window.state = "refused"; return; }
  const paid = await fetch("/api/pay", { method: "POST", headers: { "Content-Type": "application/json" },
                                         body: JSON.stringify({ hostedTokenizationId: result.hostedTokenizationId }) });
  window.paid = await paid.json();
  window.state = "paid";
});
"""


def merchant_page(sandbox):
    """The merchant's page and server: creates the session, reads the token, pays."""
    merchant = sandbox.api["merchantId"]

    def get(handler):
        if handler.route == "/":
            handler.reply(200, f"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="{sandbox.origin}/hostedtokenization/js/client/tokenizer.min.js"></script></head>
<body><h1>Shop checkout</h1><div id="htp"></div><button id="pay" type="button">Pay</button>
<script type="module" src="/merchant.mjs"></script></body></html>""".encode())
            return True
        if handler.route == "/merchant.mjs":
            handler.reply(200, MERCHANT_SCRIPT.encode(), "text/javascript")
            return True
        return False

    def post(handler, body):
        if handler.route == "/api/session":
            status, answer = sandbox.server_api("POST", f"/v2/{merchant}/hostedtokenizations", {"locale": "en_GB"})
            handler.pages.record("session", answer)
            handler.reply(status, json.dumps(answer).encode(), "application/json")
            return True
        if handler.route == "/api/pay":
            hosted_id = json.loads(body)["hostedTokenizationId"]
            _, read = sandbox.server_api("GET", f"/v2/{merchant}/hostedtokenizations/{hosted_id}")
            status, payment = sandbox.server_api("POST", f"/v2/{merchant}/payments", {
                "order": {"amountOfMoney": {"amount": 1250, "currencyCode": "EUR"}}, "hostedTokenizationId": hosted_id})
            answer = {"read": read, "status": status, "payment": payment}
            handler.pages.record("pay", answer)
            handler.reply(200, json.dumps(answer).encode(), "application/json")
            return True
        return False

    csp = (f"default-src 'self'; script-src 'self' {sandbox.origin}; frame-src {sandbox.origin}; connect-src 'self'; "
           "style-src 'self'; base-uri 'none'; object-src 'none'")
    return PageServer(get=get, post=post, csp=csp)


def case_hosted_tokenization(run):
    """A merchant page on another origin pays through the sandbox's hosted tokenization iframe."""
    sandbox = run.sandbox
    with merchant_page(sandbox) as shop:
        expect(shop.origin != sandbox.origin, "the shop and the sandbox share an origin")
        page = run.context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(shop.url + "/")
        page.wait_for_function("() => window.state !== undefined", timeout=30000)
        state = page.evaluate("() => window.state")
        expect(state == "ready", f"initialize() ended {state!r}")
        frame = page.locator("iframe[name=htpIframe0]")
        expect(frame.count() == 1, "no iframe named htpIframe0")
        src = frame.get_attribute("src")
        expect(src.startswith(sandbox.origin + "/hostedtokenization/form/"), f"the iframe shows {src}")

        # The page cannot reach into the iframe's document.
        reach = page.evaluate("""() => {
          const frame = document.querySelector('iframe[name=htpIframe0]');
          let window_document = 'readable';
          try { void frame.contentWindow.document.body; } catch (error) { window_document = error.name; }
          return { contentDocument: frame.contentDocument === null, windowDocument: window_document,
                   height: frame.style.height };
        }""")
        expect(reach["contentDocument"] and reach["windowDocument"] == "SecurityError", f"the page reached the iframe's document: {reach}")
        expect(reach["height"].endswith("px") and float(reach["height"][:-2]) > 150, f"the iframe's height was not set from its form: {reach}")

        fill_card(page, {"Card number": CARD, "Expiry date": "1235", "CVV": "123", "Cardholder name": "Ada Lovelace"},
                  iframe="iframe[name=htpIframe0]")
        page.wait_for_function("() => window.validity.includes(true)", timeout=20000)
        expect(page.evaluate("() => window.products").count(1) >= 1, f"no product 1 (Visa) was reported: {page.evaluate('() => window.products')}")

        page.locator("#pay").click()
        page.wait_for_function("() => window.state === 'paid' || window.state === 'refused'", timeout=30000)
        submitted = page.evaluate("() => window.submitted")
        session = shop.recorded["session"][0]
        expect(submitted == {"success": True, "hostedTokenizationId": session["hostedTokenizationId"]},
               f"submitTokenization answered {submitted} (the forged message must be ignored)")
        paid = page.evaluate("() => window.paid")
        expect(paid["status"] == 201 and paid["payment"]["payment"]["status"] in ("PENDING_CAPTURE", "CAPTURED"),
               f"the payment with hostedTokenizationId: {paid['status']} {paid['payment']}")
        token = paid["read"]["token"]
        expect(token["isTemporary"] is True and token["paymentProductId"] == 1
               and token["card"]["data"]["cardWithoutCvv"]["cardNumber"] == "411111******1111", f"the token read back: {token}")

        again = page.evaluate("() => window.tokenizer.submitTokenization()")
        expect(again["success"] is False and "submitted already" in again["error"]["message"], f"a second submit answered {again}")

        received = page.evaluate("() => window.received")
        from_frame = [m for m in received if m["origin"] == sandbox.origin]
        expect(len(from_frame) >= 3, f"the page received {len(from_frame)} messages from the iframe")
        leaked = [m for m in received if CARD in m["data"] or "4111 1111" in m["data"] or "Ada Lovelace" in m["data"]]
        expect(not leaked, f"a message to the page carried card data ({len(leaked)} of {len(received)})")
        run.screenshot_page(page, "hosted-tokenization")

        page.evaluate("() => window.tokenizer.destroy()")
        expect(page.locator("iframe[name=htpIframe0]").count() == 0, "destroy() left the iframe")
        expect(not errors, f"the merchant page threw: {errors[:3]}")
        page.close()
