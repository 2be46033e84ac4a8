import PaymentFormEngine

/// The Sips guide's rule for `MD`: "if confidential data are included, as the PAN, they must be
/// encrypted". The engine cannot tell every confidential value, but it can refuse the one it
/// knows: a card number in clear.
enum SipsMerchantData {
    /// Whether `text` holds a card number in clear: a run of 13 to 19 ASCII digits (single spaces
    /// or dashes between digits, as card numbers are written, belong to the run) that passes the
    /// Luhn check. Longer runs (an order number of 25 digits) are not card numbers.
    static func holdsCardNumber(_ text: String) -> Bool {
        var digits: [UInt8] = []
        var pendingSeparator = false
        func runHoldsCardNumber() -> Bool {
            (13...19).contains(digits.count)
                && Validator.luhn.validate(String(decoding: digits, as: UTF8.self), in: luhnContext) == nil
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits.append(byte)
                pendingSeparator = false
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                if !digits.isEmpty, !pendingSeparator {
                    pendingSeparator = true
                } else {
                    if runHoldsCardNumber() { return true }
                    digits.removeAll(keepingCapacity: true)
                    pendingSeparator = false
                }
            default:
                if runHoldsCardNumber() { return true }
                digits.removeAll(keepingCapacity: true)
                pendingSeparator = false
            }
        }
        return runHoldsCardNumber()
    }

    /// The Luhn check does not depend on the month; any context will do.
    private static let luhnContext = ValidationContext.current()
}
