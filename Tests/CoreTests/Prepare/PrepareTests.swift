import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormJSON
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport
import PaymentFormFixtures

/// `prepare`: only valid requests, a payload built by an encoder, fresh randomness, no leaks.
@Suite("Preparing a payment request")
struct PrepareTests {
    static let now = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    static func keys() throws -> (EncryptionKey, DecryptionKey) {
        let response = try Fixtures.demoPublicKeyResponse()
        let pem = try Fixtures.demoPrivateKeyPEM()
        return (try EncryptionKey(response), try DecryptionKey(pemRepresentation: pem))
    }

    static func request(_ sample: String, account: String? = nil, tokenize: Bool = false, _ values: [String: String]) throws -> PaymentRequest {
        var request = PaymentRequest(product: try Fixtures.sample(sample), tokenize: tokenize)
        try request.selectAccountOnFile(withId: account)
        for (field, value) in values { try request.setValue(value, forField: field) }
        return request
    }

    @Test("the payload carries the unmasked values of the validated fields, and decrypts")
    func roundTrip() throws {
        let (key, privateKey) = try Self.keys()
        let request = try Self.request("visa", ["cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "123", "cardholderName": ""])
        let prepared = try request.prepare(clientSessionId: "session \"1\" \\ \n ü", key: key, metaInfo: .current(appIdentifier: "tests"), in: Self.now)
        let payload = try DecryptedPayload(token: prepared.encryptedFields, key: privateKey)
        #expect(payload.keyId == key.keyId)
        #expect(payload.json["clientSessionId"] == .string("session \"1\" \\ \n ü"))
        #expect(payload.json["paymentProductId"] == .number("1"))
        #expect(payload.json["accountOnFileId"] == nil)
        #expect(payload.json["tokenize"] == nil)
        #expect(payload.json["paymentValues"] == [
            ["key": "cardNumber", "value": "4111111111111111"], ["key": "expiryDate", "value": "1230"], ["key": "cvv", "value": "123"],
        ])
        let nonce = try #require(payload.json["nonce"]?.stringValue, "no nonce")
        #expect(nonce.count == 36)
    }

    @Test("an account on file: numeric id, read-only values left out; tokenize only when true")
    func accountOnFile() throws {
        let (key, privateKey) = try Self.keys()
        let request = try Self.request("mastercard-accounts-on-file", account: "1001", tokenize: true, ["cvv": "999", "cardNumber": "5555555555554444"])
        let prepared = try request.prepare(clientSessionId: "s", key: key, metaInfo: .current(), in: Self.now)
        let payload = try DecryptedPayload(token: prepared.encryptedFields, key: privateKey)
        #expect(payload.json["accountOnFileId"] == .number("1001"))
        #expect(payload.json["tokenize"] == .bool(true))
        #expect(payload.paymentValues == ["cvv": "999"])
    }

    @Test("an invalid request cannot be prepared")
    func invalid() throws {
        let (key, _) = try Self.keys()
        let request = try Self.request("visa", ["cardNumber": "4111 1111 1111 1112"])
        #expect {
            _ = try request.prepare(clientSessionId: "s", key: key, metaInfo: .current(), in: Self.now)
        } throws: { error in
            guard case .invalidRequest(let report) = error as? PrepareError else { return false }
            return report.errors.map(\.errorId) == ["luhn", "required", "required"]
        }
    }

    @Test("a non-numeric product id is refused, not pasted into the payload")
    func nonNumericId() throws {
        let (key, _) = try Self.keys()
        let product = try PaymentProduct.decode(from: Array(#"{"id": "visa\"1", "paymentMethod": "card", "displayHints": {}, "fields": []}"#.utf8)).value
        #expect(throws: PrepareError.nonNumericProductId("visa\"1")) {
            _ = try PaymentRequest(product: product).prepare(clientSessionId: "s", key: key, metaInfo: .current(), in: Self.now)
        }
    }

    @Test("client meta info is base64 JSON without card data")
    func metaInfo() throws {
        let (key, _) = try Self.keys()
        let request = try Self.request("visa", ["cardNumber": "4111111111111111", "expiryDate": "1230", "cvv": "123"])
        let prepared = try request.prepare(clientSessionId: "s", key: key, metaInfo: .current(appIdentifier: "shop/1.0"), in: Self.now)
        let data = try #require(Data(base64Encoded: prepared.encodedClientMetaInfo))
        let json = try JSONParser().parse(data)
        #expect(json["appIdentifier"] == "shop/1.0")
        #expect(json["sdkIdentifier"] == .string(ClientMetaInfo.sdkIdentifier))
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("4111") && !text.contains("1230"))
        #expect(!String(describing: prepared).contains(prepared.encryptedFields))
    }

    @Test("every prepare uses a fresh nonce, key and IV")
    func freshness() throws {
        let (key, privateKey) = try Self.keys()
        let request = try Self.request("visa", ["cardNumber": "4111111111111111", "expiryDate": "1230", "cvv": "123"])
        var nonces = Set<String>()
        var ivs = Set<Substring>()
        for _ in 0..<20 {
            let token = try request.prepare(clientSessionId: "s", key: key, metaInfo: .current(), in: Self.now).encryptedFields
            ivs.insert(token.split(separator: ".")[2])
            if case .string(let nonce)? = try DecryptedPayload(token: token, key: privateKey).json["nonce"] { nonces.insert(nonce) }
        }
        #expect(nonces.count == 20)
        #expect(ivs.count == 20)
    }

    @Test("a bad public key and a tampered token give typed errors")
    func badInputs() throws {
        #expect(throws: PrepareError.self) { try EncryptionKey(PublicKeyResponse(keyId: "k", publicKey: "not base64!")) }
        #expect(throws: DecryptionError.self) { try DecryptionKey(pemRepresentation: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----") }
        let (key, privateKey) = try Self.keys()
        let request = try Self.request("visa", ["cardNumber": "4111111111111111", "expiryDate": "1230", "cvv": "123"])
        var token = Array(try request.prepare(clientSessionId: "s", key: key, metaInfo: .current(), in: Self.now).encryptedFields)
        token[token.count - 3] = token[token.count - 3] == "A" ? "B" : "A"
        #expect(throws: DecryptionError.self) { try DecryptedPayload(token: String(token), key: privateKey) }
    }
}
