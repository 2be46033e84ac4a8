#!/usr/bin/env python3
"""The backend check: both official Python server SDKs, unchanged, against `payform sandbox`.

Usage: Scripts/test/server-sdk-test.py --payform .build/debug/payform [--only connect|onlinepayments]
(run it with a Python that has connect-sdk-python3==6.3.0 and onlinepayments-sdk-python3==10.3.0;
Scripts/test/server-sdk-test.sh makes that virtual environment).

For each SDK (Connect on /v1, Online Payments on /v2), as a merchant's server would:
  create session -> the app encrypts (`payform fetch public-key` on the minted session, then
  `payform prepare`) -> create payment -> get payment; and the answers a backend suite asserts on:
  a bad signature (ApiException 401), another merchant id (AuthorizationException 403), an unknown
  payment id (ReferenceException 404), values invalid as sent, the CVV `1a23` among them
  (ValidationException, per field), a declined card (DeclinedPaymentException, REJECTED), the
  3-D Secure card with its page driven to both outcomes (the page's buttons posted as a browser
  does, back to a local shop's return page), an idempotent replay (same payment, the first
  request's timestamp), a duplicate while the first is in flight (IdempotenceException), and an
  encryptedCustomerInput submitted twice. Then the lifecycle: create -> capture (twice, partial)
  -> refund (twice, partial) -> a refund past the captured amount refused; create -> cancel; the
  capture-failure and refund-failure cards; a hosted checkout paid on the sandbox's page (in
  Chromium with --chromium and Playwright, else by posting what the page's form posts) whose GET
  then shows PAYMENT_CREATED; in Chromium, one created without a returnUrl and paid with a 3-D
  Secure card, which lands on the checkout's own page showing the outcome; (Online Payments) a hosted
  tokenization created, submitted as its page submits, read back and paid with once; a token made by a payment with tokenize and paid with again; the
  webhooks of all this verified and unmarshalled by each SDK's WebhooksHelper; and every operation
  of the SDK called once (coverage: how many answer something other than 404).

Every process started here is stopped on the way out. Exit status: 0 passed, 1 failed, 2 usage or
setup problem (the shell wrapper decides about skipping when the SDKs cannot be installed).
"""

import argparse
import html.parser
import json
import os
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))

from lib.checks import Failure, expect, tail  # noqa: E402
from lib.pages import PageServer  # noqa: E402
from lib.sandbox import Sandbox  # noqa: E402

