import Foundation
import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// Whole JWE tokens against Wycheproof's JSON Web Encryption vectors. Applicable: groups whose
/// private key is RSA. Every invalid token for such a key must be refused (modified tags,
/// ciphertexts, IVs or headers, PKCS#1 v1.5 used with an OAEP key, truncated tokens, the JSON
/// serialization); valid tokens with alg RSA-OAEP or RSA-OAEP-256 and enc A256CBC-HS512 must
/// decrypt to the plaintext. Valid tokens with other algorithms (GCM, AES key wrap, ECDH, RSA1_5)
/// are not applicable: the library supports only what the payment platform uses.
@Suite
struct JWEWycheproofTests {
    struct File: Decodable {
        let testGroups: [Group]
    }

    struct Group: Decodable {
        let `private`: JWK
        let tests: [Vector]
    }

    struct JWK: Decodable {
        let kty: String
        let n, e, d, p, q, dp, dq, qi: String?
    }

    struct Vector: Decodable {
        let tcId: Int
        let pt: String?
        let jwe: Token
        let result: Wycheproof.Result
    }

    /// Most tokens are compact strings; one is a JSON serialization (an object).
    enum Token: Decodable {
        case compact(String)
        case json(String)

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .compact(text)
            } else {
                self = .json("{}")
            }
        }

        var text: String {
            switch self {
            case .compact(let text), .json(let text): text
            }
        }
    }

    static func privateKey(_ jwk: JWK) throws -> RSAPrivateKey? {
        guard jwk.kty == "RSA", let n = jwk.n, let e = jwk.e, let d = jwk.d, let p = jwk.p, let q = jwk.q,
              let dp = jwk.dp, let dq = jwk.dq, let qi = jwk.qi
        else { return nil }
        func integer(_ text: String) throws -> BigUInt { BigUInt(bigEndianBytes: try Base64URL.decode(text)) }
        return try RSAPrivateKey(
            modulus: integer(n), publicExponent: integer(e), privateExponent: integer(d),
            p: integer(p), q: integer(q), dP: integer(dp), dQ: integer(dq), qInv: integer(qi), policy: .testVectors)
    }

    /// The token's protected header, when it has one we can read.
    static func header(_ token: String) -> [String: Any]? {
        guard let first = token.split(separator: ".", omittingEmptySubsequences: false).first,
              let bytes = try? Base64URL.decode(first) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    @Test func tokens() throws {
        let file = try Wycheproof.load("json_web_encryption_test.json", as: File.self)
        var tally = Wycheproof.Tally()
        var decrypted = 0
        for group in file.testGroups {
            guard let key = try Self.privateKey(group.private) else {
                tally.notApplicable += group.tests.count
                continue
            }
            for vector in group.tests {
                let token = vector.jwe.text
                let header = Self.header(token)
                let supported = ["RSA-OAEP", "RSA-OAEP-256"].contains(header?["alg"] as? String ?? "")
                    && header?["enc"] as? String == "A256CBC-HS512"
                switch vector.result {
                case .valid, .acceptable:
                    guard supported else {
                        tally.notApplicable += 1
                        continue
                    }
                    tally.run += 1
                    let decryption = try JWE.decrypt(token, with: key)
                    #expect(decryption.plaintext == [UInt8](wycheproofHex: vector.pt ?? ""), "tcId \(vector.tcId)")
                    decrypted += 1
                case .invalid:
                    tally.run += 1
                    #expect(throws: JWEError.self, "tcId \(vector.tcId)") { try JWE.decrypt(token, with: key) }
                }
            }
        }
        // 22 invalid tokens for RSA keys, 2 valid RSA-OAEP(-256) + A256CBC-HS512 tokens.
        #expect(decrypted == 2)
        #expect(tally.run == 24, "\(tally)")
    }
}
