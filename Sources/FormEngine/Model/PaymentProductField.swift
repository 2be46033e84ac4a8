package import PaymentFormJSON
import PaymentFormMasking

/// One input of a payment form: its id, type, how to show it and how to validate it.
///
/// A screen that draws its own controls reads them here, as the Connect guide's code does:
///
/// ```swift
/// if let field = product.field(withId: "cvv") {
///     let isRequired = field.dataRestrictions.isRequired        // true
///     let obfuscate = field.displayHints.obfuscate              // true: hide the digits
///     let numeric = field.displayHints.preferredInputType == .integer
///     let maxLength = field.dataRestrictions.validators.compactMap { validator -> Int? in
///         if case .length(_, let maximum) = validator { return maximum } else { return nil }
///     }.first                                                   // 4
/// }
/// ```
///
/// To validate values, use a ``PaymentRequest`` or a ``PaymentFormController``: they also apply
/// the account on file, the IIN answer and the field's type.
public struct PaymentProductField: ClientAPIModel, JSONModel, Hashable, Identifiable {
    /// The field id (`cardNumber`, `expiryDate`, ...): the key of its value in a request.
    public var id: String
    /// The field's data type (`numericstring`, `expirydate`, ...): ``FieldType/integer`` and
    /// ``FieldType/numericString`` values are checked after the validators.
    public var type: FieldType
    /// How the field is shown: label, placeholder, mask, keyboard, control, tooltip, list options.
    public var displayHints: FieldDisplayHints
    /// Whether the field is required and the validators its value must pass.
    public var dataRestrictions: DataRestrictions
    /// Whether the value is used for an IIN/issuer lookup.
    package var usedForLookup: Bool

    /// A field.
    package init(
        id: String, type: FieldType = .string, displayHints: FieldDisplayHints = FieldDisplayHints(),
        dataRestrictions: DataRestrictions = DataRestrictions(), usedForLookup: Bool = false
    ) {
        self.id = id
        self.type = type
        self.displayHints = displayHints
        self.dataRestrictions = dataRestrictions
        self.usedForLookup = usedForLookup
    }

    /// The field's mask, if it has one.
    public var mask: Mask? { displayHints.mask }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        id = try object.required("id").fieldText()
        if id.isEmpty { throw try object.required("id").invalid("field id must not be empty") }
        type = try object.optional("type").map { node throws(DefinitionError) in try FieldType.decode(node, diagnostics: &diagnostics) } ?? .string
        let hints = try object.required("displayHints")
        displayHints = try FieldDisplayHints(json: hints.value, at: hints.path, diagnostics: &diagnostics)
        dataRestrictions = try object.optional("dataRestrictions").map { node throws(DefinitionError) in
            try DataRestrictions(json: node.value, at: node.path, diagnostics: &diagnostics)
        } ?? DataRestrictions()
        usedForLookup = try object.bool("usedForLookup") ?? false
    }

    package var json: JSONValue {
        jsonObject([
            ("id", .string(id)),
            ("type", .string(type.name)),
            ("displayHints", displayHints.json),
            ("dataRestrictions", dataRestrictions.json),
            ("usedForLookup", .flag(usedForLookup)),
        ])
    }
}
