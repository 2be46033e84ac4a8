import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormEncryption
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport
import PaymentFormFixtures
import PaymentFormSandboxClientAPI

/// A payload that decrypts to bytes that are not UTF-8: refused, with a message that says why,
/// and that names the JavaScript clients' known mistake when the bytes read as ISO-8859-1 JSON.
@Suite("Sandbox payloads that are not UTF-8", .timeLimit(.minutes(10)))
struct SandboxPayloadEncodingTests {
    /// A token of the demo key around `bytes` as given.
    static func token(_ bytes: [UInt8]) throws -> String {
        let response = try Fixtures.demoPublicKeyResponse()
        return try JWE.encrypt(bytes, for: RSAPublicKey(base64DER: response.publicKey), keyId: response.keyId)
    }

    /// The payload JSON of a card with a cardholder name, each character of the JSON text written
    /// as one byte, as a JavaScript client that skips UTF-8 encoding sends it (`José` → `4a 6f 73 e9`).
    static let latin1Payload: [UInt8] = {
        let json = #"{"clientSessionId": "s1", "nonce": "n", "paymentProductId": 1, "tokenize": false, "paymentValues": [{"key": "cardNumber", "value": "4111111111111111"}, {"key": "expiryDate", "value": "1235"}, {"key": "cvv", "value": "123"}, {"key": "cardholderName", "value": "José Müller"}]}"#
        return json.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }()

    static func post(_ bytes: [UInt8]) throws -> (status: Int, json: JSONValue) {
        let server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1"))
        let body = #"{"paymentProductId": 1, "encryptedCustomerInput": "\#(try token(bytes))"}"#
        let response = server.respond(to: HTTPRequest(method: "POST", target: "/sandbox/v1/payments", body: Array(body.utf8)), fromLoopback: true)
        return (response.status, try JSONParser().parse(response.body))
    }

    @Test("ISO-8859-1 JSON is refused with 400, and the message names the JavaScript clients' mistake")
    func latin1() throws {
        let (status, json) = try Self.post(Self.latin1Payload)
        #expect(status == 400)
        let errors = try #require(json["errors"]?.arrayValue, "no error: \(json)")
        let message = try #require(errors.first?["message"]?.stringValue, "no error: \(json)")
        #expect(errors.first?["code"] == "SANDBOX_INVALID_ENCRYPTED_CUSTOMER_INPUT")
        #expect(errors.first?["propertyName"] == "encryptedCustomerInput")
        #expect(message.hasPrefix("the decrypted payload is not UTF-8"), "\(message)")
        #expect(message.contains("JavaScript client encrypted the JSON string without UTF-8 encoding it"), "\(message)")
        #expect(!message.contains("4111") && !message.contains("Jos"), "never a value")
    }

    @Test("bytes that are neither UTF-8 nor ISO-8859-1 JSON get the plain message", arguments: [
        [0xFF, 0xFE, 0x00, 0x7B] as [UInt8],
        Array("{\"a\": \"".utf8) + [0xE9] + Array("\"".utf8),
    ])
    func notUTF8(bytes: [UInt8]) throws {
        let (status, json) = try Self.post(bytes)
        #expect(status == 400)
        let errors = try #require(json["errors"]?.arrayValue, "no error: \(json)")
        #expect(errors.first?["message"] == "the decrypted payload is not UTF-8")
    }

    @Test("the same payload UTF-8 encoded is accepted with its accents")
    func utf8() throws {
        let text = String(String.UnicodeScalarView(Self.latin1Payload.map { Unicode.Scalar($0) }))
        let (status, json) = try Self.post(Array(text.utf8))
        #expect(status == 200)
        #expect(json["valid"] == true)
        #expect(json["values"]?["cardholderName"] == "José Müller")
    }

    @Test("DecryptedPayload says the same to a backend test, with code invalid_payload")
    func decryptionError() throws {
        let key = try DecryptionKey(pemRepresentation: Fixtures.demoPrivateKeyPEM())
        #expect(throws: DecryptionError.notUTF8(readsAsLatin1JSON: true)) {
            try DecryptedPayload(token: try Self.token(Self.latin1Payload), key: key)
        }
        #expect(DecryptionError.notUTF8(readsAsLatin1JSON: false).code == "invalid_payload")
    }
}
