"""The test drivers (Scripts/lib/card_driver.py and card_driver.mjs) in Chromium, in both modes (a
case of web_form_test.py): the Python one types a card into the form on a page (in-page mode; the
hosted tokenization cases use its iframe mode); the JavaScript one, run by node with the Playwright
driver package the Python wheel ships (no npm registry), types into the form on a page and into
the hosted tokenization iframe of a merchant page, which then pays.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))

from lib.card_driver import fill_card  # noqa: E402
from lib.checks import expect  # noqa: E402
from hosted_tokenization_case import merchant_page  # noqa: E402


def playwright_module():
    """The Playwright node package inside the installed Python wheel."""
    import playwright
    path = os.path.join(os.path.dirname(playwright.__file__), "driver", "package", "index.mjs")
    expect(os.path.isfile(path), f"the playwright wheel has no node driver package at {path}")
    return path


def node():
    """The node the wheel ships, else the system's."""
    import playwright
    shipped = glob.glob(os.path.join(os.path.dirname(playwright.__file__), "driver", "node"))
    return shipped[0] if shipped and os.access(shipped[0], os.X_OK) else "node"


def case_card_driver(run):
    """fill_card (Python) on the form on a page; fillCard (JavaScript) on a page and in the iframe."""
    query = "product=sample:visa&now=2026-11"
    page = run.open(query, native=False)
    fill_card(page.page, {"Card number": "4111111111111111", "Expiry date": "1230", "CVV": "123"}, container="#payment-form")
    shown = page.page.evaluate("() => document.getElementById('payment-form').shadowRoot.querySelector('[name=cardNumber]').value")
    expect(shown == "4111 1111 1111 1111", f"the Python driver's in-page mode typed {shown!r}")
    expect(page.page.evaluate("() => window.paymentForm.valid") is True, "the form typed by the Python driver is not valid")
    page.page.close()

    with merchant_page(run.sandbox) as shop:
        environment = dict(os.environ, PLAYWRIGHT=playwright_module(), CHROMIUM=run.arguments.chromium,
                           INPAGE_URL=f"{run.server.url}/index.html?{query}", SHOP_URL=shop.url + "/")
        done = subprocess.run([node(), os.path.join(ROOT, "Web", "test", "card-driver.test.mjs")], env=environment,
                              capture_output=True, text=True, timeout=180)
        expect(done.returncode == 0, f"node card-driver.test.mjs failed: {done.stderr[-1500:]}")
        seen = json.loads(done.stdout.strip().splitlines()[-1])
    expect(seen["inPage"] == {"cardNumber": "4111 1111 1111 1111", "valid": True}, f"the JavaScript driver's in-page mode: {seen['inPage']}")
    expect(seen["initialized"] == "ready", f"the merchant page's initialize(): {seen['initialized']}")
    expect(seen["iframe"] == {"state": "paid", "status": 201, "card": "411111******1111"}, f"the JavaScript driver's iframe mode: {seen['iframe']}")
