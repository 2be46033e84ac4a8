"""The payform wheel as a Python team uses it (Scripts/test/package-test.sh runs this in a fresh virtual
environment with the wheel, pytest and onlinepayments-sdk-python3 installed, no Swift toolchain
on PATH): the pytest plugin's `payform_sandbox` fixture, the official SDK creating a payment,
the verified webhook, the hosted checkout page served from the web form built into payform, and
the `payform` command."""
import os
import re
import shutil
import subprocess
import urllib.request

import payform
import payform.sandbox
import pytest
from onlinepayments.sdk.communicator_configuration import CommunicatorConfiguration
from onlinepayments.sdk.domain.create_hosted_checkout_request import CreateHostedCheckoutRequest
from onlinepayments.sdk.domain.create_payment_request import CreatePaymentRequest
from onlinepayments.sdk.factory import Factory
from payform.sandbox import PayformNotFound, find_payform


@pytest.fixture(scope="module")
def merchant(payform_sandbox):
    client = Factory.create_client_from_configuration(CommunicatorConfiguration(
        api_endpoint=payform_sandbox.api_endpoint, api_key_id=payform_sandbox.api_key_id,
        secret_api_key=payform_sandbox.secret_api_key, authorization_type="v1HMAC", integrator="payform-wheel-test",
        max_connections=2, connect_timeout=10, socket_timeout=30))
    yield client.merchant(payform_sandbox.merchant_id)
    client.close()


def order(amount):
    return {"amountOfMoney": {"amount": amount, "currencyCode": "EUR"}}


def test_the_fixture_runs_the_wheels_binary(payform_sandbox):
    assert payform_sandbox.binary == payform.bundled_payform()
    assert payform_sandbox.api_endpoint.startswith("http://127.0.0.1:")
    assert payform_sandbox.merchant_id and payform_sandbox.api_key_id and payform_sandbox.secret_api_key
    assert set(payform_sandbox.client_session) == {"clientApiUrl", "assetUrl", "customerId", "clientSessionId"}
    assert payform_sandbox.clock["advanceUrl"] == payform_sandbox.url + "/sandbox/v1/clock/advance"
    assert payform_sandbox.clock["settle"] == "immediate"
    assert payform_sandbox.advance_clock(60).endswith("Z")


def test_a_payment_and_its_verified_webhook(payform_sandbox, merchant):
    created = merchant.payments().create_payment(CreatePaymentRequest().from_dictionary({
        "order": order(1000),
        "cardPaymentMethodSpecificInput": {"paymentProductId": 1,
                                           "card": {"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}},
    }))
    payment = created.payment
    assert payment.status == "PENDING_CAPTURE"
    mine = lambda kind: lambda event: (event.json.get("payment") or {}).get("id") == payment.id and event.json["type"] == kind
    # payment.created first, then the payment's status.
    created_event = payform_sandbox.webhooks.wait_for(mine("payment.created"))
    event = payform_sandbox.webhooks.wait_for(mine("payment.pending_capture"))
    assert created_event.json["type"] == "payment.created" and event.json["type"] == "payment.pending_capture"
    assert payform_sandbox.webhooks.rejected == []
    status, again = payform_sandbox.call("GET", f"/v2/{payform_sandbox.merchant_id}/payments/{payment.id}")
    assert status == 200 and again["status"] == "PENDING_CAPTURE"


def test_the_hosted_checkout_page_comes_from_the_built_in_web_form(merchant, payform_sandbox):
    created = merchant.hosted_checkout().create_hosted_checkout(CreateHostedCheckoutRequest().from_dictionary({
        "order": order(1500), "hostedCheckoutSpecificInput": {"returnUrl": payform_sandbox.webhooks.url.replace("/webhooks", "/return")}}))
    with urllib.request.urlopen(created.redirect_url, timeout=10) as page:
        assert page.status == 200
        html = page.read().decode()
    assert 'src="/sandbox/v1/hostedcheckout.mjs"' in html and 'id="payment-form"' in html
    for name, kind in [("payform-form.mjs", "text/javascript"), ("payform-form-engine.wasm", "application/wasm"),
                       ("payform-form.css", "text/css"), ("payform-texts.fr.json", "application/json")]:
        with urllib.request.urlopen(payform_sandbox.url + "/sandbox/v1/web/" + name, timeout=10) as answer:
            assert answer.status == 200 and answer.headers["Content-Type"].startswith(kind) and len(answer.read()) > 0, name
    with open(payform_sandbox.log_path) as log:
        assert "hosted checkout pages from the web form built into payform" in log.read()


def test_the_payform_command():
    command = shutil.which("payform")
    assert command and os.path.dirname(command) == os.path.dirname(shutil.which("python"))
    done = subprocess.run(["payform", "--version"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stdout.startswith("payform " + payform.__version__), done.stdout + done.stderr


def test_no_binary_is_a_clear_error(tmp_path, monkeypatch):
    with pytest.raises(PayformNotFound, match=re.escape(f"$PAYFORM is {tmp_path}/missing: no such file")):
        find_payform(environ={"PAYFORM": str(tmp_path / "missing"), "PATH": str(tmp_path)})
    (tmp_path / "plain").write_text("not a program")
    with pytest.raises(PayformNotFound, match=re.escape(f"the binary given is {tmp_path}/plain: not executable")):
        find_payform(str(tmp_path / "plain"))
    monkeypatch.setattr(payform.sandbox, "bundled_payform", lambda: None)
    with pytest.raises(PayformNotFound) as raised:
        find_payform(environ={"PATH": str(tmp_path)})
    assert f"looked at $PAYFORM (not set), the wheel's binary (none), PATH ({tmp_path})" in str(raised.value)
