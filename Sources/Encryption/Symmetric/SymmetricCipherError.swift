/// Why an AES or AES-CBC operation was refused. Carries sizes only, never key or data bytes.
package enum SymmetricCipherError: Error, Sendable, Hashable {
    /// The key is not 32 bytes (AES-256).
    case invalidKeyLength(Int)
    /// A single-block operation got something other than 16 bytes.
    case invalidBlockLength(Int)
    /// The initialization vector is not 16 bytes.
    case invalidIVLength(Int)
    /// Without padding the input must be a whole number of blocks; with PKCS#7 the ciphertext
    /// must be a non-empty whole number of blocks.
    case invalidInputLength(Int)
    /// The authentication tag does not match (wrong key, or altered data); nothing was decrypted.
    case authenticationFailed
    /// The decrypted PKCS#7 padding is malformed (wrong key or IV, or altered ciphertext).
    case invalidPadding
}
