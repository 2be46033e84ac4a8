import PaymentFormValidation

/// A validation failure of one field of a request: which field, which rule, with which bounds.
public struct FieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field's id.
    public let fieldId: String
    /// The rule that failed; its `id` is `required` or the validator's Client API key.
    public let error: ValidationError
    /// The product (or group) whose form the field is on, for its own message texts
    /// (`gc.general.paymentProducts.<id>.paymentProductFields.…`); `nil` when unknown.
    ///
    /// This and ``messageFieldId`` only say where the error's message is looked up; they follow
    /// from the field's definition, so two errors are equal (and hash alike) when their field and
    /// rule are, and neither is encoded.
    package let productId: String?
    /// The Client API field id whose messages fit the field when its own id is another
    /// (``PaymentProductField/messageFieldId``).
    package let messageFieldId: String?

    /// A failure.
    package init(fieldId: String, error: ValidationError, productId: String? = nil, messageFieldId: String? = nil) {
        self.fieldId = fieldId
        self.error = error
        self.productId = productId
        self.messageFieldId = messageFieldId
    }

    /// `required`, `length`, `luhn`, ...
    public var errorId: String { error.id }

    /// Errors are equal when their field and rule (id, parameters, reason) are.
    public static func == (lhs: FieldError, rhs: FieldError) -> Bool {
        lhs.fieldId == rhs.fieldId && lhs.error == rhs.error
    }

    /// Hashes the field and the rule.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fieldId)
        hasher.combine(error)
    }

    /// Names the field and rule only, never the value.
    public var description: String {
        let parameters = error.parameters.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
        return parameters.isEmpty ? "\(fieldId): \(errorId)" : "\(fieldId): \(errorId) (\(parameters))"
    }
}
