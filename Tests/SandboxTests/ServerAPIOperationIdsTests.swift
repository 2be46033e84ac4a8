import Foundation
import Testing
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// Issue 59 (operations with their own ids) and issue 56 findings 7 and 8 (masks and error codes
/// per platform): ids in each platform's shape, an operation's id opening its payment, the
/// operations listed with the members the official SDKs' models read, over loopback HTTP.
@Suite("Server API: operation ids, masks and error codes per platform")
struct ServerAPIOperationIdsTests {
    typealias Backend = ServerAPIEndToEndTests.Backend

    static let card = #""card": {"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}"#

    /// An authorised payment of `amount` with merchant reference `order-1`, card data sent by the server.
    static func pay(_ backend: Backend, _ version: String, amount: Int = 1000) async throws -> ServerAnswer {
        let body = #"{"order": {"amountOfMoney": {"amount": \#(amount), "currencyCode": "EUR"}, "references": {"merchantReference": "order-1"}}, "cardPaymentMethodSpecificInput": {"paymentProductId": 1, \#(card)}}"#
        let answer = try await backend.call("POST", "/\(version)/\(backend.api.merchantId)/payments", body: try JSONParser().parse(Array(body.utf8)))
        #expect(answer.status == 201, "\(answer.json)")
        return answer
    }

    static func money(_ amount: Int) -> JSONValue { ["amountOfMoney": ["amount": .number(String(amount)), "currencyCode": "EUR"]] }

    /// Pays, captures 600 of 1000, refunds 200 (approved on Connect) and on Online Payments
    /// cancels 100 of the rest: the ids handed out.
    static func operations(_ backend: Backend, _ version: String) async throws -> (payment: String, capture: String, refund: String, cancel: String?) {
        let m = backend.api.merchantId
        let payment = try #require(try await pay(backend, version).string("payment", "id"))
        let capture = try #require(try await backend.call("POST", "/\(version)/\(m)/payments/\(payment)/capture", body: ["amount": 600]).string("id"))
        let refund = try #require(try await backend.call("POST", "/\(version)/\(m)/payments/\(payment)/refund", body: money(200)).string("id"))
        if version == "v1" {
            #expect(try await backend.call("POST", "/v1/\(m)/refunds/\(refund)/approve", body: [:]).status == 204)
            return (payment, capture, refund, nil)
        }
        let cancelled = try await backend.call("POST", "/v2/\(m)/payments/\(payment)/cancel", body: money(100))
        #expect(cancelled.status == 200 && cancelled.string("payment", "status") == "CAPTURED")
        let cancel: String = try #require(cancelled.string("payment", "id"))
        return (payment, capture, refund, cancel)
    }

    @Test("payments, captures, refunds and cancels have their platform's id shapes")
    func shapes() async throws {
        let sandbox = try ClientAPISandbox()
        defer { sandbox.stop() }
        let backend = Backend(sandbox)

        let connect = try await Self.operations(backend, "v1")
        let digits = connect.payment.allSatisfy { $0.isASCII && $0.isNumber }
        #expect(connect.payment.count == 30 && digits && connect.payment.hasSuffix("0000100001"), "\(connect.payment)")
        let order = String(connect.payment.prefix(20))
        #expect(connect.capture == order + "0000200001")
        #expect(connect.refund == order + "000-100001")
        #expect(try await backend.call("GET", "/v1/\(backend.api.merchantId)/captures/\(connect.capture)").string("id") == connect.capture)
        #expect(try await backend.call("GET", "/v1/\(backend.api.merchantId)/refunds/\(connect.refund)").string("status") == "REFUNDED")

        let online = try await Self.operations(backend, "v2")
        let number = try #require(online.payment.split(separator: "_").first.map(String.init))
        #expect(number.count == 10 && number.allSatisfy(\.isNumber) && online.payment == number + "_0")
        #expect([online.capture, online.refund, online.cancel] == [number + "_1", number + "_2", number + "_3"])
    }

    @Test("ids stay unique across platforms and payments; malformed ids belong to no payment")
    func uniqueness() throws {
        var seen = Set<String>()
        for index in 0..<2_000 {
            let version: ServerAPIVersion = index.isMultiple(of: 2) ? .v1 : .v2
            let id = PlatformIds.payment(version, merchantId: "sandbox-merchant")
            #expect(seen.insert(String(id.prefix(version == .v1 ? 20 : 10).suffix(10))).inserted, "order number reused: \(id)")
        }
        #expect(PlatformIds.payment(.v1, merchantId: "1234").hasPrefix("0000001234"))
        #expect(PlatformIds.payment(.v1, merchantId: "12345678901").hasPrefix("0000000000"))
        let cases: [(String, ServerAPIVersion, String?)] = [
            ("1234567890_7", .v2, "1234567890_0"), ("1234567890_0", .v2, "1234567890_0"), ("", .v2, nil), ("_", .v2, nil),
            ("abc_1", .v2, nil), ("123_", .v2, nil), ("123_-1", .v2, nil), ("123_1234567", .v2, nil), ("1234567890", .v2, nil),
            ("000000000012345678900000200001", .v1, "000000000012345678900000100001"),
            ("00000000001234567890000-300001", .v1, "000000000012345678900000100001"),
            ("00000000001234567890000010000", .v1, nil), ("0000000000123456789a0000100001", .v1, nil), ("-00000000012345678900000100001", .v1, nil),
            ("1234567890_1", .v1, nil),
        ]
        for (id, version, expected) in cases {
            #expect(PlatformIds.paymentId(of: id, version) == expected, "\(version) \(id)")
        }
    }

