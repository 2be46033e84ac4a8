import Foundation
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// The demo key pair of `Fixtures` (Tests/TestSupport) as the encryption module's own types (public,
/// NOT for production).
extension Fixtures {
    /// The demo public key response's key id and base64 DER key.
    static func demoKeyIdAndBase64() throws -> (keyId: String, publicKey: String) {
        struct Response: Decodable { let keyId: String; let publicKey: String }
        let response = try JSONDecoder().decode(Response.self, from: demoPublicKeyJSON())
        return (response.keyId, response.publicKey)
    }

    static func demoRSAPublicKey() throws -> RSAPublicKey {
        try RSAPublicKey(base64DER: demoKeyIdAndBase64().publicKey)
    }

    static func demoRSAPrivateKey() throws -> RSAPrivateKey {
        try RSAPrivateKey(pemRepresentation: demoPrivateKeyPEM())
    }
}
