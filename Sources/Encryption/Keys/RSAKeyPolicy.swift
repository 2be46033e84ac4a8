/// The size limits a key must meet. Public API always uses ``standard``; tests lower the floor to
/// run the 1024-bit RFC 8017 vectors through the same code.
struct RSAKeyPolicy: Sendable {
    var minimumModulusBits: Int
    var maximumModulusBits: Int

    /// 2048 bits at least (NIST SP 800-131A), 16384 at most.
    static let standard = RSAKeyPolicy(minimumModulusBits: 2048, maximumModulusBits: 16384)

    /// Published vectors with small moduli; never for real keys.
    static let testVectors = RSAKeyPolicy(minimumModulusBits: 512, maximumModulusBits: 16384)

    /// The largest public exponent accepted, in bits. Real keys use 65537 (17 bits); a hostile key
    /// with an exponent as wide as its modulus would make each encryption take seconds. 64 bits is
    /// OpenSSL's bound for the same reason.
    static let maximumExponentBits = 64

    /// The largest private key accepted, in bits of the modulus. A private operation costs about
    /// the cube of the key size: 8192 bits take roughly 30× as long as 2048 (tens of
    /// milliseconds), while 16384 bits took about 5 seconds per decryption, which a hostile key
    /// could impose on every call. Public keys (encryption only) may be up to
    /// ``maximumModulusBits``.
    static let maximumPrivateModulusBits = 8192

    /// Checks the public parts of a key.
    func validate(modulus: BigUInt, exponent: BigUInt) throws(KeyError) {
        let bits = modulus.bitWidth
        guard bits >= minimumModulusBits else { throw .modulusTooSmall(bits: bits) }
        guard bits <= maximumModulusBits else { throw .modulusTooLarge(bits: bits) }
        guard modulus.isOdd else { throw .evenModulus }
        guard !exponent.isZero else { throw .publicExponentTooSmall }
        guard exponent.isOdd else { throw .evenPublicExponent }
        guard exponent > BigUInt(1) else { throw .publicExponentTooSmall }
        guard exponent < modulus, exponent.bitWidth <= Self.maximumExponentBits else { throw .publicExponentTooLarge }
    }
}
