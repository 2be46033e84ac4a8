/// The JOSE protected header of a token: `{"alg":…,"enc":…,"kid":…}`.
package struct JWEHeader: Sendable, Hashable {
    /// The key-wrapping algorithm (`alg`).
    package let algorithm: KeyManagementAlgorithm
    /// The content encryption (`enc`).
    package let encryption: ContentEncryptionAlgorithm
    /// The server's identifier of the public key (`kid`), from the Client API public-key response.
    package let keyId: String?

    /// Creates a header.
    package init(algorithm: KeyManagementAlgorithm, encryption: ContentEncryptionAlgorithm = .a256CBCHS512, keyId: String?) {
        self.algorithm = algorithm
        self.encryption = encryption
        self.keyId = keyId
    }
}
