"""The hosted tokenization iframe's stored cards in Chromium (a case of web_form_test.py): the
merchant's server creates the session with `tokens` (one stored card, one unknown id); the iframe
lists the stored card beside "A new card"; the customer picks it and types its security code
(the test driver, by label); the merchant's server reads the same token back (UNCHANGED, not
temporary) and pays with hostedTokenizationId; the security code never reaches the page.

Also checked: without the security code the form is not valid and submitTokenization fails,
nothing is consumed; the merchant's useToken() switches back to a new card (the form shows) and
useToken(id) to the stored card again.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Scripts"))

from lib.card_driver import fill_card  # noqa: E402
from lib.checks import expect  # noqa: E402
from lib.pages import PageServer  # noqa: E402

CVV = "737"

MERCHANT_SCRIPT = """
const log = [];
window.received = log;
window.addEventListener("message", (event) => log.push({ origin: event.origin, data: JSON.stringify(event.data) }));
window.validity = [];
const session = await (await fetch("/api/session", { method: "POST" })).json();
window.session = session;
const tokenizer = new Tokenizer(session.hostedTokenizationUrl, "htp", {
  validationCallback: (result) => window.validity.push(result.valid),
});
window.tokenizer = tokenizer;
try {
  await tokenizer.initialize();
  window.state = "ready";
} catch (error) {
  window.state = "failed: " + error.message;
}
window.pay = async () => {
  const result = await tokenizer.submitTokenization({ storePermanently: false });
  if (!result.success) return { result };
  const paid = await fetch("/api/pay", { method: "POST", headers: { "Content-Type": "application/json" },
                                         body: JSON.stringify({ hostedTokenizationId: result.hostedTokenizationId }) });
  return { result, paid: await paid.json() };
};
"""


def merchant_page(sandbox, token):
    """The merchant's page and server: a session offering `token`, the token read back, the payment."""
    merchant = sandbox.api["merchantId"]

    def get(handler):
        if handler.route == "/":
            handler.reply(200, f"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="{sandbox.origin}/hostedtokenization/js/client/tokenizer.min.js"></script></head>
<body><h1>Shop checkout</h1><div id="htp"></div>
<script type="module" src="/merchant.mjs"></script></body></html>""".encode())
            return True
        if handler.route == "/merchant.mjs":
            handler.reply(200, MERCHANT_SCRIPT.encode(), "text/javascript")
            return True
        return False

    def post(handler, body):
        if handler.route == "/api/session":
            status, answer = sandbox.server_api("POST", f"/v2/{merchant}/hostedtokenizations",
                                                {"locale": "en_GB", "tokens": f"{token},sandboxtokenunknown"})
            handler.reply(status, json.dumps(answer).encode(), "application/json")
            return True
        if handler.route == "/api/pay":
            hosted_id = json.loads(body)["hostedTokenizationId"]
            _, read = sandbox.server_api("GET", f"/v2/{merchant}/hostedtokenizations/{hosted_id}")
            status, payment = sandbox.server_api("POST", f"/v2/{merchant}/payments", {
                "order": {"amountOfMoney": {"amount": 990, "currencyCode": "EUR"}}, "hostedTokenizationId": hosted_id})
            handler.reply(200, json.dumps({"read": read, "status": status, "payment": payment}).encode(), "application/json")
            return True
        return False

    csp = (f"default-src 'self'; script-src 'self' {sandbox.origin}; frame-src {sandbox.origin}; connect-src 'self'; "
           "style-src 'self'; base-uri 'none'; object-src 'none'")
    return PageServer(get=get, post=post, csp=csp)


def case_hosted_tokenization_saved_card(run):
    """The iframe offers a stored card; the customer picks it and gives its security code."""
    sandbox = run.sandbox
    merchant = sandbox.api["merchantId"]
    status, stored = sandbox.server_api("POST", f"/v2/{merchant}/tokens", {
        "paymentProductId": 1, "card": {"data": {"cardWithoutCvv": {"cardNumber": "4111111111111111", "expiryDate": "1235"}}}})
    expect(status in (200, 201), f"POST tokens answered {status}")
    token = stored["token"]
    with merchant_page(sandbox, token) as shop:
        page = run.context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(shop.url + "/")
        page.wait_for_function("() => window.state !== undefined", timeout=30000)
        expect(page.evaluate("() => window.state") == "ready", f"initialize() ended {page.evaluate('() => window.state')!r}")
        session = page.evaluate("() => window.session")
        expect(session["invalidTokens"] == ["sandboxtokenunknown"], f"invalidTokens: {session['invalidTokens']}")

        frame = page.frame_locator("iframe[name=htpIframe0]")
        choice = frame.get_by_label("411111******1111, expires 12/35")
        choice.wait_for(state="visible", timeout=20000)
        new_card = frame.get_by_label("A new card")
        expect(new_card.is_checked() and not choice.is_checked(), "a new card is not the first choice")
        choice.check()
        security_code = frame.get_by_label("Security code of the saved card")
        security_code.wait_for(state="visible", timeout=10000)
        expect(frame.locator("#payment-form").is_hidden(), "the new card's form shows beside the stored card")

        # Without its security code: not valid, and the submit fails without using the session.
        page.wait_for_function("() => window.validity.length > 0 && window.validity[window.validity.length - 1] === false", timeout=10000)
        early = page.evaluate("() => window.pay()")
        expect(early["result"]["success"] is False and "security code" in early["result"]["error"]["message"], f"a submit without it: {early}")

        # The merchant switches back to a new card, then to the stored one again.
        page.evaluate("() => window.tokenizer.useToken()")
        frame.locator("#payment-form").wait_for(state="visible", timeout=10000)
        expect(new_card.is_checked() and security_code.is_hidden(), "useToken() did not go back to a new card")
        page.evaluate(f"() => window.tokenizer.useToken({json.dumps(token)})")
        security_code.wait_for(state="visible", timeout=10000)
        expect(choice.is_checked(), "useToken(id) did not choose the stored card")

        fill_card(page, {"Security code of the saved card": CVV}, iframe="iframe[name=htpIframe0]")
        page.wait_for_function("() => window.validity[window.validity.length - 1] === true", timeout=10000)
        done = page.evaluate("() => window.pay()")
        expect(done["result"] == {"success": True, "hostedTokenizationId": session["hostedTokenizationId"]}, f"submitTokenization: {done['result']}")
        read = done["paid"]["read"]
        expect(read["tokenStatus"] == "UNCHANGED" and read["token"]["id"] == token and read["token"]["isTemporary"] is False,
               f"the token read back: {read}")
        expect(done["paid"]["status"] == 201, f"the payment: {done['paid']['status']} {done['paid']['payment']}")

        leaked = [m for m in page.evaluate("() => window.received") if CVV in m["data"]]
        expect(not leaked, f"a message to the page carried the security code ({len(leaked)})")
        run.screenshot_page(page, "hosted-tokenization-saved-card")
        expect(not errors, f"the merchant page threw: {errors[:3]}")
        page.close()
