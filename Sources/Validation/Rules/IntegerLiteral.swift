/// A value read as an integer literal for `range`: an optional `+` or `-`, then ASCII digits,
/// nothing else (no spaces, decimal points, exponents or grouping).
///
/// The magnitude is kept as a `UInt64` when it fits (which covers every `Int` including
/// `Int.min`'s magnitude) and flagged as overflowing otherwise, so literals of any length are
/// read in one linear pass and compared correctly, never trapped on.
package struct IntegerLiteral {
    /// Whether a `-` sign was written.
    var isNegative: Bool
    /// The number of digits read.
    package var digitCount: Int
    /// The magnitude, or `nil` when it exceeds `UInt64.max` (and so every `Int` bound).
    var magnitude: UInt64?

    /// Reads `text`, or returns `nil` when it holds anything but an optional sign and ASCII digits.
    /// With `allowingNoDigits`, a bare sign or empty text is accepted (for prefixes while typing).
    package init?(_ text: String, allowingNoDigits: Bool = false) {
        var bytes = text.utf8[...]
        isNegative = false
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            isNegative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        digitCount = 0
        var magnitude: UInt64? = 0
        for byte in bytes {
            guard let digit = ASCIIDigits.digit(byte) else { return nil }
            digitCount += 1
            if let current = magnitude {
                let (times10, overflow1) = current.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
                magnitude = overflow1 || overflow2 ? nil : sum
            }
        }
        guard digitCount > 0 || allowingNoDigits else { return nil }
        self.magnitude = magnitude
    }
}
