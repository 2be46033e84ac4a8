/// HMAC (RFC 2104) over any ``HashFunction``.
///
/// ```swift
/// let tag = HMAC<SHA512>.authenticationCode(for: message, key: macKey)
/// ```
package struct HMAC<Hash: HashFunction>: Sendable {
    private var inner: Hash
    private var outer: Hash

    /// Starts a MAC computation under `key` (keys longer than the hash block are hashed first,
    /// RFC 2104 §2).
    package init(key: some Collection<UInt8>) {
        var block = key.count > Hash.blockByteCount ? Hash.hash(key) : Array(key)
        block.append(contentsOf: repeatElement(0, count: Hash.blockByteCount - block.count))
        inner = Hash()
        inner.update(block.map { $0 ^ 0x36 })
        outer = Hash()
        outer.update(block.map { $0 ^ 0x5C })
    }

    /// Feeds more message bytes.
    package mutating func update(_ bytes: some Collection<UInt8>) {
        inner.update(bytes)
    }

    /// The full-length MAC of the bytes fed so far.
    package func finalize() -> [UInt8] {
        var outer = outer
        outer.update(inner.finalize())
        return outer.finalize()
    }

    /// The full-length MAC of `message` under `key`, in one call.
    package static func authenticationCode(for message: some Collection<UInt8>, key: some Collection<UInt8>) -> [UInt8] {
        var mac = HMAC(key: key)
        mac.update(message)
        return mac.finalize()
    }
}
