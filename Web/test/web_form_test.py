#!/usr/bin/env python3
"""The web form's browser suite: Web/dist/payform-form.mjs driven in headless Chromium (Playwright
for Python pointed at Debian's chromium), its answers compared with the native `payform form`.

Usage: Web/test/web_form_test.py --payform PAYFORM --chromium PATH [--sequences 200] [--seed 34]
                                 [--output DIR] [--only NAME]

What it checks (each a named case; the summary counts them):
  - typing a card number key by key, paste of formatted and over-long numbers, backspace over a
    space, a selection replaced, the expiry shortcut, an IME composition: after every event the
    page's text, caret and message equal what `payform form` answers for the same events;
  - typed in one go (no delay and 30 ms between keys): a 19-digit Visa number keeps its digits, a
    17th digit after a valid 16 stays in the number, an over-typed 5th CID digit and 1330 in the
    expiry date do not reach the next field; an expiry date pasted whole reads as validate reads it;
  - at least 200 seeded random edit sequences (typing, paste, backspace and delete at random
    places, selections, focus moves) compared the same way, event by event;
  - against `payform sandbox`: the form fetched through a client session, the co-badge choice of
    4000 0025 0000 1001 and 5555 5525 0000 1001, French and English texts, submit -> the
    sandbox's payments endpoint decrypts the request and finds it valid, with the typed values;
  - an account on file (read-only number, label), the iDEAL bank list, SEPA's terms checkbox
    and its link, the error state
    (aria-invalid, messages, live region), the brand logo;
  - hostile validator patterns (look-ahead with nested repeats, `.*` five times): 100 keystrokes,
    each within its step budget and under a second (a hang, not a timing), the field refused (not
    valid while typing, invalid after);
  - the engine's warm-up: a card typed as natively with the warm-up worker, without Worker, with
    a worker the page may not make and with one that never answers (the page warms up alone);
  - loadPaymentFormEngine: the mounted form's engine is shared (no second fetch), a failed load is
    tried again, a wasmUrl that is no URL is a usage error;
  - the hosted tokenization iframe (hosted_tokenization_case.py): a merchant page on another
    origin pays through it with the platform's Tokenizer API, never reading or receiving the card;
    its stored cards (hosted_tokenization_saved_case.py): one picked, its security code typed;
  - the test drivers (card_driver_case.py): Python's in-page mode, JavaScript's in both modes;
  - the example checkout (Examples/web/run.sh): the engine loaded while the customer chooses, a
    Visa payment, and a 3-D Secure challenge card through the sandbox's authentication page back
    to the shop;
  - a form at the bound of 500 fields mounts with one engine call, its fields put in at once; one
    past a bound (501 fields, a 4,097-byte label) is refused with limit_exceeded and an error event;
  - axe-core: 0 violations on the card form, the iDEAL form and the error state;
  - screenshots (empty, typing, errors, co-badge choice, French) into --output.
The page is served with a strict Content-Security-Policy (no inline script or style, no eval;
'wasm-unsafe-eval' for the engine). Exit status: 0 passed, 1 a case failed, 2 setup problem.
"""

import argparse
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import time
import traceback
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIST = os.path.join(ROOT, "Web", "dist")
PAGE = os.path.join(ROOT, "Web", "test", "page")
NOW = "2026-11"
sys.path.insert(0, os.path.join(ROOT, "Scripts"))

from lib.checks import Failure, expect  # noqa: E402
from lib.pages import STRICT_CSP as CSP, PageServer as LoopbackPageServer  # noqa: E402
from lib.sandbox import Sandbox  # noqa: E402
from hosted_tokenization_case import case_hosted_tokenization  # noqa: E402
from hosted_tokenization_saved_case import case_hosted_tokenization_saved_card  # noqa: E402
from card_driver_case import case_card_driver  # noqa: E402


def page_file(path):
    """What the test page's origin serves: Web/dist at /web/, the shipped definitions and the demo
    key at /samples/ (for the page to pass as a page passes what the Client API gave it: the page's
    engine carries no samples), the test page at /."""
    if path.startswith("/web/"):
        return os.path.join(DIST, os.path.basename(path))
    if path == "/samples/demo-key.json":
        return os.path.join(ROOT, "Resources", "Keys", "demo-public-key-NOT-FOR-PRODUCTION.json")
    if path == "/samples/cards.json":
        return os.path.join(ROOT, "Resources", "Groups", "cards.json")
    if path.startswith("/samples/"):
        return os.path.join(ROOT, "Resources", "Products", os.path.basename(path))
    return os.path.join(PAGE, os.path.basename(path) or "index.html")


def icon_or_delay(handler):
    """No icon: an empty answer, not a 404 in the console; ?delay=MS: a slow answer (the stylesheet case)."""
    if handler.route == "/favicon.ico":
        handler.reply(204)
        return True
    delay = handler.query.get("delay")
    if delay:
        time.sleep(int(delay[0]) / 1000)
    return False


class PageServer(LoopbackPageServer):
    """Serves Web/dist at /web/ and the test page at /, with the CSP a shop would send (Scripts/lib/pages.py)."""

    def __init__(self):
        super().__init__(resolve=page_file, csp=CSP, headers={"Cache-Control": "no-store"}, get=icon_or_delay)


