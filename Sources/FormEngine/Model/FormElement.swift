package import PaymentFormJSON

/// How a field is drawn, and the options of a list.
package struct FormElement: ClientAPIModel, JSONModel, Hashable {
    /// The kind of control.
    package var type: FormElementType
    /// The options of a list field, in order.
    package var valueMapping: [ValueMappingItem]

    /// A form element.
    package init(type: FormElementType, valueMapping: [ValueMappingItem] = []) {
        self.type = type
        self.valueMapping = valueMapping
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        type = try FormElementType.decode(object.required("type"), diagnostics: &diagnostics)
        // A list with a broken option is a broken list: fail rather than show fewer options.
        var options: [ValueMappingItem] = []
        for node in try object.optional("valueMapping")?.array() ?? [] {
            options.append(try ValueMappingItem(json: node.value, at: node.path, diagnostics: &diagnostics))
        }
        valueMapping = options
    }

    package var json: JSONValue {
        jsonObject([
            ("type", .string(type.name)),
            ("valueMapping", valueMapping.isEmpty ? nil : .array(valueMapping.map(\.json))),
        ])
    }
}
