/// The result of ``JWE/decrypt(_:with:)``: the verified header and the plaintext.
///
/// The plaintext is typically card data: `description`, `debugDescription` and `dump` show only
/// its size.
public struct JWEDecryption: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The protected header, authenticated by the tag.
    public let header: JWEHeader
    /// The decrypted bytes (UTF-8 JSON for payment requests).
    public let plaintext: [UInt8]

    /// `JWEDecryption(alg: RSA-OAEP, enc: A256CBC-HS512, plaintext: 123 bytes redacted)`.
    public var description: String {
        "JWEDecryption(alg: \(header.algorithm.rawValue), enc: \(header.encryption.rawValue), plaintext: \(plaintext.count) bytes redacted)"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// Shows the header and the plaintext size only.
    public var customMirror: Mirror {
        Mirror(self, children: ["header": header, "plaintextByteCount": plaintext.count], displayStyle: .struct)
    }
}
