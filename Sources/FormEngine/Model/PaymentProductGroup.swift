package import PaymentFormJSON

/// A group of products shown as one choice (`cards`), with its own fields and accounts on file.
public struct PaymentProductGroup: PaymentItem, JSONModel, Hashable {
    /// The group id (`cards`); always a string.
    public var id: String
    /// The group's logo, label and display order.
    public var displayHints: DisplayHints
    /// Whether payments in installments are possible.
    package var allowsInstallments: Bool
    /// Whether the platform asks for a device fingerprint.
    package var deviceFingerprintEnabled: Bool
    /// The customer's stored accounts for the group's products.
    public var accountsOnFile: [AccountOnFile]
    /// The group's fields as listed in the definition.
    public var fields: [PaymentProductField]

    /// A group.
    package init(
        id: String, displayHints: DisplayHints = DisplayHints(), allowsInstallments: Bool = false,
        deviceFingerprintEnabled: Bool = false, accountsOnFile: [AccountOnFile] = [], fields: [PaymentProductField] = []
    ) {
        self.id = id
        self.displayHints = displayHints
        self.allowsInstallments = allowsInstallments
        self.deviceFingerprintEnabled = deviceFingerprintEnabled
        self.accountsOnFile = accountsOnFile
        self.fields = fields
    }

    /// Always ``PaymentItemKind/group``: the product follows from what the customer enters.
    public var kind: PaymentItemKind { .group }

    /// The group as an ``AnyPaymentItem``.
    public func eraseToAnyPaymentItem() -> AnyPaymentItem { .group(self) }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        try PaymentProduct.refuseOtherDocuments(object, at: path)
        id = try object.required("id").string()
        displayHints = try object.optional("displayHints").map { node throws(DefinitionError) in
            try DisplayHints(json: node.value, at: node.path, diagnostics: &diagnostics)
        } ?? DisplayHints()
        allowsInstallments = try object.bool("allowsInstallments") ?? false
        deviceFingerprintEnabled = try object.bool("deviceFingerprintEnabled") ?? false
        accountsOnFile = try decodeTolerantly(object.optional("accountsOnFile"), diagnostics: &diagnostics) { node, diagnostics throws(DefinitionError) in
            try AccountOnFile(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
        fields = try decodeFields(object.optional("fields"), diagnostics: &diagnostics)
    }

    package var json: JSONValue {
        jsonObject([
            ("id", .string(id)),
            ("displayHints", displayHints.json),
            ("allowsInstallments", .flag(allowsInstallments)),
            ("deviceFingerprintEnabled", .flag(deviceFingerprintEnabled)),
            ("accountsOnFile", accountsOnFile.isEmpty ? nil : .array(accountsOnFile.map { $0.json })),
            ("fields", fields.isEmpty ? nil : .array(fields.map { $0.json })),
        ])
    }
}

/// The Client API's group list (`GET /productgroups`): `{"paymentProductGroups": [...]}`.
/// Unreadable groups are skipped and reported.
public struct PaymentProductGroupList: ClientAPIModel, JSONModel, Hashable {
    /// The groups that could be read, in the order sent.
    public var paymentProductGroups: [PaymentProductGroup]

    /// A list.
    package init(paymentProductGroups: [PaymentProductGroup]) {
        self.paymentProductGroups = paymentProductGroups
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        paymentProductGroups = try decodeTolerantly(object.required("paymentProductGroups"), diagnostics: &diagnostics) { node, diagnostics throws(DefinitionError) in
            try PaymentProductGroup(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
    }

    package var json: JSONValue {
        jsonObject([("paymentProductGroups", .array(paymentProductGroups.map { $0.json }))])
    }
}