class NativeForm:
    """`payform form` kept open: one event in, its answer out, as the page sends them."""

    def __init__(self, payform, product="sample:visa", locale="en", account=None):
        command = [payform, "form", "--product", product, "--now", NOW, "--locale", locale]
        if account:
            command += ["--account-on-file", account]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, event):
        self.process.stdin.write(json.dumps(event) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        expect(line, f"payform form ended early on {event.get('event')}")
        return json.loads(line)

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


READ_FIELD = """([name]) => {
  const root = document.getElementById('payment-form').shadowRoot;
  const input = root.querySelector(`[name="${name}"]`);
  const message = root.getElementById(input.id + '-msg');
  return {text: input.value, start: input.selectionStart, end: input.selectionEnd,
          message: message.textContent, invalid: input.getAttribute('aria-invalid'),
          focused: root.activeElement ? root.activeElement.name : null};
}"""


class Page:
    """One mounted form in a tab, and the native form it is compared with."""

    def __init__(self, context, server, query, payform=None, native_product="sample:visa", locale="en", account=None, on_request=None,
                 init_script=None):
        self.page = context.new_page()
        if init_script:
            self.page.add_init_script(init_script)
        if on_request:
            self.page.on("request", on_request)
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        self.page.on("requestfailed", lambda request: self.errors.append(f"request failed: {request.url}"))
        self.page.goto(f"{server.url}/index.html?{query}")
        self.page.wait_for_function("() => window.paymentForm || window.mountError", timeout=20000)
        mount_error = self.page.evaluate("window.mountError || null")
        expect(mount_error is None, f"the form did not mount: {mount_error}")
        self.native = NativeForm(payform, native_product, locale, account) if payform else None
        self.focused = None
        self.axed = False

    def field(self, name):
        return self.page.locator(f"#payment-form [name='{name}']")

    def read(self, name):
        return self.page.evaluate(READ_FIELD, [name])

    def focus(self, name):
        """Moves the focus to a field; the native form hears blur and focus as the page sends them."""
        if self.focused == name:
            return
        self.field(name).focus()
        if self.native:
            if self.focused:
                self.native.send({"event": "blur", "field": self.focused})
            self.native.send({"event": "focus", "field": name})
        self.focused = name

    def select(self, name, start, end):
        self.page.evaluate("([name, a, b]) => document.getElementById('payment-form').shadowRoot.querySelector(`[name=\"${name}\"]`).setSelectionRange(a, b)", [name, start, end])

    def compare(self, name, answer, what):
        """The page's field equals the native answer: text, caret, message and aria-invalid."""
        seen = self.read(name)
        expect(seen["text"] == answer["text"], f"{what}: the page shows {seen['text']!r}, payform form {answer['text']!r}")
        expect(seen["start"] == answer["cursor"] and seen["end"] == answer["cursor"],
               f"{what}: caret {seen['start']}-{seen['end']} on the page, {answer['cursor']} from payform form (text {answer['text']!r})")
        expect(seen["message"] == (answer["message"] or ""), f"{what}: message {seen['message']!r} on the page, {answer['message']!r} from payform form")
        expect(seen["invalid"] == ("true" if answer["message"] else "false"), f"{what}: aria-invalid {seen['invalid']} with message {answer['message']!r}")

    def after_edit(self, name, event, what):
        """Sends the event natively, compares, and follows an auto-advance as the page does."""
        answer = self.native.send(event)
        self.compare(name, answer, what)
        if answer.get("advance") and answer.get("next"):
            self.native.send({"event": "blur", "field": name})
            self.native.send({"event": "focus", "field": answer["next"]})
            self.focused = answer["next"]
            seen = self.read(answer["next"])
            expect(seen["focused"] == answer["next"], f"{what}: the focus did not advance to {answer['next']} (it is on {seen['focused']})")
        return answer

    # Actions: each does it in the browser, then the same event natively, then compares.
    def type(self, name, text):
        for character in text:
            self.focus(name)
            state = self.read(name)
            self.page.keyboard.type(character)
            self.after_edit(name, {"event": "edit", "field": name, "selection": [state["start"], state["end"]], "insert": character}, f"typing {character!r} into {name}")

    def paste(self, name, text):
        self.focus(name)
        state = self.read(name)
        self.page.evaluate("(text) => navigator.clipboard.writeText(text)", text)
        self.page.keyboard.press("Control+V")
        return self.after_edit(name, {"event": "edit", "field": name, "selection": [state["start"], state["end"]], "insert": text}, f"pasting {len(text)} characters into {name}")

    def delete(self, name, direction):
        self.focus(name)
        state = self.read(name)
        self.page.keyboard.press("Backspace" if direction == "backward" else "Delete")
        collapsed = state["start"] == state["end"]
        at_edge = state["start"] == 0 if direction == "backward" else state["start"] == len(state["text"])
        if collapsed and at_edge:
            seen = self.read(name)
            expect(seen["text"] == state["text"], f"{direction} at the edge of {name} changed the text")
            return None
        return self.after_edit(name, {"event": "edit", "field": name, "selection": [state["start"], state["end"]], "delete": direction}, f"{direction} delete in {name}")

    def close(self):
        if self.native:
            self.native.close()
        # axe-core itself applies inline styles while it runs, which the page's CSP refuses (and logs).
        errors = [e for e in self.errors if not (self.axed and "inline style" in e)]
        expect(not errors, f"the page logged errors: {errors[:3]}")
        self.page.close()


def card_text(page):
    return page.read("cardNumber")["text"]


# MARK: - cases

def case_typing(run):
    page = run.open("product=sample:visa&now=2026-11")
    page.type("cardNumber", "4111111111111111")
    expect(card_text(page) == "4111 1111 1111 1111", f"typed number shown as {card_text(page)!r}")
    brand = page.page.evaluate("document.getElementById('payment-form').shadowRoot.querySelector('.pf-brand').dataset.brand")
    expect(brand == "visa", f"brand shown: {brand!r}")
    # A valid 16-digit Visa number may still grow to 19 digits: the focus stays.
    expect(page.read("expiryDate")["focused"] == "cardNumber", "the focus left a 16-digit Visa number, which may have 19 digits")
    page.type("cardNumber", "110")
    expect(page.read("expiryDate")["focused"] == "expiryDate", "the focus did not move on to the expiry date after 19 digits")
    page.type("expiryDate", "2")
    expect(page.read("expiryDate")["text"].startswith("02"), f"expiry shortcut: 2 shows {page.read('expiryDate')['text']!r}")
    page.type("expiryDate", "30")
    page.type("cvv", "123")
    page.type("cardholderName", "José Müller")
    run.screenshot(page, "card-typing")
    page.close()


FIELDS_NOW = """() => { const r = document.getElementById('payment-form').shadowRoot;
  const o = {}; for (const i of r.querySelectorAll('input[type=text]')) o[i.name] = i.value;
  o.focused = r.activeElement ? r.activeElement.name : null; return o; }"""


def case_fast_typing(run):
    """Typed in one go, as a fast typist or a password manager types: no key meant for one field
    lands in the next (issue 53)."""
    def typed(query, field, keys, delay):
        page = run.open(query, native=False)
        page.field(field).focus()
        page.page.keyboard.type(keys, delay=delay)
        fields = page.page.evaluate(FIELDS_NOW)
        return page, fields

    for delay in (0, 30):
        # A 19-digit Visa number whose first 16 digits pass Luhn keeps its 19 digits; then the expiry date.
        page, fields = typed("product=sample:visa&now=2026-11", "cardNumber", "4111111111111111110" + "1230", delay)
        expect(fields["cardNumber"] == "4111 1111 1111 1111110" and fields["expiryDate"] == "12/30" and fields["focused"] == "cvv",
               f"a 19-digit Visa number typed with {delay} ms between keys: {fields}")
        page.close()
        # A 17th digit after a valid 16 stays in the number.
        page, fields = typed("product=sample:visa&now=2026-11", "cardNumber", "41111111111111111", delay)
        expect(fields["cardNumber"] == "4111 1111 1111 11111" and fields["expiryDate"] == "" and fields["focused"] == "cardNumber",
               f"a 17th digit after a valid 16, {delay} ms between keys: {fields}")
        page.close()
        # A fifth digit of American Express's 4-digit code is refused, not written into the name.
        page, fields = typed("product=sample:amex&now=2026-11", "cvv", "12345", delay)
        expect(fields["cvv"] == "1234" and fields["cardholderName"] == "" and fields["focused"] == "cardholderName",
               f"a fifth CID digit, {delay} ms between keys: {fields}")
        page.page.keyboard.type("Jo", delay=delay)
        name = page.read("cardholderName")["text"]
        expect(name == "Jo", f"the name typed after the refused digit: {name!r}")
        page.close()
        # 1330 in MM/YY (a typo for 13/30) stays what was typed, invalid; nothing reaches the code.
        page, fields = typed("product=sample:visa&now=2026-11", "expiryDate", "1330", delay)
        seen = page.read("expiryDate")
        expect(fields["expiryDate"] == "13/30" and fields["cvv"] == "" and fields["focused"] == "expiryDate",
               f"1330 typed into the expiry date, {delay} ms between keys: {fields}")
        expect(seen["invalid"] == "true" and seen["message"], f"13/30 shows no error: {seen}")
        page.close()
    # The whole card form on the cards group, typed through: the number names American Express.
    page, fields = typed("product=sample:cards&products=visa,amex,mastercard-accounts-on-file&now=2026-11", "cardNumber",
                         "378282246310005" + "1230" + "12345", 0)
    expect(fields == {"cardNumber": "3782 822463 10005", "expiryDate": "12/30", "cvv": "1234", "cardholderName": "", "focused": "cardholderName"},
           f"an American Express card typed through: {fields}")
    page.close()


def case_expiry_reading(run):
    """An expiry date pasted whole reads as validate, prepare and payform unmask read it
    (Tests/PayformCLITests/ExpiryReadingCommandTests.swift holds the same table)."""
    page = run.open("product=sample:visa&now=2026-11")
    table = [("12/2030", "12/30"), ("122030", "12/30"), ("12/30", "12/30"), ("1230", "12/30"), ("12/203", "12/203"),
             ("13/30", "13/30"), ("00/30", "00/30"), ("12-30", "12/30"), ("1 2 / 3 0", "12/30"), ("1/30", "01/30")]
    for typed, shown in table:
        text = page.read("expiryDate")["text"]
        page.select("expiryDate", 0, len(text))
        answer = page.paste("expiryDate", typed)
        expect(answer["text"] == shown, f"{typed!r} pasted into MM/YY shows {answer['text']!r}, not {shown!r}")
    page.close()


def case_paste_and_delete(run):
    page = run.open("product=sample:visa&now=2026-11")
    page.paste("cardNumber", "4111 1111 1111 1111")
    expect(card_text(page) == "4111 1111 1111 1111", f"pasted formatted number shown as {card_text(page)!r}")
    page.select("cardNumber", 0, 19)
    answer = page.paste("cardNumber", "41111111111111111111")  # 20 digits: kept whole, the overflow shown
    expect(answer["value"] == "41111111111111111111", "an over-long paste was cut")
    expect(page.read("cardNumber")["message"], "an over-long paste shows no message")
    page.select("cardNumber", 0, 24)
    page.delete("cardNumber", "backward")
    page.type("cardNumber", "41111")
    page.select("cardNumber", 5, 5)  # right after the space: backspace deletes the digit before it
    page.delete("cardNumber", "backward")
    page.select("cardNumber", 1, 3)
    page.type("cardNumber", "9")  # a selection replaced
    page.select("cardNumber", 0, 0)
    page.delete("cardNumber", "forward")
    page.close()


def case_ime(run):
    page = run.open("product=sample:visa&now=2026-11")
    page.focus("cardholderName")
    state = page.read("cardholderName")
    cdp = page.page.context.new_cdp_session(page.page)
    cdp.send("Input.imeSetComposition", {"text": "ｊ", "selectionStart": 1, "selectionEnd": 1})
    cdp.send("Input.imeSetComposition", {"text": "じょ", "selectionStart": 2, "selectionEnd": 2})
    cdp.send("Input.insertText", {"text": "ジョゼ"})
    page.after_edit("cardholderName", {"event": "edit", "field": "cardholderName", "selection": [state["start"], state["end"]], "insert": "ジョゼ"}, "an IME composition")
    expect(page.read("cardholderName")["text"] == "ジョゼ", f"after IME: {page.read('cardholderName')['text']!r}")
    page.close()


def case_errors_and_axe(run):
    page = run.open("product=sample:visa&now=2026-11")
    run.screenshot(page, "card-empty")
    run.axe(page, "the card form")
    page.page.locator("#payment-form .pf-submit").click()
    page.page.wait_for_function("() => document.getElementById('outcome').textContent !== ''")
    outcome = json.loads(page.page.locator("#outcome").text_content())
    expect(outcome["valid"] is False and {e["fieldId"] for e in outcome["errors"]} == {"cardNumber", "expiryDate", "cvv"},
           f"submit of an empty form: {outcome}")
    required = {"cardNumber": "Enter your card number.", "expiryDate": "Enter the expiry date.", "cvv": "Enter the security code."}
    for name in ("cardNumber", "expiryDate", "cvv"):
        seen = page.read(name)
        expect(seen["invalid"] == "true" and seen["message"] == required[name], f"{name} after submit: {seen}")
    live = page.page.locator("#payment-form .pf-live").text_content()
    expect(live, "the live region announced nothing after a failed submit")
    run.screenshot(page, "card-errors")
    run.axe(page, "the error state")
    page.close()


def case_french(run):
    # Through a client session: the Client API serves the definition in French, the form module
    # fetches the French texts beside the engine (the page's engine carries English only).
    session = json.dumps(run.sandbox.session)
    texts = []
    # Compared with the native form in French, which carries every language: the page's messages
    # come from the fetched texts.
    page = run.open("session=" + urllib.parse.quote(session) + "&productId=1&locale=fr&now=2026-11", locale="fr",
                    on_request=lambda request: texts.append(request.url) if "payform-texts." in request.url else None)
    expect(len(texts) == 1 and texts[0].endswith("/web/payform-texts.fr.json"), f"the French texts were fetched as: {texts}")
    texts = page.page.evaluate("""() => { const r = document.getElementById('payment-form').shadowRoot;
      return {lang: document.getElementById('payment-form').getAttribute('lang'), label: r.querySelector('label[for$=cardNumber]').textContent,
              button: r.querySelector('.pf-submit').textContent, name: r.querySelector('[name=cardNumber]').labels[0].textContent}; }""")
    expect(texts["lang"] == "fr" and texts["label"].startswith("Numéro de carte") and texts["button"] == "Payer", f"French form: {texts}")
    accessible = page.page.get_by_role("textbox", name="Numéro de carte", exact=True)
    expect(accessible.count() == 1, "the card number's accessible name is not its label alone")
    page.type("cardNumber", "1234")
    page.focus("expiryDate")
    page.type("expiryDate", "1")
    page.page.locator("#payment-form .pf-submit").click()
    message = page.read("cvv")["message"]
    expect(message == "Saisissez le cryptogramme visuel.", f"French message: {message!r}")
    run.screenshot(page, "card-french")
    page.close()
    english = run.open("product=sample:visa&now=2026-11&locale=en")
    label = english.page.evaluate("document.getElementById('payment-form').shadowRoot.querySelector('label[for$=cardNumber]').textContent")
    expect(label.startswith("Card number"), f"English label: {label!r}")
    english.close()


def case_account_on_file(run):
    page = run.open("product=sample:mastercard-accounts-on-file&now=2026-11&account=1001", native_product="sample:mastercard-accounts-on-file", account="1001")
    state = page.page.evaluate("""() => { const r = document.getElementById('payment-form').shadowRoot;
      const n = r.querySelector('[name=cardNumber]');
      const checked = r.querySelector('.pf-accounts input:checked');
      return {readOnly: n.readOnly, text: n.value, legend: r.querySelector('.pf-accounts legend').textContent,
              chosen: checked.value, label: checked.labels[0].textContent,
              options: [...r.querySelectorAll('.pf-accounts input')].map(i => i.value)}; }""")
    expect(state["readOnly"] and state["text"], f"the account's card number: {state}")
    expect(state["legend"] == "Saved card" and state["chosen"] == "1001" and state["options"] == ["1001", "1002", ""], f"accounts: {state}")
    expect("1111" in state["label"] or "•" in state["label"] or state["label"], f"account label: {state['label']!r}")
    page.type("cvv", "123")
    run.axe(page, "the account-on-file form")
    # Another card: the number becomes editable and empty; the native form hears the same.
    page.page.locator("#payment-form .pf-accounts label[for$='account-none']").click()
    answer = page.native.send({"event": "selectAccountOnFile", "id": None})
    number = page.field("cardNumber")
    expect(not number.evaluate("n => n.readOnly") and number.input_value() == next(f["text"] for f in answer["fields"] if f["field"] == "cardNumber"),
           f"another card: {number.input_value()!r}, read-only {number.evaluate('n => n.readOnly')}")
    page.focused = None
    page.type("cardNumber", "5555")
    page.close()


def case_ideal(run):
    page = run.open("product=sample:ideal&now=2026-11", native_product="sample:ideal")
    options = page.page.evaluate("[...document.getElementById('payment-form').shadowRoot.querySelectorAll('select option')].map(o => o.value)")
    expect(len(options) > 2 and "INGBNL2A" in options, f"iDEAL banks: {options}")
    run.axe(page, "the iDEAL form")
    page.field("issuerId").select_option("INGBNL2A")
    answer = page.native.send({"event": "set", "field": "issuerId", "value": "INGBNL2A"})
    expect(answer["state"] == "valid", f"native iDEAL answer: {answer}")
    page.page.locator("#payment-form .pf-submit").click()
    page.page.wait_for_function("() => document.getElementById('outcome').textContent !== ''")
    outcome = json.loads(page.page.locator("#outcome").text_content())
    expect(outcome["valid"] is True, f"iDEAL submit: {outcome}")
    page.close()


def case_sepa_terms(run):
    """A boolean field (SEPA's terms and conditions): a checkbox with its link; IBAN typed and checked."""
    page = run.open("product=sample:sepa-direct-debit&now=2026-11", native_product="sample:sepa-direct-debit")
    page.type("iban", "DE89370400440532013000")
    page.type("accountHolderName", "Zoë O'Brien")
    box = page.field("termsAndConditions")
    expect(box.get_attribute("type") == "checkbox", "termsAndConditions is not a checkbox")
    link = page.page.locator("#payment-form .pf-field[data-field='termsAndConditions'] a")
    expect(link.count() == 1 and link.get_attribute("href") == "https://example.com/sepa-mandate-terms", "the terms' link is missing")
    run.axe(page, "the SEPA form")
    page.page.locator("#payment-form .pf-submit").click()
    page.page.wait_for_function("() => document.getElementById('outcome').textContent !== ''")
    outcome = json.loads(page.page.locator("#outcome").text_content())
    expect(outcome["valid"] is False and [e["fieldId"] for e in outcome["errors"]] == ["termsAndConditions"], f"submit before the terms: {outcome}")
    box.check()
    answer = page.native.send({"event": "set", "field": "termsAndConditions", "value": "true"})
    expect(answer["state"] == "valid" and box.is_checked(), f"terms checked: {answer}")
    page.page.locator("#payment-form .pf-submit").click()
    page.page.wait_for_function("() => JSON.parse(document.getElementById('outcome').textContent).valid === true")
    page.close()


def case_session_cobadge_submit(run):
    session = json.dumps(run.sandbox.session)
    query = "session=" + urllib.parse.quote(session) + "&productId=1&locale=fr"
    page = run.open(query, native=False)
    for number, brands in (("4000002500001001", {"visa", "cartes-bancaires"}), ("5555552500001001", {"mastercard", "cartes-bancaires"})):
        page.field("cardNumber").focus()
        page.page.keyboard.press("Control+A")
        page.page.keyboard.press("Backspace")
        page.page.keyboard.type(number)
        choice = page.page.locator("#payment-form .pf-brand-choice")
        choice.wait_for(state="visible", timeout=10000)
        # The choice for the previous number may still show until this number's IIN answer
        # arrives: wait for the choice to change to this number's, then compare.
        options = "[...document.getElementById('payment-form').shadowRoot.querySelectorAll('.pf-brand-choice input')].map(i => i.value)"
        try:
            page.page.wait_for_function(f"(expected) => {{ const offered = {options}; return offered.length === expected.length && expected.every(b => offered.includes(b)); }}",
                                        arg=sorted(brands), timeout=10000)
        except Exception:
            pass  # the comparison below reports what was offered
        offered = set(page.page.evaluate(options))
        expect(offered == brands, f"co-badge choice for {number[:8]}: {offered}")
        if number.startswith("4000"):
            run.screenshot(page, "card-cobadge")
        page.page.locator("#payment-form .pf-brand-choice label[for$='brand-cartes-bancaires']").click()
        chosen = page.page.evaluate("window.paymentForm.brand")
        expect(chosen == "cartes-bancaires", f"chosen brand: {chosen!r}")
    page.field("cardNumber").focus()
    page.page.keyboard.press("Control+A")
    page.page.keyboard.press("Backspace")
    page.page.keyboard.type("4111111111111111")
    logo = page.page.locator("#payment-form .pf-brand img")
    logo.wait_for(state="attached", timeout=10000)
    loaded = page.page.evaluate("() => { const img = document.getElementById('payment-form').shadowRoot.querySelector('.pf-brand img'); return img.decode().then(() => img.src, () => 'broken ' + img.src); }")
    expect(loaded.startswith(run.sandbox.session["assetUrl"] + "/"), f"the Visa logo is not the product's, from the asset URL: {loaded}")
    page.field("cardNumber").focus()
    page.page.keyboard.press("Control+A")
    page.page.keyboard.press("Backspace")
    page.page.keyboard.type("4111111111111111")
    # A Visa number may have 19 digits: the form stays on it, and the customer moves on.
    page.field("expiryDate").focus()
    page.page.keyboard.type("1235")
    page.page.keyboard.type("123")   # the expiry is full at 4 digits: on to the code
    page.field("cardholderName").focus()
    page.page.keyboard.type("José Müller")
    page.page.locator("#payment-form .pf-submit").click()
    page.page.wait_for_function("() => document.getElementById('outcome').textContent !== ''")
    outcome = json.loads(page.page.locator("#outcome").text_content())
    expect(outcome["valid"] is True and outcome["encryptedCustomerInput"], f"submit: {str(outcome)[:300]}")
    status, answer = run.sandbox.payments(outcome["paymentProductId"], outcome["encryptedCustomerInput"])
    expect(status == 200 and answer.get("valid") is True, f"the sandbox's payments endpoint: {status} {answer}")
    values = answer.get("values", {})
    expect(values.get("cardNumber") == "4111111111111111" and values.get("expiryDate") == "1235" and values.get("cvv") == "123"
           and values.get("cardholderName") == "José Müller", "the sandbox decrypted other values than were typed")
    page.close()


def case_random_sequences(run):
    rng = random.Random(run.seed)
    fields = ["cardNumber", "expiryDate", "cvv", "cardholderName"]
    pool = "0123456789" * 6 + " /-.a" + "é４"
    events = 0
    for sequence in range(run.sequences):
        page = run.open("product=sample:visa&now=2026-11")
        try:
            for _ in range(rng.randint(6, 18)):
                name = rng.choice(fields) if rng.random() < 0.3 or page.focused is None else page.focused
                page.focus(name)
                text = page.read(name)["text"]
                roll = rng.random()
                if roll < 0.25 and text:
                    a = rng.randint(0, len(text))
                    b = a if rng.random() < 0.5 else rng.randint(a, len(text))
                    page.select(name, a, b)
                roll = rng.random()
                if roll < 0.55:
                    page.type(name, "".join(rng.choice(pool) for _ in range(rng.randint(1, 3))))
                elif roll < 0.7:
                    length = rng.randint(1, 22)
                    page.paste(name, "".join(rng.choice(pool) for _ in range(length)))
                elif roll < 0.88:
                    page.delete(name, "backward")
                else:
                    page.delete(name, "forward")
                events += 1
            # Every field agrees at the end, not only the ones just edited.
            for name in fields:
                answer = page.native.send({"event": "select", "field": name, "selection": [len(page.read(name)["text"])] * 2})
                expect(page.read(name)["text"] == answer["text"], f"sequence {sequence}: {name} differs at the end")
        except Failure as failure:
            raise Failure(f"sequence {sequence} (seed {run.seed}): {failure}") from None
        finally:
            page.page.close()
            page.native.close()
    print(f"  {run.sequences} random sequences, {events} actions, every answer equal")


def case_engine_loading(run):
    """loadPaymentFormEngine: shares the mounted form's engine (one fetch), and a failed load is not kept."""
    page = run.open(f"product=sample:visa&now={NOW}", native=False)
    requests = []
    page.page.on("request", lambda request: requests.append(urllib.parse.urlsplit(request.url).path))
    outcomes = page.page.evaluate("""async () => {
      const { loadPaymentFormEngine } = await import("/web/payform-form.mjs");
      const outcome = (promise) => promise.then(() => "ready", (error) => `${error.name}: ${error.code ?? error.message}`);
      return {
        missing: [await outcome(loadPaymentFormEngine({ wasmUrl: "/web/no-such-engine.wasm" })),
                  await outcome(loadPaymentFormEngine({ wasmUrl: "/web/no-such-engine.wasm" }))],
        notURL: await outcome(loadPaymentFormEngine({ wasmUrl: "http://[" })),
        mounted: await outcome(loadPaymentFormEngine()),
        relative: await outcome(loadPaymentFormEngine({ wasmUrl: "./payform-form-engine.wasm" })),
      };
    }""")
    expect(outcomes["mounted"] == "ready" and outcomes["relative"] == "ready", f"loading the mounted form's engine: {outcomes}")
    expect(all("HTTP 404" in outcome for outcome in outcomes["missing"]), f"a missing engine: {outcomes['missing']}")
    expect(outcomes["notURL"] == "PaymentFormError: usage", f"a wasmUrl that is no URL: {outcomes['notURL']}")
    # The form's engine is shared (no second fetch, whatever the spelling of its URL); a failed load
    # is tried again, not answered from a kept failure.
    expect(requests.count("/web/payform-form-engine.wasm") == 0, f"the engine was fetched again: {requests}")
    expect(requests.count("/web/no-such-engine.wasm") == 2, f"a failed load was kept: {requests}")
    # The missing module's 404 is what this case asked for; anything else the page logged is not.
    page.errors = [error for error in page.errors if "404" not in error]
    page.close()


# Before the page's own scripts: what becomes of the warm-up worker the form module starts.
WORKER_SPIES = {
    # The browser's Worker, each one made counted by its name.
    "a worker": """(() => { const Real = window.Worker; window.__workers = [];
      window.Worker = class extends Real { constructor(url, options) { super(url, options); window.__workers.push(options && options.name); } }; })()""",
    # No Worker at all (an old browser, a locked-down embed).
    "no Worker": "delete window.Worker; window.__workers = [];",
    # One the page may not make (a CSP worker-src without the form's origin): the constructor throws.
    "a refused worker": """window.__workers = []; window.Worker = class { constructor(url, options) {
      window.__workers.push(options && options.name); throw new DOMException('refused', 'SecurityError'); } };""",
    # One that starts and never answers: the page waits its bound, then warms up alone.
    "a silent worker": """window.__workers = []; window.Worker = class { constructor(url, options) { window.__workers.push(options && options.name); }
      addEventListener() {} postMessage() {} terminate() {} };""",
}


def case_warm_up(run):
    """The engine's warm-up, with a worker or without one (none, refused, silent): the form is the same."""
    for what, script in WORKER_SPIES.items():
        page = run.open(f"product=sample:visa&now={NOW}", init_script=script)
        page.type("cardNumber", "4111111111111111")
        page.type("expiryDate", "1230")
        page.type("cvv", "123")
        expect(card_text(page) == "4111 1111 1111 1111", f"{what}: the number shows as {card_text(page)!r}")
        workers = page.page.evaluate("window.__workers")
        expected = [] if what == "no Worker" else ["payform-engine-warm-up"]
        expect(workers == expected, f"{what}: workers made {workers}, expected {expected}")
        page.close()
        print(f"  {what}: the form typed as natively, workers made {workers}")


def case_stylesheet_first(run):
    """The form is drawn once its stylesheet has loaded, a slow one too; a missing or too slow one does not stop it."""
    page = run.open(f"product=sample:visa&now={NOW}", native=False)
    outcomes = page.page.evaluate("""async (now) => {
      const { mountPaymentForm } = await import("/web/payform-form.mjs");
      const mount = async (stylesheet, { late = false } = {}) => {
        const element = document.createElement("div");
        document.body.append(element);
        const started = performance.now();
        const mounting = mountPaymentForm(element, { product: await window.sample("visa"), now, stylesheet });
        // The shadow root is there before the first await; watch the form's container arrive.
        let sheetWhenDrawn;
        new MutationObserver(() => {
          if (sheetWhenDrawn === undefined && element.shadowRoot.querySelector(".pf-form")) {
            sheetWhenDrawn = element.shadowRoot.querySelector("link[rel=stylesheet]").sheet !== null;
          }
        }).observe(element.shadowRoot, { childList: true });
        await mounting;
        const milliseconds = performance.now() - started;
        // A late stylesheet still styles the form when it arrives.
        const link = element.shadowRoot.querySelector("link[rel=stylesheet]");
        const arrived = late
          ? await new Promise((resolve) => link.sheet ? resolve(true) : link.addEventListener("load", () => resolve(link.sheet !== null), { once: true }))
          : null;
        return { sheetWhenDrawn, milliseconds, arrived };
      };
      // An element outside the document loads no stylesheet: its form is drawn without waiting.
      const detached = document.createElement("div");
      const started = performance.now();
      await mountPaymentForm(detached, { product: await window.sample("visa"), now, stylesheet: "/web/payform-form.css?delay=2000" });
      const outside = { drawn: detached.shadowRoot.querySelector(".pf-form") !== null, milliseconds: performance.now() - started };
      return { slow: await mount("/web/payform-form.css?delay=800"), missing: await mount("/web/no-such-form.css"),
               late: await mount("/web/payform-form.css?delay=4500", { late: true }), outside };
    }""", NOW)
    expect(outcomes["slow"]["sheetWhenDrawn"] is True, f"the form was drawn before its stylesheet had loaded: {outcomes['slow']}")
    expect(outcomes["slow"]["milliseconds"] >= 800, f"the mount did not wait for the slow stylesheet: {outcomes['slow']}")
    expect(outcomes["missing"]["sheetWhenDrawn"] is not None, f"with a missing stylesheet the form was not drawn: {outcomes['missing']}")
    expect(outcomes["outside"]["drawn"] and outcomes["outside"]["milliseconds"] < 1500, f"a form mounted outside the document: {outcomes['outside']}")
    # A stylesheet slower than the 3 s the mount waits at most: the form is drawn without it.
    expect(outcomes["late"]["sheetWhenDrawn"] is False and 2900 <= outcomes["late"]["milliseconds"] < 4400 and outcomes["late"]["arrived"],
           f"a stylesheet slower than the mount's wait: {outcomes['late']}")
    # The missing stylesheet's 404 is what this case asked for; anything else the page logged is not.
    page.errors = [error for error in page.errors if "404" not in error and "no-such-form.css" not in error]
    page.close()


def case_hostile_definitions(run):
    """A definition nested 300 deep is refused and leaves the shared engine whole; unsafe links never reach href."""
    page = run.open(f"product=sample:visa&now={NOW}", native=False)
    outcomes = page.page.evaluate("""async (now) => {
      const { mountPaymentForm } = await import("/web/payform-form.mjs");
      const mount = async (product) => {
        const element = document.createElement("div");
        document.body.append(element);
        try {
          return { form: await mountPaymentForm(element, { product, now }), element };
        } catch (error) {
          return { error: `${error.name}: ${error.code}: ${error.message}` };
        }
      };
      let nested = {};
      for (let level = 0; level < 300; level++) nested = { a: nested };
      const deep = await mount({ id: 1, paymentMethod: "card", displayHints: { logo: "x" }, fields: [], extra: nested });
      // The next form on the page, on the same engine: drawn, and it takes a card number.
      const after = await mount(await window.sample("visa"));
      const input = after.element.shadowRoot.querySelector("[name=cardNumber]");
      input.focus();
      const typed = after.form.send({ event: "edit", field: "cardNumber", selection: [0, 0], insert: "4111111111111111" });
      const terms = (link) => ({
        id: 9300, paymentMethod: "directDebit", displayHints: { displayOrder: 0, label: "Terms", logo: "l.png" },
        fields: [{ id: "termsAndConditions", type: "boolean", dataRestrictions: { isRequired: true, validators: { termsAndConditions: {} } },
                   displayHints: { displayOrder: 0, label: "I accept the {link}", link, formElement: { type: "boolean" } } }],
      });
      const links = {};
      for (const link of ["javascript:alert(1)", "data:text/html,<b>x</b>", "//evil.example/x", " JaVaScRiPt:alert(1)", "https://example.com/terms"]) {
        const mounted = await mount(terms(link));
        links[link] = mounted.error ?? [...mounted.element.shadowRoot.querySelectorAll("a")].map((a) => a.getAttribute("href"));
      }
      // A failure inside the engine (the host's random source throws while encrypting): the
      // call fails with engine_failed, the form says so, and the page's next form gets a fresh engine.
      const paying = await mount(await window.sample("visa"));
      const events = [];
      paying.form.addEventListener("error", (event) => events.push(event.detail.code));
      for (const [field, value] of [["cardNumber", "4111111111111111"], ["expiryDate", "1230"], ["cvv", "123"]]) paying.form.send({ event: "set", field, value });
      const original = crypto.getRandomValues;
      let failed;
      const keyed = await mountPaymentForm(Object.assign(document.createElement("div"), {}), { product: await window.sample("visa"), now, publicKey: await window.sample("demo-key"), clientSessionId: "s" });
      for (const [field, value] of [["cardNumber", "4111111111111111"], ["expiryDate", "1230"], ["cvv", "123"]]) keyed.send({ event: "set", field, value });
      keyed.addEventListener("error", (event) => events.push(event.detail.code));
      crypto.getRandomValues = () => { throw new Error("no entropy"); };
      try { await keyed.submit(); } catch (error) { failed = `${error.name}: ${error.code}`; } finally { crypto.getRandomValues = original; }
      let stale;
      try { paying.form.send({ event: "focus", field: "cvv" }); } catch (error) { stale = `${error.name}: ${error.code}`; }
      const fresh = await mount(await window.sample("visa"));
      const freshTyped = fresh.error ?? fresh.form.send({ event: "set", field: "cardNumber", value: "4111111111111111" }).text;
      return { deep: deep.error ?? "mounted", afterText: input.value, typedText: typed.text, links, failed, stale, events, freshTyped };
    }""", NOW)
    expect(outcomes["failed"] == "PaymentFormError: engine_failed", f"a failure inside the engine: {outcomes['failed']}")
    expect(outcomes["stale"] == "PaymentFormError: engine_failed", f"a form of the dropped engine: {outcomes['stale']}")
    expect(outcomes["events"].count("engine_failed") >= 1, f"the forms' error events: {outcomes['events']}")
    expect(outcomes["freshTyped"] == "4111 1111 1111 1111", f"a form mounted after the failure: {outcomes['freshTyped']}")
    expect("nesting deeper than 256 levels" in outcomes["deep"], f"a definition nested 300 deep: {outcomes['deep']}")
    expect(outcomes["afterText"] == "4111 1111 1111 1111" and outcomes["typedText"] == "4111 1111 1111 1111",
           f"the form mounted after the deep definition: {outcomes}")
    for link, hrefs in outcomes["links"].items():
        expected = ["https://example.com/terms"] if link.startswith("https:") else []
        expect(hrefs == expected, f"the terms link {link!r} became {hrefs!r}")
    page.close()


def case_form_limits(run):
    """A form at the bound of 500 fields mounts with one engine call and its DOM built off the page; 501 fields or a 4 KiB label: limit_exceeded, said as an error event."""
    page = run.open(f"product=sample:visa&now={NOW}", native=False)
    outcomes = page.page.evaluate("""async (now) => {
      const { mountPaymentForm } = await import("/web/payform-form.mjs");
      const { PaymentFormEngine } = await import("/web/payform-engine.mjs");
      const real = await PaymentFormEngine.load(new URL("/web/payform-form-engine.wasm", location.href));
      // The engine's calls, counted by operation.
      const calls = {};
      const engine = { get generation() { return real.generation; }, call(request) { calls[request.op] = (calls[request.op] ?? 0) + 1; return real.call(request); } };
      const field = (index, label = `Field ${index}`) => ({ id: `f${index}`, type: "string",
        displayHints: { displayOrder: index, label, placeholderLabel: `Type ${index}`, mask: "{{**********}}", tooltip: { label: `About ${index}` }, formElement: { type: "text" } },
        dataRestrictions: { isRequired: true, validators: { length: { minLength: 2, maxLength: 10 }, regularExpression: { regularExpression: "[a-z0-9]+" } } } });
      const product = (fields) => ({ id: 1, paymentMethod: "card", displayHints: { logo: "x", label: "Many fields" }, fields });
      const mount = async (definition) => {
        const element = document.createElement("div");
        document.body.append(element);
        const errors = [];
        element.addEventListener("payform-error", (event) => errors.push(event.detail));
        const changes = [];
        element.addEventListener("payform-change", (event) => changes.push(event.detail.field));
        for (const key of Object.keys(calls)) delete calls[key];
        // What reaches the shadow root itself: the form is built apart and put in at once.
        let rootMutations = 0;
        const observer = new MutationObserver((records) => { rootMutations += records.length; });
        element.attachShadow({ mode: "open" });
        observer.observe(element.shadowRoot, { childList: true });
        const started = performance.now();
        try {
          const form = await mountPaymentForm(element, { product: definition, now, engine });
          const milliseconds = performance.now() - started;
          const mountCalls = { ...calls }, mountChanges = changes.length;
          observer.disconnect();
          const drawn = element.shadowRoot.querySelectorAll(".pf-field").length;
          const last = element.shadowRoot.querySelector(`[name=f${definition.fields.length - 1}]`);
          last.focus();
          const typed = form.send({ event: "set", field: `f${definition.fields.length - 1}`, value: "abc" });
          return { drawn, milliseconds, calls: mountCalls, rootMutations, changes: mountChanges, errors, typed: typed.state, lastLabel: last.labels[0]?.textContent };
        } catch (error) {
          observer.disconnect();
          return { rejected: `${error.name}: ${error.code}: ${error.message}`, errors, drawn: element.shadowRoot.querySelectorAll(".pf-field").length };
        }
      };
      const atLimit = await mount(product(Array.from({ length: 500 }, (_, index) => field(index))));
      const pastLimit = await mount(product(Array.from({ length: 501 }, (_, index) => field(index))));
      const longLabel = await mount(product([field(0, "x".repeat(4097))]));
      return { atLimit, pastLimit, longLabel };
    }""", NOW)
    at_limit, past_limit, long_label = outcomes["atLimit"], outcomes["pastLimit"], outcomes["longLabel"]
    expect(at_limit.get("drawn") == 500, f"a form of 500 fields: {at_limit}")
    # Structure, not time: one engine call draws the form (form.open's view), whatever its size;
    # the fields reach the page in one insertion; one change event per field.
    expect(at_limit["calls"] == {"form.open": 1}, f"the engine calls that mounted 500 fields: {at_limit['calls']}")
    expect(at_limit["rootMutations"] <= 3, f"the shadow root changed {at_limit['rootMutations']} times while 500 fields were drawn")
    expect(at_limit["changes"] == 500, f"{at_limit['changes']} change events for 500 fields")
    expect(at_limit["typed"] == "valid" and at_limit["lastLabel"].startswith("Field 499"), f"the last of 500 fields: {at_limit}")
    # A sanity bound only (it takes well under a second): a quadratic mount took 30 s for 10,000 fields.
    expect(at_limit["milliseconds"] < 15000, f"mounting 500 fields took {at_limit['milliseconds']:.0f} ms")
    wanted = "PaymentFormError: limit_exceeded: product: fields: 501 fields, more than the 500 a product or group may have"
    expect(past_limit.get("rejected") == wanted, f"a product of 501 fields: {past_limit}")
    expect(past_limit["errors"] == [{"code": "limit_exceeded", "message": wanted.split(": ", 2)[2]}] and past_limit["drawn"] == 0,
           f"the error event of a product of 501 fields: {past_limit}")
    wanted = "product: fields[0].displayHints.label: 4097 bytes, more than the 4096 a field's text may have"
    expect(long_label.get("rejected") == f"PaymentFormError: limit_exceeded: {wanted}" and [e["code"] for e in long_label["errors"]] == ["limit_exceeded"],
           f"a label of 4,097 bytes: {long_label}")
    print(f"  500 fields mounted in {at_limit['milliseconds']:.0f} ms with {at_limit['calls']}; 501 fields and a 4,097-byte label: limit_exceeded")
    page.close()


HOSTILE_PATTERNS = ["(?=.)(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}b", "(?=.).*.*.*.*.*x"]


def case_hostile_patterns(run):
    """Patterns that froze the page on the host's RegExp: 100 keystrokes each, every one under a second (the step budget bounds the work; the time catches a hang), the field refused."""
    page = run.open(f"product=sample:visa&now={NOW}", native=False)
    for pattern in HOSTILE_PATTERNS:
        page.page.evaluate("""async ([pattern, now]) => {
          const { mountPaymentForm } = await import("/web/payform-form.mjs");
          document.getElementById("hostile")?.remove();
          const element = Object.assign(document.createElement("div"), { id: "hostile" });
          document.body.append(element);
          const product = {
            id: 9500, paymentMethod: "redirect", displayHints: { displayOrder: 0, label: "Hostile", logo: "l.png" },
            fields: [{ id: "code", type: "string",
                       dataRestrictions: { isRequired: true, validators: { regularExpression: { regularExpression: pattern } } },
                       displayHints: { displayOrder: 0, label: "Code", formElement: { type: "text" } } }],
          };
          await mountPaymentForm(element, { product, now });
          const input = element.shadowRoot.querySelector("[name=code]");
          // As Web/bench/form-bench.py: from the keydown to the end of what the keystroke causes (the
          // form's own input handler runs first; this one is registered after it), layout forced.
          window.keystrokes = [];
          let start = 0;
          input.addEventListener("keydown", () => { start = performance.now(); }, true);
          input.addEventListener("beforeinput", () => {
            input.getBoundingClientRect();
            window.keystrokes.push(performance.now() - start);
          });
          input.focus();
        }""", [pattern, NOW])
        for _ in range(100):
            page.page.keyboard.press("a")
        page.page.wait_for_function("() => window.keystrokes.length >= 100", timeout=60000)
        times = page.page.evaluate("window.keystrokes")
        state = page.page.evaluate("""() => {
          const root = document.getElementById("hostile").shadowRoot;
          return { value: root.querySelector("[name=code]").value, state: root.querySelector("[data-field=code]").dataset.state };
        }""")
        page.page.keyboard.press("Tab")
        shown = page.page.evaluate("""() => {
          const root = document.getElementById("hostile").shadowRoot;
          return { invalid: root.querySelector("[name=code]").getAttribute("aria-invalid"), message: root.querySelector("[data-field=code]").textContent };
        }""")
        slowest = max(times)
        print(f"  {pattern}: 100 keystrokes, median {sorted(times)[50]:.1f} ms, slowest {slowest:.1f} ms")
        expect(len(times) == 100 and slowest < 1000, f"{pattern}: a keystroke took {slowest:.1f} ms (of {len(times)})")
        expect(state["value"] == "a" * 100, f"{pattern}: the field holds {len(state['value'])} characters")
        expect(state["state"] == "incomplete", f"{pattern}: the field's state while typing is {state['state']!r}")
        expect(shown["invalid"] == "true", f"{pattern}: after the field loses the focus: {shown}")
    page.close()


def case_interface(run):
    """The form's interface as a merchant's code expects: events, Enter, focus after an invalid submit, RTL, the texts' language, dark."""
    page = run.open(f"product=sample:cards&products=visa,amex,mastercard-accounts-on-file&now={NOW}&dir=rtl", native=False)
    page.page.wait_for_function("() => window.formEvents.some((e) => e.type === 'ready')", timeout=10000)
    card = page.field("cardNumber")
    card.focus()
    page.page.keyboard.type("378282246310005")
    events = page.page.evaluate("window.formEvents")
    types = [e["type"] for e in events]
    expect(types.count("ready") == 1, f"ready: {types.count('ready')} times")
    expect({"field": "cardNumber"} in [e["detail"] for e in events if e["type"] == "focus"], "no focus event for the card number")
    bins = [e["detail"]["bin"] for e in events if e["type"] == "iin"]
    expect(bins == ["378282", "37828224"], f"the iin events: {bins}")
    brands = [e["detail"] for e in events if e["type"] == "brand"]
    expect(brands and brands[-1]["brand"] == "american-express" and brands[-1]["product"] == "2", f"the brand events: {brands[-3:]}")
    changes = [e["detail"] for e in events if e["type"] == "change" and e["detail"]["field"] == "cvv"]
    expect(changes and all(c["empty"] is True for c in changes), f"the cvv's change events: {changes[:2]}")
    # At most the first 8 digits (the iin event's bin): never the number, nor 9 of its digits.
    for event in events:
        text = json.dumps(event)
        expect("378282246" not in text and "822463" not in text and "10005" not in text, f"an event carries the card number: {event['type']}")
    # Right to left: the digits stay in order; English texts (no Hebrew or Arabic ones here) read left to right.
    seen = page.page.evaluate("""() => { const root = document.getElementById('payment-form').shadowRoot;
        const input = root.querySelector('[name=cardNumber]');
        return {dir: input.getAttribute('dir'), direction: getComputedStyle(input).direction, value: input.value,
                formDirection: getComputedStyle(root.querySelector('.pf-form')).direction,
                lang: document.getElementById('payment-form').getAttribute('lang'),
                cvvLabel: root.querySelector('.pf-field[data-field=cvv] label').textContent}; }""")
    expect(seen["dir"] == "ltr" and seen["direction"] == "ltr" and seen["value"] == "3782 822463 10005", f"under an RTL page: {seen}")
    expect(seen["formDirection"] == "ltr", f"English texts under an RTL page: {seen['formDirection']}")
    expect("4" in seen["cvvLabel"], f"the American Express CVV label: {seen['cvvLabel']!r}")
    run.screenshot(page, "interface-rtl-amex")
    # Enter in a field asks to submit; with the Pay button drawn the form submits: invalid, the focus
    # goes to the first invalid field and the announcement names it.
    page.field("cardholderName").focus()
    page.page.keyboard.press("Enter")
    page.page.wait_for_function("() => window.formEvents.some((e) => e.type === 'submit')", timeout=10000)
    after = page.page.evaluate("""() => { const root = document.getElementById('payment-form').shadowRoot;
        return {focused: root.activeElement && root.activeElement.name, live: root.querySelector('.pf-live').textContent,
                requests: window.formEvents.filter((e) => e.type === 'submitrequest').map((e) => e.detail.field)}; }""")
    expect(after["requests"] == ["cardholderName"], f"submitrequest: {after['requests']}")
    expect(after["focused"] == "expiryDate", f"after an invalid submit the focus is on {after['focused']!r}")
    expect(after["live"].startswith("Expiry date"), f"the announcement: {after['live']!r}")
    # A session without the order's context: an error that names the option, before any call.
    missing = page.page.evaluate("""async () => {
      const { mountPaymentForm } = await import("/web/payform-form.mjs");
      const session = { clientApiUrl: "http://127.0.0.1:9/client", assetUrl: "http://127.0.0.1:9/assets", customerId: "c", clientSessionId: "s" };
      const outcome = async (options) => { try { await mountPaymentForm(document.createElement("div"), options); return "mounted"; }
                                           catch (error) { return `${error.code}: ${error.message}`; } };
      return [await outcome({ session, groupId: "cards" }), await outcome({ session, groupId: "cards", context: { amount: 1000, currency: "EUR" } })];
    }""")
    expect(missing[0].startswith("usage: context must be") and missing[1].startswith("usage: context.countryCode"), f"without a context: {missing}")
    page.close()
    # A language the engine has no texts for (Persian, written right to left): the texts are
    # English, and the form says so, left to right.
    persian = run.open(f"product=sample:visa&now={NOW}&locale=fa&dir=rtl", native=False, locale="fa")
    seen = persian.page.evaluate("[document.getElementById('payment-form').getAttribute('lang'), document.getElementById('payment-form').shadowRoot.querySelector('.pf-form').getAttribute('dir')]")
    expect(seen == ["en", "ltr"], f"a Persian page gets English texts marked lang and dir {seen}")
    persian.close()
    # Arabic and Hebrew pages: the form's own texts (its Pay button here; field labels come with
    # the definitions, in the language the platform gives them) in their language, right to left;
    # the number, expiry and code stay left to right.
    for language in ("ar", "he", "iw"):
        rtl = run.open(f"product=sample:visa&now={NOW}&locale={language}&dir=rtl", native=False, locale=language)
        seen = rtl.page.evaluate("""() => { const host = document.getElementById('payment-form'), root = host.shadowRoot;
            return {lang: host.getAttribute('lang'), dir: root.querySelector('.pf-form').getAttribute('dir'),
                    direction: getComputedStyle(root.querySelector('.pf-form')).direction,
                    label: root.querySelector('.pf-submit').textContent,
                    inputs: ['cardNumber', 'expiryDate', 'cvv'].map((name) => getComputedStyle(root.querySelector(`[name=${name}]`)).direction)}; }""")
        expected = "he" if language == "iw" else language
        expect(seen["lang"] == expected and seen["dir"] == "rtl" and seen["direction"] == "rtl" and seen["inputs"] == ["ltr"] * 3
               and re.search(r"[\u0590-\u06FF]", seen["label"]), f"a {language} page: {seen}")
        if language != "iw":
            run.axe(rtl, f"the {language} form")
            run.screenshot(rtl, f"interface-{language}")
        rtl.close()
    # Dark: the colours follow prefers-color-scheme, none is fixed.
    dark = run.open(f"product=sample:visa&now={NOW}", native=False)
    dark.page.emulate_media(color_scheme="dark")
    colours = dark.page.evaluate("""() => { const input = document.getElementById('payment-form').shadowRoot.querySelector('[name=cardNumber]');
        const style = getComputedStyle(input); const host = getComputedStyle(document.getElementById('payment-form'));
        return {background: style.backgroundColor, color: style.color, label: getComputedStyle(input.closest('.pf-field').querySelector('.pf-label')).color,
                host: host.backgroundColor}; }""")
    expect(colours["background"] != "rgb(255, 255, 255)" and colours["color"] != "rgb(27, 31, 36)", f"dark colours: {colours}")
    # On a page that stays light, the dark form draws its own background: light labels on white would be unreadable.
    expect(colours["host"] == colours["background"] and colours["label"] == colours["color"], f"the dark form's own background and label colour: {colours}")
    # Its placeholder holds 4.5:1 on its background, and the form has room of its own inside that background.
    seen = dark.page.evaluate("""() => { const root = document.getElementById('payment-form').shadowRoot;
        const input = root.querySelector('[name=cardNumber]'); const host = getComputedStyle(document.getElementById('payment-form'));
        return {placeholder: getComputedStyle(input, '::placeholder').color, background: getComputedStyle(input).backgroundColor,
                padding: parseFloat(host.paddingTop)}; }""")
    expect(contrast(seen["placeholder"], seen["background"]) >= 4.5 and seen["padding"] >= 8, f"the dark placeholder and padding: {seen}")
    run.screenshot(dark, "interface-dark")
    dark.close()
    # 320 px wide: a 19-digit number ends before the brand badge, in either scheme.
    narrow = run.open(f"product=sample:visa&now={NOW}", native=False)
    narrow.page.set_viewport_size({"width": 320, "height": 640})
    narrow.field("cardNumber").focus()
    narrow.page.keyboard.type("4111111111111111110")
    narrow.page.wait_for_function("() => window.formEvents.some((e) => e.type === 'brand' && e.detail.brand === 'visa')", timeout=5000)
    room = narrow.page.evaluate("""() => { const root = document.getElementById('payment-form').shadowRoot;
        const input = root.querySelector('[name=cardNumber]'), badge = root.querySelector('.pf-brand');
        const box = input.getBoundingClientRect(), mark = badge.getBoundingClientRect();
        return {textEnd: box.right - parseFloat(getComputedStyle(input).paddingRight), badgeStart: mark.left, hidden: badge.hidden}; }""")
    expect(not room["hidden"] and room["textEnd"] <= room["badgeStart"], f"at 320 px the number's text runs under the badge: {room}")
    run.screenshot(narrow, "interface-320-19-digits")
    narrow.close()


def contrast(foreground, background):
    """The WCAG contrast ratio of two computed `rgb(...)` colours."""
    def luminance(colour):
        channels = [int(float(part)) for part in re.findall(r"[0-9.]+", colour)[:3]]
        linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    lighter, darker = sorted([luminance(foreground), luminance(background)], reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@contextlib.contextmanager
def example_checkout(payform):
    """Examples/web/run.sh (the sandbox and the shop's server): its page's URL; stopped with SIGTERM, which must exit 0."""
    process = subprocess.Popen([os.path.join(ROOT, "Examples", "web", "run.sh"), payform], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        url = process.stdout.readline().strip()
        expect(url.startswith("http://127.0.0.1:"), f"run.sh's first line is not the page's URL: {url!r}")
        yield url
    finally:
        process.terminate()
        expect(process.wait(timeout=15) == 0, "run.sh did not exit 0 on SIGTERM")


def case_checkout_example(run):
    """Examples/web/run.sh in the browser: pay with a Visa card on Enter, then a 3-D Secure challenge card."""
    with example_checkout(run.payform) as url:
        page = run.context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        engine = re.compile(r"/web/payform-form-engine\.[0-9a-f]{16}\.wasm$")
        for number, outcome in (("4111111111111111", "paid"), ("4012000000003002", "returned")):
            # The page preloads the form's engine by its content-hashed name (served as brotli,
            # cached for good): it is fetched before any product is chosen.
            with page.expect_response(lambda response: engine.search(response.url) is not None, timeout=20000) as fetched:
                page.goto(url)
            headers = fetched.value.all_headers()
            expect(headers.get("content-encoding") == "br" and "immutable" in headers.get("cache-control", "")
                   and headers.get("content-type") == "application/wasm", f"the engine was served with {headers}")
            page.locator("[data-product-id='cards']").click()
            card = page.locator("#payment-form [name='cardNumber']")
            card.wait_for(state="visible", timeout=20000)
            card.focus()
            page.keyboard.type(number)
            # A Visa number can grow to 19 digits, and on this form (which takes Cartes Bancaires)
            # its product waits for the IIN answer: the customer moves on to the expiry.
            page.locator("#payment-form [name='expiryDate']").focus()
            page.keyboard.type("1235")
            page.locator("#payment-form [name='cvv']").focus()
            page.keyboard.type("123")
            # The Visa pays on Enter in the code's field (the form around the card form is
            # submitted, as with a native input); the 3-D Secure card with the Pay button.
            if outcome == "paid":
                page.keyboard.press("Enter")
            else:
                page.locator("#pay").click()
            if number.startswith("401200000000"):
                page.wait_for_url("**/sandbox/v1/authentication/**", timeout=20000)
                page.locator("#complete").click()
            try:
                page.wait_for_function("(state) => document.getElementById('outcome')?.dataset.state === state", arg=outcome, timeout=20000)
            except Exception:
                seen = page.evaluate("() => ({state: document.getElementById('outcome')?.dataset.state, text: document.getElementById('outcome')?.textContent})")
                raise Failure(f"checkout with {number[:6]}…: no {outcome!r} outcome; the page shows {str(seen)[:400]}")
            shown = json.loads(page.locator("#outcome").text_content())
            status = shown.get("status") or shown.get("payment", {}).get("status")
            expect(status in ("PENDING_CAPTURE", "PENDING_APPROVAL", "CAPTURED", "AUTHORIZATION_REQUESTED"), f"checkout with {number[:6]}…: {shown}")
            if outcome == "paid":
                run.screenshot_page(page, "checkout-paid")
        expect(not errors, f"the checkout page threw: {errors[:3]}")
        page.close()


def case_card_form_checkout(run):
    """The example checkout's one Card choice: the number decides the product, the customer's co-badge choice is what is paid."""
    with example_checkout(run.payform) as url:
        page = run.context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        pays = []
        page.on("request", lambda request: pays.append(request.url) if "/api/pay" in request.url else None)
        lookups = []
        page.on("response", lambda response: lookups.append((response.status, response.url.split("/")[-1][:40])) if "getIINdetails" in response.url else None)
        page.on("console", lambda message: lookups.append(("console", message.text[:200])) if message.type in ("error", "warning") else None)
        read = """() => {
          const root = document.querySelector('#payment-form .payment-form-host').shadowRoot;
          const card = root.querySelector('[name=cardNumber]');
          return {text: card.value, message: root.getElementById(card.id + '-msg').textContent,
                  badge: root.querySelector('.pf-brand img')?.alt ?? root.querySelector('.pf-brand')?.textContent ?? null,
                  choice: [...root.querySelectorAll('.pf-brand-choice input')].map((i) => ({brand: i.value, checked: i.checked})),
                  choiceAfterNumber: root.querySelector('.pf-field[data-field=cardNumber]')?.nextElementSibling?.classList.contains('pf-brand-choice') ?? false,
                  dir: card.getAttribute('dir')};
        }"""
        scenarios = [("378282246310005", "3782 822463 10005", "American Express", None, 2),
                     ("5555555555554444", "5555 5555 5555 4444", "Mastercard", None, 3),
                     ("4000002500001001", "4000 0025 0000 1001", "Carte Bancaire", "cartes-bancaires", 130),
                     ("4000002500001001", "4000 0025 0000 1001", "Visa", "visa", 1)]
        for number, text, badge, choose, product in scenarios:
            page.goto(url)
            tiles = page.locator("#products button")
            tiles.first.wait_for(timeout=20000)
            ids = [tiles.nth(index).get_attribute("data-product-id") for index in range(tiles.count())]
            expect(ids.count("cards") == 1 and not any(i in ids for i in ("1", "2", "3", "130")), f"the payment methods shown: {ids}")
            page.locator("[data-product-id='cards']").click()
            card = page.locator("#payment-form [name='cardNumber']")
            card.wait_for(state="visible", timeout=20000)
            card.focus()
            # The number names another product as it is typed: the form is drawn anew, but the
            # input being typed in is kept (the same element, never blurred, until the complete
            # number moves the focus on) and so are the fields the new product draws alike, with
            # its texts (Amex's security code).
            card.evaluate("(input) => { input.keptMark = true; window.cardBlurs = 0; input.addEventListener('blur', () => window.cardBlurs++); }")
            page.keyboard.type(number[:-1])
            kept = page.evaluate("""() => { const root = document.querySelector('#payment-form .payment-form-host').shadowRoot;
                const input = root.querySelector('[name=cardNumber]');
                return {kept: input.keptMark === true, focused: root.activeElement === input, blurs: window.cardBlurs,
                        cvvLabel: root.querySelector('label[for$="-cvv"]')?.firstChild?.textContent ?? null}; }""")
            expect(kept["kept"] and kept["focused"] and kept["blurs"] == 0, f"{number[:4]}…: the card number's input was not kept through the product switch: {kept}")
            if product == 2:
                expect(kept["cvvLabel"] == "4-digit security code (CID)", f"Amex's security code is not drawn as Amex's: {kept['cvvLabel']!r}")
            page.keyboard.type(number[-1])
            if choose:
                # The co-badge choice comes from the Client API's IIN answer, right below the number.
                page.wait_for_function("() => document.querySelector('#payment-form .payment-form-host').shadowRoot.querySelectorAll('.pf-brand-choice input').length === 2", timeout=20000)
            seen = page.evaluate(read)
            expect(seen["text"] == text and seen["dir"] == "ltr", f"{number[:4]}…: the number shows {seen['text']!r} (dir {seen['dir']})")
            if choose:
                expect(seen["choiceAfterNumber"], "the co-badge choice is not right below the card number")
                expect([c["brand"] for c in seen["choice"] if c["checked"]] == ["cartes-bancaires"], f"the brand pre-selected: {seen['choice']}")
                page.locator(f"#payment-form .pf-brand-choice input[value='{choose}']").check()
            try:
                page.wait_for_function("(name) => { const b = document.querySelector('#payment-form .payment-form-host').shadowRoot.querySelector('.pf-brand'); return b && !b.hidden && (b.querySelector('img')?.alt ?? b.textContent) === name; }",
                                       arg=badge, timeout=10000)
            except Exception:
                raise Failure(f"{number[:4]}…: no {badge!r} badge; the form shows {page.evaluate(read)}; IIN lookups and console: {lookups[-6:]}")
            page.locator("#payment-form [name='expiryDate']").focus()
            page.keyboard.type("1235")
            page.locator("#payment-form [name='cvv']").focus()
            page.keyboard.type("1234" if product == 2 else "123")
            page.locator("#pay").click()
            page.wait_for_function("() => ['paid', 'declined', 'refused', 'error', 'invalid'].includes(document.getElementById('outcome')?.dataset.state)", timeout=20000)
            shown = json.loads(page.locator("#outcome").text_content())
            expect(shown.get("state") == "paid" and shown.get("paymentProductId") == product,
                   f"{number[:4]}… {choose or ''}: the sandbox created {shown}, not product {product}")
            if product == 2:
                run.screenshot_page(page, "checkout-card-amex")
        # A Discover card, which the merchant takes no product for: the field says so, nothing is sent.
        page.goto(url)
        page.locator("[data-product-id='cards']").click()
        card = page.locator("#payment-form [name='cardNumber']")
        card.wait_for(state="visible", timeout=20000)
        card.focus()
        before = len(pays)
        page.keyboard.type("6011111111111117")
        seen = page.evaluate(read)
        expect(seen["message"] in ("This card is not accepted. Please use another card.",), f"a Discover number shows {seen['message']!r}")
        page.locator("#payment-form [name='expiryDate']").focus()
        page.keyboard.type("1235")
        page.locator("#payment-form [name='cvv']").focus()
        page.keyboard.type("123")
        page.locator("#pay").click()
        page.wait_for_function("() => document.getElementById('outcome')?.dataset.state === 'invalid'", timeout=20000)
        expect(len(pays) == before, f"a request was sent for a card not accepted: {pays[before:]}")
        expect(not errors, f"the checkout page threw: {errors[:3]}")
        page.close()


def case_card_rules(run):
    """The card rule in Chromium: CB alone and a product no table knows pay offline; a CB + Visa card
    paid while its IIN answer is 3 s late goes as the pre-selected choice; a failing lookup is tried
    once more at submit, then said on the number field, and nothing is sent."""
    cb_visa = {"paymentProductId": 130, "isAllowedInContext": True, "countryCode": "FR",
               "coBrands": [{"paymentProductId": 130, "isAllowedInContext": True}, {"paymentProductId": 1, "isAllowedInContext": True}]}
    visa = {"paymentProductId": 1, "isAllowedInContext": True, "countryCode": "NL"}
    key = "&publicKey=sample:demo&clientSessionId=card-rules"

    def fill(page, number, cvv="123", name=True):
        page.field("cardNumber").focus()
        page.page.keyboard.type(number)
        page.field("expiryDate").focus()
        page.page.keyboard.type("1235")
        page.field("cvv").focus()
        page.page.keyboard.type(cvv)
        if name and page.page.locator("#payment-form [name='cardholderName']").count():
            page.field("cardholderName").focus()
            page.page.keyboard.type("Jane Doe")

    def pay(page):
        page.page.evaluate("document.getElementById('outcome').textContent = ''")
        started = time.monotonic()
        page.page.locator("#payment-form .pf-submit").click()
        page.page.wait_for_function("() => document.getElementById('outcome').textContent !== ''", timeout=20000)
        return json.loads(page.page.locator("#outcome").text_content()), time.monotonic() - started

    # Cartes Bancaires alone pays with its co-badged (Visa-numbered) card, with no lookup at all.
    page = run.open("product=sample:cartes-bancaires" + key, native=False)
    fill(page, "4000002500001001")
    outcome, _ = pay(page)
    expect(outcome.get("valid") is True and outcome.get("paymentProductId") == 130 and outcome.get("encryptedCustomerInput"),
           f"CB alone: {str(outcome)[:200]}")
    page.close()

    # A card product whose id no brand table knows pays with a Luhn-valid Mastercard number.
    page = run.open("product=sample:visa@987" + key, native=False)
    fill(page, "5555555555554444")
    outcome, _ = pay(page)
    expect(outcome.get("valid") is True and outcome.get("paymentProductId") == 987, f"a product no table knows: {str(outcome)[:200]}")
    page.close()

    products = "&products=visa,amex,mastercard-accounts-on-file,cartes-bancaires"
    # A CB + Visa card typed and paid at once while the IIN answer takes 3 s: submit waits for it,
    # the choice appears with CB pre-selected, and CB (130) is what is sent.
    iin = urllib.parse.quote(json.dumps({"40000025": cb_visa, "400000": cb_visa}))
    page = run.open(f"product=sample:cards{products}&iin={iin}&iinDelay=3000" + key, native=False)
    fill(page, "4000002500001001")
    outcome, waited = pay(page)
    expect(outcome.get("valid") is True and outcome.get("paymentProductId") == 130,
           f"a co-badged card paid before its IIN answer: {str(outcome)[:200]} (after {waited:.1f} s)")
    offered = page.page.evaluate("[...document.getElementById('payment-form').shadowRoot.querySelectorAll('.pf-brand-choice input')].map(i => [i.value, i.checked])")
    expect(offered == [["cartes-bancaires", True], ["visa", False]], f"the co-badge choice shown: {offered}")
    page.close()

    # The lookup fails: one error event for it, one more try at submit, then the number field says
    # the product cannot be named, an error event card_undecided, and nothing is encrypted.
    iin = urllib.parse.quote(json.dumps({"41111111": visa, "411111": visa}))
    page = run.open(f"product=sample:cards{products}&iin={iin}&iinFail=99" + key, native=False)
    fill(page, "4111111111111111")
    page.page.wait_for_function("() => window.iinCalls.length >= 2", timeout=10000)   # 6 and 8 digits
    calls_before = page.page.evaluate("window.iinCalls.map(c => c.bin)")
    outcome, _ = pay(page)
    calls = page.page.evaluate("window.iinCalls.map(c => c.bin)")
    events = page.page.evaluate("window.formEvents.filter(e => e.type === 'error').map(e => e.detail)")
    message = page.page.evaluate("(() => { const root = document.getElementById('payment-form').shadowRoot; const card = root.querySelector('[name=cardNumber]'); return root.getElementById(card.id + '-msg').textContent; })()")
    expect(outcome.get("valid") is False and [e["errorId"] for e in outcome.get("errors", []) if e["fieldId"] == "cardNumber"] == ["cardUndecided"],
           f"a failing lookup: {str(outcome)[:300]}")
    expect("encryptedCustomerInput" not in outcome, "something was encrypted for an undecided card")
    expect(calls == calls_before + ["41111111"], f"the lookups: {calls_before} before submit, {calls} after (one retry of the 8 digits)")
    expect([e["code"] for e in events].count("client_api") == len(set(calls_before)) and events[-1].get("code") == "card_undecided"
           and events[-1].get("field") == "cardNumber", f"the error events: {events}")
    expect(message.startswith("We could not confirm this card"), f"the number's message: {message!r}")
    page.close()


def case_keyboard_and_methods(run):
    """Enter as shoppers expect (the page's <form> submitted; else submitrequest), one change event per
    change, and the methods a shop calls after a decline: clear, focus, blur, update({disabled})."""
    page = run.open(f"product=sample:visa&now={NOW}", native=False)
    page.page.wait_for_function("() => window.formEvents.some((e) => e.type === 'ready')", timeout=10000)
    # Typing a 16-digit Visa: a change event only when what it reports changed.
    page.field("cardNumber").focus()
    page.page.keyboard.type("4111111111111111")
    changes = page.page.evaluate("window.formEvents.filter((e) => e.type === 'change').map((e) => e.detail)")
    number = [c for c in changes if c["field"] == "cardNumber"]
    repeats = [b for a, b in zip(number, number[1:]) if a == b]
    expect(not repeats, f"repeated change events for the card number: {len(repeats)} of {len(number)}")
    expect(2 <= len(number) <= 6, f"change events for a 16-digit Visa: {len(number)} ({number})")
    # Outside a <form>, with the Pay button the test page draws: Enter is a submitrequest, then the
    # button's submit.
    page.page.keyboard.press("Enter")
    page.page.wait_for_function("() => window.formEvents.some((e) => e.type === 'submit')", timeout=5000)
    requests = page.page.evaluate("window.formEvents.filter((e) => e.type === 'submitrequest').map((e) => e.detail.field)")
    expect(requests == ["cardNumber"], f"Enter outside a form: requests {requests}")
    # Inside the page's <form>: Enter submits that form (requestSubmit), whose handler pays.
    page.page.evaluate("""() => {
      const host = document.getElementById('payment-form');
      const form = document.createElement('form');
      host.before(form);
      form.append(host);
      window.pageSubmits = 0;
      form.addEventListener('submit', (event) => { event.preventDefault(); window.pageSubmits += 1; });
    }""")
    page.field("cardNumber").focus()
    page.page.keyboard.press("Enter")
    page.page.wait_for_function("() => window.pageSubmits === 1", timeout=5000)
    submits = page.page.evaluate("window.formEvents.filter((e) => e.type === 'submit').length")
    expect(submits == 1, f"Enter inside the page's form also pressed the Pay button: {submits} submits")
    # A submitrequest listener that prevents it keeps the page's form from submitting.
    page.page.evaluate("window.paymentForm.addEventListener('submitrequest', (event) => event.preventDefault(), { once: true })")
    page.page.keyboard.press("Enter")
    page.page.wait_for_timeout(200)
    expect(page.page.evaluate("window.pageSubmits") == 1, "a prevented submitrequest still submitted the page's form")
    # After a decline: clear the code, focus the number; lock the form while paying.
    page.field("cvv").focus()
    page.page.keyboard.type("123")
    seen = page.page.evaluate("""() => {
      const form = window.paymentForm, root = document.getElementById('payment-form').shadowRoot;
      form.clear('cvv');
      form.focus('cardNumber');
      const afterFocus = root.activeElement && root.activeElement.name;
      form.blur();
      const afterBlur = root.activeElement ? root.activeElement.name : null;
      form.update({ disabled: true });
      const disabled = [...root.querySelectorAll('input')].every((input) => input.disabled);
      form.update({ disabled: false });
      const enabled = [...root.querySelectorAll('input')].every((input) => !input.disabled);
      const refusals = [];
      for (const call of [() => form.focus('nope'), () => form.clear('nope'), () => form.update({ locale: 'fr' })]) {
        try { call(); refusals.push('none'); } catch (error) { refusals.push(error.code); }
      }
      return { cvv: root.querySelector('[name=cvv]').value, number: root.querySelector('[name=cardNumber]').value,
               afterFocus, afterBlur, disabled, enabled, refusals };
    }""")
    expect(seen["cvv"] == "" and seen["number"] == "4111 1111 1111 1111", f"clear('cvv'): {seen}")
    expect(seen["afterFocus"] == "cardNumber" and seen["afterBlur"] is None, f"focus and blur: {seen}")
    expect(seen["disabled"] and seen["enabled"], f"update({{disabled}}): {seen}")
    expect(seen["refusals"] == ["usage", "usage", "usage"], f"unknown fields and options: {seen['refusals']}")
    cvv_changes = page.page.evaluate("window.formEvents.filter((e) => e.type === 'change' && e.detail.field === 'cvv').map((e) => e.detail.empty)")
    expect(cvv_changes and cvv_changes[-1] is True, f"clear('cvv') said as a change: {cvv_changes}")
    page.close()
    # The cards a form takes show before anything is typed; the number's brand stands out as it grows.
    page = run.open(f"product=sample:cards&products=visa,amex,mastercard-accounts-on-file&now={NOW}", native=False)
    page.page.wait_for_function("() => window.formEvents.some((e) => e.type === 'ready')", timeout=10000)
    accepted = """() => [...document.getElementById('payment-form').shadowRoot.querySelectorAll('.pf-accepted li')]
        .map((item) => [item.dataset.product, item.textContent || item.querySelector('img')?.alt, item.getAttribute('aria-current'), item.hasAttribute('data-dimmed')])"""
    before = page.page.evaluate(accepted)
    expect(sorted(item[0] for item in before) == ["1", "2", "3"] and all(item[1] and item[2] is None and not item[3] for item in before),
           f"the accepted cards before typing: {before}")
    page.field("cardNumber").focus()
    page.page.keyboard.type("4111")
    page.page.wait_for_function("() => window.formEvents.some((e) => e.type === 'brand' && e.detail.brand === 'visa')", timeout=5000)
    after = {item[0]: (item[2], item[3]) for item in page.page.evaluate(accepted)}
    expect(after == {"1": ("true", False), "2": (None, True), "3": (None, True)}, f"the accepted cards after 4111: {after}")
    run.axe(page, "accepted cards with Visa detected")
    page.close()


CASES = [case_typing, case_fast_typing, case_expiry_reading, case_paste_and_delete, case_ime, case_errors_and_axe, case_french, case_account_on_file, case_ideal, case_sepa_terms,
         case_session_cobadge_submit, case_engine_loading, case_warm_up, case_stylesheet_first, case_hostile_definitions, case_form_limits, case_hostile_patterns, case_interface,
         case_checkout_example, case_card_form_checkout, case_card_rules, case_keyboard_and_methods, case_hosted_tokenization, case_hosted_tokenization_saved_card, case_card_driver,
         case_random_sequences]


class Run:
    def __init__(self, arguments, browser, server, sandbox):
        self.arguments = arguments
        self.payform = arguments.payform
        self.sequences = arguments.sequences
        self.seed = arguments.seed
        self.server = server
        self.sandbox = sandbox
        self.context = browser.new_context(viewport={"width": 520, "height": 760})
        self.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        self.axe_checker = None

    def open(self, query, native=True, native_product="sample:visa", locale=None, account=None, on_request=None, init_script=None):
        if locale is None:
            locale = "fr" if "locale=fr" in query else "en"
        return Page(self.context, self.server, query, self.payform if native else None, native_product, locale, account, on_request,
                    init_script)

    def screenshot(self, page, name):
        self.screenshot_page(page.page, name)

    def screenshot_page(self, page, name):
        os.makedirs(self.arguments.output, exist_ok=True)
        page.screenshot(path=os.path.join(self.arguments.output, f"{name}.png"), full_page=True)

    def axe(self, page, what):
        from axe_playwright_python.sync_playwright import Axe
        self.axe_checker = self.axe_checker or Axe()
        page.axed = True
        results = self.axe_checker.run(page.page)
        violations = results.response["violations"]
        expect(not violations, f"axe found {len(violations)} violations on {what}: {[v['id'] for v in violations]}")
        print(f"  axe on {what}: 0 violations ({len(results.response['passes'])} rules passed)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--payform", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--sequences", type=int, default=200)
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--output", default=os.path.join(ROOT, ".build", "ci-output", "web-form"))
    parser.add_argument("--only")
    arguments = parser.parse_args()
    if not os.path.exists(os.path.join(DIST, "payform-form.mjs")):
        print("web form test: Web/dist is missing; run Scripts/build/build-web.sh first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright
    server = PageServer()
    sandbox = Sandbox(arguments.payform)
    failures = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=arguments.chromium, headless=True)
            run = Run(arguments, browser, server, sandbox)
            for case in CASES:
                name = case.__name__.removeprefix("case_")
                if arguments.only and arguments.only != name:
                    continue
                started = time.monotonic()
                try:
                    case(run)
                    print(f"✔ {name} ({time.monotonic() - started:.1f} s)")
                except Exception as error:  # a case's failure is reported, the others still run
                    failures.append(name)
                    detail = str(error) if isinstance(error, Failure) else traceback.format_exc(limit=4)
                    print(f"✘ {name}: {detail}")
            browser.close()
    finally:
        sandbox.stop()
        server.stop()
    ran = len([c for c in CASES if not arguments.only or c.__name__ == f"case_{arguments.only}"])
    print(f"web form: {ran - len(failures)} of {ran} cases passed; screenshots in {arguments.output}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
