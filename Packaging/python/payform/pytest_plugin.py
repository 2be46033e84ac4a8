"""The pytest plugin of the payform wheel (entry point `pytest11`): the `payform_sandbox` fixture.

    def test_payment(payform_sandbox):
        client = Factory.create_client_from_configuration(CommunicatorConfiguration(
            api_endpoint=payform_sandbox.api_endpoint, api_key_id=payform_sandbox.api_key_id,
            secret_api_key=payform_sandbox.secret_api_key, authorization_type="v1HMAC", integrator="tests"))
        merchant = client.merchant(payform_sandbox.merchant_id)
        ...
        payform_sandbox.webhooks.wait_for(lambda event: event.json["type"] == "payment.pending_capture")

One sandbox for the whole session, on a free port, stopped at its end (payform.sandbox.Sandbox).
Options: `--payform-binary PATH` (else $PAYFORM, else the wheel's binary, else PATH); in the ini
file, `payform_sandbox_args` (more `payform sandbox` options, such as `--merchant-id shop`) and
`payform_webhooks = false` (no webhook receiver, no `--webhook-url`).
"""
import pytest

from .sandbox import Sandbox


def pytest_addoption(parser):
    group = parser.getgroup("payform", "payform sandbox")
    group.addoption("--payform-binary", default=None, metavar="PATH",
                    help="the payform binary the payform_sandbox fixture runs (default: $PAYFORM, the wheel's, PATH)")
    parser.addini("payform_sandbox_args", type="args", default=[], help="more `payform sandbox` options for payform_sandbox")
    parser.addini("payform_webhooks", type="bool", default=True, help="give payform_sandbox a webhook receiver (default true)")


@pytest.fixture(scope="session")
def payform_sandbox(request):
    """`payform sandbox` for the session: endpoint, merchant id, key id and secret, the client
    session, `webhooks` (verified posts), `clock` (None until the sandbox has a test clock)."""
    sandbox = Sandbox(request.config.getini("payform_sandbox_args"), binary=request.config.getoption("payform_binary"),
                      webhooks=request.config.getini("payform_webhooks"))
    try:
        yield sandbox
    finally:
        sandbox.stop()
