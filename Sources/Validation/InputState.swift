/// How a partially typed value stands against a validator, so a UI can hold back red errors
/// while the value can still become valid.
///
/// "Continuation" means characters appended at the end of the value.
///
/// ```swift
/// try request.setValue("4111", forField: "cardNumber")
/// try request.inputState(ofField: "cardNumber", in: context)  // .incomplete
/// try request.setValue("4111 1111 1111 1111 1111", forField: "cardNumber")   // 20 digits
/// try request.inputState(ofField: "cardNumber", in: context)  // .invalid
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
