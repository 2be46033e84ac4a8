import PaymentFormJSON

/// Help shown next to a field: a text and an image path.
public struct Tooltip: ClientAPIModel, JSONModel, Hashable {
    public var label: String?
    public var image: String?

    /// A tooltip.
    public init(label: String? = nil, image: String? = nil) {
        self.label = label
        self.image = image
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        label = try object.string("label")
        image = try object.string("image")
    }

    package var json: JSONValue {
        jsonObject([("label", .from(label)), ("image", .from(image))])
    }
}
