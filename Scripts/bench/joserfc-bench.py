#!/usr/bin/env python3
"""Times joserfc (Python, on pyca/cryptography and OpenSSL) encrypting and decrypting the same
kind of token as PaymentFormEngine: RSA-OAEP + A256CBC-HS512, a 302-byte payload, a 2048-bit key.

    Scripts/bench/joserfc-bench.py PRIVATE_KEY_PEM [SECONDS]

Prints one JSON object per line, like `payform-bench --json`:
    {"id": "joserfc.jwe.encrypt", "name": "...", "nsPerOp": N}
payform-bench runs it (when python3 and joserfc are installed) so the figures come from the same
session as its own. Exits 2 when joserfc is not installed.
"""
import json
import sys
import time

try:
    from joserfc import jwe
    from joserfc.jwk import RSAKey
except ImportError:
    print("joserfc is not installed", file=sys.stderr)
    sys.exit(2)


def per_operation(body, seconds):
    """Median over 5 rounds of the mean CPU time per call, in nanoseconds (CPU time, as
    payform-bench and `openssl speed` measure, so other processes on the machine do not count)."""
    calls = 1
    while True:
        start = time.thread_time()
        for _ in range(calls):
            body()
        elapsed = time.thread_time() - start
        if elapsed >= seconds / 20:
            break
        calls *= 2
    rounds = []
    for _ in range(5):
        start = time.thread_time()
        for _ in range(calls):
            body()
        rounds.append((time.thread_time() - start) / calls * 1e9)
    rounds.sort()
    return rounds[2]


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    with open(sys.argv[1], "rb") as file:
        key = RSAKey.import_key(file.read())
    header = {"alg": "RSA-OAEP", "enc": "A256CBC-HS512", "kid": "86b64e4e-f43e-4a27-9863-9bbd5b499f82"}
    payload = b"x" * 302
    token = jwe.encrypt_compact(header, payload, key)
    figures = [
        ("joserfc.jwe.encrypt", "joserfc JWE encrypt 302 B (2048-bit)", lambda: jwe.encrypt_compact(header, payload, key)),
        ("joserfc.jwe.decrypt", "joserfc JWE decrypt (2048-bit private key)", lambda: jwe.decrypt_compact(token, key)),
    ]
    for identifier, name, body in figures:
        print(json.dumps({"id": identifier, "name": name, "nsPerOp": round(per_operation(body, seconds), 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
