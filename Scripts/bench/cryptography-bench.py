#!/usr/bin/env python3
"""Times Python `cryptography` (pyca, on OpenSSL) encrypting and decrypting the same kind of JWE
token as PaymentFormEngine: RSA-OAEP (SHA-1) + A256CBC-HS512 (RFC 7516 compact serialization,
RFC 7518 sections 4.3 and 5.2.5), a 302-byte payload, a 2048-bit key. There is no JOSE library
in between: the token is put together from the library's RSA, AES-CBC, PKCS#7 and HMAC-SHA-512,
so the figures are OpenSSL's primitives plus the little Python that joins them.

    Scripts/bench/cryptography-bench.py PRIVATE_KEY_PEM [SECONDS]

Prints one JSON object per line, like `payform-bench --json`:
    {"id": "cryptography.jwe.encrypt", "name": "...", "nsPerOp": N}
payform-bench runs it (when python3 and cryptography are installed) so the figures come from the
same session as its own. Exits 2 when cryptography is not installed, 1 when a token it made does
not decrypt to its payload.
"""
import base64
import hmac as stdlib_hmac
import json
import os
import sys
import time

try:
    from cryptography.hazmat.primitives import hashes, hmac, serialization
    from cryptography.hazmat.primitives.asymmetric import padding as asymmetric_padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.padding import PKCS7
except ImportError:
    print("cryptography is not installed", file=sys.stderr)
    sys.exit(2)

OAEP = asymmetric_padding.OAEP(mgf=asymmetric_padding.MGF1(hashes.SHA1()), algorithm=hashes.SHA1(), label=None)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=")


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + b"=" * (-len(text) % 4))


def tag(mac_key, aad, iv, ciphertext):
    """The first 32 bytes of HMAC-SHA-512(MAC_KEY, A || IV || E || AL) (RFC 7518 5.2.2.1)."""
    mac = hmac.HMAC(mac_key, hashes.SHA512())
    mac.update(aad + iv + ciphertext + (len(aad) * 8).to_bytes(8, "big"))
    return mac.finalize()[:32]


def encrypt(header, payload, public_key):
    protected = b64url(json.dumps(header, separators=(",", ":")).encode())
    cek, iv = os.urandom(64), os.urandom(16)
    wrapped = public_key.encrypt(cek, OAEP)
    padder = PKCS7(128).padder()
    padded = padder.update(payload) + padder.finalize()
    encryptor = Cipher(algorithms.AES(cek[32:]), modes.CBC(iv)).encryptor()
    ciphertext = encryptor.update(padded) + encryptor.finalize()
    return b".".join([protected, b64url(wrapped), b64url(iv), b64url(ciphertext), b64url(tag(cek[:32], protected, iv, ciphertext))])


def decrypt(token, private_key):
    protected, wrapped, iv, ciphertext, received = token.split(b".")
    header = json.loads(b64url_decode(protected))
    if header.get("alg") != "RSA-OAEP" or header.get("enc") != "A256CBC-HS512":
        raise ValueError("unexpected algorithms")
    cek = private_key.decrypt(b64url_decode(wrapped), OAEP)
    iv, ciphertext = b64url_decode(iv), b64url_decode(ciphertext)
    if not stdlib_hmac.compare_digest(tag(cek[:32], protected, iv, ciphertext), b64url_decode(received)):
        raise ValueError("bad tag")
    decryptor = Cipher(algorithms.AES(cek[32:]), modes.CBC(iv)).decryptor()
    unpadder = PKCS7(128).unpadder()
    return unpadder.update(decryptor.update(ciphertext) + decryptor.finalize()) + unpadder.finalize()


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
        private_key = serialization.load_pem_private_key(file.read(), password=None)
    public_key = private_key.public_key()
    header = {"alg": "RSA-OAEP", "enc": "A256CBC-HS512", "kid": "86b64e4e-f43e-4a27-9863-9bbd5b499f82"}
    payload = b"x" * 302
    token = encrypt(header, payload, public_key)
    if decrypt(token, private_key) != payload:
        print("a token did not decrypt to its payload", file=sys.stderr)
        return 1
    figures = [
        ("cryptography.jwe.encrypt", "cryptography JWE encrypt 302 B (2048-bit)", lambda: encrypt(header, payload, public_key)),
        ("cryptography.jwe.decrypt", "cryptography JWE decrypt (2048-bit private key)", lambda: decrypt(token, private_key)),
    ]
    for identifier, name, body in figures:
        print(json.dumps({"id": identifier, "name": name, "nsPerOp": round(per_operation(body, seconds), 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
