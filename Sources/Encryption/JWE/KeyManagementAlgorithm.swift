/// How the content-encryption key is wrapped for the recipient (JWE `alg`, RFC 7518 §4.3).
package enum KeyManagementAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// RSAES-OAEP with SHA-1 and MGF1-SHA-1: what Connect / Online Payments servers expect.
    case rsaOAEP = "RSA-OAEP"
    /// RSAES-OAEP with SHA-256 and MGF1-SHA-256.
    case rsaOAEP256 = "RSA-OAEP-256"

    func wrap(_ cek: [UInt8], for key: RSAPublicKey, using generator: inout some RandomNumberGenerator) throws(RSAOAEPError) -> [UInt8] {
        switch self {
        case .rsaOAEP: try RSAOAEP.encrypt(cek, for: key, hash: SHA1.self, using: &generator)
        case .rsaOAEP256: try RSAOAEP.encrypt(cek, for: key, hash: SHA256.self, using: &generator)
        }
    }

    /// The content encryption key of `substitute.count` bytes the encrypted key holds, or
    /// `substitute` when it holds none, chosen without branching on the decrypted data
    /// (``RSAOAEP/decrypt(_:with:hash:orSubstitute:)``).
    func unwrap(_ encryptedKey: [UInt8], with key: RSAPrivateKey, orSubstitute substitute: [UInt8]) -> [UInt8] {
        switch self {
        case .rsaOAEP: RSAOAEP.decrypt(encryptedKey, with: key, hash: SHA1.self, orSubstitute: substitute)
        case .rsaOAEP256: RSAOAEP.decrypt(encryptedKey, with: key, hash: SHA256.self, orSubstitute: substitute)
        }
    }
}

/// How the payload itself is encrypted (JWE `enc`, RFC 7518 §5.1). Only the one the payment
/// platform uses is supported.
package enum ContentEncryptionAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// AES-256-CBC with HMAC-SHA-512 truncated to 256 bits (``A256CBCHS512``).
    case a256CBCHS512 = "A256CBC-HS512"
}
