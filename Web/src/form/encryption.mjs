// The request's encryption: the engine writes the JWE's header and payload, WebCrypto does the
// primitives.

import { PaymentFormError } from "../payform-engine.mjs";

/**
 * The JWE compact token of a submit's `encrypt` (`{alg, header, key: {n, e}, payload}`): the
 * engine checked the key and wrote the protected header and the payload; WebCrypto wraps a fresh
 * 64-byte content key with RSA-OAEP (SHA-1), encrypts with AES-256-CBC and authenticates with
 * HMAC-SHA-512 (A256CBC-HS512, RFC 7518 §5.2.2). Needs a secure context (HTTPS or localhost).
 */
export async function encryptPayload({ alg, header, key, payload }) {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new PaymentFormError("encryption_unavailable", "encrypting needs WebCrypto (crypto.subtle), which browsers give secure pages only: serve the page over HTTPS");
  const hash = { "RSA-OAEP": "SHA-1", "RSA-OAEP-256": "SHA-256" }[alg];
  if (!hash) throw new PaymentFormError("encryption_failed", `unknown key wrapping ${alg}`);
  const contentKey = globalThis.crypto.getRandomValues(new Uint8Array(64));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(16));
  try {
    const publicKey = await subtle.importKey("jwk", { kty: "RSA", n: key.n, e: key.e, alg, ext: true }, { name: "RSA-OAEP", hash }, false, ["encrypt"]);
    const aesKey = await subtle.importKey("raw", contentKey.subarray(32), { name: "AES-CBC" }, false, ["encrypt"]);
    const macKey = await subtle.importKey("raw", contentKey.subarray(0, 32), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]);
    const [wrapped, ciphertext] = await Promise.all([
      subtle.encrypt({ name: "RSA-OAEP" }, publicKey, contentKey),
      subtle.encrypt({ name: "AES-CBC", iv }, aesKey, utf8.encode(payload)),
    ]);
    const aad = utf8.encode(header);
    const signed = new Uint8Array(aad.length + iv.length + ciphertext.byteLength + 8);
    signed.set(aad, 0);
    signed.set(iv, aad.length);
    signed.set(new Uint8Array(ciphertext), aad.length + iv.length);
    new DataView(signed.buffer).setBigUint64(signed.length - 8, BigInt(aad.length) * 8n);
    const tag = new Uint8Array(await subtle.sign("HMAC", macKey, signed)).subarray(0, 32);
    return [header, base64url(wrapped), base64url(iv), base64url(ciphertext), base64url(tag)].join(".");
  } finally {
    contentKey.fill(0);
  }
}

const utf8 = new TextEncoder();

/** BASE64URL without padding. */
function base64url(bytes) {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = "";
  for (let index = 0; index < view.length; index += 0x8000) binary += String.fromCharCode(...view.subarray(index, index + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
