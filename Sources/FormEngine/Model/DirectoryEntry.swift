package import PaymentFormJSON

/// An issuer (bank) of a product's directory (`GET /products/{id}/directory`).
public struct DirectoryEntry: ClientAPIModel, JSONModel, Hashable {
    /// The issuer's id, sent as the field's value.
    public var issuerId: String
    /// `short` or `long`: which list the issuer belongs in.
    public var issuerList: String
    /// The issuer's name, shown in the list.
    public var issuerName: String
    /// The countries the issuer serves.
    public var countryNames: [String]

    /// An entry.
    package init(issuerId: String, issuerList: String, issuerName: String, countryNames: [String] = []) {
        self.issuerId = issuerId
        self.issuerList = issuerList
        self.issuerName = issuerName
        self.countryNames = countryNames
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        issuerId = try object.required("issuerId").string()
        issuerList = try object.required("issuerList").string()
        issuerName = try object.required("issuerName").string()
        countryNames = try object.optional("countryNames")?.strings() ?? []
    }

    package var json: JSONValue {
        jsonObject([
            ("issuerId", .string(issuerId)),
            ("issuerList", .string(issuerList)),
            ("issuerName", .string(issuerName)),
            ("countryNames", countryNames.isEmpty ? nil : .array(countryNames.map { .string($0) })),
        ])
    }
}

/// A product's directory: `{"entries": [...]}`. Unreadable entries are skipped and reported.
public struct Directory: ClientAPIModel, JSONModel, Hashable {
    /// The issuers, in the order the API sent them.
    public var entries: [DirectoryEntry]

    /// A directory.
    package init(entries: [DirectoryEntry]) {
        self.entries = entries
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        entries = try decodeTolerantly(object.optional("entries"), diagnostics: &diagnostics) { node, diagnostics throws(DefinitionError) in
            try DirectoryEntry(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
    }

    package var json: JSONValue {
        jsonObject([("entries", .array(entries.map { $0.json }))])
    }
}
