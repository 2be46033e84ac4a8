package import PaymentFormJSON

/// The card networks a wallet product (Apple Pay 302, Google Pay 320) accepts in a context
/// (`GET /products/{id}/networks`): `{"networks": ["Visa", "MasterCard"]}`, names kept verbatim.
public struct PaymentProductNetworks: ClientAPIModel, JSONModel, Hashable {
    /// The network names as the API sends them (their case varies).
    public var networks: [String]

    /// A response.
    package init(networks: [String]) {
        self.networks = networks
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        networks = try object.optional("networks")?.strings() ?? []
    }

    package var json: JSONValue {
        jsonObject([("networks", .array(networks.map { .string($0) }))])
    }
}
