/// An RSA public key: the server's key that wraps each payment's content-encryption key.
///
/// Read it from the Client API response (`publicKey` is base64 DER) or from DER/PEM:
///
/// ```swift
/// let key = try RSAPublicKey(base64DER: response.publicKey)
/// print(key)   // RSAPublicKey(2048 bits)
/// ```
///
/// Accepts X.509 `SubjectPublicKeyInfo` (rsaEncryption, NULL parameters) and bare PKCS#1
/// `RSAPublicKey`; refuses moduli under 2048 bits, even moduli and exponents that are 1 or even.
package struct RSAPublicKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    let modulus: BigUInt
    let exponent: BigUInt
    let context: MontgomeryContext

    /// The DER bytes of rsaEncryption's OBJECT IDENTIFIER, 1.2.840.113549.1.1.1.
    static let rsaEncryptionOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]

    /// Reads a DER `SubjectPublicKeyInfo` or PKCS#1 `RSAPublicKey`.
    package init(derRepresentation: some Collection<UInt8>) throws(KeyError) {
        try self.init(derRepresentation: Array(derRepresentation), policy: .standard)
    }

    /// Reads base64 of DER, as the Client API's `publicKey` carries it. Whitespace and line
    /// breaks are ignored; any other non-base64 character is an error.
    package init(base64DER: String) throws(KeyError) {
        let der: [UInt8]
        do {
            der = try Base64.decode(base64DER, ignoringWhitespace: true)
        } catch {
            throw .invalidBase64(error)
        }
        try self.init(derRepresentation: der)
    }

    /// Reads a PEM `PUBLIC KEY` (SubjectPublicKeyInfo) or `RSA PUBLIC KEY` (PKCS#1) block.
    package init(pemRepresentation: String) throws(KeyError) {
        let block = try PEMBlock(parsing: pemRepresentation)
        guard block.label == "PUBLIC KEY" || block.label == "RSA PUBLIC KEY" else {
            throw .unsupportedPEMLabel(block.displayLabel)
        }
        try self.init(derRepresentation: block.der)
    }

    init(derRepresentation der: [UInt8], policy: RSAKeyPolicy) throws(KeyError) {
        let (modulus, exponent) = try Self.components(derRepresentation: der)
        try self.init(modulus: modulus, exponent: exponent, policy: policy)
    }

    /// The modulus and public exponent of a key in the Client API's form (base64 of DER,
    /// SubjectPublicKeyInfo or PKCS#1), big-endian without leading zeros, after the checks
    /// ``init(base64DER:)`` makes (the same errors), without the arithmetic set up for encrypting:
    /// what a host that does the RSA operation itself (the page's WebCrypto) needs.
    package static func checkedComponents(base64DER: String) throws(KeyError) -> (modulus: [UInt8], exponent: [UInt8]) {
        let der: [UInt8]
        do {
            der = try Base64.decode(base64DER, ignoringWhitespace: true)
        } catch {
            throw .invalidBase64(error)
        }
        let (modulus, exponent) = try components(derRepresentation: der)
        try RSAKeyPolicy.standard.validate(modulus: modulus, exponent: exponent)
        func bytes(_ value: BigUInt) -> [UInt8] { value.bigEndianBytes(count: (value.bitWidth + 7) / 8) ?? [] }
        return (bytes(modulus), bytes(exponent))
    }

    /// The modulus and exponent of a DER public key, unchecked.
    private static func components(derRepresentation der: [UInt8]) throws(KeyError) -> (BigUInt, BigUInt) {
        var reader = DERReader(der)
        var outer = try reader.read(DERReader.Tag.sequence)
        try reader.expectEnd()
        let modulus: BigUInt
        let exponent: BigUInt
        if try outer.peekTag() == DERReader.Tag.sequence {
            // SubjectPublicKeyInfo ::= SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING }
            try Self.readAlgorithmIdentifier(from: &outer)
            let bitStringOffset = outer.offset
            var bitString = try outer.read(DERReader.Tag.bitString)
            try outer.expectEnd()
            let content = bitString.readRemainingBytes()
            guard content.first == 0, content.count > 1 else { throw .invalidBitString(offset: bitStringOffset) }
            // The inner key is parsed from a copy, so its offsets count from the BIT STRING
            // content (which ends the input) plus its unused-bits byte: shift them back.
            let innerStart = der.count - content.count + 1
            do {
                (modulus, exponent) = try Self.readPKCS1(Array(content.dropFirst()))
            } catch {
                throw error.shifted(by: innerStart)
            }
        } else {
            (modulus, exponent) = try Self.readPKCS1(outer)
        }
        return (modulus, exponent)
    }

    init(modulus: BigUInt, exponent: BigUInt, policy: RSAKeyPolicy) throws(KeyError) {
        try policy.validate(modulus: modulus, exponent: exponent)
        guard let context = MontgomeryContext(modulus: modulus) else { throw .evenModulus }
        self.modulus = modulus
        self.exponent = exponent
        self.context = context
    }

    /// Reads `AlgorithmIdentifier { rsaEncryption, NULL }`.
    static func readAlgorithmIdentifier(from reader: inout DERReader) throws(KeyError) {
        var algorithm = try reader.read(DERReader.Tag.sequence)
        var oid = try algorithm.read(DERReader.Tag.objectIdentifier)
        let oidBytes = oid.readRemainingBytes()
        guard Array(oidBytes) == rsaEncryptionOID else {
            throw .unsupportedAlgorithm(oid: DERReader.dottedObjectIdentifier(oidBytes))
        }
        // RFC 3279 §2.3.1: the parameters MUST be present and NULL.
        let parametersOffset = algorithm.offset
        guard !algorithm.isAtEnd, try algorithm.peekTag() == DERReader.Tag.null else {
            throw .invalidAlgorithmParameters(offset: parametersOffset)
        }
        var null = try algorithm.read(DERReader.Tag.null)
        guard null.readRemainingBytes().isEmpty else { throw .invalidAlgorithmParameters(offset: parametersOffset) }
        try algorithm.expectEnd()
    }

    /// Reads the fields of PKCS#1 `RSAPublicKey ::= SEQUENCE { modulus, publicExponent }`.
    private static func readPKCS1(_ der: [UInt8]) throws(KeyError) -> (BigUInt, BigUInt) {
        var reader = DERReader(der)
        let sequence = try reader.read(DERReader.Tag.sequence)
        try reader.expectEnd()
        return try readPKCS1(sequence)
    }

    private static func readPKCS1(_ sequence: DERReader) throws(KeyError) -> (BigUInt, BigUInt) {
        var fields = sequence
        let modulus = try fields.readUnsignedInteger()
        let exponent = try fields.readUnsignedInteger()
        try fields.expectEnd()
        return (modulus, exponent)
    }

    /// The size of the modulus in bits (2048 for the usual Client API key).
    package var bitCount: Int { modulus.bitWidth }

    /// The size of the modulus in bytes, which is also the size of every RSA ciphertext.
    var byteCount: Int { (modulus.bitWidth + 7) / 8 }

    /// The X.509 `SubjectPublicKeyInfo` DER of this key (what the Client API serves, base64'd).
    package var derRepresentation: [UInt8] {
        let pkcs1 = DERWriter.element(
            DERReader.Tag.sequence, DERWriter.unsignedInteger(modulus) + DERWriter.unsignedInteger(exponent))
        let algorithm = DERWriter.element(
            DERReader.Tag.sequence,
            DERWriter.element(DERReader.Tag.objectIdentifier, Self.rsaEncryptionOID) + DERWriter.element(DERReader.Tag.null, []))
        return DERWriter.element(DERReader.Tag.sequence, algorithm + DERWriter.element(DERReader.Tag.bitString, [0] + pkcs1))
    }

    /// The `-----BEGIN PUBLIC KEY-----` PEM of this key.
    package var pemRepresentation: String {
        let body = Base64.encode(derRepresentation)
        var lines = ["-----BEGIN PUBLIC KEY-----"]
        var start = body.startIndex
        while start < body.endIndex {
            let end = body.index(start, offsetBy: 64, limitedBy: body.endIndex) ?? body.endIndex
            lines.append(String(body[start..<end]))
            start = end
        }
        lines.append("-----END PUBLIC KEY-----")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `c = m^e mod n` (RFC 8017 §5.1.1 RSAEP) on big-endian integers of exactly ``byteCount``
    /// bytes, or `nil` when `message` has another size or is not below the modulus. The
    /// message may be secret (an OAEP encoding, or a decryption's result being checked): it only
    /// meets fixed-size constant-time arithmetic; the branches follow the public exponent.
    ///
    /// `implementation` chooses the code: `.hardware` runs the AVX-512 IFMA kernel for 32-word
    /// moduli (2048-bit keys) when the CPU has the instructions, else the Swift kernels run;
    /// tests pass each explicitly to compare them.
    func rawEncrypt(_ message: [UInt8], implementation: PrimitiveImplementation = .fastestModularExponentiation) -> [UInt8]? {
        guard message.count == byteCount else { return nil }
        let k = context.count
        let words = WordEncoding.words(bigEndian: message, count: k)
        let exponentWords = exponent.limbs
        let onHardware = implementation.availableForModularExponentiation == .hardware && k == HardwareModularExponentiation.publicWordCount
        return context.withWorkspace(extra: 4 * k) { workspace -> [UInt8]? in
            let value = workspace.extra, result = value + k, temporary = result + k
            words.withUnsafeBufferPointer { value.update(from: $0.baseAddress.unsafelyUnwrapped, count: k) }
            guard WordEncoding.isLess(value, workspace.modulus, count: k) == 1 else { return nil }
            if onHardware {
                exponentWords.withUnsafeBufferPointer { e in
                    HardwareModularExponentiation.publicPower(
                        value, exponent: e.baseAddress.unsafelyUnwrapped, exponentCount: e.count, modulus: workspace, into: result)
                }
                return WordEncoding.bigEndianBytes(result, wordCount: k, byteCount: byteCount)
            }
            workspace.toMontgomery(value, count: k, into: result, temporary: temporary)
            // The last multiplication by m in normal form leaves mᵉ in normal form.
            exponentWords.withUnsafeBufferPointer { e in
                workspace.publicPower(
                    result, exponent: e.baseAddress.unsafelyUnwrapped, exponentCount: e.count,
                    into: temporary + k, temporary: temporary, normalBase: value)
            }
            return WordEncoding.bigEndianBytes(temporary + k, wordCount: k, byteCount: byteCount)
        }
    }

    /// `RSAPublicKey(2048 bits)`: the size only, never the modulus.
    package var description: String { "RSAPublicKey(\(bitCount) bits)" }

    /// Same as ``description``.
    package var debugDescription: String { description }

    /// Keys are equal when modulus and exponent are.
    package static func == (lhs: RSAPublicKey, rhs: RSAPublicKey) -> Bool {
        lhs.modulus == rhs.modulus && lhs.exponent == rhs.exponent
    }

    /// Hashes modulus and exponent.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(modulus)
        hasher.combine(exponent)
    }
}

extension KeyError {
    /// The same error with DER offsets moved by `delta` (for structures parsed out of a copy).
    func shifted(by delta: Int) -> KeyError {
        switch self {
        case .truncated(let offset): .truncated(offset: offset + delta)
        case .unexpectedTag(let expected, let found, let offset): .unexpectedTag(expected: expected, found: found, offset: offset + delta)
        case .invalidLength(let offset): .invalidLength(offset: offset + delta)
        case .invalidInteger(let offset): .invalidInteger(offset: offset + delta)
        case .trailingBytes(let offset): .trailingBytes(offset: offset + delta)
        case .invalidAlgorithmParameters(let offset): .invalidAlgorithmParameters(offset: offset + delta)
        case .invalidBitString(let offset): .invalidBitString(offset: offset + delta)
        default: self
        }
    }
}
