import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI

/// `POST /sandbox/v1/payments` judges the decrypted values as sent: no mask is applied, so what
/// no valid client sends is refused, not read through the mask into something valid.
@Suite("Sandbox payments endpoint: values as sent")
struct SandboxPaymentsAsSentTests {
    static let good = ["cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"]

    func post(_ values: [String: String]) throws -> JSONValue {
        let server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1"))
        let token = try PreparedPaymentRequest.encryptingWithoutValidation(
            paymentProductId: 1, values: values, clientSessionId: "s1", key: try EncryptionKey(ShippedSamples.demoPublicKey())).encryptedFields
        let body = JSONWriter().string(from: ["paymentProductId": 1, "encryptedCustomerInput": .string(token)])
        let response = server.respond(to: HTTPRequest(method: "POST", target: "/sandbox/v1/payments", body: Array(body.utf8)), fromLoopback: true)
        #expect(response.status == 200)
        return try JSONParser().parse(response.body)
    }

    @Test("unmasked valid values are valid")
    func valid() throws {
        #expect(try post(Self.good)["valid"] == .bool(true))
    }

    @Test("a value the mask would have read as valid is invalid as sent", arguments: [
        ("cvv", "1a23", "regularExpression"),
        ("cardNumber", "4111x1111y1111z1111", "luhn"),
        ("cardNumber", "4111 1111 1111 1111", "numericString"),
        ("expiryDate", "12/35", "expirationDate"),
    ])
    func invalidAsSent(field: String, value: String, firstError: String) throws {
        var values = Self.good
        values[field] = value
        let json = try post(values)
        #expect(json["valid"] == .bool(false))
        let errors = try #require(json["errors"]?.arrayValue, "no errors in \(json)")
        #expect(errors.first?["fieldId"] == .string(field))
        #expect(errors.first?["errorId"] == .string(firstError))
    }
}
