import Foundation

/// The shipped sample products and the demo key pair, for every test target: the one way tests
/// reach them. Read from the checkout's `Resources` (the files the binaries embed), so a test can
/// also hand a command-line tool their path.
///
/// Here as files and bytes only, so the leaf modules' tests can use them without the form engine;
/// decoded into the engine's types (`PaymentProduct`, `EncryptionKey`) by `PaymentFormFixtures`
/// (Tests/Fixtures). The demo key pair is public (its private half is in the repository): for
/// tests only.
package enum Fixtures {
    /// Why a fixture could not be read.
    package struct Missing: Error, CustomStringConvertible {
        package let path: String
        package var description: String { "\(path): not found in the checkout" }
    }

    // MARK: - Sample products

    /// The names of the shipped sample products (`Resources/Products/NAME.json`) and of the Sips
    /// and Saferpay forms (`Resources/Processors/NAME.json`), sorted.
    package static var sampleNames: [String] {
        sampleFolders.flatMap { folder in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: PackageFiles.url(folder).path)) ?? []
            return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }
        }.sorted()
    }

    /// Where sample definitions are: the Client API samples, then the processors' forms.
    private static let sampleFolders = ["Resources/Products", "Resources/Processors"]

    /// The names of the shipped Client API card and account samples (not the Sips and Saferpay
    /// forms), sorted as the tests that iterate over them expect.
    package static let clientAPISampleNames = ["visa", "amex", "ideal", "sepa-direct-debit", "mastercard-accounts-on-file"]

    /// The file of a shipped sample product (or Sips or Saferpay form).
    package static func sampleURL(_ name: String) -> URL {
        let candidates = sampleFolders.map { PackageFiles.url("\($0)/\(name).json") }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) } ?? candidates[0]
    }

    /// The path of a shipped sample product's file (for `--product`).
    package static func samplePath(_ name: String) -> String {
        sampleURL(name).path
    }

    /// A shipped sample product's Client API JSON.
    package static func sampleJSON(_ name: String) throws -> Data {
        let url = sampleURL(name)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw Missing(path: url.path) }
        return data
    }

    /// The path of a shipped sample product group's file (`cards`).
    package static func groupPath(_ id: String) -> String {
        PackageFiles.url("Resources/Groups/\(id).json").path
    }

    // MARK: - The demo key pair (public: never for real card data)

    /// The path of the demo public key response's file (for `--public-key`).
    package static let demoPublicKeyPath = PackageFiles.url("Resources/Keys/demo-public-key-NOT-FOR-PRODUCTION.json").path

    /// The path of the demo private key's PEM file (for `--private-key`).
    package static let demoPrivateKeyPath = PackageFiles.url("Resources/Keys/demo-private-key-NOT-FOR-PRODUCTION.pem").path

    /// The demo public key as the Client API answers it: `{"keyId": ..., "publicKey": ...}`.
    package static func demoPublicKeyJSON() throws -> Data {
        try read("Resources/Keys/demo-public-key-NOT-FOR-PRODUCTION.json")
    }

    /// The demo private key, PKCS#8 PEM.
    package static func demoPrivateKeyPEM() throws -> String {
        String(decoding: try read("Resources/Keys/demo-private-key-NOT-FOR-PRODUCTION.pem"), as: UTF8.self)
    }

    // MARK: -

    private static func read(_ relativePath: String) throws -> Data {
        let url = PackageFiles.url(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: relativePath) }
        return try Data(contentsOf: url)
    }
}
