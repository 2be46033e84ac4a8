"""PaymentFormEngine's `payform` for Python test suites: the binary (the `payform` command), the
sandbox from Python (payform.sandbox.Sandbox) and a pytest plugin (the `payform_sandbox` fixture).
The version is the engine's, filled in by Scripts/build/package.sh."""
from .sandbox import PayformNotFound, Sandbox, SandboxError, Webhook, WebhookReceiver, bundled_payform, find_payform

__version__ = "0.0.0-set-by-package"
__all__ = ["PayformNotFound", "Sandbox", "SandboxError", "Webhook", "WebhookReceiver", "bundled_payform", "find_payform"]
