import PaymentFormCore
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormValidation

extension FieldError {
    /// One error: field, error id, the rule's parameters under their Client API names, the
    /// reason when the validator tells one (`"reason": "expired"`), message.
    package func jsonValue(localizer: Localizer) -> JSONValue {
        var object = JSONObject([(key: "fieldId", value: .string(fieldId)), (key: "errorId", value: .string(errorId))])
        for parameter in error.parameters {
            object.append(parameter.name, .integer(parameter.value))
        }
        if let reason = error.reason { object.append("reason", .string(reason.rawValue)) }
        object.append("message", .string(localizer.message(for: self)))
        return .object(object)
    }
}
