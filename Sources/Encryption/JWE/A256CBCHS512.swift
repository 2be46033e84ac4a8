/// AES_256_CBC_HMAC_SHA_512, the JWE content encryption `A256CBC-HS512` (RFC 7518 §5.2.5):
/// encrypt-then-MAC with a 64-byte key, MAC key first.
///
/// ```swift
/// let sealed = try A256CBCHS512.seal(plaintext, key: cek64, iv: iv16, additionalData: aad)
/// let plaintext = try A256CBCHS512.open(sealed.ciphertext, tag: sealed.tag, key: cek64, iv: iv16, additionalData: aad)
/// ```
package enum A256CBCHS512 {
    /// The key size: 32 bytes of HMAC-SHA-512 key followed by 32 bytes of AES-256 key.
    package static let keyByteCount = 64
    /// The IV size.
    package static let ivByteCount = 16
    /// The tag size: the first half of the HMAC-SHA-512 output.
    package static let tagByteCount = 32

    /// Ciphertext and authentication tag.
    package struct Sealed: Sendable, Hashable {
        /// AES-256-CBC ciphertext of the PKCS#7-padded plaintext.
        package let ciphertext: [UInt8]
        /// The 32-byte tag over additional data, IV, ciphertext and the additional data's bit length.
        package let tag: [UInt8]
    }

    /// Encrypts and authenticates `plaintext` (RFC 7518 §5.2.2.1).
    package static func seal(
        _ plaintext: some Collection<UInt8>, key: some Collection<UInt8>, iv: some Collection<UInt8>,
        additionalData: some Collection<UInt8>
    ) throws(SymmetricCipherError) -> Sealed {
        var key = Array(key)
        defer { wipe(&key) }
        guard key.count == keyByteCount else { throw .invalidKeyLength(key.count) }
        let ciphertext = try AES256CBC.encrypt(plaintext, key: key[32...], iv: iv)
        let tag = authenticationTag(macKey: key[..<32], additionalData: additionalData, iv: iv, ciphertext: ciphertext)
        return Sealed(ciphertext: ciphertext, tag: tag)
    }

    /// Checks the full 32-byte tag in constant time and only then decrypts (RFC 7518 §5.2.2.2).
    package static func open(
        _ ciphertext: some Collection<UInt8>, tag: some Collection<UInt8>, key: some Collection<UInt8>,
        iv: some Collection<UInt8>, additionalData: some Collection<UInt8>
    ) throws(SymmetricCipherError) -> [UInt8] {
        var key = Array(key)
        defer { wipe(&key) }
        guard key.count == keyByteCount else { throw .invalidKeyLength(key.count) }
        let expected = authenticationTag(macKey: key[..<32], additionalData: additionalData, iv: iv, ciphertext: ciphertext)
        // A short tag is refused outright: accepting truncated tags makes forgery cheap.
        guard ConstantTime.equals(expected, tag) else { throw .authenticationFailed }
        return try AES256CBC.decrypt(ciphertext, key: key[32...], iv: iv)
    }

    /// The first 32 bytes of HMAC-SHA-512(MAC_KEY, A ‖ IV ‖ E ‖ AL), AL = bit length of A as a
    /// 64-bit big-endian integer.
    static func authenticationTag(
        macKey: ArraySlice<UInt8>, additionalData: some Collection<UInt8>, iv: some Collection<UInt8>,
        ciphertext: some Collection<UInt8>
    ) -> [UInt8] {
        var mac = HMAC<SHA512>(key: macKey)
        mac.update(additionalData)
        mac.update(iv)
        mac.update(ciphertext)
        var lengthField: [UInt8] = []
        lengthField.appendBigEndian(UInt64(truncatingIfNeeded: additionalData.count) &* 8)
        mac.update(lengthField)
        return Array(mac.finalize().prefix(tagByteCount))
    }
}
