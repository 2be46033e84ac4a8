/// Standard base64 (RFC 4648 §4), as used for DER keys in the Client API and in PEM files.
///
/// ```swift
/// let text = Base64.encode(Array("hi".utf8))                  // "aGk="
/// let der = try Base64.decode("MIIB\nIjAN...", ignoringWhitespace: true)
/// ```
package enum Base64 {
    /// The padded base64 text of `bytes`.
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        Base64Alphabet.standard.encode(bytes, padded: true)
    }

    /// Decodes standard base64 with optional `=` padding at the very end.
    ///
    /// With `ignoringWhitespace` (the default), spaces, tabs, carriage returns and line feeds
    /// anywhere are skipped, as in PEM bodies and keys pasted from a terminal. Every other
    /// character must be in the alphabet; unused trailing bits must be zero.
    package static func decode(_ text: some StringProtocol, ignoringWhitespace: Bool = true) throws(Base64Error) -> [UInt8] {
        try decode(utf8: text.utf8, ignoringWhitespace: ignoringWhitespace)
    }

    /// The same for UTF-8 bytes (a PEM body as it sits in the text, without a copy).
    static func decode(utf8 text: some Collection<UInt8>, ignoringWhitespace: Bool = true) throws(Base64Error) -> [UInt8] {
        try Base64Alphabet.standard.decode(text, whitespace: ignoringWhitespace, padding: true)
    }
}
