import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

struct RSAPublicKeyTests {
    typealias Tag = DERReader.Tag

    /// Builds SubjectPublicKeyInfo / PKCS#1 DER from parts, so each malformation is one change.
    static func pkcs1(modulus: BigUInt, exponent: BigUInt) -> [UInt8] {
        DERWriter.element(Tag.sequence, DERWriter.unsignedInteger(modulus) + DERWriter.unsignedInteger(exponent))
    }

    static func spki(oid: [UInt8] = RSAPublicKey.rsaEncryptionOID, parameters: [UInt8]? = [Tag.null, 0], key: [UInt8]) -> [UInt8] {
        let algorithm = DERWriter.element(Tag.sequence, DERWriter.element(Tag.objectIdentifier, oid) + (parameters ?? []))
        return DERWriter.element(Tag.sequence, algorithm + DERWriter.element(Tag.bitString, [0] + key))
    }

    /// An odd number of exactly `bits` bits (not a real RSA modulus; parsing does not factor).
    static func oddNumber(bits: Int, even: Bool = false) -> BigUInt {
        var bytes = [UInt8](repeating: 0xA5, count: (bits + 7) / 8)
        bytes[0] = 0x80 >> UInt8((8 - bits % 8) % 8)
        bytes[bytes.count - 1] = even ? 0xA4 : 0xA5
        return BigUInt(bigEndianBytes: bytes)
    }

    @Test func readsTheDemoKeyFromTheClientAPIResponse() throws {
        let (_, base64) = try Fixtures.demoKeyIdAndBase64()
        let key = try RSAPublicKey(base64DER: base64)
        #expect(key.bitCount == 2048)
        #expect(key.exponent == BigUInt(65537))
        // Export reproduces the served DER byte for byte.
        #expect(Base64.encode(key.derRepresentation) == base64)
        // Line-wrapped base64 (as pasted from a terminal) is accepted.
        let wrapped = stride(from: 0, to: base64.count, by: 64).map { offset in
            String(base64.dropFirst(offset).prefix(64))
        }.joined(separator: "\r\n")
        #expect(try RSAPublicKey(base64DER: wrapped) == key)
        #expect(try RSAPublicKey(pemRepresentation: key.pemRepresentation) == key)
    }

    @Test func acceptsBarePKCS1() throws {
        let key = try Fixtures.demoRSAPublicKey()
        let pkcs1 = Self.pkcs1(modulus: key.modulus, exponent: key.exponent)
        #expect(try RSAPublicKey(derRepresentation: pkcs1) == key)
        let pem = "-----BEGIN RSA PUBLIC KEY-----\n\(Base64.encode(pkcs1))\n-----END RSA PUBLIC KEY-----\n"
        #expect(try RSAPublicKey(pemRepresentation: pem) == key)
    }

    @Test func acceptsLargerKeysAndSmallOddExponents() throws {
        for bits in [3072, 4096] {
            #expect(try RSAPublicKey(derRepresentation: Self.spki(key: Self.pkcs1(modulus: Self.oddNumber(bits: bits), exponent: BigUInt(3)))).bitCount == bits)
        }
    }

