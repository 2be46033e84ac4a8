"""One HTTP call with the standard library, whatever its status."""
import urllib.error
import urllib.request


def request(url, method="GET", body=None, headers=None, timeout=20):
    """(status, headers, body bytes) of any answer, errors included; `body` is bytes or text."""
    data = body if isinstance(body, (bytes, type(None))) else body.encode()
    call = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(call, timeout=timeout) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()
