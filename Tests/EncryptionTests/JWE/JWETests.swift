import Foundation
import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

struct JWETests {
    static let payload = Array(#"{"clientSessionId":"abc","nonce":"X","paymentProductId":1,"paymentValues":[{"key":"cardNumber","value":"4111111111111111"}]}"#.utf8)

    @Test(arguments: KeyManagementAlgorithm.allCases)
    func roundTripWithTheDemoKeys(algorithm: KeyManagementAlgorithm) throws {
        let privateKey = try Fixtures.demoRSAPrivateKey()
        let (keyId, _) = try Fixtures.demoKeyIdAndBase64()
        let token = try JWE.encrypt(Self.payload, for: Fixtures.demoRSAPublicKey(), keyId: keyId, algorithm: algorithm)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 5)
        #expect(try Base64URL.decode(parts[1]).count == 256)
        #expect(try Base64URL.decode(parts[2]).count == 16)
        #expect(try Base64URL.decode(parts[3]).count == (Self.payload.count / 16 + 1) * 16)
        #expect(try Base64URL.decode(parts[4]).count == 32)
        let decryption = try JWE.decrypt(token, with: privateKey)
        #expect(decryption.plaintext == Self.payload)
        #expect(decryption.header == JWEHeader(algorithm: algorithm, keyId: keyId))
    }

    /// The header is exactly the documented JSON, keys in order, every string escaped.
    @Test func headerIsEncoderBuiltJSON() throws {
        let header = try JWE.encode(JWEHeader(algorithm: .rsaOAEP, keyId: "86b64e4e-f43e-4a27-9863-9bbd5b499f82"))
        #expect(String(decoding: try Base64URL.decode(header), as: UTF8.self)
            == #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","kid":"86b64e4e-f43e-4a27-9863-9bbd5b499f82"}"#)
        // A kid with quotes, backslashes and a newline stays valid JSON that round-trips.
        let hostile = "a\"b\\c\nd\",\"alg\":\"none"
        let encoded = try JWE.encode(JWEHeader(algorithm: .rsaOAEP256, keyId: hostile))
        let object = try JSONSerialization.jsonObject(with: Data(try Base64URL.decode(encoded))) as? [String: String]
        #expect(object == ["alg": "RSA-OAEP-256", "enc": "A256CBC-HS512", "kid": hostile])
    }

    /// Same seed, same token: encryption draws all its randomness from the injected generator.
    @Test func deterministicWithAnInjectedGenerator() throws {
        let key = try Fixtures.demoRSAPublicKey()
        var first = SeededGenerator(seed: 7), second = SeededGenerator(seed: 7), third = SeededGenerator(seed: 8)
        let a = try JWE.encrypt(Self.payload, for: key, keyId: "k", using: &first)
        let b = try JWE.encrypt(Self.payload, for: key, keyId: "k", using: &second)
        let c = try JWE.encrypt(Self.payload, for: key, keyId: "k", using: &third)
        #expect(a == b)
        #expect(a != c)
    }

    /// Flipping any bit of any segment (checked at several positions in each of the 5 segments)
    /// makes decryption fail with a typed error, never a crash and never a plaintext.
    @Test func tamperingWithAnySegmentIsDetected() throws {
        let privateKey = try Fixtures.demoRSAPrivateKey()
        let token = try JWE.encrypt(Self.payload, for: privateKey.publicKey, keyId: "kid-1")
        let segments = try token.split(separator: ".", omittingEmptySubsequences: false).map { try Base64URL.decode($0) }
        for (index, segment) in JWESegment.allCases.enumerated() {
            let bytes = segments[index]
            for position in Set([0, 1, bytes.count / 2, bytes.count - 1]) where position < bytes.count {
                for bit in [0, 3, 7] {
                    var altered = segments
                    altered[index][position] ^= 1 << bit
                    let tampered = altered.map { Base64URL.encode($0) }.joined(separator: ".")
                    do {
                        _ = try JWE.decrypt(tampered, with: privateKey)
                        Issue.record("tampered \(segment) byte \(position) bit \(bit) was accepted")
                    } catch {
                        switch error {
                        case .authenticationFailed, .invalidHeader, .missingHeaderParameter, .unsupportedKeyManagementAlgorithm,
                             .unsupportedContentEncryption, .unsupportedHeaderParameter:
                            break
                        default:
                            Issue.record("tampered \(segment): unexpected \(error)")
                        }
                        if segment != .header { #expect(error == .authenticationFailed) }
                    }
                }
            }
        }
        // Text-level tampering: non-canonical base64url in each segment.
        for index in 0..<5 {
            var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            parts[index] += "="
            #expect(throws: JWEError.invalidBase64URL(segment: JWESegment.allCases[index], .invalidCharacter(offset: parts[index].utf8.count - 1))) {
                try JWE.decrypt(parts.joined(separator: "."), with: privateKey)
            }
        }
    }

