/// A cryptographic hash function that can be fed incrementally.
///
/// ```swift
/// let digest = SHA256.hash(Array("abc".utf8))          // one shot
///
/// var hasher = SHA256()                                 // streaming
/// hasher.update(Array("a".utf8))
/// hasher.update(Array("bc".utf8))
/// let same = hasher.finalize()
/// ```
package protocol HashFunction: Sendable {
    /// The size of one input block in bytes (64 for SHA-1 and SHA-256, 128 for SHA-512); HMAC pads
    /// its key to this size.
    static var blockByteCount: Int { get }

    /// The size of the digest in bytes.
    static var digestByteCount: Int { get }

    /// Creates a hasher in its initial state.
    init()

    /// Feeds more message bytes.
    mutating func update(_ bytes: some Collection<UInt8>)

    /// The digest of every byte fed so far. The hasher itself is left unchanged, so it can be fed
    /// more bytes and finalized again.
    func finalize() -> [UInt8]
}

extension HashFunction {
    /// The digest of `message` in one call.
    package static func hash(_ message: some Collection<UInt8>) -> [UInt8] {
        var hasher = Self()
        hasher.update(message)
        return hasher.finalize()
    }
}
