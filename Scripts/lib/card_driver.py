"""A test driver for Playwright (Python): types a card into the payment form by the fields' labels,
in either mode the form runs in.

- In-page: the form mounted by `mountPaymentForm` on the merchant's page (an open shadow root,
  which Playwright's locators enter by themselves): `fill_card(page, values)`.
- In an iframe: the hosted tokenization page the `Tokenizer` script frames
  (`iframe[name=htpIframe0]` for the first), on the platform's (or sandbox's) origin:
  `fill_card(page, values, iframe="iframe[name=htpIframe0]")`.

`values` maps a field's label (as shown, in the form's language, without the required `*`) to the text typed into it, key by
key, as a customer types: `{"Card number": "4111111111111111", "Expiry date": "1235",
"CVV": "123"}`. A label can change with the card (the security code's is "Security code" until the
number names a product, then that product's: "CVV" for Visa): the driver waits for the label
given, so give the one the card leads to. Returns the scope it typed into (a Locator or FrameLocator) for further
checks. Card data goes only into the fields; the driver prints nothing.
"""

import re

CARD_LABELS = ("Card number", "Expiry date", "Security code", "Cardholder name")


def label_pattern(label):
    """The label as shown, with or without the required field's `*`."""
    return re.compile(r"^\s*" + re.escape(label) + r"(\s*\*)?\s*$")


def form_scope(page, iframe=None, container=None):
    """Where the form's fields are: the frame `iframe` (a selector), else `container` on the page
    (a selector; default the whole page)."""
    if iframe:
        return page.frame_locator(iframe).first
    return page.locator(container) if container else page.locator(":root")


def fill_card(page, values, iframe=None, container=None, timeout=20000):
    """Types each of `values` (label -> text) into the field with that label, in order."""
    scope = form_scope(page, iframe, container)
    for label, text in values.items():
        field = scope.get_by_label(label_pattern(label))
        field.wait_for(state="visible", timeout=timeout)
        field.click()
        field.press_sequentially(text)
    return scope
