/// The result of ``JWE/decrypt(_:with:)``: the verified header and the plaintext.
///
/// The plaintext is typically card data: `description`, `debugDescription` and `dump` show only
/// its size.
package struct JWEDecryption: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The protected header, authenticated by the tag.
    package let header: JWEHeader
    /// The decrypted bytes (UTF-8 JSON for payment requests).
    package let plaintext: [UInt8]

    /// `JWEDecryption(alg: RSA-OAEP, enc: A256CBC-HS512, plaintext: 123 bytes redacted)`.
    package var description: String {
        "JWEDecryption(alg: \(header.algorithm.rawValue), enc: \(header.encryption.rawValue), plaintext: \(plaintext.count) bytes redacted)"
    }

    /// Same as ``description``.
    package var debugDescription: String { description }

}