# Values a valid client sends (unmasked), and the sandbox's test cards.
GOOD = {"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}
DECLINED = "4012001775445550"
CHALLENGE = "4012000000003002"
SLOW = "4012000000009009"


def start_sandbox(payform, work, webhook_url=None):
    """`payform sandbox` with the Server API options given (Scripts/lib/sandbox.py), its first line checked."""
    secret = os.path.join(work, "secret")
    with open(secret, "w") as file:
        file.write("python-sdk-tests-secret-NOT-FOR-PRODUCTION\n")
    sandbox = Sandbox(payform, ["--merchant-id", "python-tests", "--secret-api-key-file", secret]
                      + (["--webhook-url", webhook_url] if webhook_url else []), os.path.join(work, "sandbox.log"))
    expect(sandbox.api["merchantId"] == "python-tests", f"serverApi: {sandbox.api}")
    expect(sandbox.api["secretApiKey"] == "python-sdk-tests-secret-NOT-FOR-PRODUCTION", "the secret file's value is not the one printed")
    return sandbox


class Shop:
    """The shop's return page on loopback (Scripts/lib/pages.py): where the 3-D Secure page sends the
    customer back, and where the sandbox posts its webhooks."""

    def __init__(self):
        def returned(handler):
            handler.pages.record("returns", handler.query)
            handler.reply(200, b"<p>back at the shop</p>", "text/html")
            return True

        def webhook(handler, body):
            handler.pages.record("webhooks", (body, handler.headers.get("X-GCS-Signature"), handler.headers.get("X-GCS-KeyId")))
            handler.reply(204)
            return True

        self.pages = PageServer(get=returned, post=webhook)
        self.url = f"{self.pages.origin}/checkout/return?order=42"
        self.webhook_url = f"{self.pages.origin}/webhooks"

    @property
    def returns(self):
        return self.pages.recorded.setdefault("returns", [])

    @property
    def webhooks(self):
        return self.pages.recorded.setdefault("webhooks", [])

    def close(self):
        self.pages.stop()


class FormReader(html.parser.HTMLParser):
    """The forms of the 3-D Secure page: action, hidden inputs, and the id of their button."""

    def __init__(self):
        super().__init__()
        self.forms = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({"action": attrs.get("action"), "fields": {}, "button": None})
        elif tag == "input" and self.forms and attrs.get("type") == "hidden":
            self.forms[-1]["fields"][attrs.get("name")] = attrs.get("value", "")
        elif tag == "button" and self.forms:
            self.forms[-1]["button"] = attrs.get("id")


def drive_challenge(redirect_url, button):
    """Opens the 3-D Secure page as a browser would and presses `button` (`complete` or `fail`):
    the form is posted, its 303 followed back to the shop."""
    with urllib.request.urlopen(redirect_url, timeout=30) as answer:
        page = answer.read().decode()
    expect("Complete authentication" in page and "Fail authentication" in page, "the 3-D Secure page has not its two buttons")
    reader = FormReader()
    reader.feed(page)
    form = next((form for form in reader.forms if form["button"] == button), None)
    expect(form is not None, f"no '{button}' button on the page")
    target = urllib.parse.urljoin(redirect_url, form["action"])
    data = urllib.parse.urlencode(form["fields"]).encode()
    request = urllib.request.Request(target, data=data, method="POST",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.geturl()


def payform(binary, arguments, stdin=None):
    result = subprocess.run([binary] + arguments, input=stdin, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise Failure(f"payform {arguments[0]} exited {result.returncode}: {result.stdout.strip()} {result.stderr.strip()}")
    return json.loads(result.stdout)


class App:
    """The app's half, as `payform` does it: the Client API's public key for a minted session, and
    the encrypted customer input."""

    def __init__(self, binary, work, session):
        self.binary = binary
        self.work = work
        self.session_id = session["clientSessionId"]
        session_file = os.path.join(work, f"session-{self.session_id}.json")
        with open(session_file, "w") as file:
            json.dump(session, file)
        key = payform(binary, ["fetch", "public-key", "--session", session_file])
        self.key_file = os.path.join(work, f"key-{self.session_id}.json")
        with open(self.key_file, "w") as file:
            json.dump(key, file)

    def encrypt(self, values, validate=True):
        arguments = ["prepare", "--product", "sample:visa", "--values", "-", "--public-key", self.key_file,
                     "--client-session-id", self.session_id]
        if not validate:
            arguments.append("--without-validation-for-tests")
        return payform(self.binary, arguments, stdin=json.dumps(values))["encryptedFields"]


class Connect:
    """connect-sdk-python3 (the Connect platform, /v1)."""

    name = "connect-sdk-python3 6.3.0"
    authorised = "PENDING_APPROVAL"

    def __init__(self, api, secret=None, merchant=None):
        from worldline.connect.sdk.communicator_configuration import CommunicatorConfiguration
        from worldline.connect.sdk.factory import Factory
        from worldline.connect.sdk import call_context
        from worldline.connect.sdk.v1 import (api_exception, authorization_exception, declined_payment_exception,
                                              idempotence_exception, reference_exception, validation_exception)
        from worldline.connect.sdk.v1.domain.create_payment_request import CreatePaymentRequest
        from worldline.connect.sdk.v1.domain.session_request import SessionRequest
        from worldline.connect.sdk.v1.merchant.payments.get_payment_params import GetPaymentParams
        configuration = CommunicatorConfiguration(
            api_endpoint=api["apiEndpoint"], api_key_id=api["apiKeyId"], secret_api_key=secret or api["secretApiKey"],
            authorization_type="v1HMAC", connect_timeout=10, socket_timeout=30, max_connections=4, integrator="payform server-sdk-test")
        self.client = Factory.create_client_from_configuration(configuration)
        self.merchant = self.client.v1().merchant(merchant or api["merchantId"])
        self.CallContext = call_context.CallContext
        self.CreatePaymentRequest, self.SessionRequest, self.GetPaymentParams = CreatePaymentRequest, SessionRequest, GetPaymentParams
        self.ApiException = api_exception.ApiException
        self.AuthorizationException = authorization_exception.AuthorizationException
        self.DeclinedPaymentException = declined_payment_exception.DeclinedPaymentException
        self.IdempotenceException = idempotence_exception.IdempotenceException
        self.ReferenceException = reference_exception.ReferenceException
        self.ValidationException = validation_exception.ValidationException

    def create_session(self):
        return self.merchant.sessions().create(self.SessionRequest()).to_dictionary()

    def create_payment(self, body, context=None):
        return self.merchant.payments().create(self.CreatePaymentRequest().from_dictionary(body), context)

    def get_payment(self, payment_id):
        return self.merchant.payments().get(payment_id, self.GetPaymentParams())

    @staticmethod
    def declined_payment(error):
        return error.create_payment_result.payment

    @staticmethod
    def code(error):
        return error.code

    def close(self):
        self.client.close()

    # The lifecycle, with request bodies built from dictionaries (the SDK's own domain classes).
    def domain(self, name):
        module = __import__(f"{self.domain_package}.{self.snake(name)}", fromlist=[name])
        return getattr(module, name)

    @staticmethod
    def snake(name):
        return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")

    domain_package = "worldline.connect.sdk.v1.domain"
    exceptions_package = "worldline.connect.sdk.v1"
    webhooks_package = "worldline.connect.sdk.webhooks"

    def capture(self, payment_id, amount=None):
        body = self.domain("CapturePaymentRequest")().from_dictionary({"amount": amount} if amount else {})
        return self.merchant.payments().capture(payment_id, body)

    def refund(self, payment_id, amount):
        body = self.domain("RefundRequest")().from_dictionary({"amountOfMoney": {"amount": amount, "currencyCode": "EUR"}})
        return self.merchant.payments().refund(payment_id, body)

    def cancel(self, payment_id):
        return self.merchant.payments().cancel(payment_id)

    def refund_settled(self, payment_id, amount):
        """A refund that goes through: Connect's wait for approval (PENDING_APPROVAL), then settle."""
        refund = self.refund(payment_id, amount)
        expect(refund.status == "PENDING_APPROVAL", f"{self.name}: a refund answers {refund.status}")
        self.merchant.refunds().approve(refund.id, self.domain("ApproveRefundRequest")())
        return refund

    def operations(self, payment_id):
        """The payment's operations as Connect lists them (GET with returnOperations=true: PaymentOperation)."""
        params = self.GetPaymentParams()
        params.return_operations = True
        payment = self.merchant.payments().get(payment_id, params)
        return [(o.id, o.type, o.amount_of_money.amount, o.status, None, None) for o in payment.payment_output.operations]

    def create_hosted_checkout(self, body):
        return self.merchant.hostedcheckouts().create(self.domain("CreateHostedCheckoutRequest")().from_dictionary(body))

    def get_hosted_checkout(self, checkout_id):
        return self.merchant.hostedcheckouts().get(checkout_id)

    def get_token(self, token_id):
        return self.merchant.tokens().get(token_id)

    def webhooks_helper(self, key_id, secret):
        from worldline.connect.sdk.webhooks.in_memory_secret_key_store import InMemorySecretKeyStore
        from worldline.connect.sdk.webhooks.webhooks import Webhooks
        InMemorySecretKeyStore.instance().store_secret_key(key_id, secret)
        return Webhooks.v1().create_helper(InMemorySecretKeyStore.instance())

    def request_header(self, name, value):
        from worldline.connect.sdk.communication.request_header import RequestHeader
        return RequestHeader(name, value)


class OnlinePayments(Connect):
    """onlinepayments-sdk-python3 (the Online Payments platform, /v2)."""

    name = "onlinepayments-sdk-python3 10.3.0"
    authorised = "PENDING_CAPTURE"

    def __init__(self, api, secret=None, merchant=None):
        from onlinepayments.sdk.communicator_configuration import CommunicatorConfiguration
        from onlinepayments.sdk.factory import Factory
        from onlinepayments.sdk import (api_exception, authorization_exception, call_context, declined_payment_exception,
                                        idempotence_exception, reference_exception, validation_exception)
        from onlinepayments.sdk.domain.create_payment_request import CreatePaymentRequest
        from onlinepayments.sdk.domain.session_request import SessionRequest
        configuration = CommunicatorConfiguration(
            api_endpoint=api["apiEndpoint"], api_key_id=api["apiKeyId"], secret_api_key=secret or api["secretApiKey"],
            authorization_type="v1HMAC", connect_timeout=10, socket_timeout=30, max_connections=4, integrator="payform server-sdk-test")
        self.client = Factory.create_client_from_configuration(configuration)
        self.merchant = self.client.merchant(merchant or api["merchantId"])
        self.CallContext = call_context.CallContext
        self.CreatePaymentRequest, self.SessionRequest = CreatePaymentRequest, SessionRequest
        self.ApiException = api_exception.ApiException
        self.AuthorizationException = authorization_exception.AuthorizationException
        self.DeclinedPaymentException = declined_payment_exception.DeclinedPaymentException
        self.IdempotenceException = idempotence_exception.IdempotenceException
        self.ReferenceException = reference_exception.ReferenceException
        self.ValidationException = validation_exception.ValidationException

    def create_session(self):
        return self.merchant.sessions().create_session(self.SessionRequest()).to_dictionary()

    def create_payment(self, body, context=None):
        return self.merchant.payments().create_payment(self.CreatePaymentRequest().from_dictionary(body), context)

    def get_payment(self, payment_id):
        return self.merchant.payments().get_payment(payment_id)

    def refund_settled(self, payment_id, amount):
        """A refund that goes through: requested at once on Online Payments, then settled."""
        refund = self.refund(payment_id, amount)
        expect(refund.status == "REFUND_REQUESTED", f"{self.name}: a refund answers {refund.status}")
        return refund

    @staticmethod
    def declined_payment(error):
        return error.create_payment_response.payment

    @staticmethod
    def code(error):
        return error.error_code

    domain_package = "onlinepayments.sdk.domain"
    exceptions_package = "onlinepayments.sdk"
    webhooks_package = "onlinepayments.sdk.webhooks"

    def capture(self, payment_id, amount=None):
        body = self.domain("CapturePaymentRequest")().from_dictionary({"amount": amount} if amount else {})
        return self.merchant.payments().capture_payment(payment_id, body)

    def refund(self, payment_id, amount):
        body = self.domain("RefundRequest")().from_dictionary({"amountOfMoney": {"amount": amount, "currencyCode": "EUR"}})
        return self.merchant.payments().refund_payment(payment_id, body)

    def cancel(self, payment_id):
        return self.merchant.payments().cancel_payment(payment_id, None)

    def operations(self, payment_id):
        """The payment's operations as GetPaymentDetails lists them (OperationOutput), opened by any operation's id."""
        details = self.merchant.payments().get_payment_details(payment_id)
        return [(o.id, None, o.amount_of_money.amount, o.status, o.status_output.status_code, o.references.merchant_reference)
                for o in details.operations]

    def create_hosted_checkout(self, body):
        return self.merchant.hosted_checkout().create_hosted_checkout(self.domain("CreateHostedCheckoutRequest")().from_dictionary(body))

    def get_hosted_checkout(self, checkout_id):
        return self.merchant.hosted_checkout().get_hosted_checkout(checkout_id)

    def get_token(self, token_id):
        return self.merchant.tokens().get_token(token_id)

    def webhooks_helper(self, key_id, secret):
        from onlinepayments.sdk.json.default_marshaller import DefaultMarshaller
        from onlinepayments.sdk.webhooks.in_memory_secret_key_store import InMemorySecretKeyStore
        from onlinepayments.sdk.webhooks.webhooks_helper import WebhooksHelper
        InMemorySecretKeyStore.instance().store_secret_key(key_id, secret)
        return WebhooksHelper(DefaultMarshaller.instance(), InMemorySecretKeyStore.instance())

    def request_header(self, name, value):
        from onlinepayments.sdk.communication.request_header import RequestHeader
        return RequestHeader(name, value)


def order(encrypted, return_url):
    return {
        "encryptedCustomerInput": encrypted,
        "order": {"amountOfMoney": {"amount": 1250, "currencyCode": "EUR"}, "references": {"merchantReference": "order-42"}},
        "cardPaymentMethodSpecificInput": {"threeDSecure": {"redirectionData": {"returnUrl": return_url}}},
    }


def raises(kind, call):
    """The exception `call` raises, which must be a `kind`."""
    try:
        call()
    except kind as error:
        return error
    except Exception as error:  # noqa: BLE001 - the message names what came instead
        raise Failure(f"expected {kind.__name__}, got {type(error).__name__}: {error}")
    raise Failure(f"expected {kind.__name__}, the call succeeded")


def check(sdk_class, sandbox, shop, binary, work):
    sdk = sdk_class(sandbox.api)
    name = sdk.name
    try:
        session = sdk.create_session()
        other = sdk.create_session()
        expect(session["clientApiUrl"].endswith("/client") and session["customerId"] != other["customerId"],
               f"{name}: sessions {session} / {other}")
        app = App(binary, work, session)
        print(f"{name}: session {session['clientSessionId'][:8]}…, the Client API served its key to `payform fetch`")

        # Create payment -> get payment.
        created = sdk.create_payment(order(app.encrypt(GOOD), shop.url))
        payment = created.payment
        expect(payment.status == sdk.authorised, f"{name}: status {payment.status}")
        expect(payment.status_output.is_authorized, f"{name}: not authorised")
        card = payment.payment_output.card_payment_method_specific_output.card
        expect(card.card_number == "411111******1111", f"{name}: card shown as {card.card_number}")
        expect(getattr(card, "bin", None) == (None if sdk_class is Connect else "411111"), f"{name}: bin {getattr(card, 'bin', None)}")
        read = sdk.get_payment(payment.id)
        expect(read.id == payment.id and read.status == sdk.authorised, f"{name}: get payment {read.id} {read.status}")
        print(f"{name}: create payment -> {payment.status}; get payment -> {read.status}")

        # Failures.
        bad = sdk_class(sandbox.api, secret="not-the-secret")
        error = raises(bad.ApiException, lambda: bad.get_payment(payment.id))
        expect(error.status_code == 401 and sdk.code(error.errors[0]) == "9002", f"{name}: bad signature {error.status_code}")
        bad.close()
        stranger = sdk_class(sandbox.api, merchant="000000")
        error = raises(stranger.AuthorizationException, lambda: stranger.create_session())
        expect(error.status_code == 403 and error.error_id, f"{name}: another merchant {error.status_code}")
        stranger.close()
        error = raises(sdk.ReferenceException, lambda: sdk.get_payment("9999999999_0"))
        expect(error.status_code == 404 and error.error_id, f"{name}: unknown payment {error.status_code}")
        print(f"{name}: bad signature -> ApiException 401; another merchant -> AuthorizationException 403; unknown id -> ReferenceException 404")

        for field, value, code in [("cvv", "1a23", "SANDBOX_REGULAR_EXPRESSION"), ("cardNumber", "4111 1111 1111 1111", "SANDBOX_NUMERIC_STRING"),
                                   ("expiryDate", "12/35", "21000120"), ("expiryDate", "1220", "21000120"), ("cardNumber", "4111111111111112", "21000020")]:
            values = dict(GOOD, **{field: value})
            error = raises(sdk.ValidationException, lambda: sdk.create_payment(order(app.encrypt(values, validate=False), shop.url)))
            expect(len(error.errors) == 1, f"{name}: {field} {value!r}: {len(error.errors)} errors")
            expect(error.errors[0].property_name == f"cardPaymentMethodSpecificInput.card.{field}" and sdk.code(error.errors[0]) == code,
                   f"{name}: {field} {value!r}: {error.errors[0].property_name} {sdk.code(error.errors[0])}")
        print(f"{name}: invalid as sent (cvv 1a23, spaced number, 12/35, a past expiry, a Luhn failure) -> ValidationException per field")

        error = raises(sdk.DeclinedPaymentException, lambda: sdk.create_payment(order(app.encrypt(dict(GOOD, cardNumber=DECLINED)), shop.url)))
        declined = sdk.declined_payment(error)
        expect(error.status_code == 402 and declined.status == "REJECTED", f"{name}: declined {error.status_code} {declined.status}")
        expect(sdk.get_payment(declined.id).status == "REJECTED", f"{name}: the declined payment is not REJECTED on get")
        print(f"{name}: declined card -> DeclinedPaymentException, REJECTED")

        for button, final in [("complete", sdk.authorised), ("fail", "REJECTED")]:
            created = sdk.create_payment(order(app.encrypt(dict(GOOD, cardNumber=CHALLENGE)), shop.url))
            action = created.merchant_action
            expect(action.action_type == "REDIRECT" and created.payment.status == "REDIRECTED", f"{name}: 3-D Secure {action.action_type}")
            landed = drive_challenge(action.redirect_data.redirect_url, button)
            back = shop.returns[-1]
            expect(landed.startswith(shop.url.split("?")[0]) and back.get("RETURNMAC") == [action.redirect_data.returnmac]
                   and back.get("paymentId") == [created.payment.id] and back.get("order") == ["42"], f"{name}: came back to {landed} {back}")
            status = sdk.get_payment(created.payment.id).status
            expect(status == final, f"{name}: after '{button}' the payment is {status}, not {final}")
        print(f"{name}: 3-D Secure card -> REDIRECT; the page's buttons -> back to the shop, {sdk.authorised} / REJECTED")

        body = order(app.encrypt(GOOD), shop.url)
        key = f"replay-{session['clientSessionId']}"
        first_context, second_context = sdk.CallContext(key), sdk.CallContext(key)
        first = sdk.create_payment(body, first_context)
        second = sdk.create_payment(body, second_context)
        expect(first.payment.id == second.payment.id and first.payment.status == second.payment.status, f"{name}: the replay is another payment")
        expect(first_context.idempotence_request_timestamp is None and second_context.idempotence_request_timestamp is not None,
               f"{name}: timestamps {first_context.idempotence_request_timestamp} {second_context.idempotence_request_timestamp}")
        error = raises(sdk.ValidationException, lambda: sdk.create_payment(body))
        expect(sdk.code(error.errors[0]) == "SANDBOX_ENCRYPTED_CUSTOMER_INPUT_USED", f"{name}: second submission {sdk.code(error.errors[0])}")
        print(f"{name}: idempotent replay -> the same payment, with the first request's timestamp; a second submission -> ValidationException")

        # Two at once with one key, the slow card: one is answered, the other is a duplicate in flight.
        body = order(app.encrypt(dict(GOOD, cardNumber=SLOW)), shop.url)
        key = f"in-flight-{session['clientSessionId'][:16]}"  # at most 40 characters, as the platform takes them
        outcomes = []

        def attempt():
            try:
                outcomes.append(sdk.create_payment(body, sdk.CallContext(key)).payment.status)
            except sdk.IdempotenceException as error:
                outcomes.append(("duplicate", error.idempotence_key, error.status_code))
            except Exception as error:  # noqa: BLE001 - reported below
                outcomes.append(error)

        threads = [threading.Thread(target=attempt) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        expect(sorted(map(str, outcomes)) == sorted([sdk.authorised, str(("duplicate", key, 409))]), f"{name}: in flight {outcomes}")
        print(f"{name}: a duplicate while the first is in flight -> IdempotenceException 409")
    finally:
        sdk.close()



def card_order(number, amount, return_url, tokenize=False, product=1):
    """A create-payment body with card data sent by the server itself (no encryption)."""
    return {
        "order": {"amountOfMoney": {"amount": amount, "currencyCode": "EUR"}, "references": {"merchantReference": f"py-{amount}"}},
        "cardPaymentMethodSpecificInput": {"paymentProductId": product, "tokenize": tokenize,
                                           "card": {"cardNumber": number, "expiryDate": "1235", "cvv": "123"},
                                           "threeDSecure": {"redirectionData": {"returnUrl": return_url}}},
    }


def pay_hosted_checkout(url, binary, work, chromium, card="4111111111111111"):
    """Pays a hosted checkout with `card`: in Chromium (Scripts/test/pay-hosted-checkout.py) when it
    can, else by posting what the page's form posts (the checkout's session's key, `payform
    prepare`; the authorised card only)."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pay-hosted-checkout.py")
    if chromium:
        result = subprocess.run([sys.executable, script, "--chromium", chromium, "--card", card, url], capture_output=True, text=True,
                                timeout=120)
        expect(result.returncode == 0, f"paying in Chromium: {result.stderr.strip()[:400]}")
        return json.loads(result.stdout)["finalUrl"], "Chromium"
    with urllib.request.urlopen(url, timeout=30) as answer:
        page = answer.read().decode()
        url = answer.geturl()  # a payment link's page redirects to its checkout
    import html as html_module
    import re
    config = json.loads(html_module.unescape(re.search(r'data-config="([^"]*)"', page).group(1)))
    app = App(binary, work, dict(config["session"]))
    request = urllib.request.Request(url + "/pay", data=json.dumps({"encryptedCustomerInput": app.encrypt(GOOD)}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())["redirectURL"], "the page's post"


def direct_debit(sdk, shop):
    """Online Payments: a SEPA Direct Debit mandate created through the SDK with signatureType
    SMS (merchantAction REDIRECT to the sandbox's signing page), signed there (the page's form
    posted), read back ACTIVE; a direct debit (product 771) under it collected (CAPTURE_REQUESTED,
    then CAPTURED) with its mandate in the output."""
    name = sdk.name
    mandates = sdk.merchant.mandates()
    created = mandates.create_mandate(sdk.domain("CreateMandateRequest")().from_dictionary({
        "customerReference": "dd-customer", "recurrenceType": "RECURRING", "signatureType": "SMS", "returnUrl": shop.url,
        "customer": {"bankAccountIban": {"iban": "NL91ABNA0417164300"}}}))
    reference = created.mandate.unique_mandate_reference
    action = created.merchant_action
    expect(created.mandate.status == "CREATED" and action.action_type == "REDIRECT" and action.redirect_data.redirect_url,
           f"{name}: an SMS mandate's answer: {created.mandate.status}")
    form = urllib.parse.urlencode({"outcome": "sign", "RETURNMAC": action.redirect_data.returnmac}).encode()

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *arguments):
            return None
    try:
        urllib.request.build_opener(NoRedirect).open(urllib.request.Request(
            action.redirect_data.redirect_url, data=form, method="POST", headers={"Content-Type": "application/x-www-form-urlencoded"}), timeout=30)
        raise Failure(f"{name}: the signing page did not send the customer back")
    except urllib.error.HTTPError as answer:
        expect(answer.code == 303 and answer.headers["Location"].startswith(shop.url), f"{name}: the signing page answered {answer.code}")
    expect(mandates.get_mandate(reference).mandate.status == "ACTIVE", f"{name}: the signed mandate")
    body = {"order": {"amountOfMoney": {"amount": 4200, "currencyCode": "EUR"}},
            "sepaDirectDebitPaymentMethodSpecificInput": {"paymentProductId": 771,
                                                          "paymentProduct771SpecificInput": {"existingUniqueMandateReference": reference}}}
    paid = sdk.create_payment(body)
    output = paid.payment.payment_output
    expect(paid.payment.status == "CAPTURE_REQUESTED" and output.payment_method == "directDebit"
           and output.sepa_direct_debit_payment_method_specific_output.payment_product771_specific_output.mandate_reference == reference,
           f"{name}: a direct debit under the mandate: {paid.payment.status}")
    expect(sdk.get_payment(paid.payment.id).status == "CAPTURED", f"{name}: the direct debit settled")
    print(f"{name}: SEPA mandate (SMS) -> signed on the sandbox's page -> ACTIVE -> direct debit 771 under it -> CAPTURE_REQUESTED -> CAPTURED")


def payment_link(sdk, shop, binary, work, chromium):
    """Online Payments: a payment link created and read through the SDK, its redirectionUrl opened
    and paid (in Chromium when it can: the link's page redirects to a hosted checkout), then read
    back PAID with the payment's id; a cancel of the paid link refused (409)."""
    name = sdk.name
    client = sdk.merchant.payment_links()
    created = client.create_payment_link(sdk.domain("CreatePaymentLinkRequest")().from_dictionary({
        "order": {"amountOfMoney": {"amount": 2500, "currencyCode": "EUR"}, "references": {"merchantReference": "link-1"}},
        "paymentLinkSpecificInput": {"recipientName": "Ada"}, "hostedCheckoutSpecificInput": {"returnUrl": shop.url}}))
    expect(created.status == "ACTIVE" and created.recipient_name == "Ada" and created.expiration_date is not None
           and created.payment_link_order.amount.amount == 2500 and created.payment_link_order.merchant_reference == "link-1"
           and [event.type for event in created.payment_link_events] == ["CREATED"], f"{name}: payment link answer")
    landed, how = pay_hosted_checkout(created.redirection_url, binary, work, chromium)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(landed).query)
    expect(landed.startswith(shop.url) and query.get("paymentId"), f"{name}: the payment link's checkout returned to {landed}")
    read = client.get_payment_link_by_id(created.payment_link_id)
    expect(read.status == "PAID" and [read.payment_id] == query.get("paymentId") and [event.type for event in read.payment_link_events] == ["CREATED", "PAID"],
           f"{name}: the payment link after paying: {read.status}")
    expect(sdk.get_payment(read.payment_id).status == sdk.authorised, f"{name}: the payment link's payment")
    error = raises(sdk.ApiException, lambda: client.cancel_payment_link_by_id(created.payment_link_id))
    expect(error.status_code == 409, f"{name}: cancel of a paid payment link: {error.status_code}")
    print(f"{name}: payment link -> its redirectionUrl paid ({how}) -> PAID with its paymentId; a cancel then refused (409)")


def hosted_tokenization(sdk, binary, work):
    """Online Payments: a hosted tokenization created and read through the SDK, its iframe's submit
    posted as the sandbox's page posts it (the page's session's key, `payform prepare`), the token
    read back, a payment with hostedTokenizationId, a second one refused."""
    name = sdk.name
    client = sdk.merchant.hosted_tokenization()
    created = client.create_hosted_tokenization(sdk.domain("CreateHostedTokenizationRequest")().from_dictionary(
        {"locale": "en_GB", "askConsumerConsent": False, "tokens": "sandboxtokenunknown"}))
    expect(created.invalid_tokens == ["sandboxtokenunknown"] and created.expired_card_tokens == []
           and "/hostedtokenization/form/" in created.hosted_tokenization_url, f"{name}: hosted tokenization answer")
    read = client.get_hosted_tokenization(created.hosted_tokenization_id)
    expect(read.token is None, f"{name}: a hosted tokenization has a token before its submit")
    with urllib.request.urlopen(created.hosted_tokenization_url, timeout=30) as answer:
        page = answer.read().decode()
    import html as html_module
    import re
    config = json.loads(html_module.unescape(re.search(r'data-config="([^"]*)"', page).group(1)))
    app = App(binary, work, dict(config["session"]))
    origin = created.hosted_tokenization_url.split("/hostedtokenization/")[0]
    submit = urllib.request.Request(f"{origin}/hostedtokenization/submit/{created.hosted_tokenization_id}",
                                    data=json.dumps({"encryptedCustomerInput": app.encrypt(GOOD), "storePermanently": True}).encode(),
                                    headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(submit, timeout=30) as answer:
        expect(answer.status == 200, f"{name}: the iframe's submit")
    read = client.get_hosted_tokenization(created.hosted_tokenization_id)
    card = read.token.card.data.card_without_cvv
    expect(read.token_status == "CREATED" and read.token.is_temporary is False and read.token.payment_product_id == 1
           and card.card_number == "411111******1111" and card.expiry_date == "1235", f"{name}: the token read back")
    body = {"order": {"amountOfMoney": {"amount": 900, "currencyCode": "EUR"}}, "hostedTokenizationId": created.hosted_tokenization_id}
    paid = sdk.create_payment(body)
    expect(paid.payment.status == sdk.authorised, f"{name}: paid with hostedTokenizationId: {paid.payment.status}")
    error = raises(sdk.ApiException, lambda: sdk.create_payment(body))
    expect(error.status_code == 409, f"{name}: a second payment with the hosted tokenization: {error.status_code}")
    print(f"{name}: hosted tokenization -> submitted (storePermanently) -> GET: a permanent token, 411111******1111 -> "
          "paid with hostedTokenizationId; a second payment with it refused (409)")


def lifecycle(sdk_class, sandbox, shop, binary, work, chromium):
    """create -> capture -> refund, cancel, failure cards, hosted checkout, token reuse, webhooks."""
    sdk = sdk_class(sandbox.api)
    name = sdk.name
    first_webhook = len(shop.webhooks)
    try:
        created = sdk.create_payment(card_order("4111111111111111", 1000, shop.url))
        payment_id = created.payment.id
        captured = sdk.capture(payment_id, 600)
        expect(captured.status == "CAPTURE_REQUESTED", f"{name}: a capture answers {captured.status}")
        sdk.capture(payment_id, 400)
        settled = "PAID" if sdk_class is Connect else "CAPTURED"
        status = sdk.get_payment(payment_id).status
        expect(status == settled, f"{name}: after the captures settled {status}")
        error = raises(sdk.ReferenceException, lambda: sdk.capture(payment_id, 1))
        wrong_state = ("ACTION_NOT_ALLOWED_ON_TARGET", "SANDBOX_ACTION_NOT_ALLOWED") if sdk_class is Connect else ("ACTION_NOT_ALLOWED_ON_TRANSACTION", "50001127")
        expect(error.status_code == 409 and (error.errors[0].id, sdk.code(error.errors[0])) == wrong_state,
               f"{name}: capture past the amount {error.errors[0].id}")
        sdk.refund_settled(payment_id, 300)
        sdk.refund_settled(payment_id, 300)
        error = raises(sdk.ValidationException, lambda: sdk.refund(payment_id, 500))
        expect(error.errors[0].property_name == "amountOfMoney.amount", f"{name}: refund past captured {error.errors[0].property_name}")
        status = sdk.get_payment(payment_id).status
        expect(status == settled, f"{name}: after refunding part {status}")
        sdk.refund_settled(payment_id, 400)
        status = sdk.get_payment(payment_id).status
        expect(status == "REFUNDED", f"{name}: after refunding everything {status}")
        print(f"{name}: create -> capture 600 + 400 (CAPTURE_REQUESTED, settled: {settled}) -> refund 300 + 300 -> "
              "refund 500 refused (past captured) -> refund 400 -> REFUNDED")
        operations = sdk.operations(payment_id if sdk_class is Connect else captured.id)
        if sdk_class is Connect:
            order = payment_id[:20]
            expect(len(payment_id) == 30 and payment_id.isdigit() and captured.id == order + "0000200001", f"{name}: ids {payment_id} {captured.id}")
            expected = [(order + "0000200001", "capture", 600, "PAID"), (order + "0000300001", "capture", 400, "PAID")] + [
                (order + f"000-{n}00001", "refund", amount, "REFUNDED") for n, amount in ((1, 300), (2, 300), (3, 400))]
            expect([o[:4] for o in operations] == expected, f"{name}: operations {operations}")
        else:
            number = payment_id.split("_")[0]
            expect(payment_id == number + "_0" and captured.id == number + "_1", f"{name}: ids {payment_id} {captured.id}")
            expected = [(number + "_0", 1000, "PENDING_CAPTURE", 5), (number + "_1", 600, "CAPTURED", 9), (number + "_2", 400, "CAPTURED", 9)] + [
                (number + f"_{n}", amount, "REFUNDED", 8) for n, amount in ((3, 300), (4, 300), (5, 400))]
            expect([(o[0], o[2], o[3], o[4]) for o in operations] == expected and all(o[5] == "py-1000" for o in operations),
                   f"{name}: operations {operations}")
            expect(sdk.get_payment(captured.id).id == payment_id, f"{name}: GET by the capture's id")
        print(f"{name}: ids {payment_id} (capture {captured.id}); the payment's {len(operations)} operations read back"
              + (" (returnOperations)" if sdk_class is Connect else " (GetPaymentDetails by the capture's id)"))

        created = sdk.create_payment(card_order("4111111111111111", 700, shop.url))
        cancelled = sdk.cancel(created.payment.id)
        expect(cancelled.payment.status == "CANCELLED", f"{name}: cancel {cancelled.payment.status}")
        error = raises(sdk.ReferenceException, lambda: sdk.capture(created.payment.id))
        expect(error.status_code == 409, f"{name}: capture after cancel {error.status_code}")
        print(f"{name}: create -> cancel (a bodiless POST) -> CANCELLED; capture refused (409)")

        failing = sdk.create_payment(card_order("4012000000006005", 500, shop.url)).payment.id
        error = raises(sdk.ApiException, lambda: sdk.capture(failing))
        expect(error.status_code == 402 and sdk.get_payment(failing).status == "REJECTED_CAPTURE", f"{name}: capture-failure card")
        refund_fails = sdk.create_payment(card_order("4012000000007003", 500, shop.url)).payment.id
        sdk.capture(refund_fails)
        from importlib import import_module
        declined_refund = import_module(sdk.exceptions_package + ".declined_refund_exception").DeclinedRefundException
        error = raises(declined_refund, lambda: sdk.refund(refund_fails, 100))
        expect(error.status_code == 402, f"{name}: refund-failure card {error.status_code}")
        print(f"{name}: capture-failure card -> 402, REJECTED_CAPTURE; refund-failure card -> DeclinedRefundException")

        hosted = sdk.create_hosted_checkout({
            "order": {"amountOfMoney": {"amount": 1500, "currencyCode": "EUR"}},
            "hostedCheckoutSpecificInput": {"returnUrl": shop.url, "locale": "en_GB"}})
        expect(hosted.returnmac and hosted.partial_redirect_url, f"{name}: hosted checkout answer")
        expect(sdk.get_hosted_checkout(hosted.hosted_checkout_id).status == "IN_PROGRESS", f"{name}: hosted checkout IN_PROGRESS")
        landed, how = pay_hosted_checkout("http://" + hosted.partial_redirect_url, binary, work, chromium)
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(landed).query)
        expect(query.get("hostedCheckoutId") == [hosted.hosted_checkout_id] and query.get("RETURNMAC") == [hosted.returnmac],
               f"{name}: return URL {landed}")
        after = sdk.get_hosted_checkout(hosted.hosted_checkout_id)
        expect(after.status == "PAYMENT_CREATED" and after.created_payment_output.payment.status == sdk.authorised,
               f"{name}: hosted checkout after paying {after.status}")
        print(f"{name}: hosted checkout -> paid on the sandbox's page ({how}) -> back with hostedCheckoutId and RETURNMAC -> PAYMENT_CREATED")
        if chromium:
            bare = sdk.create_hosted_checkout({"order": {"amountOfMoney": {"amount": 1600, "currencyCode": "EUR"}}})
            landed, _ = pay_hosted_checkout("http://" + bare.partial_redirect_url, binary, work, chromium, card="4012000000003002")
            expect(urllib.parse.urlsplit(landed).path == "/sandbox/v1/hostedcheckouts/" + bare.hosted_checkout_id,
                   f"{name}: without a returnUrl, 3-D Secure ended on {landed}, not the checkout's page")
            after = sdk.get_hosted_checkout(bare.hosted_checkout_id)
            expect(after.status == "PAYMENT_CREATED" and after.created_payment_output.payment.status == sdk.authorised,
                   f"{name}: hosted checkout without a returnUrl after 3-D Secure: {after.status}")
            with urllib.request.urlopen(landed, timeout=30) as answer:
                shown = answer.read().decode()
            expect('data-state="done"' in shown and sdk.authorised in shown, f"{name}: the checkout's page does not show the outcome")
            print(f"{name}: hosted checkout without a returnUrl, 3-D Secure card completed (Chromium) -> the checkout's own page shows "
                  f"{sdk.authorised}")

        if sdk_class is not Connect:
            hosted_tokenization(sdk, binary, work)
            payment_link(sdk, shop, binary, work, chromium)
            direct_debit(sdk, shop)

        made = sdk.create_payment(card_order("4111111111111111", 800, shop.url, tokenize=True))
        token = made.creation_output.token
        expect(token and made.creation_output.is_new_token, f"{name}: tokenize")
        again = sdk.create_payment({"order": {"amountOfMoney": {"amount": 801, "currencyCode": "EUR"}},
                                    "cardPaymentMethodSpecificInput": {"token": token}})
        expect(again.payment.status == sdk.authorised and sdk.get_token(token).payment_product_id == 1, f"{name}: token reuse")
        print(f"{name}: a payment with tokenize makes a token; a payment with that token is authorised")

        wanted = {"payment.created", "payment.capture_requested", "payment.captured", "refund.refunded", "payment.refunded",
                  "payment.cancelled", "token.created"}
        for _ in range(100):  # the sandbox posts from a thread of its own: wait for the last event
            if wanted <= {json.loads(body).get("type") for body, _, _ in shop.webhooks[first_webhook:]}:
                break
            threading.Event().wait(0.1)
        helper = sdk.webhooks_helper(sandbox.info["webhooks"]["keyId"], sandbox.info["webhooks"]["secretKey"])
        types = set()
        for body, signature, key_id in shop.webhooks[first_webhook:]:
            event = helper.unmarshal(body, [sdk.request_header("X-GCS-Signature", signature), sdk.request_header("X-GCS-KeyId", key_id)])
            types.add(event.type)
        expect(wanted <= types, f"{name}: webhook types {sorted(types)}")
        body, signature, key_id = shop.webhooks[first_webhook]
        from importlib import import_module as load
        invalid = load(sdk.webhooks_package + ".signature_validation_exception").SignatureValidationException
        raises(invalid, lambda: helper.unmarshal(body + b" ", [sdk.request_header("X-GCS-Signature", signature), sdk.request_header("X-GCS-KeyId", key_id)]))
        print(f"{name}: {len(shop.webhooks) - first_webhook} webhooks verified and unmarshalled by WebhooksHelper ({len(types)} types); "
              "a changed body refused")
    finally:
        sdk.close()


def coverage(sdk_class, sandbox, shop):
    """Every operation of the SDK once, through its own clients: how many answer something other
    than 404 (an unknown id answers 404 too, so each call gets an id the sandbox knows)."""
    import inspect
    import typing
    sdk = sdk_class(sandbox.api)
    try:
        payment = sdk.create_payment(card_order("4111111111111111", 999, shop.url)).payment.id
        captured = sdk.create_payment(card_order("4111111111111111", 998, shop.url)).payment.id
        capture = sdk.capture(captured, 500)
        refund = sdk.refund(captured, 100)
        token = sdk.create_payment(card_order("4111111111111111", 997, shop.url, tokenize=True)).creation_output.token
        hosted = sdk.create_hosted_checkout({"order": {"amountOfMoney": {"amount": 1500, "currencyCode": "EUR"}}}).hosted_checkout_id
        mandate_body = sdk.domain("CreateMandateRequest")().from_dictionary({"customerReference": "py"})
        mandate = sdk.merchant.mandates().create(mandate_body) if sdk_class is Connect else sdk.merchant.mandates().create_mandate(mandate_body)
        mandate = mandate.mandate.unique_mandate_reference
        extra = {}
        money = {"amount": 300, "currencyCode": "EUR"}
        if sdk_class is Connect:
            extra["payouts"] = sdk.merchant.payouts().create(sdk.domain("CreatePayoutRequest")().from_dictionary(
                {"payoutDetails": {"amountOfMoney": money}})).id
            dispute = sdk.merchant.payments().dispute(captured, sdk.domain("CreateDisputeRequest")()).id
            extra["disputes"] = dispute
            from worldline.connect.sdk.domain.uploadable_file import UploadableFile
            from worldline.connect.sdk.v1.merchant.disputes.upload_file_request import UploadFileRequest
            upload = UploadFileRequest()
            upload.file = UploadableFile("evidence.txt", b"evidence", "text/plain", 8)
            extra["files"] = sdk.merchant.disputes().upload_file(dispute, upload).file_id
            extra["hostedmandatemanagements"] = sdk.merchant.hostedmandatemanagements().create(
                sdk.domain("CreateHostedMandateManagementRequest")()).hosted_mandate_management_id
        else:
            extra["payouts"] = sdk.merchant.payouts().create_payout(sdk.domain("CreatePayoutRequest")().from_dictionary({"amountOfMoney": money})).id
            extra["payment_links"] = sdk.merchant.payment_links().create_payment_link(sdk.domain("CreatePaymentLinkRequest")().from_dictionary(
                {"paymentLinkOrder": {"amount": money}})).payment_link_id
            extra["hosted_tokenization"] = sdk.merchant.hosted_tokenization().create_hosted_tokenization(
                sdk.domain("CreateHostedTokenizationRequest")()).hosted_tokenization_id
            extra["merchant_batch"] = sdk.merchant.merchant_batch().submit_batch(sdk.domain("SubmitBatchRequestBody")().from_dictionary(
                {"header": {"merchantBatchReference": "py-batch-1"}})).merchant_batch_reference  # sent gzip-compressed
            extra["hosted_fields"] = sdk.merchant.hosted_fields().create_hosted_fields_session(
                sdk.domain("CreateHostedFieldsSessionRequest")()).session_data.hosted_fields_session_id
        ids = {**extra, "payments": payment, "captures": capture.id if sdk_class is Connect else captured, "refunds": refund.id if sdk_class is Connect else captured,
               "complete": payment, "subsequent": payment, "pre_authorization": payment, "tokens": token, "hostedcheckouts": hosted,
               "hosted_checkout": hosted, "mandates": mandate, "products": "1", "productgroups": "cards", "product_groups": "cards"}
        results = []
        merchant = sdk.merchant
        for client_name, getter in inspect.getmembers(type(merchant), predicate=inspect.isfunction):
            if client_name.startswith("_"):
                continue
            client = getattr(merchant, client_name)()
            operations = [(name, function) for name, function in inspect.getmembers(type(client), predicate=inspect.isfunction)
                          if not name.startswith("_")]
            # Reads first, changes next, deletes last (a token read after its deletion is 404).
            operations.sort(key=lambda item: (2 if item[0].startswith("delete") else 0 if item[0].startswith(("get", "find")) else 1, item[0]))
            for operation, function in operations:
                hints = typing.get_type_hints(function)
                arguments = []
                for parameter in list(inspect.signature(function).parameters.values())[1:]:
                    if parameter.name == "context":
                        continue
                    kind = hints.get(parameter.name)
                    if kind is str:
                        arguments.append(ids.get(client_name, "unknown-id"))
                    elif kind is int:
                        arguments.append(302 if "session" in operation else 1)
                    elif inspect.isclass(kind):
                        try:
                            arguments.append(kind())
                        except Exception:  # noqa: BLE001 - an argument it cannot make
                            arguments.append(None)
                    else:
                        arguments.append(None)
                try:
                    function(client, *arguments)
                    status = 200
                except Exception as error:  # noqa: BLE001 - the status is what counts
                    status = getattr(error, "status_code", None) or (404 if type(error).__name__ == "NotFoundException" else 0)
                results.append((f"{client_name}.{operation}", status))
        served = [name for name, status in results if status != 404]
        missing = [name for name, status in results if status == 404]
        print(f"{sdk.name}: coverage {len(served)}/{len(results)} operations answer something other than 404"
              + (f" (404: {', '.join(missing)})" if missing else ""))
        expect(len(served) * 10 >= len(results) * 9, f"{sdk.name}: fewer than 90 % of the operations answered")
        return len(results), len(served)
    finally:
        sdk.close()

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--payform", required=True, help="the payform binary")
    parser.add_argument("--only", choices=["connect", "onlinepayments"], help="one SDK only")
    parser.add_argument("--chromium", help="pay hosted checkouts in this Chromium (needs Playwright; default: the page's post)")
    arguments = parser.parse_args()
    if not os.access(arguments.payform, os.X_OK):
        print(f"server SDK test: {arguments.payform} is not an executable payform binary", file=sys.stderr)
        return 2
    try:
        import worldline.connect.sdk  # noqa: F401
        import onlinepayments.sdk  # noqa: F401
    except ImportError as error:
        print(f"server SDK test: the SDKs are not installed in this Python ({error})", file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="payform-server-sdk-test-")
    sandbox, shop = None, None
    table = []
    try:
        shop = Shop()
        sandbox = start_sandbox(arguments.payform, work, webhook_url=shop.webhook_url)
        print(f"sandbox {sandbox.api['apiEndpoint']} (merchant {sandbox.api['merchantId']})")
        for sdk_class in [Connect, OnlinePayments]:
            if arguments.only and not sdk_class.__name__.lower().startswith(arguments.only):
                continue
            check(sdk_class, sandbox, shop, arguments.payform, work)
            lifecycle(sdk_class, sandbox, shop, arguments.payform, work, arguments.chromium)
            total, served = coverage(sdk_class, sandbox, shop)
            table.append((sdk_class.name, total, served))
        for name, total, served in table:
            print(f"coverage: {name}: {served} of {total} operations answer something other than 404")
        code = sandbox.stop()
        sandbox = None
        expect(code == 0, f"payform sandbox exited {code} on SIGTERM")
        print("server SDK test: PASSED")
        return 0
    except Failure as failure:
        print(f"server SDK test: FAILED: {failure}", file=sys.stderr)
        log = os.path.join(work, "sandbox.log")
        if os.path.exists(log):
            print("--- sandbox.log (last lines)\n" + tail(log), file=sys.stderr)
        return 1
    finally:
        if sandbox:
            sandbox.stop()
        if shop:
            shop.close()
        subprocess.run(["rm", "-rf", work], check=False)


if __name__ == "__main__":
    sys.exit(main())
