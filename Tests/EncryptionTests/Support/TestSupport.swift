import Foundation
@testable import Encryption

/// A deterministic generator (SplitMix64) so randomized tests are reproducible. Never for keys.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The demo key pair shipped in Resources/Keys (public, NOT for production), found relative to
/// this source file so no bundle is needed.
enum TestKeys {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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
