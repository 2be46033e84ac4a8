import PaymentFormCore
import PaymentFormJSON
import PaymentFormValidation

extension FormField {
    /// One field of the `render` JSON; `validators` is the definition's, in the Client API's shape
    /// (`{"length": {"minLength": 3, "maxLength": 4}, "luhn": {}}`, in definition order).
    package func jsonValue(definition: PaymentProductField?, state: FormFieldState?) -> JSONValue {
        var object = JSONObject([
            (key: "id", value: .string(id)),
            (key: "type", value: .string(type)),
            (key: "inputType", value: .string(inputType.rawValue)),
            (key: "label", value: .string(label)),
            (key: "placeholder", value: .optional(placeholder)),
            (key: "tooltip", value: .optional(tooltip)),
            (key: "tooltipImage", value: .optional(tooltipImage)),
            (key: "mask", value: .optional(mask)),
            (key: "maxLength", value: maxLength.map { .integer($0) } ?? .null),
            (key: "obfuscate", value: .bool(obfuscate)),
            (key: "required", value: .bool(state?.required ?? required)),
            (key: "readOnly", value: .bool(readOnly)),
            (key: "value", value: .optional(value)),
            (key: "mustWriteReason", value: .optional(mustWriteReason)),
            (key: "link", value: .optional(link)),
            (key: "linkText", value: .optional(linkText)),
            (key: "options", value: .array(options.map { ["value": .string($0.value), "label": .string($0.label)] })),
            (key: "validators", value: definition?.dataRestrictions.json["validators"] ?? .object(JSONObject())),
        ])
        if let state {
            object.append("text", .string(state.text))
            object.append("state", .string(state.state.rawValue))
            object.append("message", .optional(state.message))
            object.append("errorId", .optional(state.error?.errorId))
        }
        return .object(object)
    }
}

extension PaymentForm {
    /// Each field's `render` JSON (``FormField/jsonValue(definition:state:)``), in the form's
    /// order, its definition and its state found by id: linear in the fields. (Looking each one up
    /// in the list of definitions made a form of 10,000 fields take seconds to open in a page.)
    package func fieldJSONValues(definitions: [PaymentProductField], states: [FormFieldState]) -> [JSONValue] {
        // Positions rather than copies: the module already carries `[String: Int]` (FormFieldIndex).
        var definitionPositions: [String: Int] = [:]
        definitionPositions.reserveCapacity(definitions.count)
        // Decoding refuses repeated ids; should one get here anyway, the first one wins, as
        // `PaymentItem.field(withId:)` answers.
        for index in definitions.indices where definitionPositions[definitions[index].id] == nil {
            definitionPositions[definitions[index].id] = index
        }
        var statePositions: [String: Int] = [:]
        statePositions.reserveCapacity(states.count)
        for index in states.indices { statePositions[states[index].id] = index }
        return fields.map { field in
            field.jsonValue(definition: definitionPositions[field.id].map { definitions[$0] }, state: statePositions[field.id].map { states[$0] })
        }
    }
}
