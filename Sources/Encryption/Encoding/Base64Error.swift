/// Why base64 or base64url text could not be decoded. Offsets count UTF-8 bytes from the start of
/// the text, so they point at the offending character without quoting it.
package enum Base64Error: Error, Sendable, Hashable {
    /// A character outside the alphabet (or `=` where padding is not allowed) at this offset.
    case invalidCharacter(offset: Int)
    /// The number of significant characters leaves a single dangling character (`count % 4 == 1`),
    /// or padding does not complete a 4-character group.
    case invalidLength(count: Int)
    /// The last character carries bits that the encoded bytes do not use; a canonical encoder
    /// leaves them zero, so the text was altered or produced by a faulty encoder.
    case nonZeroTrailingBits(offset: Int)
}
