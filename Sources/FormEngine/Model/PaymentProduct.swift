package import PaymentFormJSON

/// A payment product (Visa, iDEAL, SEPA Direct Debit, ...) as the Client API describes it.
///
/// The basic form (from the product list) has no fields; the full form (`GET /products/{id}`)
/// has them. Accounts on file ride along when the customer has some. Every product has an `id`
/// and `displayHints` (Online Payments: `displayHintsList`); `paymentMethod` is read when sent
/// (the official SDKs' own fixtures leave it out). A document that is something else given as a
/// product is refused with ``DefinitionError/Kind/invalidValue(_:)`` at its root, saying what it
/// looks like: an account on file (`paymentProductId`, `attributes`), a field (`type`,
/// `dataRestrictions`) or a product group (an id that is not a number, and no `paymentMethod`;
/// read it as an ``AnyPaymentItem``).
///
/// ```swift
/// let product = try PaymentProduct(jsonEncoded: productData)
/// for field in product.fieldsInDisplayOrder { print(field.id) }
/// ```
public struct PaymentProduct: PaymentItem, JSONModel, Hashable {
    /// The product id (the API sends a number or a string; kept as text).
    public var id: String
    /// `card`, `redirect`, `directDebit`, ..., or `nil` when the definition does not say.
    public var paymentMethod: String?
    /// The product's logo, label and display order.
    public var displayHints: DisplayHints
    /// The id of the product group it belongs to (`cards`), if any: a product list shows the group
    /// in its place when groups are asked for (see ``PaymentItems/items``).
    ///
    /// ```swift
    /// let cards = productList.paymentProducts.filter { $0.paymentProductGroup == "cards" }
    /// ```
    public var paymentProductGroup: String?
    /// Whether the account can be stored for later payments.
    public var allowsTokenization: Bool
    /// Whether the product can be used for recurring payments (the payment context's
    /// `isRecurring`).
    ///
    /// ```swift
    /// let forSubscriptions = productList.productsInDisplayOrder.filter(\.allowsRecurring)
    /// ```
    public var allowsRecurring: Bool
    /// Whether the platform stores the account without being asked.
    public var autoTokenized: Bool
    /// Whether paying redirects the customer to a third party (a bank, a wallet).
    public var usesRedirectionTo3rdParty: Bool
    /// Amount bounds in minor units, when the API sends them.
    package var minAmount: Int?
    /// The largest amount accepted, in minor units, when the API sends it.
    package var maxAmount: Int?
    /// The customer's stored accounts for this product.
    public var accountsOnFile: [AccountOnFile]
    /// The form's fields as listed in the definition (see ``fieldsInDisplayOrder``).
    public var fields: [PaymentProductField]

    /// A product.
    package init(
        id: String, paymentMethod: String?, displayHints: DisplayHints = DisplayHints(), paymentProductGroup: String? = nil,
        allowsTokenization: Bool = false, allowsRecurring: Bool = false, autoTokenized: Bool = false,
        usesRedirectionTo3rdParty: Bool = false, minAmount: Int? = nil, maxAmount: Int? = nil,
        accountsOnFile: [AccountOnFile] = [], fields: [PaymentProductField] = []
    ) {
        self.id = id
        self.paymentMethod = paymentMethod
        self.displayHints = displayHints
        self.paymentProductGroup = paymentProductGroup
        self.allowsTokenization = allowsTokenization
        self.allowsRecurring = allowsRecurring
        self.autoTokenized = autoTokenized
        self.usesRedirectionTo3rdParty = usesRedirectionTo3rdParty
        self.minAmount = minAmount
        self.maxAmount = maxAmount
        self.accountsOnFile = accountsOnFile
        self.fields = fields
    }

    /// Always ``PaymentItemKind/product``: a product is paid with directly.
    public var kind: PaymentItemKind { .product }

