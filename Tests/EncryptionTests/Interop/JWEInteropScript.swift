/// The independent Python implementation used by the interop tests, kept in Swift source because
/// the test target declares no resources. Written to a temporary file and run with python3.
enum JWEInteropScript {
    static let source = #"""
#!/usr/bin/env python3
"""Independent JWE (RSA-OAEP / RSA-OAEP-256 + A256CBC-HS512) for the Swift interop tests.

Built only on pyca/cryptography primitives, written from RFC 7516/7518, so that a token made by
one side and opened by the other proves both follow the standard rather than each other.

  jwe_interop.py decrypt PRIVATE_KEY.pem   stdin {"tokens": [...]}
      -> {"results": [{"header": {...}, "plaintext": "<hex>"} | {"error": "..."}]}
  jwe_interop.py encrypt PUBLIC_KEY.pem    stdin {"items": [{"alg", "kid", "plaintext": "<hex>"}]}
      -> {"tokens": [...]}
"""
import base64
import json
import os
import sys

from cryptography.hazmat.primitives import hashes, hmac, padding, serialization
from cryptography.hazmat.primitives.asymmetric import padding as asym
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

HASHES = {"RSA-OAEP": hashes.SHA1, "RSA-OAEP-256": hashes.SHA256}


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text):
    if "=" in text:
        raise ValueError("padding in base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def oaep(alg):
    h = HASHES[alg]
    return asym.OAEP(mgf=asym.MGF1(algorithm=h()), algorithm=h(), label=None)


def tag(mac_key, aad, iv, ciphertext):
    mac = hmac.HMAC(mac_key, hashes.SHA512())
    mac.update(aad + iv + ciphertext + (len(aad) * 8).to_bytes(8, "big"))
    return mac.finalize()[:32]


def decrypt(key, token):
    parts = token.split(".")
    if len(parts) != 5:
        raise ValueError("not 5 segments")
    header = json.loads(unb64url(parts[0]))
    if header.get("enc") != "A256CBC-HS512" or header.get("alg") not in HASHES:
        raise ValueError("unsupported header")
    encrypted_key, iv, ciphertext, received = (unb64url(p) for p in parts[1:])
    cek = key.decrypt(encrypted_key, oaep(header["alg"]))
    if len(cek) != 64 or len(iv) != 16 or len(received) != 32:
        raise ValueError("bad sizes")
    expected = tag(cek[:32], parts[0].encode("ascii"), iv, ciphertext)
    if not hmac_compare(expected, received):
        raise ValueError("tag mismatch")
    decryptor = Cipher(algorithms.AES(cek[32:]), modes.CBC(iv)).decryptor()
    padded = decryptor.update(ciphertext) + decryptor.finalize()
    unpadder = padding.PKCS7(128).unpadder()
    return header, unpadder.update(padded) + unpadder.finalize()


def hmac_compare(a, b):
    import hmac as std_hmac
    return std_hmac.compare_digest(a, b)


def encrypt(public_key, alg, kid, plaintext):
    header = b64url(json.dumps({"alg": alg, "enc": "A256CBC-HS512", "kid": kid}, separators=(",", ":")).encode("utf-8"))
    cek, iv = os.urandom(64), os.urandom(16)
    encrypted_key = public_key.encrypt(cek, oaep(alg))
    padder = padding.PKCS7(128).padder()
    padded = padder.update(plaintext) + padder.finalize()
    encryptor = Cipher(algorithms.AES(cek[32:]), modes.CBC(iv)).encryptor()
    ciphertext = encryptor.update(padded) + encryptor.finalize()
    return ".".join([header, b64url(encrypted_key), b64url(iv), b64url(ciphertext),
                     b64url(tag(cek[:32], header.encode("ascii"), iv, ciphertext))])


def main():
    command, key_path = sys.argv[1], sys.argv[2]
    request = json.load(sys.stdin)
    with open(key_path, "rb") as handle:
        pem = handle.read()
    if command == "decrypt":
        key = serialization.load_pem_private_key(pem, password=None)
        results = []
        for token in request["tokens"]:
            try:
                header, plaintext = decrypt(key, token)
                results.append({"header": header, "plaintext": plaintext.hex()})
            except Exception as error:  # reported per token, never fatal
                results.append({"error": type(error).__name__ + ": " + str(error)})
        json.dump({"results": results}, sys.stdout)
    elif command == "encrypt":
        key = serialization.load_pem_public_key(pem)
        tokens = [encrypt(key, item["alg"], item["kid"], bytes.fromhex(item["plaintext"])) for item in request["items"]]
        json.dump({"tokens": tokens}, sys.stdout)
    else:
        sys.exit("unknown command")


if __name__ == "__main__":
    main()
"""#
}
