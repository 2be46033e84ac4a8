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
        var significant: [(character: UInt8, offset: Int)] = []
        significant.reserveCapacity(text.utf8.count)
        var paddingCount = 0
        for (offset, character) in text.utf8.enumerated() {
            switch character {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                guard ignoringWhitespace else { throw .invalidCharacter(offset: offset) }
            case UInt8(ascii: "="):
                paddingCount += 1
                guard paddingCount <= 2 else { throw .invalidCharacter(offset: offset) }
            default:
                // Nothing significant may follow padding.
                guard paddingCount == 0 else { throw .invalidCharacter(offset: offset) }
                significant.append((character, offset))
            }
        }
        if paddingCount > 0, (significant.count + paddingCount) % 4 != 0 {
            throw .invalidLength(count: significant.count + paddingCount)
        }
        return try Base64Alphabet.standard.decode(significant: significant)
    }
}
