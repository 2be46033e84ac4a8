#!/usr/bin/env python3
"""Tokens for Scripts/bench/server-api-load.sh: N distinct `encryptedCustomerInput` values (each is
taken once), a valid Visa test card encrypted for a session as a client SDK does (JWE RSA-OAEP
with SHA-1 + A256CBC-HS512), one per line.

Usage: Scripts/bench/server-api-load.py PUBLIC_KEY_JSON CLIENT_SESSION_ID COUNT > tokens.txt
Needs the `cryptography` package (Debian: python3-cryptography).
"""
import base64
import hashlib
import hmac
import json
import os
import sys
import uuid

from cryptography.hazmat.primitives import hashes, padding as symmetric, serialization
from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=")


def main():
    key = json.load(open(sys.argv[1]))
    session, count = sys.argv[2], int(sys.argv[3])
    public = serialization.load_der_public_key(base64.b64decode(key["publicKey"]))
    header = b64url(json.dumps({"alg": "RSA-OAEP", "enc": "A256CBC-HS512", "kid": key["keyId"]}, separators=(",", ":")).encode())
    length = (len(header) * 8).to_bytes(8, "big")
    oaep = padding.OAEP(mgf=padding.MGF1(algorithm=hashes.SHA1()), algorithm=hashes.SHA1(), label=None)
    out = sys.stdout.buffer
    for _ in range(count):
        payload = json.dumps({
            "clientSessionId": session, "nonce": str(uuid.uuid4()), "paymentProductId": 1,
            "paymentValues": [{"key": "cardNumber", "value": "4111111111111111"}, {"key": "expiryDate", "value": "1235"},
                              {"key": "cvv", "value": "123"}],
        }, separators=(",", ":")).encode()
        content_key = os.urandom(64)
        iv = os.urandom(16)
        padder = symmetric.PKCS7(128).padder()
        padded = padder.update(payload) + padder.finalize()
        encryptor = Cipher(algorithms.AES(content_key[32:]), modes.CBC(iv)).encryptor()
        ciphertext = encryptor.update(padded) + encryptor.finalize()
        tag = hmac.new(content_key[:32], header + iv + ciphertext + length, hashlib.sha512).digest()[:32]
        token = b".".join([header, b64url(public.encrypt(content_key, oaep)), b64url(iv), b64url(ciphertext), b64url(tag)])
        out.write(token + b"\n")


if __name__ == "__main__":
    main()
