import Encryption

/// The platform's public key, read once from its Client API response and reused for every
/// `prepare` (it is a value: share it across threads freely).
public struct EncryptionKey: Sendable, Hashable, CustomStringConvertible {
    /// The id the token's header names (`kid`).
    public let keyId: String
    public let publicKey: RSAPublicKey

    /// Reads the key of a `GET /crypto/publickey` response.
    public init(_ response: PublicKeyResponse) throws(PrepareError) {
        do {
            publicKey = try RSAPublicKey(base64DER: response.publicKey)
        } catch {
            throw .invalidPublicKey(error)
        }
        keyId = response.keyId
    }

    /// A key with an id.
    public init(keyId: String, publicKey: RSAPublicKey) {
        self.keyId = keyId
        self.publicKey = publicKey
    }

    /// The key id and size; never the key.
    public var description: String { "EncryptionKey(keyId: \(keyId), \(publicKey.bitCount) bits)" }
}
