import Foundation
import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// The protected header's member names must be unique (RFC 7515 §4), and tokens are size-capped.
struct JWEHeaderAndSizeTests {
    /// A token whose protected header is exactly `headerJSON`, correctly encrypted and
    /// authenticated for the demo key: only the header's content can make it fail.
    static func token(headerJSON: String, algorithm: KeyManagementAlgorithm = .rsaOAEP) throws -> String {
        let encodedHeader = Base64URL.encode(Array(headerJSON.utf8))
        var generator = SeededGenerator(seed: 11)
        let cek = RandomBytes.make(count: 64, using: &generator)
        let iv = RandomBytes.make(count: 16, using: &generator)
        let encryptedKey = try algorithm.wrap(cek, for: Fixtures.demoRSAPublicKey(), using: &generator)
        let sealed = try A256CBCHS512.seal(JWETests.payload, key: cek, iv: iv, additionalData: Array(encodedHeader.utf8))
        return [encodedHeader, Base64URL.encode(encryptedKey), Base64URL.encode(iv), Base64URL.encode(sealed.ciphertext), Base64URL.encode(sealed.tag)]
            .joined(separator: ".")
    }

    @Test func aWellFormedHandMadeTokenDecrypts() throws {
        let token = try Self.token(headerJSON: #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","kid":"k"}"#)
        #expect(try JWE.decrypt(token, with: Fixtures.demoRSAPrivateKey()).plaintext == JWETests.payload)
    }

    /// A second `alg` (or `enc`, `kid`, any name), plain or spelled with escapes, is refused, even
    /// though the tag is valid: a reader keeping the first and one keeping the last would
    /// otherwise disagree about the same authenticated token. (The header used to be read with
    /// `JSONDecoder`, which kept one of the two silently, and these tokens decrypted.)
    @Test(arguments: [
        (#"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","alg":"none"}"#, "alg"),
        (#"{"alg":"RSA-OAEP","alg":"RSA-OAEP","enc":"A256CBC-HS512"}"#, "alg"),
        (#"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","\u0061lg":"RSA-OAEP-256"}"#, "alg"),
        (#"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","enc":"A128GCM"}"#, "enc"),
        (#"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","kid":"a","kid":"b"}"#, "kid"),
        (#"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","x":1,"x":{"y":2}}"#, "x"),
    ])
    func duplicateHeaderParametersAreRefused(header: String, name: String) throws {
        let token = try Self.token(headerJSON: header)
        #expect(throws: JWEError.duplicateHeaderParameter(name)) { try JWE.decrypt(token, with: Fixtures.demoRSAPrivateKey()) }
    }

    /// Nested objects may repeat names of the outer level; only a level's own names must differ.
    @Test func namesMayRepeatAcrossLevels() throws {
        let token = try Self.token(headerJSON: #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","jwk":{"alg":"x","kid":"y"},"kid":"z"}"#)
        let decryption = try JWE.decrypt(token, with: Fixtures.demoRSAPrivateKey())
        #expect(decryption.header.keyId == "z")
    }

    @Test(arguments: [
        #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512",}"#,           // trailing comma
        #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512"} x"#,           // trailing content
        #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","kid":"a\x"}"#,  // bad escape
        #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","kid":"\ud800"}"#, // lone surrogate
        #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","n":01}"#,       // leading zero
        #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","n":tru}"#,
        #"{"alg":1,"enc":"A256CBC-HS512"}"#,                       // alg not a string
        #"["alg"]"#,
        "",
    ])
    func malformedHeadersAreRefused(header: String) throws {
        let token = try Self.token(headerJSON: header)
        #expect(throws: JWEError.invalidHeader) { try JWE.decrypt(token, with: Fixtures.demoRSAPrivateKey()) }
    }

    @Test func deepNestingIsRefused() throws {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let token = try Self.token(headerJSON: #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","x":\#(deep)}"#)
        #expect(throws: JWEError.invalidHeader) { try JWE.decrypt(token, with: Fixtures.demoRSAPrivateKey()) }
    }

    @Test func parserReadsEscapesAndValues() throws {
        let members = try JOSEHeaderParser.members(of: Array(#" { "a" : "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00" , "b":[1,-2.5e+3,true,false,null,{}] } "#.utf8))
        #expect(members.map(\.name) == ["a", "b"])
        #expect(members[0].value == .string("x\"\\/\u{8}\u{c}\n\r\té😀"))
        #expect(members[1].value == .other)
    }

    /// Tokens over 256 KiB are refused before anything is decoded; one just under is processed
    /// (and fails later, on its content).
    @Test func tokenSizeIsCapped() throws {
        let key = try Fixtures.demoRSAPrivateKey()
        let limit = JWE.maximumTokenLength
        #expect(limit == 262_144)
        let tooLong = String(repeating: "A", count: limit + 1)
        #expect(throws: JWEError.tokenTooLarge(length: limit + 1)) { try JWE.decrypt(tooLong, with: key) }
        #expect(throws: JWEError.tokenTooLarge(length: 10 * limit)) { try JWE.decrypt(String(repeating: "é", count: 5 * limit), with: key) }
        #expect(throws: JWEError.malformedToken(segmentCount: 1)) { try JWE.decrypt(String(repeating: "A", count: limit), with: key) }
        #expect(JWEError.tokenTooLarge(length: limit + 1).description == "the token has 262145 bytes; at most 262144 are accepted")
        // A real token with a large payload, near the cap, still works.
        let payload = [UInt8](repeating: 0x61, count: 190_000)
        let token = try JWE.encrypt(payload, for: key.publicKey, keyId: "k")
        #expect(token.utf8.count < limit)
        #expect(try JWE.decrypt(token, with: key).plaintext == payload)
    }
}
