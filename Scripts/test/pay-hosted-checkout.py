#!/usr/bin/env python3
"""Pays a `payform sandbox` hosted checkout in headless Chromium, as a customer would: opens the
page (a hosted checkout's redirectUrl), types a test card into the web form, presses Pay, follows
the redirect (through the 3-D Secure page for a challenge card, pressing Complete), and prints one
JSON line: {"finalUrl": ..., "state": ...}. Never prints the card number.

Usage: Scripts/test/pay-hosted-checkout.py --chromium /usr/bin/chromium URL [--card NUMBER] [--screenshot FILE]
Needs Playwright for Python (it drives Debian's chromium through executable_path and never
downloads a browser: Scripts/lib/chromium.py). Exit status: 0 paid, 1 the page did not get there,
2 usage.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from lib import chromium  # noqa: E402


def pay(page, url, card, expiry="12/35", cvv="123", timeout=30_000):
    """Drives the hosted checkout page at `url`; returns the URL the browser ends on."""
    page.goto(url)
    page.wait_for_function("() => ['form', 'error'].includes(document.getElementById('outcome')?.dataset.state)", timeout=timeout)
    state = page.eval_on_selector("#outcome", "element => element.dataset.state")
    if state != "form":
        raise RuntimeError("the page shows no form: " + page.inner_text("#outcome"))
    for field, value in [("cardNumber", card), ("expiryDate", expiry), ("cvv", cvv)]:
        locator = page.locator(f"#payment-form input[name='{field}'], #payment-form input[data-field-id='{field}'], #payment-form #{field}")
        if locator.count() == 0:
            locator = page.locator("#payment-form input").nth(["cardNumber", "expiryDate", "cvv"].index(field))
        locator.first.click()
        locator.first.type(value, delay=5)
    start = page.url
    page.click("#pay")
    page.wait_for_url(lambda current: current != start, timeout=timeout)
    if "/sandbox/v1/authentication/" in page.url:
        page.click("#complete")
        page.wait_for_url(lambda current: "/sandbox/v1/authentication/" not in current, timeout=timeout)
    page.wait_for_load_state()
    return page.url


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url")
    parser.add_argument("--chromium", required=True, help="the Chromium binary (Debian's /usr/bin/chromium)")
    parser.add_argument("--card", default="4111111111111111", help="a test card number (default: authorised Visa)")
    parser.add_argument("--screenshot", help="write a PNG of the page before Pay")
    arguments = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("pay-hosted-checkout: Playwright for Python is not installed", file=sys.stderr)
        return 2
    with sync_playwright() as playwright:
        browser = chromium.launch(playwright, arguments.chromium)
        try:
            page = browser.new_page()
            messages = []
            page.on("console", lambda message: messages.append(message.text) if message.type == "error" else None)
            try:
                final = pay(page, arguments.url, arguments.card)
            except Exception as error:  # noqa: BLE001 - reported with the page's state
                outcome = page.inner_text("#outcome") if page.locator("#outcome").count() else ""
                print(f"pay-hosted-checkout: {type(error).__name__}: {error}; page state: {outcome[:300]}; console: {messages[:3]}", file=sys.stderr)
                if arguments.screenshot:
                    page.screenshot(path=arguments.screenshot)
                return 1
            if arguments.screenshot:
                page.screenshot(path=arguments.screenshot)
            print(json.dumps({"finalUrl": final}))
            return 0
        finally:
            browser.close()


if __name__ == "__main__":
    sys.exit(main())
