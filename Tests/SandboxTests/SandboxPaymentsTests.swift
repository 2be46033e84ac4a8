import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport
import PaymentFormFixtures
import PaymentFormSandboxClientAPI
@Suite("Sandbox payments endpoint", .timeLimit(.minutes(10)))
struct SandboxPaymentsTests {
    let server: SandboxServer
    let key: EncryptionKey

    init() throws {
        server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1"))
        key = try EncryptionKey(Fixtures.demoPublicKeyResponse())
    }

    private func post(_ body: JSONValue, fromLoopback: Bool = true) throws -> (status: Int, json: JSONValue) {
        let bytes = Array(JSONWriter().string(from: body).utf8)
        let response = server.respond(to: HTTPRequest(method: "POST", target: "/sandbox/v1/payments", body: bytes), fromLoopback: fromLoopback)
        return (response.status, try JSONParser().parse(response.body))
    }

    private func token(product: String = "visa", values: [String: String], sessionId: String = "s1") throws -> String {
        let visa = try Fixtures.sample(product)
        var request = PaymentRequest(product: visa)
        for (field, value) in values { try request.setValue(value, forField: field) }
        // Prepared without validation so invalid values reach the sandbox too: validate against a
        // request of the product with no rules.
        var lenient = PaymentProduct(id: visa.id, paymentMethod: visa.paymentMethod, fields: visa.fields.map { field in
            var copy = field
            copy.dataRestrictions = DataRestrictions()
            return copy
        })
        lenient.accountsOnFile = visa.accountsOnFile
        var unchecked = PaymentRequest(product: lenient)
        for (field, value) in values { try unchecked.setValue(value, forField: field) }
        return try unchecked.prepare(clientSessionId: sessionId, key: key, metaInfo: .current(), in: .current()).encryptedFields
    }

    @Test("valid card values come back valid, with the decrypted values")
    func valid() throws {
        let encrypted = try token(values: ["cardNumber": "4111 1111 1111 1111", "expiryDate": "12/35", "cvv": "123"])
        let (status, json) = try post(["paymentProductId": 1, "encryptedCustomerInput": .string(encrypted)])
        #expect(status == 200)
        #expect(json["valid"] == .bool(true))
        #expect(json["errors"] == .array([]))
        #expect(json["values"] == ["cardNumber": "4111111111111111", "cvv": "123", "expiryDate": "1235"])
    }

    @Test("invalid values are reported per field with the validator's parameters")
    func invalid() throws {
        let encrypted = try token(values: ["cardNumber": "4111 1111 1111 1112", "expiryDate": "12/35", "cvv": "12"])
        let (status, json) = try post(["paymentProductId": 1, "encryptedCustomerInput": .string(encrypted)])
        #expect(status == 200)
        #expect(json["valid"] == .bool(false))
        let errors = try #require(json["errors"]?.arrayValue, "no errors")
        #expect(errors.compactMap { $0["errorId"] } == ["luhn", "length", "regularExpression"])
        #expect(errors.compactMap { $0["fieldId"] } == ["cardNumber", "cvv", "cvv"])
        #expect(errors[1]["minLength"] == .number("3"))
        #expect(errors[1]["maxLength"] == .number("4"))
    }

    @Test("a payload of another session or product is reported")
    func mismatches() throws {
        let encrypted = try token(values: ["cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"], sessionId: "other")
        let (_, json) = try post(["paymentProductId": 1, "encryptedCustomerInput": .string(encrypted)])
        #expect(json["valid"] == .bool(false))
        let errors = try #require(json["errors"]?.arrayValue)
        #expect(errors.compactMap { $0["errorId"] } == ["clientSessionId"])
        let (_, wrongProduct) = try post(["paymentProductId": 2, "encryptedCustomerInput": .string(encrypted)])
        let more = try #require(wrongProduct["errors"]?.arrayValue)
        #expect(more.compactMap { $0["errorId"] }.contains("paymentProductId"))
    }

    @Test("bad requests: not JSON, missing members, a tampered token, an unknown product, not loopback", arguments: [
        ("nonsense", 400),
        (#"{"encryptedCustomerInput": "a.b.c.d.e"}"#, 400),
        (#"{"paymentProductId": 1}"#, 400),
        (#"{"paymentProductId": 1, "encryptedCustomerInput": "a.b.c.d.e"}"#, 400),
        (#"{"paymentProductId": 999, "encryptedCustomerInput": "a.b.c.d.e"}"#, 404),
    ])
    func badRequests(body: String, status: Int) throws {
        let response = server.respond(to: HTTPRequest(method: "POST", target: "/sandbox/v1/payments", body: Array(body.utf8)), fromLoopback: true)
        #expect(response.status == status)
        let remote = server.respond(to: HTTPRequest(method: "POST", target: "/sandbox/v1/payments", body: Array(body.utf8)), fromLoopback: false)
        #expect(remote.status == 403)
    }
}
