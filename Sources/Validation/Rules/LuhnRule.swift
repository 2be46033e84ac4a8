/// `luhn`: spaces are ignored; the rest must be one or more ASCII digits whose Luhn sum is a
/// multiple of 10. No length rule.
enum LuhnRule {
    /// The result of reading a value: `nil` when a character other than a space or ASCII digit
    /// occurs, else the digit count and whether the Luhn sum is a multiple of 10.
    private static func scan(_ value: String) -> (digits: Int, checksumOK: Bool)? {
        // Walk from the right: every second digit (from the rightmost) is doubled.
        var sum = 0
        var digits = 0
        for byte in value.utf8.reversed() {
            if byte == UInt8(ascii: " ") { continue }
            guard let digit = ASCIIDigits.digit(byte) else { return nil }
            if digits % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
            sum %= 10 // keeps the sum small for inputs of any length
            digits += 1
        }
        return (digits, sum == 0)
    }

    static func isValid(_ value: String) -> Bool {
        guard let result = scan(value) else { return false }
        return result.digits > 0 && result.checksumOK
    }

    static func inputState(of value: String) -> InputState {
        guard let result = scan(value) else { return .invalid }
        // Any run of digits can be completed by appending one check digit.
        return result.digits > 0 && result.checksumOK ? .valid : .incomplete
    }
}
