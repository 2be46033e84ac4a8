/// Why a card number could not be read for detection. The message never repeats the number.
public enum CardNumberInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A character other than an ASCII digit, a space or `-`, at this 1-based position (counted in
    /// characters as the customer sees them).
    case unexpectedCharacter(position: Int)

    /// A stable identifier: `bad_number`.
    public var code: String { "bad_number" }

    /// What was wrong and where, without the number.
    public var description: String {
        switch self {
        case .unexpectedCharacter(let position):
            "the card number may hold only digits, spaces and '-', but character \(position) is something else"
        }
    }
}
