package import PaymentFormJSON

/// How a field is drawn, and the options of a list.
///
/// ```swift
/// let element = cardNumberField.displayHints.formElement
/// if element.type == .list {
///     for option in element.valueMapping { print(option.value, option.label) }   // a picker
/// }
/// ```
public struct FormElement: ClientAPIModel, JSONModel, Hashable {
    /// The kind of control.
    public var type: FormElementType
    /// The options of a list field, in order (none is pre-selected).
    public var valueMapping: [ValueMappingItem]

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
        for node in try object.optional("valueMapping")?.array(upTo: .options) ?? [] {
            options.append(try ValueMappingItem(json: node.value, at: node.path, diagnostics: &diagnostics))
        }
        valueMapping = options
    }

    package var json: JSONValue {
        jsonObject([
            ("type", .string(type.name)),
            ("valueMapping", valueMapping.isEmpty ? nil : .array(valueMapping.map { $0.json })),
        ])
    }
}
