#!/usr/bin/env python3
"""The backend check: both official Python server SDKs, unchanged, against `payform sandbox`.

Usage: Scripts/server-sdk-test.py --payform .build/debug/payform [--only connect|onlinepayments]
(run it with a Python that has connect-sdk-python3==6.3.0 and onlinepayments-sdk-python3==10.3.0;
Scripts/server-sdk-test.sh makes that virtual environment).

For each SDK (Connect on /v1, Online Payments on /v2), as a merchant's server would:
  create session -> the app encrypts (`payform fetch public-key` on the minted session, then
  `payform prepare`) -> create payment -> get payment; and the answers a backend suite asserts on:
  a bad signature (ApiException 401), another merchant id (AuthorizationException 403), an unknown
  payment id (ReferenceException 404), values invalid as sent, the CVV `1a23` among them
  (ValidationException, per field), a declined card (DeclinedPaymentException, REJECTED), the
  3-D Secure card with its page driven to both outcomes (the page's buttons posted as a browser
  does, back to a local shop's return page), an idempotent replay (same payment, the first
  request's timestamp), a duplicate while the first is in flight (IdempotenceException), and an
  encryptedCustomerInput submitted twice.

Every process started here is stopped on the way out. Exit status: 0 passed, 1 failed, 2 usage or
setup problem (the shell wrapper decides about skipping when the SDKs cannot be installed).
"""

import argparse
import html.parser
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Failure(Exception):
    """A check failed; the message says which and what was seen."""


def expect(condition, message):
    if not condition:
        raise Failure(message)


# Values a valid client sends (unmasked), and the sandbox's test cards.
GOOD = {"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}
DECLINED = "4012001775445550"
CHALLENGE = "4012000000003002"
SLOW = "4012000000009009"


class Sandbox:
    """`payform sandbox` as a process, with the Server API options given, and its first line."""

    def __init__(self, payform, work):
        self.log = open(os.path.join(work, "sandbox.log"), "w")
        secret = os.path.join(work, "secret")
        with open(secret, "w") as file:
            file.write("python-sdk-tests-secret-NOT-FOR-PRODUCTION\n")
        self.process = subprocess.Popen(
            [payform, "sandbox", "--merchant-id", "python-tests", "--secret-api-key-file", secret],
            stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL, text=True)
        result = []
        reader = threading.Thread(target=lambda: result.append(self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(60)
        if not result or not result[0].strip():
            raise Failure("payform sandbox printed no first line within 60 s")
        self.info = json.loads(result[0])
        self.api = self.info["serverApi"]
        expect(self.api["merchantId"] == "python-tests", f"serverApi: {self.api}")
        expect(self.api["secretApiKey"] == "python-sdk-tests-secret-NOT-FOR-PRODUCTION", "the secret file's value is not the one printed")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.log.close()
        return self.process.returncode


class Shop:
    """The shop's return page on loopback: where the 3-D Secure page sends the customer back."""

    def __init__(self):
        self.returns = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                owner.returns.append(urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query))
                body = b"<p>back at the shop</p>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/checkout/return?order=42"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


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

    @staticmethod
    def declined_payment(error):
        return error.create_payment_response.payment

    @staticmethod
    def code(error):
        return error.error_code


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
        key = f"in-flight-{session['clientSessionId']}"
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--payform", required=True, help="the payform binary")
    parser.add_argument("--only", choices=["connect", "onlinepayments"], help="one SDK only")
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
    try:
        sandbox = Sandbox(arguments.payform, work)
        shop = Shop()
        print(f"sandbox {sandbox.api['apiEndpoint']} (merchant {sandbox.api['merchantId']})")
        for sdk_class in [Connect, OnlinePayments]:
            if arguments.only and not sdk_class.__name__.lower().startswith(arguments.only):
                continue
            check(sdk_class, sandbox, shop, arguments.payform, work)
        code = sandbox.stop()
        sandbox = None
        expect(code == 0, f"payform sandbox exited {code} on SIGTERM")
        print("server SDK test: PASSED")
        return 0
    except Failure as failure:
        print(f"server SDK test: FAILED: {failure}", file=sys.stderr)
        log = os.path.join(work, "sandbox.log")
        if os.path.exists(log):
            with open(log, errors="replace") as file:
                print("--- sandbox.log (last lines)\n" + "".join(file.readlines()[-25:]), file=sys.stderr)
        return 1
    finally:
        if sandbox:
            sandbox.stop()
        if shop:
            shop.close()
        subprocess.run(["rm", "-rf", work], check=False)


if __name__ == "__main__":
    sys.exit(main())
