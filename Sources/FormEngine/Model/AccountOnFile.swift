package import PaymentFormJSON

/// A customer's stored payment account (a saved card): its attributes and how to label it.
///
/// ```swift
/// for account in product.accountsOnFile {
///     print(account.label)                                   // such as Road Runner **** **** **** 4242
///     for attribute in account.attributes where attribute.status == .mustWrite {
///         print(attribute.key, "must be entered again")      // such as cvv
///     }
/// }
/// ```
public struct AccountOnFile: ClientAPIModel, JSONModel, Hashable, Identifiable, CustomStringConvertible {
    /// The account's id (the API sends a number or a string).
    public var id: String
    /// The product the account belongs to.
    public var paymentProductId: String
    /// How to show the account: its label template and logo.
    public var displayHints: AccountOnFileDisplayHints
    /// The stored values, one per field id (partly hidden by the platform, such as
    /// `************4444`), each with whether the customer may or must change it.
    public var attributes: [AccountOnFileAttribute]

    /// The logo to show next to the account (relative to the asset URL): ``displayHints``' logo.
    public var logo: String? {
        get { displayHints.logo }
        set { displayHints.logo = newValue }
    }

    /// An account on file.
    package init(
        id: String, paymentProductId: String, labelTemplate: [LabelTemplateItem] = [], logo: String? = nil,
        attributes: [AccountOnFileAttribute] = []
    ) {
        self.id = id
        self.paymentProductId = paymentProductId
        self.displayHints = AccountOnFileDisplayHints(labelTemplate: labelTemplate, logo: logo)
        self.attributes = attributes
    }

    /// The attribute for a field id (the first one, as the API never sends two).
    package func attribute(forField fieldId: String) -> AccountOnFileAttribute? {
        attributes.first(where: { $0.key == fieldId })
    }

    /// Redacted: attribute values can be card data.
    public var description: String {
        "AccountOnFile(id: \(id), paymentProductId: \(paymentProductId), attributes: \(attributes.map { $0.key }))"
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
        displayHints = AccountOnFileDisplayHints(labelTemplate: template, logo: try hints?.string("logo"))
        // An account whose attributes cannot all be read is unusable: the caller skips it whole.
        var attributes: [AccountOnFileAttribute] = []
        for node in try object.optional("attributes")?.array() ?? [] {
            attributes.append(try AccountOnFileAttribute(json: node.value, at: node.path, diagnostics: &diagnostics))
        }
        self.attributes = attributes
    }

    package var json: JSONValue {
        let hints = jsonObject([
            ("labelTemplate", .array(displayHints.labelTemplate.map { $0.json })),
            ("logo", .from(displayHints.logo)),
        ])
        return jsonObject([
            ("id", .string(id)),
            ("paymentProductId", .string(paymentProductId)),
            ("displayHints", hints),
            ("attributes", .array(attributes.map { $0.json })),
        ])
    }
}
