import Foundation
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// The demo key pair shipped in Resources/Keys (public, NOT for production), found relative to
/// this source file so no bundle is needed.
enum TestKeys {
    static let packageRoot = PackageFiles.root

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(relativePath), encoding: .utf8)
    }

    static var demoPrivateKeyPEM: String {
        get throws { try text("Resources/Keys/demo-private-key-NOT-FOR-PRODUCTION.pem") }
    }

    /// The Client API response: `{"keyId": ..., "publicKey": ...}`.
    static func demoPublicKeyResponse() throws -> (keyId: String, publicKey: String) {
        struct Response: Decodable { let keyId: String; let publicKey: String }
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Resources/Keys/demo-public-key-NOT-FOR-PRODUCTION.json"))
        let response = try JSONDecoder().decode(Response.self, from: data)
        return (response.keyId, response.publicKey)
    }

    static func demoPublicKey() throws -> RSAPublicKey {
        try RSAPublicKey(base64DER: demoPublicKeyResponse().publicKey)
    }

    static func demoPrivateKey() throws -> RSAPrivateKey {
        try RSAPrivateKey(pemRepresentation: demoPrivateKeyPEM)
    }
}
