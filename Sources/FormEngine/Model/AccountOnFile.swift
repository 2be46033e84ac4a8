package import PaymentFormJSON

/// A customer's stored payment account (a saved card): its attributes and how to label it.
public struct AccountOnFile: ClientAPIModel, JSONModel, Hashable, Identifiable, CustomStringConvertible {
    /// The account's id (the API sends a number or a string).
    public var id: String
    /// The product the account belongs to.
    public var paymentProductId: String
    /// Which attributes make up the account's label, in order.
    package var labelTemplate: [LabelTemplateItem]
    /// The logo to show next to the account (relative to the asset URL).
    public var logo: String?
    /// The stored values, by field id (partly hidden by the platform, such as `************4444`).
    package var attributes: [AccountOnFileAttribute]

    /// An account on file.
    package init(
        id: String, paymentProductId: String, labelTemplate: [LabelTemplateItem] = [], logo: String? = nil,
        attributes: [AccountOnFileAttribute] = []
    ) {
        self.id = id
        self.paymentProductId = paymentProductId
        self.labelTemplate = labelTemplate
        self.logo = logo
        self.attributes = attributes
    }

    /// The attribute for a field id (the first one, as the API never sends two).
    package func attribute(forField fieldId: String) -> AccountOnFileAttribute? {
        attributes.first(where: { $0.key == fieldId })
    }

    /// Redacted: attribute values can be card data.
    public var description: String {
        "AccountOnFile(id: \(id), paymentProductId: \(paymentProductId), attributes: \(attributes.map(\.key)))"
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        id = try object.required("id").identifier()
        paymentProductId = try object.required("paymentProductId").identifier()
        let hints = try object.optional("displayHints")?.object()
        var template: [LabelTemplateItem] = []
        for node in try hints?.optional("labelTemplate")?.array() ?? [] {
            template.append(try LabelTemplateItem(json: node.value, at: node.path, diagnostics: &diagnostics))
        }
        labelTemplate = template
        logo = try hints?.string("logo")
        // An account whose attributes cannot all be read is unusable: the caller skips it whole.
        var attributes: [AccountOnFileAttribute] = []
        for node in try object.optional("attributes")?.array() ?? [] {
            attributes.append(try AccountOnFileAttribute(json: node.value, at: node.path, diagnostics: &diagnostics))
        }
        self.attributes = attributes
    }

    package var json: JSONValue {
        let hints = jsonObject([
            ("labelTemplate", .array(labelTemplate.map(\.json))),
            ("logo", .from(logo)),
        ])
        return jsonObject([
            ("id", .string(id)),
            ("paymentProductId", .string(paymentProductId)),
            ("displayHints", hints),
            ("attributes", .array(attributes.map(\.json))),
        ])
    }
}