    @Test func rejectsMalformedTokens() throws {
        let privateKey = try Fixtures.demoRSAPrivateKey()
        let token = try JWE.encrypt(Self.payload, for: privateKey.publicKey, keyId: "kid-1")
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        func replacing(_ index: Int, with text: String) -> String {
            var copy = parts
            copy[index] = text
            return copy.joined(separator: ".")
        }
        func header(_ json: String) -> String { Base64URL.encode(Array(json.utf8)) }

        #expect(throws: JWEError.malformedToken(segmentCount: 1)) { try JWE.decrypt("", with: privateKey) }
        #expect(throws: JWEError.malformedToken(segmentCount: 4)) { try JWE.decrypt(parts.dropLast().joined(separator: "."), with: privateKey) }
        #expect(throws: JWEError.malformedToken(segmentCount: 6)) { try JWE.decrypt(token + ".", with: privateKey) }
        #expect(throws: JWEError.invalidHeader) { try JWE.decrypt(replacing(0, with: header("not json")), with: privateKey) }
        #expect(throws: JWEError.invalidHeader) { try JWE.decrypt(replacing(0, with: header("[1]")), with: privateKey) }
        #expect(throws: JWEError.missingHeaderParameter("alg")) { try JWE.decrypt(replacing(0, with: header(#"{"enc":"A256CBC-HS512"}"#)), with: privateKey) }
        #expect(throws: JWEError.missingHeaderParameter("enc")) { try JWE.decrypt(replacing(0, with: header(#"{"alg":"RSA-OAEP"}"#)), with: privateKey) }
        #expect(throws: JWEError.unsupportedKeyManagementAlgorithm("RSA1_5")) {
            try JWE.decrypt(replacing(0, with: header(#"{"alg":"RSA1_5","enc":"A256CBC-HS512"}"#)), with: privateKey)
        }
        #expect(throws: JWEError.unsupportedKeyManagementAlgorithm("none")) {
            try JWE.decrypt(replacing(0, with: header(#"{"alg":"none","enc":"A256CBC-HS512"}"#)), with: privateKey)
        }
        #expect(throws: JWEError.unsupportedContentEncryption("A128CBC-HS256")) {
            try JWE.decrypt(replacing(0, with: header(#"{"alg":"RSA-OAEP","enc":"A128CBC-HS256"}"#)), with: privateKey)
        }
        #expect(throws: JWEError.unsupportedHeaderParameter("zip")) {
            try JWE.decrypt(replacing(0, with: header(#"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","zip":"DEF"}"#)), with: privateKey)
        }
        #expect(throws: JWEError.unsupportedHeaderParameter("crit")) {
            try JWE.decrypt(replacing(0, with: header(#"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","crit":["exp"]}"#)), with: privateKey)
        }
        // The same header re-serialized with spaces breaks the tag: the AAD is the header as sent.
        #expect(throws: JWEError.authenticationFailed) {
            try JWE.decrypt(replacing(0, with: header(#"{"alg":"RSA-OAEP", "enc":"A256CBC-HS512", "kid":"kid-1"}"#)), with: privateKey)
        }
        #expect(throws: JWEError.invalidSegmentLength(segment: .initializationVector, length: 12)) {
            try JWE.decrypt(replacing(2, with: Base64URL.encode([UInt8](repeating: 0, count: 12))), with: privateKey)
        }
        #expect(throws: JWEError.invalidSegmentLength(segment: .authenticationTag, length: 16)) {
            try JWE.decrypt(replacing(4, with: Base64URL.encode(try Base64URL.decode(parts[4]).prefix(16))), with: privateKey)
        }
        #expect(throws: JWEError.invalidSegmentLength(segment: .ciphertext, length: 0)) { try JWE.decrypt(replacing(3, with: ""), with: privateKey) }
        #expect(throws: JWEError.invalidSegmentLength(segment: .ciphertext, length: 17)) {
            try JWE.decrypt(replacing(3, with: Base64URL.encode([UInt8](repeating: 0, count: 17))), with: privateKey)
        }
        // Wrong-size or garbage encrypted keys look exactly like a bad tag.
        #expect(throws: JWEError.authenticationFailed) { try JWE.decrypt(replacing(1, with: ""), with: privateKey) }
        #expect(throws: JWEError.authenticationFailed) {
            try JWE.decrypt(replacing(1, with: Base64URL.encode([UInt8](repeating: 0xFF, count: 256))), with: privateKey)
        }
        // The same key read from its PKCS#1 armour opens the token too.
        let sameKey = try RSAPrivateKey(pemRepresentation: DemoKeyPKCS1.pem)
        #expect(try JWE.decrypt(token, with: sameKey).plaintext == Self.payload)
        // A different 2048-bit key (RFC 8017 example 10) cannot: indistinguishable from a bad tag.
        #expect(throws: JWEError.authenticationFailed) { try JWE.decrypt(token, with: OAEPVectors.key10.privateKey()) }
    }

    /// A token whose tag is valid but whose plaintext padding is not (built by hand with the
    /// primitives) reports the padding, after the tag check.
    @Test func validTagWithBadPaddingIsReported() throws {
        let privateKey = try Fixtures.demoRSAPrivateKey()
        var generator = SeededGenerator(seed: 3)
        let encodedHeader = try JWE.encode(JWEHeader(algorithm: .rsaOAEP, keyId: "k"))
        let cek = RandomBytes.make(count: 64, using: &generator)
        let iv = RandomBytes.make(count: 16, using: &generator)
        let ciphertext = try AES256CBC.encrypt([UInt8](repeating: 0, count: 16), key: cek[32...], iv: iv, padding: .none)
        let tag = A256CBCHS512.authenticationTag(macKey: cek[..<32], additionalData: Array(encodedHeader.utf8), iv: iv, ciphertext: ciphertext)
        let wrapped = try RSAOAEP.encrypt(cek, for: privateKey.publicKey, hash: SHA1.self, using: &generator)
        let token = [encodedHeader, Base64URL.encode(wrapped), Base64URL.encode(iv), Base64URL.encode(ciphertext), Base64URL.encode(tag)].joined(separator: ".")
        #expect(throws: JWEError.invalidPadding) { try JWE.decrypt(token, with: privateKey) }
    }

    /// 10,000 draws through the code path `encrypt` uses never repeat a CEK, IV or nonce.
    @Test func randomMaterialNeverRepeats() {
        var generator = SystemRandomNumberGenerator()
        var keys = Set<[UInt8]>(), ivs = Set<[UInt8]>(), nonces = Set<String>()
        for _ in 0..<10_000 {
            let material = JWE.ContentMaterial(using: &generator)
            #expect(material.contentEncryptionKey.count == 64 && material.initializationVector.count == 16)
            keys.insert(material.contentEncryptionKey)
            ivs.insert(material.initializationVector)
            nonces.insert(RandomUUID.make(using: &generator))
        }
        #expect(keys.count == 10_000)
        #expect(ivs.count == 10_000)
        #expect(nonces.count == 10_000)
    }

    /// Whole tokens: IVs and wrapped keys differ between encryptions of the same payload.
    @Test func realTokensDiffer() throws {
        let key = try Fixtures.demoRSAPublicKey()
        var ivs = Set<Substring>(), wrapped = Set<Substring>(), ciphertexts = Set<Substring>()
        for _ in 0..<50 {
            let parts = try JWE.encrypt(Self.payload, for: key, keyId: "k").split(separator: ".")
            wrapped.insert(parts[1]); ivs.insert(parts[2]); ciphertexts.insert(parts[3])
        }
        #expect(ivs.count == 50 && wrapped.count == 50 && ciphertexts.count == 50)
    }

    @Test func decryptionDescriptionsRedactThePlaintext() throws {
        let privateKey = try Fixtures.demoRSAPrivateKey()
        let token = try JWE.encrypt(Self.payload, for: privateKey.publicKey, keyId: "kid-1")
        let decryption = try JWE.decrypt(token, with: privateKey)
        var dumped = ""
        dump(decryption, to: &dumped)
        for text in [decryption.description, String(reflecting: decryption), "\(decryption)", dumped] {
            #expect(!text.contains("4111"))
            #expect(!text.contains("cardNumber"))
            #expect(!text.contains("52, 49, 49, 49"))  // "4111" as a byte array
        }
        #expect(decryption.description == "JWEDecryption(alg: RSA-OAEP, enc: A256CBC-HS512, plaintext: \(Self.payload.count) bytes redacted)")
    }
}
