import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// RFC 7518 Appendix B.3, "Test Cases for AES_256_CBC_HMAC_SHA_512".
struct A256CBCHS512Tests {
    static let key = Hex.bytes("""
        000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
        202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
        """)
    static let plaintext = Array(("A cipher system must not be required to be secret, and it must be able to fall "
        + "into the hands of the enemy without inconvenience").utf8)
    static let iv = Hex.bytes("1af38c2dc2b96ffdd86694092341bc04")
    static let additionalData = Array("The second principle of Auguste Kerckhoffs".utf8)
    static let al = Hex.bytes("0000000000000150")
    static let ciphertext = Hex.bytes("""
        4affaaadb78c31c5da4b1b590d10ffbd3dd8d5d302423526912da037ecbcc7bd
        822c301dd67c373bccb584ad3e9279c2e6d12a1374b77f077553df829410446b
        36ebd97066296ae6427ea75c2e0846a11a09ccf5370dc80bfecbad28c73f09b3
        a3b75e662a2594410ae496b2e2e6609e31e6e02cc837f053d21f37ff4f51950b
        be2638d09dd7a4930930806d0703b1f6
        """)
    static let fullMAC = Hex.bytes("""
        4dd3b4c088a7f45c216839645b2012bf2e6269a8c56a816dbc1b267761955bc5
        fd30a565c616ffb2f364baece68fc40753bcfc025dde3693754aa1f5c3373b9c
        """)
    static let tag = Hex.bytes("4dd3b4c088a7f45c216839645b2012bf2e6269a8c56a816dbc1b267761955bc5")

    @Test func rfc7518AppendixB3() throws {
        // The intermediate values: MAC_KEY and ENC_KEY split, AL, the full MAC M.
        #expect(Array(Self.key[..<32]) == Hex.bytes("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"))
        var lengthField: [UInt8] = []
        lengthField.appendBigEndian(UInt64(Self.additionalData.count * 8))
        #expect(lengthField == Self.al)
        let mac = HMAC<SHA512>.authenticationCode(for: Self.additionalData + Self.iv + Self.ciphertext + Self.al, key: Self.key[..<32])
        #expect(mac == Self.fullMAC)

        let sealed = try A256CBCHS512.seal(Self.plaintext, key: Self.key, iv: Self.iv, additionalData: Self.additionalData)
        #expect(sealed.ciphertext == Self.ciphertext)
        #expect(sealed.tag == Self.tag)
        let opened = try A256CBCHS512.open(Self.ciphertext, tag: Self.tag, key: Self.key, iv: Self.iv, additionalData: Self.additionalData)
        #expect(opened == Self.plaintext)
    }

    @Test func refusesAlteredInputsAndShortTags() {
        func open(ciphertext: [UInt8] = Self.ciphertext, tag: [UInt8] = Self.tag, iv: [UInt8] = Self.iv, aad: [UInt8] = Self.additionalData) throws(SymmetricCipherError) -> [UInt8] {
            try A256CBCHS512.open(ciphertext, tag: tag, key: Self.key, iv: iv, additionalData: aad)
        }
        var badCiphertext = Self.ciphertext
        badCiphertext[40] ^= 1
        var badIV = Self.iv
        badIV[0] ^= 0x80
        var badTag = Self.tag
        badTag[31] ^= 1
        #expect(throws: SymmetricCipherError.authenticationFailed) { try open(ciphertext: badCiphertext) }
        #expect(throws: SymmetricCipherError.authenticationFailed) { try open(iv: badIV) }
        #expect(throws: SymmetricCipherError.authenticationFailed) { try open(tag: badTag) }
        #expect(throws: SymmetricCipherError.authenticationFailed) { try open(aad: Self.additionalData.dropLast() + [0x21]) }
        // A correct prefix of the tag is not enough (json-jwt's truncated-tag bug).
        #expect(throws: SymmetricCipherError.authenticationFailed) { try open(tag: Array(Self.tag.prefix(16))) }
        #expect(throws: SymmetricCipherError.authenticationFailed) { try open(tag: Self.fullMAC) }
        #expect(throws: SymmetricCipherError.invalidKeyLength(32)) {
            try A256CBCHS512.seal([1], key: Self.key.prefix(32), iv: Self.iv, additionalData: [UInt8]())
        }
    }
}
