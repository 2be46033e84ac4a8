import Foundation

/// The shipped samples and demo key, read from the package checkout.
package enum PaymentFormTestKeys {
    /// The demo public key response (`{"keyId", "publicKey"}`); the demo key is public, never for production.
    package static var publicKeyResponse: Data? {
        try? Data(contentsOf: PackageFiles.url("Resources/Keys/demo-public-key-NOT-FOR-PRODUCTION.json"))
    }

    /// The demo private key PEM.
    package static var privateKeyPEM: String? {
        try? PackageFiles.text("Resources/Keys/demo-private-key-NOT-FOR-PRODUCTION.pem")
    }

    /// A shipped sample product's JSON (`Resources/Products/NAME.json`), or a Sips or Saferpay
    /// form's (`Resources/Processors/NAME.json`).
    package static func sample(_ name: String) -> Data? {
        (try? Data(contentsOf: PackageFiles.url("Resources/Products/\(name).json")))
            ?? (try? Data(contentsOf: PackageFiles.url("Resources/Processors/\(name).json")))
    }
}
