// Mirrors that leave card data out of `dump` and debuggers, for the types of PaymentFormEncryption.
// Mirror is a runtime reflection type: it is not available in Embedded Swift, so these live here,
// beside the core, for native builds.
import PaymentFormEncryption

extension JWEDecryption: CustomReflectable {
    /// Shows the header and the plaintext size only.
    package var customMirror: Mirror {
        Mirror(self, children: ["header": header, "plaintextByteCount": plaintext.count], displayStyle: .struct)
    }
}

extension RSAPrivateKey: CustomReflectable {
    /// Shows only the size, so `dump` prints no key material.
    package var customMirror: Mirror { Mirror(self, children: ["bitCount": publicKey.bitCount], displayStyle: .struct) }
}

extension RSAPublicKey: CustomReflectable {
    /// Shows only the size, so `dump` prints no key material.
    package var customMirror: Mirror { Mirror(self, children: ["bitCount": bitCount], displayStyle: .struct) }
}
