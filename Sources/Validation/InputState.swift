/// How a partially typed value stands against a validator, so a UI can hold back red errors
/// while the value can still become valid.
///
/// "Continuation" means characters appended at the end of the value.
///
/// ```swift
/// try request.inputState(ofField: "cardNumber", in: context)  // "4111": .incomplete
/// try request.inputState(ofField: "cardNumber", in: context)  // "4111x": .invalid
/// ```
public enum InputState: String, Sendable {
    /// The value passes the validator as it is.
    case valid
    /// The value fails and no continuation can make it pass (e.g. a letter in a card number,
    /// month 13, more characters than the maximum length).
    case invalid
    /// The value fails now, but some continuation could make it pass (e.g. too short so far).
    case incomplete
}
