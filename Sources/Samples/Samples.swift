
/// The sample files that ship inside the package: product definitions and the demo key pair.
///
/// They are embedded into the binary at build time (see `Plugins/EmbedResources`), so a `payform`
/// binary copied anywhere still has them and nothing ever looks for a resource bundle.
///
/// ```swift
/// let visa = Samples.product(named: "visa")   // Resources/Products/visa.json
/// ```
package enum Samples {
    /// The names of the shipped sample products (file names under `Resources/Products` without
    /// `.json`), sorted.
    package static var productNames: [String] {
        jsonFileNames(in: "Products")
    }

    /// The JSON of a shipped sample product, or `nil` when there is no sample of that name.
    package static func product(named name: String) -> [UInt8]? {
        file(at: "Products/\(name).json")
    }

    /// The demo public key as the Client API serves it: `{"keyId": ..., "publicKey": ...}`.
    ///
    /// A sample for tests and demos only: its private half ships with the package, so it must
    /// never protect real card data.
    package static var demoPublicKeyResponse: [UInt8]? { file(at: "Keys/demo-public-key-NOT-FOR-PRODUCTION.json") }

    /// The demo private key (PKCS#8 PEM) matching ``demoPublicKeyResponse``. Never for real use.
    package static var demoPrivateKeyPEM: [UInt8]? { file(at: "Keys/demo-private-key-NOT-FOR-PRODUCTION.pem") }

    /// The ids of the shipped sample product groups (file names under `Resources/Groups` without
    /// `.json`), sorted.
    package static var groupIds: [String] {
        jsonFileNames(in: "Groups")
    }

    /// The JSON of a shipped sample product group (`cards`), or `nil`.
    package static func group(withId id: String) -> [UInt8]? {
        file(at: "Groups/\(id).json")
    }

    /// The product ids that have a shipped sample directory (`Resources/Directories`), sorted.
    package static var directoryProductIds: [String] {
        jsonFileNames(in: "Directories")
    }

    /// The JSON of a shipped sample directory (`{"entries": [...]}`) for a product id, or `nil`.
    package static func directory(forProductId id: String) -> [UInt8]? {
        file(at: "Directories/\(id).json")
    }

    /// The card-number prefixes that have a shipped sample IIN answer (`Resources/IIN`), sorted.
    package static var iinPrefixes: [String] {
        jsonFileNames(in: "IIN")
    }

    /// The shipped sample IIN answer for a card-number prefix (`{"paymentProductId", "coBrands"}`), or `nil`.
    package static func iinAnswer(forPrefix prefix: String) -> [UInt8]? {
        file(at: "IIN/\(prefix).json")
    }

    /// The names (without `.json`) of the JSON files embedded from `Resources/<folder>`, sorted.
    private static func jsonFileNames(in folder: String) -> [String] {
        EmbeddedResources.files.keys
            .filter { $0.hasPrefix("\(folder)/") && $0.hasSuffix(".json") }
            .map { String($0.dropFirst(folder.count + 1).dropLast(".json".count)) }
            .sorted()
    }

    /// Any embedded file by its path under `Resources/` (for example `"Products/visa.json"`).
    package static func file(at path: String) -> [UInt8]? {
        EmbeddedResources.files[path].map { Array($0.utf8) }
    }
}
