package import PaymentFormJSON

/// One part of an account on file's label: which attribute to show, through which mask.
public struct LabelTemplateItem: ClientAPIModel, JSONModel, Hashable {
    /// The attribute (field id) whose stored value appears in the label.
    public var attributeKey: String
    /// A mask whose placeholders are relaxed to `*` before use (stored values are partly hidden).
    public var mask: String?

    /// A template item.
    package init(attributeKey: String, mask: String? = nil) {
        self.attributeKey = attributeKey
        self.mask = mask
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        attributeKey = try object.required("attributeKey").string()
        mask = try object.string("mask")
    }

    package var json: JSONValue {
        jsonObject([("attributeKey", .string(attributeKey)), ("mask", .from(mask))])
    }
}
