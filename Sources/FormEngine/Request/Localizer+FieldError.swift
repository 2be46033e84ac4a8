import PaymentFormLocalization
import PaymentFormValidation

extension Localizer {
    /// The localized message for a field's validation error, with the rule's bounds filled in.
    ///
    /// ```swift
    /// for error in request.validate(in: .current()).errors {
    ///     show(localizer.message(for: error), on: error.fieldId)   // such as "Enter between 3 and 4 characters."
    /// }
    /// ```
    public func message(for error: FieldError) -> String {
        message(for: error.error)
    }

    /// The localized message for a validator's error (see ``message(for:)-(FieldError)``).
    package func message(for error: ValidationError) -> String {
        var parameters: [String: Int] = [:]
        for parameter in error.parameters where parameters[parameter.name] == nil {
            parameters[parameter.name] = parameter.value
        }
        return validationMessage(errorId: error.id, parameters: parameters)
    }
}
