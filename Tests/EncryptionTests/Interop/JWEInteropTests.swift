import Foundation
import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// End-to-end proof against an independent implementation: tokens we make are opened by Python's
/// pyca/cryptography (``JWEInteropScript``), and tokens it makes are opened by us, for fresh
/// openssl keys of 2048, 3072 and 4096 bits and both RSA-OAEP variants.
@Suite(.enabled(if: InteropTool.isAvailable, "python3 with the cryptography package, or openssl, is not installed: interop tests skipped"), .timeLimit(.minutes(10)))
struct JWEInteropTests {
    static let payloads: [String] = [
        #"{"clientSessionId":"s-1","nonce":"N","paymentProductId":1,"paymentValues":[{"key":"cardNumber","value":"4111111111111111"}]}"#,
        "quotes \" and 'single', backslash \\ and \\\" escaped, newline\nand tab\t, CR\r\n",
        "non-ASCII: Zoë Ångström, Привет, 日本語, emoji 🙂💳, NUL-free control \u{1}",
        "",
        String(repeating: "0123456789abcdef", count: 40) + "x",
    ]

    @Test(arguments: [2048, 3072, 4096])
    func bothDirections(bits: Int) throws {
        let generated = try InteropTool.generateKey(bits: bits)
        defer { try? FileManager.default.removeItem(at: generated.directory) }
        let privateKey = try RSAPrivateKey(pemRepresentation: String(contentsOf: generated.privatePEM, encoding: .utf8))
        let publicKey = try RSAPublicKey(pemRepresentation: String(contentsOf: generated.publicPEM, encoding: .utf8))
        #expect(privateKey.publicKey == publicKey)
        #expect(publicKey.bitCount == bits)
        let keyId = "kid \"quoted\" / \\ é-\(bits)"

        // Ours → Python.
        var tokens: [String] = []
        var expected: [(KeyManagementAlgorithm, String)] = []
        for algorithm in KeyManagementAlgorithm.allCases {
            for payload in Self.payloads {
                tokens.append(try JWE.encrypt(Array(payload.utf8), for: publicKey, keyId: keyId, algorithm: algorithm))
                expected.append((algorithm, payload))
            }
        }
        let response = try InteropTool.python("decrypt", keyPath: generated.privatePEM, request: ["tokens": tokens])
        let results = try #require(response["results"] as? [[String: Any]])
        #expect(results.count == tokens.count)
        for (result, (algorithm, payload)) in zip(results, expected) {
            #expect(result["error"] == nil, "Python rejected our \(algorithm.rawValue) token: \(result["error"] ?? "")")
            let header = result["header"] as? [String: String]
            #expect(header == ["alg": algorithm.rawValue, "enc": "A256CBC-HS512", "kid": keyId])
            #expect(result["plaintext"] as? String == Hex.string(Array(payload.utf8)))
        }

        // Python → ours.
        var items: [[String: String]] = []
        for algorithm in KeyManagementAlgorithm.allCases {
            for payload in Self.payloads {
                items.append(["alg": algorithm.rawValue, "kid": keyId, "plaintext": Hex.string(Array(payload.utf8))])
            }
        }
        let produced = try InteropTool.python("encrypt", keyPath: generated.publicPEM, request: ["items": items])
        let pythonTokens = try #require(produced["tokens"] as? [String])
        #expect(pythonTokens.count == items.count)
        for (token, (algorithm, payload)) in zip(pythonTokens, expected) {
            let decryption = try JWE.decrypt(token, with: privateKey)
            #expect(decryption.header == JWEHeader(algorithm: algorithm, encryption: .a256CBCHS512, keyId: keyId))
            #expect(String(decoding: decryption.plaintext, as: UTF8.self) == payload)
        }
    }

    /// The demo key pair, and our SPKI export read back by openssl.
    @Test func demoKeyAndExportedPublicKey() throws {
        let privateKey = try Fixtures.demoRSAPrivateKey()
        let (keyId, _) = try Fixtures.demoKeyIdAndBase64()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jwe-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let privatePath = directory.appendingPathComponent("private.pem")
        try Fixtures.demoPrivateKeyPEM().write(to: privatePath, atomically: true, encoding: .utf8)
        let exported = directory.appendingPathComponent("exported.pem")
        try privateKey.publicKey.pemRepresentation.write(to: exported, atomically: true, encoding: .utf8)
        // openssl re-derives the public key from the private one; it must equal our export.
        let fromOpenSSL = try InteropTool.run("openssl", ["pkey", "-in", privatePath.path, "-pubout"])
        #expect(String(decoding: fromOpenSSL, as: UTF8.self) == privateKey.publicKey.pemRepresentation)
        let token = try JWE.encrypt(Array(Self.payloads[0].utf8), for: privateKey.publicKey, keyId: keyId)
        let response = try InteropTool.python("decrypt", keyPath: privatePath, request: ["tokens": [token]])
        let results = try #require(response["results"] as? [[String: Any]])
        #expect(results.first?["plaintext"] as? String == Hex.string(Array(Self.payloads[0].utf8)))
        // And Python refuses a token we tampered with, confirming it really checks.
        var bytes = Array(token.utf8)
        bytes[bytes.count - 3] = bytes[bytes.count - 3] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let tampered = String(decoding: bytes, as: UTF8.self)
        let rejected = try InteropTool.python("decrypt", keyPath: privatePath, request: ["tokens": [tampered]])
        let rejection = try #require((rejected["results"] as? [[String: Any]])?.first)
        #expect(rejection["error"] != nil)
    }
}
