package import PaymentFormJSON

/// Help shown next to a field: a text and an image path (`displayHints.tooltip`).
///
/// ```swift
/// if let tooltip = cardNumberField.displayHints.tooltip, let image = tooltip.image {
///     let url = session.assetURL(for: image)   // where to find the CVV on a card
/// }
/// ```
///
/// The text as the definition gives it; the localized text a screen shows is the form
/// controller's (``FormField/tooltip``).
public struct Tooltip: ClientAPIModel, JSONModel, Hashable {
    /// The help text as the definition gives it.
    public var label: String?
    /// An image that shows where to find the value (relative to the asset URL).
    public var image: String?

    /// A tooltip.
    package init(label: String? = nil, image: String? = nil) {
        self.label = label
        self.image = image
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        label = try object.fieldText("label")
        image = try object.fieldText("image")
    }

    package var json: JSONValue {
        jsonObject([("label", .from(label)), ("image", .from(image))])
    }
}
