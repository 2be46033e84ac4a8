"""The test harnesses' shared pieces (Scripts/test/browser-test.py, Scripts/test/example-checkout-test.py,
Scripts/test/server-sdk-test.py, Scripts/test/pay-hosted-checkout.py, Web/test/web_form_test.py).

A script puts the Scripts folder on its path and imports what it needs:

    sys.path.insert(0, os.path.join(ROOT, "Scripts"))
    from lib.sandbox import Sandbox

- lib.checks   Failure, expect, tail: how a check fails and says why
- lib.fetch    request: one HTTP call, any status, as (status, headers, body)
- lib.sandbox  Sandbox: `payform sandbox` on a free port, its first line read, stopped cleanly
- lib.pages    PageServer: a static page server on loopback, with a Content-Security-Policy
- lib.chromium find (and install with apt-get) Debian's chromium; launch it with Playwright
- lib.venv     a virtual environment with pinned packages from PyPI (also a command for the
               shell wrappers: python3 Scripts/lib/venv.py DIR PACKAGE==VERSION ...)

Standard library only: the harnesses start before any virtual environment exists.
"""