    @Test("on Online Payments every operation's id opens its payment (GET and details); Connect's GET does not take them")
    func operationIdsOpenThePayment() async throws {
        let sandbox = try ClientAPISandbox()
        defer { sandbox.stop() }
        let backend = Backend(sandbox)
        let m = backend.api.merchantId
        let online = try await Self.operations(backend, "v2")
        for id in [online.payment, online.capture, online.refund, try #require(online.cancel)] {
            let details = try await backend.call("GET", "/v2/\(m)/payments/\(id)/details")
            #expect(details.status == 200 && details.string("id") == online.payment, "details of \(id)")
            let payment = try await backend.call("GET", "/v2/\(m)/payments/\(id)")
            #expect(payment.status == 200 && payment.string("id") == online.payment && payment.string("status") == "CAPTURED", "GET \(id)")
        }
        let number = online.payment.dropLast(2)
        for unknown in ["\(number)_9", "\(number)_x", "9\(number.dropFirst())_1"] {
            let answer = try await backend.call("GET", "/v2/\(m)/payments/\(unknown)/details")
            #expect(answer.status == 404 && answer.error("errorCode") == "50001130", "\(unknown)")
        }
        let connect = try await Self.operations(backend, "v1")
        for id in [connect.capture, connect.refund] {
            let answer = try await backend.call("GET", "/v1/\(m)/payments/\(id)")
            #expect(answer.status == 404 && answer.error("code") == "1002", "Connect GET payments/\(id)")
        }
    }

    // The members the official SDKs' models read, every one required here: Online Payments'
    // PaymentDetailsResponse and OperationOutput (Python SDK 10.3.0), Connect's PaymentOperation
    // (Python SDK 6.3.0).
    struct AmountOfMoney: Decodable { let amount: Int; let currencyCode: String }
    struct PaymentReferences: Decodable { let merchantReference: String }
    struct PaymentStatusOutput: Decodable {
        let isAuthorized: Bool, isCancellable: Bool, isRefundable: Bool
        let statusCategory: String, statusCode: Int, statusCodeChangeDateTime: String
    }
    struct OperationOutput: Decodable {
        let id: String, amountOfMoney: AmountOfMoney, status: String, statusOutput: PaymentStatusOutput
        let paymentMethod: String, references: PaymentReferences, transactionDate: String
        let operationReferences: PaymentReferences?
    }
    struct PaymentDetailsResponse: Decodable {
        let id: String, status: String, statusOutput: PaymentStatusOutput
        let operations: [OperationOutput]
        enum CodingKeys: String, CodingKey { case id, status, statusOutput, operations = "Operations" }
    }
    struct PaymentOperation: Decodable { let amountOfMoney: AmountOfMoney, id: String, status: String, timestamp: String, type: String }
    struct ConnectPaymentOutput: Decodable { let operations: [PaymentOperation] }
    struct ConnectPayment: Decodable { let id: String, paymentOutput: ConnectPaymentOutput }

    @Test("details list every operation with the members of OperationOutput; Connect's returnOperations those of PaymentOperation")
    func operationsDecodeAsTheSDKModels() async throws {
        let sandbox = try ClientAPISandbox()
        defer { sandbox.stop() }
        let backend = Backend(sandbox)
        let m = backend.api.merchantId
        let online = try await Self.operations(backend, "v2")
        let body = try await backend.call("GET", "/v2/\(m)/payments/\(online.refund)/details")
        let details = try JSONDecoder().decode(PaymentDetailsResponse.self, from: Data(JSONWriter().bytes(from: body.json)))
        #expect(details.id == online.payment && details.status == "CAPTURED")
        #expect(details.operations.map(\.id) == [online.payment, online.capture, online.refund, online.cancel])
        #expect(details.operations.map(\.amountOfMoney.amount) == [1000, 600, 200, 100])
        #expect(details.operations.map(\.status) == ["PENDING_CAPTURE", "CAPTURED", "REFUNDED", "CANCELLED"])
        #expect(details.operations.map(\.statusOutput.statusCode) == [5, 9, 8, 6])
        #expect(details.operations.allSatisfy { $0.references.merchantReference == "order-1" && $0.paymentMethod == "card" })
        #expect(details.operations.allSatisfy { ISO8601DateFormatter.withFractions.date(from: $0.transactionDate) != nil })

        let connect = try await Self.operations(backend, "v1")
        let plain = try await backend.call("GET", "/v1/\(m)/payments/\(connect.payment)")
        #expect(plain.json["paymentOutput"]?["operations"] == nil, "only when asked for")
        let asked = try await backend.call("GET", "/v1/\(m)/payments/\(connect.payment)?returnOperations=true")
        let payment = try JSONDecoder().decode(ConnectPayment.self, from: Data(JSONWriter().bytes(from: asked.json)))
        #expect(payment.paymentOutput.operations.map(\.id) == [connect.capture, connect.refund])
        #expect(payment.paymentOutput.operations.map(\.type) == ["capture", "refund"])
        #expect(payment.paymentOutput.operations.map(\.status) == ["PAID", "REFUNDED"])
        #expect(payment.paymentOutput.operations.allSatisfy { $0.timestamp.count == 14 && $0.timestamp.allSatisfy(\.isNumber) })
    }

