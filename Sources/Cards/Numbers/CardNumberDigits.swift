/// The card-number rules every layer shares, written once: which characters a typed card number
/// may hold, and which of its digits a server IIN lookup sends.
///
/// A card number as typed may hold ASCII digits, spaces and `-` (a masked value works as is);
/// anything else is not a card number. A lookup (`getIINdetails`, and the surcharge and
/// currency-conversion calls that take a card's first digits) sends the first 8 digits, or the
/// first 6 when fewer than 8 were typed, and none below 6.
package enum CardNumberDigits {
    /// The fewest digits a lookup is made for.
    package static let shortestLookup = 6
    /// The most digits a lookup sends.
    package static let longestLookup = 8

    /// Whether `byte` may stand between the digits of a typed card number (a space or `-`).
    @inline(__always)
    package static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x2D
    }

    /// The digits of `number` with spaces and `-` removed, or `nil` when anything else is in it.
    package static func digits(of number: String) -> String? {
        var digits: [UInt8] = []
        digits.reserveCapacity(number.utf8.count)
        for byte in number.utf8 {
            if byte &- 0x30 < 10 {
                digits.append(byte)
            } else if !isSeparator(byte) {
                return nil
            }
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// The digits a lookup sends for `digits` (already without separators): the first 8, or the
    /// first 6 when fewer than 8 were typed; `nil` below 6.
    package static func lookupPrefix(of digits: String) -> String? {
        let count = digits.utf8.count
        guard count >= shortestLookup else { return nil }
        return String(digits.prefix(count >= longestLookup ? longestLookup : shortestLookup))
    }

    /// The 1-based character position of the first character of `number` that is not a digit,
    /// space or `-` (counted in characters as the customer sees them); `nil` when there is none.
    package static func firstUnexpectedPosition(in number: String) -> Int? {
        var position = 0
        for character in number {
            position += 1
            let scalars = character.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first, scalar.isASCII,
                  isSeparator(UInt8(scalar.value)) || ("0"..."9").contains(scalar)
            else { return position }
        }
        return nil
    }
}
