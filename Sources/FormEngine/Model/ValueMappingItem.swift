package import PaymentFormJSON

/// One option of a list field: the value sent, and what the customer sees.
public struct ValueMappingItem: ClientAPIModel, JSONModel, Hashable {
    /// The value the request carries when this option is chosen.
    public var value: String
    /// The option's text, when the definition gives one (see ``label``).
    public var displayName: String?
    /// Extra display elements (`{id, type, value}`), kept as sent.
    package var displayElements: [DisplayElement]

    /// An option.
    package init(value: String, displayName: String? = nil, displayElements: [DisplayElement] = []) {
        self.value = value
        self.displayName = displayName
        self.displayElements = displayElements
    }

    /// The text to show: the display name, else a `displayName` display element, else the value.
    public var label: String {
        displayName ?? displayElements.first(where: { $0.id == "displayName" })?.value ?? value
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        value = try object.required("value").fieldText()
        displayName = try object.fieldText("displayName")
        displayElements = try decodeTolerantly(object.optional("displayElements"), diagnostics: &diagnostics) { node, diagnostics throws(DefinitionError) in
            try DisplayElement(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
    }

    package var json: JSONValue {
        jsonObject([
            ("value", .string(value)),
            ("displayName", .from(displayName)),
            ("displayElements", displayElements.isEmpty ? nil : .array(displayElements.map { $0.json })),
        ])
    }
}

/// A display element of a list option: `{id, type, value}` (type STRING, INTEGER, CURRENCY,
/// PERCENTAGE or URI).
package struct DisplayElement: ClientAPIModel, JSONModel, Hashable {
    /// The element's id (`displayName`, `logo`, ...).
    package var id: String
    /// The element's type (`STRING`, `URI`, ...).
    package var type: String
    /// The element's value.
    package var value: String

    /// A display element.
    package init(id: String, type: String, value: String) {
        self.id = id
        self.type = type
        self.value = value
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        id = try object.required("id").fieldText()
        type = try object.fieldText("type") ?? "STRING"
        value = try object.required("value").fieldText()
    }

    package var json: JSONValue {
        jsonObject([("id", .string(id)), ("type", .string(type)), ("value", .string(value))])
    }
}
