package import PaymentFormEncryption

/// The platform's public key, read once from its Client API response and reused for every
/// `prepare` (it is a value: share it across threads freely).
///
/// ```swift
/// let key = try EncryptionKey(PublicKeyResponse(jsonEncoded: publicKeyData))
/// ```
public struct EncryptionKey: Sendable, Hashable, CustomStringConvertible {
    /// The id the token's header names (`kid`).
    public let keyId: String
    package let publicKey: RSAPublicKey

    /// Reads the key of a `GET /crypto/publickey` response (base64 of a DER RSA public key,
    /// SubjectPublicKeyInfo or PKCS#1, 2048 to 16384 bits).
    public init(_ response: PublicKeyResponse) throws(PrepareError) {
        do {
            publicKey = try RSAPublicKey(base64DER: response.publicKey)
        } catch {
            throw .invalidPublicKey(reason: error.description)
        }
        keyId = response.keyId
    }

    /// The modulus and exponent of a `GET /crypto/publickey` response's key (big-endian), after
    /// the checks ``init(_:)`` makes, with its errors: for a host that encrypts with its own RSA
    /// (the page's WebCrypto, see ``PaymentRequest/payload(clientSessionId:in:using:)``).
    package static func components(of response: PublicKeyResponse) throws(PrepareError) -> (modulus: [UInt8], exponent: [UInt8]) {
        do {
            return try RSAPublicKey.checkedComponents(base64DER: response.publicKey)
        } catch {
            throw .invalidPublicKey(reason: error.description)
        }
    }

    /// Reads a PEM public key (`-----BEGIN PUBLIC KEY-----` or `RSA PUBLIC KEY`) with its id. The
    /// text holds exactly one key: text before the BEGIN line is ignored, anything but blank
    /// lines after the END line (a second key) is refused.
    public init(keyId: String, pemRepresentation: String) throws(PrepareError) {
        do {
            publicKey = try RSAPublicKey(pemRepresentation: pemRepresentation)
        } catch {
            throw .invalidPublicKey(reason: error.description)
        }
        self.keyId = keyId
    }

    /// A key with an id.
    package init(keyId: String, publicKey: RSAPublicKey) {
        self.keyId = keyId
        self.publicKey = publicKey
    }

    /// The size of the key's modulus in bits (2048, 3072, 4096, ...).
    package var bitCount: Int { publicKey.bitCount }

    /// The key id and size; never the key.
    public var description: String { "EncryptionKey(keyId: \(keyId), \(publicKey.bitCount) bits)" }
}

/// How the payload's one-time key is wrapped with the platform's public key (the token's `alg`).
public enum KeyWrapAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// RSAES-OAEP with SHA-1 and MGF1-SHA-1 (`RSA-OAEP`): what Connect / Online Payments servers
    /// expect, and the default.
    case rsaOAEP = "RSA-OAEP"
    /// RSAES-OAEP with SHA-256 and MGF1-SHA-256 (`RSA-OAEP-256`).
    case rsaOAEP256 = "RSA-OAEP-256"

    package var keyManagement: KeyManagementAlgorithm {
        switch self {
        case .rsaOAEP: .rsaOAEP
        case .rsaOAEP256: .rsaOAEP256
        }
    }
}