    @Test("a card number is shown masked to its first 6 and last 4 digits on both platforms, its bin apart on Online Payments", arguments: ["v1", "v2"])
    func masks(version: String) async throws {
        let sandbox = try ClientAPISandbox()
        defer { sandbox.stop() }
        let backend = Backend(sandbox)
        let created = try await Self.pay(backend, version)
        #expect(created.string("payment", "paymentOutput", "cardPaymentMethodSpecificOutput", "card", "cardNumber") == "411111******1111")
        #expect(created.string("payment", "paymentOutput", "cardPaymentMethodSpecificOutput", "card", "bin") == (version == "v2" ? "411111" : nil))
        let m = backend.api.merchantId
        let token = try await backend.call("POST", "/\(version)/\(m)/tokens", body: try JSONParser().parse(Array(
            #"{"paymentProductId": 3, "card": {"data": {"cardWithoutCvv": {"cardNumber": "5555555555554444", "expiryDate": "1235"}}}}"#.utf8)))
        let tokenId = try #require(token.string("token"))
        #expect(try await backend.call("GET", "/\(version)/\(m)/tokens/\(tokenId)").string("card", "data", "cardWithoutCvv", "cardNumber") == "555555******4444")
    }

    @Test("wrong-state, amount and unknown-id errors carry each platform's code where it is known", arguments: [
        // (version, what, status, code, id)
        ("v1", "capture after cancel", 409, "SANDBOX_ACTION_NOT_ALLOWED", "ACTION_NOT_ALLOWED_ON_TARGET"),
        ("v2", "capture after cancel", 409, "50001127", "ACTION_NOT_ALLOWED_ON_TRANSACTION"),
        ("v1", "approve after cancel", 409, "410110", "ACTION_NOT_ALLOWED_ON_TARGET"),
        ("v1", "refund before capture", 409, "SANDBOX_ACTION_NOT_ALLOWED", "ACTION_NOT_ALLOWED_ON_TARGET"),
        ("v2", "refund before capture", 409, "SANDBOX_ACTION_NOT_ALLOWED", "ACTION_NOT_ALLOWED_ON_TRANSACTION"),
        ("v1", "capture past the amount", 400, "SANDBOX_INVALID_AMOUNT", "INVALID_VALUE"),
        ("v2", "capture past the amount", 400, "SANDBOX_INVALID_AMOUNT", "INVALID_VALUE"),
        ("v1", "unknown payment", 404, "1002", "UNKNOWN_PAYMENT_ID"),
        ("v2", "unknown payment", 404, "50001130", "UNKNOWN_PAYMENT_ID"),
        ("v1", "unknown capture", 404, "SANDBOX_UNKNOWN_CAPTURE_ID", "UNKNOWN_CAPTURE_ID"),
    ])
    func codes(version: String, what: String, status: Int, code: String, id: String) async throws {
        let sandbox = try ClientAPISandbox()
        defer { sandbox.stop() }
        let backend = Backend(sandbox)
        let m = backend.api.merchantId
        let payment = try #require(try await Self.pay(backend, version).string("payment", "id"))
        let path = "/\(version)/\(m)/payments/\(payment)"
        let answer: ServerAnswer
        switch what {
        case "capture after cancel", "approve after cancel":
            #expect(try await backend.call("POST", path + "/cancel").status == 200)
            answer = try await backend.call("POST", path + (what.hasPrefix("approve") ? "/approve" : "/capture"), body: [:])
        case "refund before capture": answer = try await backend.call("POST", path + "/refund", body: Self.money(100))
        case "capture past the amount": answer = try await backend.call("POST", path + "/capture", body: ["amount": 1001])
        case "unknown payment": answer = try await backend.call("GET", "/\(version)/\(m)/payments/0000000000999999999900001000019")
        default: answer = try await backend.call("GET", "/v1/\(m)/captures/\(payment.prefix(20))0000900001")
        }
        #expect(answer.status == status, "\(answer.json)")
        #expect(answer.error("code") == .string(code) && answer.error("errorCode") == .string(code) && answer.error("id") == .string(id), "\(answer.json)")
    }
}

extension ISO8601DateFormatter {
    /// ISO 8601 with fractional seconds (`2026-11-29T12:00:00.000Z`).
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
