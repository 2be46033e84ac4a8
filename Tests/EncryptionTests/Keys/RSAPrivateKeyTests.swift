import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

struct RSAPrivateKeyTests {
    @Test func readsPKCS8AndPKCS1PEMOfTheSameKey() throws {
        let pkcs8 = try Fixtures.demoRSAPrivateKey()
        let pkcs1 = try RSAPrivateKey(pemRepresentation: DemoKeyPKCS1.pem)
        let published = try Fixtures.demoRSAPublicKey()
        #expect(pkcs8.publicKey == published)
        #expect(pkcs1.publicKey == published)
        #expect(pkcs8.publicKey.bitCount == 2048)
    }

    @Test func decryptsWhatThePublicKeyEncrypts() throws {
        let key = try Fixtures.demoRSAPrivateKey()
        let k = key.publicKey.byteCount
        let message = [UInt8](repeating: 0, count: k - 33) + Array("a secret smaller than the modulus".utf8)
        let ciphertext = try #require(key.publicKey.rawEncrypt(message))
        #expect(key.rawDecrypt(ciphertext) == message)
        // Many decryptions in a row cross the blinding pair's refresh (every 32 operations).
        for round in 0..<70 {
            var other = message
            other[k - 1] = UInt8(round)
            #expect(try key.rawDecrypt(#require(key.publicKey.rawEncrypt(other))) == other)
        }
        let modulus = try #require(key.publicKey.modulus.bigEndianBytes(count: k))
        #expect(key.rawDecrypt(modulus) == nil)
        #expect(key.publicKey.rawEncrypt(modulus) == nil)
        #expect(key.rawDecrypt([UInt8](repeating: 0xFF, count: k)) == nil)
        #expect(key.rawDecrypt(Array(ciphertext.dropFirst())) == nil)
        #expect(key.rawDecrypt([UInt8](repeating: 0, count: k)) == [UInt8](repeating: 0, count: k))
    }

    @Test func toleratesTextBeforeTheArmourBlankLinesAfterAndCRLF() throws {
        let pem = try Fixtures.demoPrivateKeyPEM()
        let decorated = "Demo key, do not use\r\n" + pem.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n  \r\n\r\n"
        #expect(try RSAPrivateKey(pemRepresentation: decorated).publicKey == Fixtures.demoRSAPublicKey())
    }

    @Test("a PEM holds exactly one key: a second block, or anything after the END line, is refused")
    func refusesTwoKeysOrTrailingText() throws {
        let pem = try Fixtures.demoPrivateKeyPEM()
        for text in [pem + "\n" + pem, pem + "trailing note\n", pem + "MIIEvgIBADANBgkq\n", pem + "\n\n-----BEGIN PUBLIC KEY-----\n"] {
            #expect(throws: KeyError.invalidPEMArmor(.textAfterEndLine)) { try RSAPrivateKey(pemRepresentation: text) }
        }
    }

    @Test func rejectsBadArmour() throws {
        let pem = try Fixtures.demoPrivateKeyPEM()
        let body = pem.split(separator: "\n").dropFirst().dropLast().joined(separator: "\n")
        #expect(throws: KeyError.invalidPEMArmor(.missingBeginLine)) { try RSAPrivateKey(pemRepresentation: body) }
        #expect(throws: KeyError.invalidPEMArmor(.missingEndLine)) {
            try RSAPrivateKey(pemRepresentation: "-----BEGIN PRIVATE KEY-----\n" + body)
        }
        #expect(throws: KeyError.invalidPEMArmor(.mismatchedLabels)) {
            try RSAPrivateKey(pemRepresentation: "-----BEGIN PRIVATE KEY-----\n\(body)\n-----END RSA PRIVATE KEY-----\n")
        }
        #expect(throws: KeyError.invalidPEMArmor(.emptyBody)) {
            try RSAPrivateKey(pemRepresentation: "-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n")
        }
        #expect(throws: KeyError.invalidPEMArmor(.unsupportedHeaders)) {
            try RSAPrivateKey(pemRepresentation: "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\n\(body)\n-----END RSA PRIVATE KEY-----\n")
        }
        #expect(throws: KeyError.unsupportedPEMLabel("ENCRYPTED PRIVATE KEY")) {
            try RSAPrivateKey(pemRepresentation: "-----BEGIN ENCRYPTED PRIVATE KEY-----\n\(body)\n-----END ENCRYPTED PRIVATE KEY-----\n")
        }
        #expect(throws: KeyError.invalidBase64(.invalidCharacter(offset: 10))) {
            try RSAPrivateKey(pemRepresentation: "-----BEGIN PRIVATE KEY-----\nMIIEvgIBAD*NBgkq\n-----END PRIVATE KEY-----\n")
        }
    }

    @Test func rejectsInconsistentOrTruncatedKeys() throws {
        let pem = try Fixtures.demoPrivateKeyPEM()
        let body = pem.split(separator: "\n").dropFirst().dropLast().joined()
        let der = try Base64.decode(body)
        #expect(try RSAPrivateKey(derRepresentation: der).publicKey.bitCount == 2048)
        #expect(throws: KeyError.truncated(offset: 0)) { try RSAPrivateKey(derRepresentation: der.prefix(600)) }
        #expect(throws: KeyError.trailingBytes(offset: der.count)) { try RSAPrivateKey(derRepresentation: der + [5, 0]) }
        // Flip a bit in the middle of the prime p: p·q no longer equals n.
        var tampered = der
        tampered[600] ^= 0x04
        #expect(throws: KeyError.inconsistentPrivateKey(.modulusIsNotProductOfPrimes)) { try RSAPrivateKey(derRepresentation: tampered) }
    }

    @Test func descriptionsShowNoKeyMaterial() throws {
        let key = try Fixtures.demoRSAPrivateKey()
        var dumped = ""
        dump(key, to: &dumped)
        for text in [key.description, String(reflecting: key), "\(key)", dumped] {
            #expect(!text.contains("limbs"))
            #expect(!text.contains(String(key.publicKey.modulus.limbs[0])))
            #expect(text.contains("2048"))
        }
        #expect(key.description == "RSAPrivateKey(2048 bits, redacted)")
    }
}
