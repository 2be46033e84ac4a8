/// `luhn`: spaces are ignored; the rest must be one or more ASCII digits whose Luhn sum is a
/// multiple of 10. No length rule.
package enum LuhnRule {
    /// The result of reading a value: `nil` when a character other than a space or ASCII digit
    /// occurs, else the digit count and whether the Luhn sum is a multiple of 10.
    private static func scan(_ value: String) -> (digits: Int, checksumOK: Bool)? {
        var value = value
        // Native strings are contiguous UTF-8; a bridged one is made so once.
        return value.withUTF8 { scan($0) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (digits: Int, checksumOK: Bool)? {
        // Walk from the right: every second digit (from the rightmost) is doubled, and a doubled
        // digit above 4 counts its two digits (2 × 7 = 14 counts 1 + 4 = 5).
        var sum = 0
        var digits = 0
        var index = bytes.count
        while index > 0 {
            index -= 1
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") { continue }
            guard let digit = ASCIIDigits.digit(byte) else { return nil }
            sum &+= digits & 1 == 0 ? digit : (digit < 5 ? digit * 2 : digit * 2 - 9)
            digits += 1
        }
        // At most 9 per byte: no overflow for any value that fits in memory.
        return (digits, sum % 10 == 0)
    }

    package static func isValid(_ value: String) -> Bool {
        guard let result = scan(value) else { return false }
        return result.digits > 0 && result.checksumOK
    }

    static func inputState(of value: String) -> InputState {
        guard let result = scan(value) else { return .invalid }
        // Any run of digits can be completed by appending one check digit.
        return result.digits > 0 && result.checksumOK ? .valid : .incomplete
    }
}
