import PaymentFormLocalization
import PaymentFormValidation

extension Localizer {
    /// The localized message for a field's validation error, in the field's terms and with the
    /// rule's bounds filled in: the text for the error's reason, field and product when the
    /// tables have one ("Enter the full card number.", "This card has expired."), else the
    /// validator's generic text ("Enter between 3 and 4 characters.").
    ///
    /// ```swift
    /// for error in request.validate(in: .current()).errors {
    ///     show(localizer.message(for: error), on: error.fieldId)   // such as "Enter the 3- or 4-digit security code."
    /// }
    /// ```
    public func message(for error: FieldError) -> String {
        message(for: error.error, fieldIds: error.messageFieldId.map { [error.fieldId, $0] } ?? [error.fieldId],
                productId: error.productId)
    }

    /// The localized message for a validator's error on the fields `fieldIds` (the field's own
    /// id, then the id whose messages fit it) of product `productId`; see
    /// ``message(for:)-(FieldError)`` and `validationMessage(errorId:reason:parameters:fieldIds:productId:)`.
    package func message(for error: ValidationError, fieldIds: [String] = [], productId: String? = nil) -> String {
        var parameters: [String: Int] = [:]
        for parameter in error.parameters where parameters[parameter.name] == nil {
            parameters[parameter.name] = parameter.value
        }
        return validationMessage(errorId: error.id, reason: error.reason?.rawValue, parameters: parameters,
                                 fieldIds: fieldIds, productId: productId)
    }
}
