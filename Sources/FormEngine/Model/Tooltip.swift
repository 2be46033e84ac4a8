package import PaymentFormJSON

/// Help shown next to a field: a text and an image path.
package struct Tooltip: ClientAPIModel, JSONModel, Hashable {
    /// The help text.
    package var label: String?
    /// An image that shows where to find the value (relative to the asset URL).
    package var image: String?

    /// A tooltip.
    package init(label: String? = nil, image: String? = nil) {
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
