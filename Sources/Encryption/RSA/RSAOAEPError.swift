/// Why RSAES-OAEP refused to encrypt or decrypt.
package enum RSAOAEPError: Error, Sendable, Hashable {
    /// The message is longer than the key allows: at most `k − 2·hLen − 2` bytes (RFC 8017
    /// §7.1.1), for example 214 bytes with a 2048-bit key and SHA-1.
    case messageTooLong(maximum: Int)
    /// The ciphertext did not decrypt. Deliberately one case whatever failed (length, range,
    /// padding, label hash), so a caller cannot become a padding oracle (Manger's attack).
    case decryptionFailed
}
