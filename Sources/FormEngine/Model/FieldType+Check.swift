import PaymentFormValidation
extension FieldType {
    /// The error the field's type gives a non-empty unmasked value, checked after the validators:
    /// `integer` → an integer literal (an optional sign, then ASCII digits, as `range` reads it),
    /// else error `integer`; `numericstring` → ASCII digits only, else error `numericString`.
    /// Other types add no check.
    ///
    /// The Connect guide lists `ValidationErrorInteger` and `ValidationErrorNumericString`; the
    /// Connect SDKs declare them and never raise them, so `x7` passed an integer field.
    package func error(for value: String) -> ValidationError? {
        switch self {
        case .integer:
            IntegerLiteral(value) == nil ? Self.integerError : nil
        case .numericString:
            ASCIIDigits.areAll(in: value) ? nil : Self.numericStringError
        case .string, .expiryDate, .boolean, .date, .other:
            nil
        }
    }

    /// As-you-type state of a non-empty unmasked value against the type: `invalid` once a
    /// character the type never takes is in it, `incomplete` for a lone sign in an integer field.
    package func inputState(of value: String) -> InputState {
        switch self {
        case .integer:
            guard let literal = IntegerLiteral(value, allowingNoDigits: true) else { return .invalid }
            return literal.digitCount == 0 ? .incomplete : .valid
        case .numericString:
            return error(for: value) == nil ? .valid : .invalid
        case .string, .expiryDate, .boolean, .date, .other:
            return .valid
        }
    }

    /// Error id `integer`.
    package static let integerError = ValidationError(id: "integer")
    /// Error id `numericString` (the Connect guide's ValidationErrorNumericString).
    package static let numericStringError = ValidationError(id: "numericString")
}
