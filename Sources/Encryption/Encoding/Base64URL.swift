/// Base64url without padding (RFC 4648 §5, as JOSE uses it: RFC 7515 §2).
///
/// ```swift
/// let text = Base64URL.encode([0xFB, 0xFF])        // "-_8"
/// let bytes = try Base64URL.decode("-_8")          // [0xFB, 0xFF]
/// ```
package enum Base64URL {
    /// The unpadded base64url text of `bytes`.
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        Base64Alphabet.url.encode(bytes, padded: false)
    }

    /// Strictly decodes unpadded base64url: every character must be in the URL alphabet (no
    /// `=`, whitespace, `+` or `/`), the length must be possible, and unused trailing bits zero,
    /// so each byte string has exactly one accepted encoding.
    package static func decode(_ text: some StringProtocol) throws(Base64Error) -> [UInt8] {
        try Base64Alphabet.url.decode(text.utf8, whitespace: false, padding: false)
    }

    /// The same for UTF-8 bytes (a segment of a token, without a copy).
    static func decode(utf8 text: some Collection<UInt8>) throws(Base64Error) -> [UInt8] {
        try Base64Alphabet.url.decode(text, whitespace: false, padding: false)
    }
}