    @Test func rejectsWrongAlgorithm() throws {
        let key = try Fixtures.demoRSAPublicKey()
        let pkcs1 = Self.pkcs1(modulus: key.modulus, exponent: key.exponent)
        // id-ecPublicKey 1.2.840.10045.2.1
        let ecOID: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
        #expect(throws: KeyError.unsupportedAlgorithm(oid: "1.2.840.10045.2.1")) {
            try RSAPublicKey(derRepresentation: Self.spki(oid: ecOID, key: pkcs1))
        }
        // RSASSA-PSS 1.2.840.113549.1.1.10 is a different key type for our purpose.
        #expect(throws: KeyError.unsupportedAlgorithm(oid: "1.2.840.113549.1.1.10")) {
            try RSAPublicKey(derRepresentation: Self.spki(oid: [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A], key: pkcs1))
        }
        // A real P-256 SPKI (generated with openssl) fails on its OID.
        let ecKey = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEPTiAWYnYUGSgZE+CNURTs87JEqk37hb4W+SRCYPw4lqnTrBL7uLbillY4n+gxA2JPIBQQOCHO5IgTGoS6Yq/Vw=="
        #expect(throws: KeyError.unsupportedAlgorithm(oid: "1.2.840.10045.2.1")) { try RSAPublicKey(base64DER: ecKey) }
        // Missing NULL parameters.
        #expect(throws: KeyError.invalidAlgorithmParameters(offset: 17)) {
            try RSAPublicKey(derRepresentation: Self.spki(parameters: nil, key: pkcs1))
        }
    }

    @Test func rejectsTruncatedDER() throws {
        let der = try Fixtures.demoRSAPublicKey().derRepresentation
        // Cut anywhere: the outer SEQUENCE (offset 0) announces more than is there.
        for length in [0, 1, 2, 3, 4, 10, 24, 100, 200, 293] {
            #expect(throws: KeyError.truncated(offset: 0)) { try RSAPublicKey(derRepresentation: der.prefix(length)) }
        }
        // Consistent outer lengths around a cut inner key: the error points inside.
        let key = try Fixtures.demoRSAPublicKey()
        let pkcs1 = Self.pkcs1(modulus: key.modulus, exponent: key.exponent)
        // With short-form outer lengths (the cut key is under 128 bytes) the PKCS#1 SEQUENCE starts
        // at offset 20: SPKI header 2 + AlgorithmIdentifier 15 + BIT STRING header 2 + unused-bits 1.
        #expect(throws: KeyError.truncated(offset: 20)) { try RSAPublicKey(derRepresentation: Self.spki(key: Array(pkcs1.prefix(100)))) }
        var cutModulus = pkcs1.prefix(100)
        cutModulus[1] = 0x82; cutModulus[2] = 0; cutModulus[3] = 96  // SEQUENCE length now fits the 96 bytes left
        #expect(throws: KeyError.invalidLength(offset: 21)) { try RSAPublicKey(derRepresentation: Self.spki(key: Array(cutModulus))) }
        cutModulus = [Tag.sequence, 0x60] + pkcs1[4..<100]
        #expect(throws: KeyError.truncated(offset: 22)) { try RSAPublicKey(derRepresentation: Self.spki(key: Array(cutModulus))) }
        // The exponent missing altogether.
        let modulusOnly = DERWriter.element(Tag.sequence, DERWriter.unsignedInteger(key.modulus))
        #expect(throws: KeyError.truncated(offset: 24 + 4 + 261)) { try RSAPublicKey(derRepresentation: Self.spki(key: modulusOnly)) }
    }

    @Test func rejectsTrailingBytes() throws {
        let key = try Fixtures.demoRSAPublicKey()
        let der = key.derRepresentation
        #expect(throws: KeyError.trailingBytes(offset: 294)) { try RSAPublicKey(derRepresentation: der + [0]) }
        // Trailing bytes inside the PKCS#1 SEQUENCE (a third INTEGER).
        let inner = DERWriter.element(Tag.sequence, DERWriter.unsignedInteger(key.modulus) + DERWriter.unsignedInteger(key.exponent) + DERWriter.unsignedInteger(BigUInt(1)))
        #expect(throws: KeyError.trailingBytes(offset: 24 + 4 + 261 + 5)) { try RSAPublicKey(derRepresentation: Self.spki(key: inner)) }
        // After the BIT STRING inside the SPKI SEQUENCE.
        let extra = DERWriter.element(Tag.sequence, Array(der[4...]) + [Tag.null, 0])
        #expect(throws: KeyError.trailingBytes(offset: 294)) { try RSAPublicKey(derRepresentation: extra) }
    }

    @Test func rejectsWeakOrMalformedNumbers() throws {
        let strongModulus = Self.oddNumber(bits: 2048)
        func key(_ modulus: BigUInt, _ exponent: BigUInt) throws -> RSAPublicKey {
            try RSAPublicKey(derRepresentation: Self.spki(key: Self.pkcs1(modulus: modulus, exponent: exponent)))
        }
        #expect(throws: KeyError.modulusTooSmall(bits: 1024)) { try key(Self.oddNumber(bits: 1024), BigUInt(65537)) }
        #expect(throws: KeyError.modulusTooSmall(bits: 2047)) { try key(Self.oddNumber(bits: 2047), BigUInt(65537)) }
        #expect(throws: KeyError.modulusTooLarge(bits: 16392)) { try key(Self.oddNumber(bits: 16392), BigUInt(65537)) }
        #expect(throws: KeyError.evenModulus) { try key(Self.oddNumber(bits: 2048, even: true), BigUInt(65537)) }
        #expect(throws: KeyError.publicExponentTooSmall) { try key(strongModulus, BigUInt(1)) }
        #expect(throws: KeyError.publicExponentTooSmall) { try key(strongModulus, BigUInt(0)) }
        #expect(throws: KeyError.evenPublicExponent) { try key(strongModulus, BigUInt(65536)) }
        #expect(throws: KeyError.evenPublicExponent) { try key(strongModulus, BigUInt(2)) }
        #expect(throws: KeyError.publicExponentTooLarge) { try key(strongModulus, strongModulus) }
        // Found while writing the DER fuzz target: an exponent as wide as the modulus made each
        // encryption take seconds.
        // Exponents are capped at 64 bits (as OpenSSL does).
        #expect(throws: KeyError.publicExponentTooLarge) { try key(strongModulus, BigUInt(limbs: [1, 1])) }
        #expect(try key(strongModulus, BigUInt(UInt64.max)).bitCount == 2048)
        #expect(try key(strongModulus, BigUInt(3)).bitCount == 2048)
    }

    @Test func rejectsNonDEREncodings() throws {
        let key = try Fixtures.demoRSAPublicKey()
        // Negative modulus: INTEGER content with the top bit set.
        let modulusBytes = key.modulus.bigEndianBytes(count: 256) ?? []
        let negative = DERWriter.element(Tag.sequence, DERWriter.element(Tag.integer, modulusBytes) + DERWriter.unsignedInteger(key.exponent))
        #expect(throws: KeyError.invalidInteger(offset: 4)) { try RSAPublicKey(derRepresentation: negative) }
        // Non-minimal exponent: 00 01 00 01.
        let padded = DERWriter.element(Tag.sequence, DERWriter.unsignedInteger(key.modulus) + DERWriter.element(Tag.integer, [0, 1, 0, 1]))
        #expect(throws: KeyError.invalidInteger(offset: 4 + 261)) { try RSAPublicKey(derRepresentation: padded) }
        // Empty INTEGER.
        let empty = DERWriter.element(Tag.sequence, DERWriter.unsignedInteger(key.modulus) + [Tag.integer, 0])
        #expect(throws: KeyError.invalidInteger(offset: 4 + 261)) { try RSAPublicKey(derRepresentation: empty) }
        // Indefinite length, and a long-form length for a short value.
        #expect(throws: KeyError.invalidLength(offset: 1)) { try RSAPublicKey(derRepresentation: [Tag.sequence, 0x80, 0, 0]) }
        #expect(throws: KeyError.invalidLength(offset: 1)) { try RSAPublicKey(derRepresentation: [Tag.sequence, 0x81, 0x05, 2, 1, 3, 2, 1, 3]) }
        // BIT STRING with unused bits.
        var der = key.derRepresentation
        der[23] = 1
        #expect(throws: KeyError.invalidBitString(offset: 19)) { try RSAPublicKey(derRepresentation: der) }
        // Wrong outer tag.
        #expect(throws: KeyError.unexpectedTag(expected: Tag.sequence, found: Tag.octetString, offset: 0)) {
            try RSAPublicKey(derRepresentation: [Tag.octetString, 0])
        }
    }

    @Test func rejectsBadBase64AndPEM() throws {
        #expect(throws: KeyError.invalidBase64(.invalidCharacter(offset: 4))) { try RSAPublicKey(base64DER: "MIIB!IjAN") }
        #expect(throws: KeyError.invalidBase64(.invalidCharacter(offset: 0))) { try RSAPublicKey(base64DER: "{\"keyId\":1}") }
        #expect(throws: KeyError.truncated(offset: 0)) { try RSAPublicKey(base64DER: "") }
        #expect(throws: KeyError.invalidPEMArmor(.missingBeginLine)) { try RSAPublicKey(pemRepresentation: "MIIBIjAN") }
        #expect(throws: KeyError.unsupportedPEMLabel("CERTIFICATE")) {
            try RSAPublicKey(pemRepresentation: "-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----")
        }
    }

    @Test func descriptionsShowNoKeyMaterial() throws {
        let key = try Fixtures.demoRSAPublicKey()
        let modulusHex = Hex.string(key.modulus.bigEndianBytes(count: 256) ?? [])
        var dumped = ""
        dump(key, to: &dumped)
        for text in [key.description, String(reflecting: key), "\(key)", dumped] {
            #expect(!text.contains(modulusHex.prefix(16)))
            #expect(!text.contains(String(key.modulus.limbs[0])))
            #expect(!text.contains("limbs"))
            #expect(text.contains("2048"))
        }
        #expect(key.description == "RSAPublicKey(2048 bits)")
    }
}
