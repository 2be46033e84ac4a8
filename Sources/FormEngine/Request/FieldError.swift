import PaymentFormValidation

/// A validation failure of one field of a request: which field, which rule, with which bounds.
public struct FieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field's id.
    public let fieldId: String
    /// The rule that failed; its `id` is `required` or the validator's Client API key.
    public let error: ValidationError

    /// A failure.
    package init(fieldId: String, error: ValidationError) {
        self.fieldId = fieldId
        self.error = error
    }

    /// `required`, `length`, `luhn`, ...
    public var errorId: String { error.id }

    /// Names the field and rule only, never the value.
    public var description: String {
        let parameters = error.parameters.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
        return parameters.isEmpty ? "\(fieldId): \(errorId)" : "\(fieldId): \(errorId) (\(parameters))"
    }
}
