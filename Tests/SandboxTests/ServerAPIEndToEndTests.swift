import Foundation
import Testing
import PaymentFormEngine
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox

/// The backend flow over HTTP through `ClientAPISandbox`, with the tests' own v1HMAC signer:
/// create session → the app (`ClientSession`, on the minted session) encrypts → create payment
/// → get payment; and the failures a backend suite asserts on.
@Suite("Server API end to end through ClientAPISandbox")
struct ServerAPIEndToEndTests {
    /// A signed call to the sandbox's Server API over loopback HTTP.
    struct Backend {
        let api: SandboxServerAPI
        var signer: ServerAPISigner

        init(_ sandbox: ClientAPISandbox) {
            api = sandbox.serverAPI
            signer = ServerAPISigner(apiKeyId: api.apiKeyId, secretApiKey: api.secretApiKey)
        }

        func call(_ method: String, _ path: String, body: JSONValue? = nil, extra: [(String, String)] = []) async throws -> ServerAnswer {
            let url = try #require(URL(string: api.apiEndpoint + path))
            let date = DateFormatter.rfc1123.string(from: Date())
            let headers = signer.headers(method: method, target: path, json: body != nil, extra: extra, date: date)
            let response = try await URLSessionTransport().send(ClientAPIRequest(
                method: method, url: url, headers: HTTPHeaders(headers.map { HTTPHeaderField($0.0, $0.1) }),
                body: body.map { Array(JSONWriter().string(from: $0).utf8) }))
            return ServerAnswer(status: response.statusCode, headers: response.headers, body: response.body)
        }
    }

    static let paymentContext = PaymentContext(amountOfMoney: AmountOfMoney(amount: 1_000, currencyCode: "EUR"), countryCode: "NL")

    static func order(_ encrypted: String, returnUrl: String = "https://shop.example/back") -> JSONValue {
        [
            "encryptedCustomerInput": .string(encrypted),
            "order": ["amountOfMoney": ["amount": 1000, "currencyCode": "EUR"]],
            "cardPaymentMethodSpecificInput": ["threeDSecure": ["redirectionData": ["returnUrl": .string(returnUrl)]]],
        ]
    }

    @Test("create session → ClientSession encrypts on the minted session → create payment → get payment, and each failure", arguments: [
        ("v1", "PENDING_APPROVAL"), ("v2", "PENDING_CAPTURE"),
    ])
    func flow(version: String, authorised: String) async throws {
        let sandbox = try ClientAPISandbox()
        defer { sandbox.stop() }
        let backend = Backend(sandbox)
        let merchant = backend.api.merchantId
        #expect(backend.api.apiEndpoint.range(of: #"^http://127\.0\.0\.1:[0-9]+$"#, options: .regularExpression) != nil)

        // The merchant's server creates a session and hands its four values to the app.
        let created = try await backend.call("POST", "/\(version)/\(merchant)/sessions", body: [:])
        #expect(created.status == 201)
        let session = try ClientSession(ClientSessionConfiguration(
            clientSessionId: try #require(created.string("clientSessionId")), customerId: try #require(created.string("customerId")),
            clientApiUrl: try #require(created.string("clientApiUrl")), assetUrl: try #require(created.string("assetUrl")), appIdentifier: "tests"))
        let visa = try await session.paymentProduct(withId: "1", context: Self.paymentContext)

        func prepared(_ number: String) async throws -> String {
            var request = PaymentRequest(product: visa)
            try request.setValue(number, forField: "cardNumber")
            try request.setValue("12/35", forField: "expiryDate")
            try request.setValue("123", forField: "cvv")
            return try await session.prepare(request).encryptedFields
        }

        // Authorised, read back.
        let paid = try await backend.call("POST", "/\(version)/\(merchant)/payments", body: Self.order(try await prepared("4111 1111 1111 1111")))
        #expect(paid.status == 201)
        #expect(paid.string("payment", "status") == authorised)
        let id = try #require(paid.string("payment", "id"))
        let read = try await backend.call("GET", "/\(version)/\(merchant)/payments/\(id)")
        #expect(read.status == 200 && read.json == paid.json["payment"])

        // Declined.
        let declined = try await backend.call("POST", "/\(version)/\(merchant)/payments", body: Self.order(try await prepared("4012 0017 7544 5550")))
        #expect(declined.status == 402)
        #expect(declined.json["paymentResult"]?["payment"]?["status"] == "REJECTED")

        // Invalid as sent: what no valid client sends, encrypted for the same session.
        let broken = try PreparedPaymentRequest.encryptingWithoutValidation(
            paymentProductId: 1, values: ["cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "1a23"],
            clientSessionId: session.configuration.clientSessionId, key: try await session.encryptionKey())
        let invalid = try await backend.call("POST", "/\(version)/\(merchant)/payments", body: Self.order(broken.encryptedFields))
        #expect(invalid.status == 400)
        #expect(invalid.error("propertyName") == "cardPaymentMethodSpecificInput.card.cvv")

        // 3-D Secure: the page, its Complete button as a browser posts it, back to returnUrl.
        let challenged = try await backend.call("POST", "/\(version)/\(merchant)/payments", body: Self.order(try await prepared("4012 0000 0000 3002")))
        #expect(challenged.status == 201 && challenged.string("payment", "status") == "REDIRECTED")
        let redirectText = try #require(challenged.string("merchantAction", "redirectData", "redirectURL"))
        let redirect = try #require(URL(string: redirectText))
        let page = try await URLSessionTransport().send(ClientAPIRequest(method: "GET", url: redirect))
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(page.statusCode == 200 && html.contains("Complete authentication"))
        let mac = try #require(challenged.string("merchantAction", "redirectData", "RETURNMAC"))
        #expect(html.contains("value=\"\(mac)\""))
        let decided = try await URLSessionTransport().send(ClientAPIRequest(
            method: "POST", url: redirect, headers: [HTTPHeaderField("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("RETURNMAC=\(mac)&outcome=complete".utf8)))
        #expect(decided.statusCode == 303)
        let challengedId = try #require(challenged.string("payment", "id"))
        #expect(decided.headers["Location"] == "https://shop.example/back?RETURNMAC=\(mac)&paymentId=\(challengedId)")
        #expect(try await backend.call("GET", "/\(version)/\(merchant)/payments/\(challengedId)").string("status") == authorised)

        // Idempotent replay.
        let body = Self.order(try await prepared("4111111111111111"))
        let key = [("X-GCS-Idempotence-Key", UUID().uuidString)]
        let first = try await backend.call("POST", "/\(version)/\(merchant)/payments", body: body, extra: key)
        let again = try await backend.call("POST", "/\(version)/\(merchant)/payments", body: body, extra: key)
        #expect(first.status == 201 && again.status == 201 && again.json == first.json)
        #expect(again.headers["X-GCS-Idempotence-Request-Timestamp"] != nil)

        // Bad signature, another merchant, an unknown payment.
        var wrong = backend
        wrong.signer.secretApiKey = "not the secret"
        #expect(try await wrong.call("GET", "/\(version)/\(merchant)/payments/\(id)").status == 401)
        #expect(try await backend.call("POST", "/\(version)/other-merchant/sessions", body: [:]).status == 403)
        let unknown = try await backend.call("GET", "/\(version)/\(merchant)/payments/9999999999_0")
        #expect(unknown.status == 404 && unknown.json["errorId"] != nil)
    }
}

extension DateFormatter {
    /// `Wed, 26 Nov 2026 10:00:00 GMT`.
    static var rfc1123: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
