/// An RSA private key, for decrypting JWE tokens (a server, a test, or the `payform` demo).
///
/// ```swift
/// let key = try RSAPrivateKey(pemRepresentation: pemText)   // PKCS#8 or PKCS#1
/// let decryption = try JWE.decrypt(token, with: key)
/// ```
///
/// Reading a key checks that its parts fit together, as OpenSSL's `RSA_check_key` does (n = p·q,
/// p and q prime, d·e ≡ 1 mod λ(n), exponent1, exponent2 and the coefficient), and refuses
/// moduli over 8192 bits. Decryption is blinded, constant-time RSA-CRT with a re-encryption check
/// (see `RSAPrivateKey+Decryption.swift`). `description`, `debugDescription` and `dump` show only
/// the size.
package struct RSAPrivateKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The matching public key.
    package let publicKey: RSAPublicKey
    /// Montgomery contexts for the two primes (R² mod p, R² mod q computed once, here).
    let primeP: MontgomeryContext
    let primeQ: MontgomeryContext
    /// d mod (p − 1) and d mod (q − 1), as many words as p and q.
    let exponentP: [UInt64]
    let exponentQ: [UInt64]
    /// q⁻¹ mod p, as many words as p.
    let coefficient: [UInt64]
    /// The blinding factors, shared by the copies of this key.
    let blinding: RSABlinding

    /// Reads a PEM `PRIVATE KEY` (PKCS#8) or `RSA PRIVATE KEY` (PKCS#1) block. Encrypted PEM is
    /// refused with ``KeyError/unsupportedPEMLabel(_:)`` or ``PEMArmorProblem/unsupportedHeaders``.
    package init(pemRepresentation: String) throws(KeyError) {
        try self.init(pemRepresentation: pemRepresentation, policy: .standard)
    }

    /// Reads DER PKCS#8 `PrivateKeyInfo` or PKCS#1 `RSAPrivateKey`.
    package init(derRepresentation: some Collection<UInt8>) throws(KeyError) {
        try self.init(derRepresentation: Array(derRepresentation), policy: .standard)
    }

    init(pemRepresentation: String, policy: RSAKeyPolicy) throws(KeyError) {
        let block = try PEMBlock(parsing: pemRepresentation)
        switch block.label {
        case "PRIVATE KEY", "RSA PRIVATE KEY":
            try self.init(derRepresentation: block.der, policy: policy)
        default:
            throw .unsupportedPEMLabel(block.displayLabel)
        }
    }

    init(derRepresentation der: [UInt8], policy: RSAKeyPolicy) throws(KeyError) {
        var reader = DERReader(der)
        var outer = try reader.read(DERReader.Tag.sequence)
        try reader.expectEnd()
        // Both forms start with a version INTEGER; PKCS#8 continues with an AlgorithmIdentifier
        // SEQUENCE, PKCS#1 with the modulus INTEGER.
        let version = try outer.readSmallInteger()
        if try outer.peekTag() == DERReader.Tag.sequence {
            // PrivateKeyInfo (RFC 5208) / OneAsymmetricKey (RFC 5958, version 1).
            guard version == 0 || version == 1 else { throw .unsupportedVersion(version) }
            try RSAPublicKey.readAlgorithmIdentifier(from: &outer)
            var octets = try outer.read(DERReader.Tag.octetString)
            let content = octets.readRemainingBytes()
            let innerStart = content.startIndex
            // Optional [0] attributes and [1] public key may follow; they carry nothing we need.
            while !outer.isAtEnd {
                let tagOffset = outer.offset
                let tag = try outer.peekTag()
                guard tag == 0xA0 || tag == 0xA1 || tag == 0x81 else {
                    throw .unexpectedTag(expected: 0xA0, found: tag, offset: tagOffset)
                }
                _ = try outer.read(tag)
            }
            var inner = DERReader(Array(content))
            do throws(KeyError) {
                var fields = try inner.read(DERReader.Tag.sequence)
                try inner.expectEnd()
                let innerVersion = try fields.readSmallInteger()
                guard innerVersion == 0 else { throw .unsupportedVersion(innerVersion) }
                try self.init(pkcs1Fields: &fields, policy: policy)
            } catch {
                throw error.shifted(by: innerStart)
            }
        } else {
            guard version == 0 else { throw .unsupportedVersion(version) }
            try self.init(pkcs1Fields: &outer, policy: policy)
        }
    }

    /// Reads the fields of PKCS#1 `RSAPrivateKey` after the version (RFC 8017 A.1.2).
    private init(pkcs1Fields fields: inout DERReader, policy: RSAKeyPolicy) throws(KeyError) {
        let modulus = try fields.readUnsignedInteger()
        let publicExponent = try fields.readUnsignedInteger()
        let privateExponent = try fields.readUnsignedInteger()
        let p = try fields.readUnsignedInteger()
        let q = try fields.readUnsignedInteger()
        let dP = try fields.readUnsignedInteger()
        let dQ = try fields.readUnsignedInteger()
        let qInv = try fields.readUnsignedInteger()
        try fields.expectEnd()
        try self.init(
            modulus: modulus, publicExponent: publicExponent, privateExponent: privateExponent,
            p: p, q: q, dP: dP, dQ: dQ, qInv: qInv, policy: policy)
    }

    /// A key from its parts, checked (see ``RSAPrivateKeyCheck``).
    init(
        modulus: BigUInt, publicExponent: BigUInt, privateExponent: BigUInt,
        p: BigUInt, q: BigUInt, dP: BigUInt, dQ: BigUInt, qInv: BigUInt, policy: RSAKeyPolicy
    ) throws(KeyError) {
        publicKey = try RSAPublicKey(modulus: modulus, exponent: publicExponent, policy: policy)
        guard modulus.bitWidth <= RSAKeyPolicy.maximumPrivateModulusBits else {
            throw .privateModulusTooLarge(bits: modulus.bitWidth)
        }
        let contexts = try RSAPrivateKeyCheck.check(
            modulus: modulus, publicExponent: publicExponent, privateExponent: privateExponent,
            p: p, q: q, dP: dP, dQ: dQ, qInv: qInv)
        primeP = contexts.p
        primeQ = contexts.q
        exponentP = dP.limbs(paddedTo: contexts.p.count)
        exponentQ = dQ.limbs(paddedTo: contexts.q.count)
        coefficient = qInv.limbs(paddedTo: contexts.p.count)
        blinding = RSABlinding()
    }

    /// `RSAPrivateKey(2048 bits, redacted)`: the size only.
    package var description: String { "RSAPrivateKey(\(publicKey.bitCount) bits, redacted)" }

    /// Same as ``description``.
    package var debugDescription: String { description }

}