    /// The product as an ``AnyPaymentItem``.
    public func eraseToAnyPaymentItem() -> AnyPaymentItem { .product(self) }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        try Self.refuseOtherDocuments(object, at: path)
        id = try object.required("id").identifier()
        paymentMethod = try object.string("paymentMethod")
        // A product's id is a number; a group's (`cards`) is a word, and a group has no paymentMethod.
        if paymentMethod == nil, !id.isEmpty, !id.utf8.allSatisfy({ $0 &- 0x30 < 10 }) {
            throw DefinitionError(path: path, kind: .invalidValue(
                "this is a product group (its id is not a number and it has no paymentMethod), not a payment product"))
        }
        // Connect sends `displayHints`; Online Payments sends `displayHintsList` (first one wins).
        if let hints = object.optional("displayHints") {
            displayHints = try DisplayHints(json: hints.value, at: hints.path, diagnostics: &diagnostics)
        } else if let list = try object.optional("displayHintsList")?.array(), let first = list.first {
            displayHints = try DisplayHints(json: first.value, at: first.path, diagnostics: &diagnostics)
        } else {
            throw DefinitionError(path: path.appending("displayHints"), kind: .missingKey)
        }
        paymentProductGroup = try object.string("paymentProductGroup")
        allowsTokenization = try object.bool("allowsTokenization") ?? false
        allowsRecurring = try object.bool("allowsRecurring") ?? false
        autoTokenized = try object.bool("autoTokenized") ?? false
        usesRedirectionTo3rdParty = try object.bool("usesRedirectionTo3rdParty") ?? false
        minAmount = try object.int("minAmount")
        maxAmount = try object.int("maxAmount")
        accountsOnFile = try decodeTolerantly(object.optional("accountsOnFile"), diagnostics: &diagnostics) { node, diagnostics throws(DefinitionError) in
            try AccountOnFile(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
        fields = try decodeFields(object.optional("fields"), diagnostics: &diagnostics)
    }

    /// Refuses a document that is not a payment item but looks like one: an account on file (it
    /// names its product and has attributes) or a field (it has a type or data restrictions).
    static func refuseOtherDocuments(_ object: JSONObjectNode, at path: JSONPath) throws(DefinitionError) {
        func has(_ key: String) -> Bool { object.optional(key) != nil }
        if has("paymentProductId") || has("attributes") {
            throw DefinitionError(path: path, kind: .invalidValue(
                "this is an account on file (it has paymentProductId or attributes), not a payment product or product group"))
        }
        if has("dataRestrictions") || has("type") {
            throw DefinitionError(path: path, kind: .invalidValue(
                "this is a field (it has type or dataRestrictions), not a payment product or product group"))
        }
    }

    package var json: JSONValue {
        jsonObject([
            ("id", .string(id)),
            ("paymentMethod", .from(paymentMethod)),
            ("displayHints", displayHints.json),
            ("paymentProductGroup", .from(paymentProductGroup)),
            ("allowsTokenization", .flag(allowsTokenization)),
            ("allowsRecurring", .flag(allowsRecurring)),
            ("autoTokenized", .flag(autoTokenized)),
            ("usesRedirectionTo3rdParty", .flag(usesRedirectionTo3rdParty)),
            ("minAmount", .from(minAmount)),
            ("maxAmount", .from(maxAmount)),
            ("accountsOnFile", accountsOnFile.isEmpty ? nil : .array(accountsOnFile.map { $0.json })),
            ("fields", fields.isEmpty ? nil : .array(fields.map { $0.json })),
        ])
    }
}

/// Decodes a product's or group's fields. Unlike accounts on file, a field cannot be skipped: a
/// form missing its CVV field would validate without it. So one bad field fails the whole
/// definition, with the field's path; duplicate ids are refused too, and so are more fields than
/// ``DefinitionLimit/fields`` (before any is decoded).
func decodeFields(_ node: JSONNode?, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) -> [PaymentProductField] {
    var fields: [PaymentProductField] = []
    var seenIds: Set<String>?
    for element in try node?.array(upTo: .fields) ?? [] {
        let field = try PaymentProductField(json: element.value, at: element.path, diagnostics: &diagnostics)
        if isRepeated(field.id, among: fields, seenIds: &seenIds) {
            throw DefinitionError(path: element.path.appending("id"), kind: .invalidValue("duplicate field id '\(field.id)'"))
        }
        fields.append(field)
    }
    return fields
}

/// Whether an earlier field has `id`. A product has a handful of fields, so `id` is compared
/// with each; from 32 fields on, a set keeps a hostile definition linear. (A set for every
/// product was a noticeable part of a process's first decode: its type, its storage, its release.)
private func isRepeated(_ id: String, among fields: [PaymentProductField], seenIds: inout Set<String>?) -> Bool {
    if fields.count < 32 { return fields.contains { $0.id == id } }
    if seenIds == nil { seenIds = Set(fields.map { $0.id }) }
    return seenIds?.insert(id).inserted == false
}
