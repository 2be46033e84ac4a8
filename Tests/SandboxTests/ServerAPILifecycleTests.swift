import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEncryption
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// The payment state machine, tokens, hosted checkouts and the route table of the Server API
/// (issue 48), in-process.
@Suite("Server API: lifecycle and operations")
struct ServerAPILifecycleTests {
    let base: ServerAPITests
    static let merchant = ServerAPITests.merchant

    init() throws {
        base = try ServerAPITests()
    }

    func call(_ method: String, _ path: String, body: String? = nil) -> ServerAnswer {
        base.call(method, "/" + path.replacingOccurrences(of: "M/", with: "\(Self.merchant)/"), body: body)
    }

    /// A payment with card data sent by the server (no encryption), authorised unless the card says otherwise.
    func pay(_ version: String, card: String = "4111111111111111", amount: Int = 1000, tokenize: Bool = false) throws -> String {
        let body = #"{"order": {"amountOfMoney": {"amount": \#(amount), "currencyCode": "EUR"}}, "cardPaymentMethodSpecificInput": {"paymentProductId": 1, "tokenize": \#(tokenize), "card": {"cardNumber": "\#(card)", "expiryDate": "1235", "cvv": "123"}}}"#
        let answer = call("POST", "\(version)/M/payments", body: body)
        #expect(answer.status == 201, "\(answer.json)")
        return try #require(answer.string("payment", "id"))
    }

    func money(_ amount: Int) -> String { #"{"amountOfMoney": {"amount": \#(amount), "currencyCode": "EUR"}}"# }

    @Test("every route of the table answers something other than SANDBOX_NO_SUCH_ROUTE", arguments: ServerAPIVersion.allCases)
    func everyRoute(version: ServerAPIVersion) {
        var served = 0
        for route in ServerAPIOperation.table where route.root == .merchant && route.versions.contains(version) {
            let path = "/\(version.rawValue)/\(Self.merchant)/" + route.pattern.map { $0 == "{}" ? "unknown" : $0 }.joined(separator: "/")
            let answer = base.call(route.method, path, body: route.method == "GET" || route.method == "DELETE" ? nil : "{}")
            #expect(answer.error("id") != "SANDBOX_NO_SUCH_ROUTE", "\(route.method) \(path)")
            #expect(answer.status != 415 && answer.status != 405, "\(route.method) \(path): \(answer.status)")
            served += 1
        }
        #expect(served == ServerAPIOperation.table.filter { $0.root == .merchant && $0.versions.contains(version) }.count)
        #expect(served > 40)
    }

    @Test("create -> capture twice -> refund twice -> a refund past the captured amount refused -> REFUNDED", arguments: ["v1", "v2"])
    func captureAndRefund(version: String) throws {
        let id = try pay(version)
        #expect(call("POST", "\(version)/M/payments/\(id)/capture", body: #"{"amount": 600}"#).string("status") == "CAPTURE_REQUESTED")
        #expect(call("POST", "\(version)/M/payments/\(id)/capture", body: #"{"amount": 401}"#).error("propertyName") == "amount")
        #expect(call("POST", "\(version)/M/payments/\(id)/capture", body: #"{"amount": 400}"#).status == 200)
        let again = call("POST", "\(version)/M/payments/\(id)/capture")
        #expect(again.status == 409 && again.error("id") == (version == "v1" ? "ACTION_NOT_ALLOWED_ON_TARGET" : "ACTION_NOT_ALLOWED_ON_TRANSACTION"))
        let captures = call("GET", "\(version)/M/payments/\(id)/captures")
        guard case .array(let list)? = captures.json["captures"] else { Issue.record("no captures"); return }
        #expect(list.count == 2)
        let first = call("POST", "\(version)/M/payments/\(id)/refund", body: money(300))
        #expect(first.status == 201 && first.string("status") == (version == "v1" ? "PENDING_APPROVAL" : "REFUND_REQUESTED"))
        #expect(call("POST", "\(version)/M/payments/\(id)/refund", body: money(300)).status == 201)
        let past = call("POST", "\(version)/M/payments/\(id)/refund", body: money(401))
        #expect(past.status == 400 && past.error("propertyName") == "amountOfMoney.amount" && past.error("id") == "INVALID_VALUE")
        let wrongCurrency = call("POST", "\(version)/M/payments/\(id)/refund", body: #"{"amountOfMoney": {"amount": 1, "currencyCode": "USD"}}"#)
        #expect(wrongCurrency.error("propertyName") == "amountOfMoney.currencyCode")
        #expect(call("GET", "\(version)/M/payments/\(id)").string("status") == (version == "v1" ? "PAID" : "CAPTURED"))
        #expect(call("POST", "\(version)/M/payments/\(id)/refund", body: money(400)).status == 201)
        if version == "v1" {
            // Connect's refunds wait for approval: the payment is REFUNDED once they settle.
            #expect(call("GET", "v1/M/payments/\(id)").string("status") == "PAID")
            for refund in call("GET", "v1/M/payments/\(id)/refunds").json["refunds"]?.arrayValue ?? [] {
                #expect(call("POST", "v1/M/refunds/\(refund["id"]?.stringValue ?? "")/approve", body: "{}").status == 204)
            }
        }
        let payment = call("GET", "\(version)/M/payments/\(id)")
        #expect(payment.string("status") == "REFUNDED" && payment.json["statusOutput"]?["isRefundable"] == false)
        #expect(call("POST", "\(version)/M/payments/\(id)/refund", body: money(1)).status == 409)
    }

    @Test("cancel: a bodiless POST; an authorised payment becomes CANCELLED, nothing more can be captured", arguments: ["v1", "v2"])
    func cancel(version: String) throws {
        let id = try pay(version)
        let cancelled = call("POST", "\(version)/M/payments/\(id)/cancel")
        #expect(cancelled.status == 200 && cancelled.string("payment", "status") == "CANCELLED")
        #expect(call("POST", "\(version)/M/payments/\(id)/capture").status == 409)
        #expect(call("POST", "\(version)/M/payments/\(id)/cancel").status == 409)
        // Part captured, the rest cancelled: still CAPTURED, nothing left to capture.
        let part = try pay(version)
        _ = call("POST", "\(version)/M/payments/\(part)/capture", body: #"{"amount": 250}"#)
        #expect(call("POST", "\(version)/M/payments/\(part)/cancel").string("payment", "status") == (version == "v1" ? "PAID" : "CAPTURED"))
        #expect(call("POST", "\(version)/M/payments/\(part)/capture").status == 409)
    }

    @Test("Connect's approve captures, cancelapproval cancels; refunds wait for approval, then approve or cancel")
    func connectApprovals() throws {
        let approved = try pay("v1")
        let answer = call("POST", "v1/M/payments/\(approved)/approve", body: #"{"amount": 1000}"#)
        #expect(answer.string("payment", "status") == "CAPTURE_REQUESTED")
        #expect(call("GET", "v1/M/payments/\(approved)").string("status") == "PAID")
        let refund = call("POST", "v1/M/payments/\(approved)/refund", body: money(100))
        let refundId = try #require(refund.string("id"))
        #expect(refund.headers["Location"]?.hasSuffix("/refunds/\(refundId)") == true)
        #expect(call("POST", "v1/M/refunds/\(refundId)/cancelapproval").status == 204)
        #expect(call("GET", "v1/M/refunds/\(refundId)").string("status") == "CANCELLED")
        let approvedRefund = try #require(call("POST", "v1/M/payments/\(approved)/refund", body: money(100)).string("id"))
        #expect(call("POST", "v1/M/refunds/\(approvedRefund)/approve", body: "{}").status == 204)
        #expect(call("GET", "v1/M/refunds/\(approvedRefund)").string("status") == "REFUNDED")
        #expect(call("POST", "v1/M/refunds/\(approvedRefund)/approve", body: "{}").status == 409)
        #expect(call("POST", "v1/M/refunds/\(approvedRefund)/cancel").status == 409)
        #expect(call("GET", "v1/M/refunds/unknown-r1").status == 404)
        let other = try pay("v1")
        #expect(call("POST", "v1/M/payments/\(other)/cancelapproval").string("payment", "status") == "CANCELLED")
    }

    @Test("test cards: a capture-failure card is REJECTED_CAPTURE after a 402; a refund-failure card's refund is 402 with refundResult REJECTED")
    func failingCards() throws {
        for version in ["v1", "v2"] {
            let failing = try pay(version, card: "4012000000006005")
            let capture = call("POST", "\(version)/M/payments/\(failing)/capture")
            #expect(capture.status == 402 && capture.error("id") == "CAPTURE_REFUSED")
            #expect(call("GET", "\(version)/M/payments/\(failing)").string("status") == "REJECTED_CAPTURE")
            let visa = try pay(version, card: "4012000000007003")
            #expect(call("POST", "\(version)/M/payments/\(visa)/capture").status == 200)
            let refund = call("POST", "\(version)/M/payments/\(visa)/refund", body: money(100))
            #expect(refund.status == 402 && refund.string("refundResult", "status") == "REJECTED")
            #expect(call("GET", "\(version)/M/payments/\(visa)").string("status") == (version == "v1" ? "PAID" : "CAPTURED"))
        }
        for (number, _, _) in SandboxTestCards.table { #expect(ServerAPI.passesLuhn(number), "\(number)") }
    }

    @Test("tokens: a payment with tokenize makes one, a token pays; create, get, update (Connect), delete", arguments: ["v1", "v2"])
    func tokens(version: String) throws {
        let body = #"{"order": {"amountOfMoney": {"amount": 500, "currencyCode": "EUR"}}, "cardPaymentMethodSpecificInput": {"paymentProductId": 1, "tokenize": true, "card": {"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}}}"#
        let made = call("POST", "\(version)/M/payments", body: body)
        let token = try #require(made.string("creationOutput", "token"))
        #expect(made.json["creationOutput"]?["isNewToken"] == true)
        let paid = call("POST", "\(version)/M/payments", body: #"{"order": {"amountOfMoney": {"amount": 501, "currencyCode": "EUR"}}, "cardPaymentMethodSpecificInput": {"token": "\#(token)"}}"#)
        #expect(paid.status == 201 && paid.string("payment", "paymentOutput", "cardPaymentMethodSpecificOutput", "card", "cardNumber") == "411111******1111")
        let unknown = call("POST", "\(version)/M/payments", body: #"{"order": {"amountOfMoney": {"amount": 501, "currencyCode": "EUR"}}, "cardPaymentMethodSpecificInput": {"token": "nope"}}"#)
        #expect(unknown.status == 404 && unknown.error("propertyName") == "cardPaymentMethodSpecificInput.token")
        let created = call("POST", "\(version)/M/tokens", body: #"{"paymentProductId": 3, "card": {"data": {"cardWithoutCvv": {"cardNumber": "5555555555554444", "expiryDate": "1230"}}}}"#)
        let id = try #require(created.string("token"))
        #expect(call("GET", "\(version)/M/tokens/\(id)").string("card", "data", "cardWithoutCvv", "cardNumber") == "555555******4444")
        if version == "v1" {
            #expect(call("PUT", "v1/M/tokens/\(id)", body: #"{"card": {"data": {"cardWithoutCvv": {"expiryDate": "1231"}}}}"#).status == 204)
            #expect(call("GET", "v1/M/tokens/\(id)").string("card", "data", "cardWithoutCvv", "expiryDate") == "1231")
        }
        let badCard = call("POST", "\(version)/M/tokens", body: #"{"paymentProductId": 1, "card": {"data": {"cardWithoutCvv": {"cardNumber": "4111111111111112"}}}}"#)
        #expect(badCard.status == 400 && badCard.error("code") == "21000020")
        #expect(call("DELETE", "\(version)/M/tokens/\(id)").status == 204)
        #expect(call("GET", "\(version)/M/tokens/\(id)").status == 404)
        let session = call("POST", "\(version)/M/sessions", body: #"{"tokens": ["\#(token)", "unknown"]}"#)
        #expect(session.json["invalidTokens"] == ["unknown"])
    }

    @Test("hosted checkout page: a merchant reference is text, also a quote with a combining mark after it")
    func hostedCheckoutPageEscapesScalars() throws {
        // Escaping by Character would leave `"` + U+0301 (one grapheme cluster) as is, and an
        // HTML parser would see the quote end the attribute.
        let created = call("POST", "v2/M/hostedcheckouts",
                           body: #"{"order": {"amountOfMoney": {"amount": 1500, "currencyCode": "EUR"}, "references": {"merchantReference": "a\"\#u{301} onclick=x <b>"}}, "hostedCheckoutSpecificInput": {"returnUrl": "https://shop.example/back"}}"#)
        #expect(created.status == 201)
        let id = try #require(created.string("hostedCheckoutId"))
        let folder = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask, appropriateFor: FileManager.default.temporaryDirectory, create: true)
        for name in HostedCheckoutPage.webFiles.keys { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        let page = HostedCheckoutPage(serverAPI: base.server.serverAPI, webForm: .folder(folder))
        let html = String(decoding: page.respond(to: HTTPRequest(method: "GET", target: HostedCheckoutPage.pathPrefix + id), segments: ["hostedcheckouts", id]).body, as: UTF8.self)
        #expect(html.contains("a&quot;\u{301} onclick=x &lt;b&gt;"), "the reference as text")
        #expect(!html.contains("<b>"))
        let scalars = Array(html.unicodeScalars)
        #expect(!zip(scalars, scalars.dropFirst()).contains { $0 == "\"" && $1 == "\u{301}" }, "a raw quote, then the combining mark")
    }

    @Test("hosted checkout: create, the page (an error page without the web form), pay on it, GET shows PAYMENT_CREATED", arguments: ["v1", "v2"])
    func hostedCheckout(version: String) throws {
        let created = call("POST", "\(version)/M/hostedcheckouts",
                           body: #"{"order": {"amountOfMoney": {"amount": 1500, "currencyCode": "EUR"}}, "hostedCheckoutSpecificInput": {"returnUrl": "https://shop.example/back?o=1"}}"#)
        #expect(created.status == 201)
        let id = try #require(created.string("hostedCheckoutId"))
        let mac = try #require(created.string("RETURNMAC"))
        #expect(created.string("partialRedirectUrl")?.hasSuffix(HostedCheckoutPage.pathPrefix + id) == true)
        #expect(call("GET", "\(version)/M/hostedcheckouts/\(id)").string("status") == "IN_PROGRESS")

        // The page: without the web form's files, a page saying how to build them.
        let missing = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask, appropriateFor: FileManager.default.temporaryDirectory, create: true)
        let page = HostedCheckoutPage(serverAPI: base.server.serverAPI, webForm: .folder(missing))
        let error = page.respond(to: HTTPRequest(method: "GET", target: HostedCheckoutPage.pathPrefix + id), segments: ["hostedcheckouts", id])
        #expect(error.status == 503 && String(decoding: error.body, as: UTF8.self).contains("Scripts/build/build-web.sh"))
        for name in HostedCheckoutPage.webFiles.keys { try Data("x".utf8).write(to: missing.appendingPathComponent(name)) }
        let shown = page.respond(to: HTTPRequest(method: "GET", target: HostedCheckoutPage.pathPrefix + id), segments: ["hostedcheckouts", id])
        let html = String(decoding: shown.body, as: UTF8.self)
        #expect(shown.status == 200 && html.contains("data-config=") && html.contains("/sandbox/v1/hostedcheckout.mjs"))
        #expect(shown.headers["Content-Security-Policy"]?.contains("script-src 'self' 'wasm-unsafe-eval'") == true)
        #expect(!html.contains("<script>"), "no inline script")

        // Pay as the page's form does: an encryptedCustomerInput for the checkout's own session.
        let config = try #require(html.range(of: #"data-config=""#).map { html[$0.upperBound...].prefix { $0 != "\"" } })
        let json = try JSONParser().parse(Array(String(config).replacingOccurrences(of: "&quot;", with: "\"").utf8))
        let session = try #require(json["session"]?["clientSessionId"]).stringValue
        let token = try base.token(ServerAPITests.good, session: session)
        let paid = base.server.respond(to: HTTPRequest(method: "POST", target: HostedCheckoutPage.pathPrefix + id + "/pay",
                                                       headers: [HTTPHeaderField("Content-Type", "application/json")],
                                                       body: Array(#"{"encryptedCustomerInput": "\#(token)"}"#.utf8)), fromLoopback: true)
        let answer = ServerAnswer(paid)
        let next = try #require(answer.string("redirectURL"))
        #expect(next.hasPrefix("https://shop.example/back?o=1&") && next.contains("hostedCheckoutId=\(id)") && next.contains("RETURNMAC=\(mac)"))
        let after = call("GET", "\(version)/M/hostedcheckouts/\(id)")
        #expect(after.string("status") == "PAYMENT_CREATED")
        #expect(after.string("createdPaymentOutput", "payment", "status") == (version == "v1" ? "PENDING_APPROVAL" : "PENDING_CAPTURE"))
        #expect(ServerAnswer(base.server.respond(to: HTTPRequest(method: "POST", target: HostedCheckoutPage.pathPrefix + id + "/pay",
                                                                  body: Array(#"{"encryptedCustomerInput": "x"}"#.utf8)), fromLoopback: true)).status == 409)
        if version == "v1" {
            #expect(call("DELETE", "v1/M/hostedcheckouts/\(id)").status == 409, "a paid checkout cannot be deleted")
            let found = call("GET", "v1/M/payments?hostedCheckoutId=\(id)")
            #expect(found.json["totalCount"] == 1)
        }
    }

    @Test("mandates and payouts: created, read back, moved on", arguments: ["v1", "v2"])
    func mandatesAndPayouts(version: String) throws {
        let mandate = call("POST", "\(version)/M/mandates", body: #"{"customerReference": "c-1", "recurrenceType": "RECURRING"}"#)
        let reference = try #require(mandate.string("mandate", "uniqueMandateReference"))
        #expect(reference.count <= 35)
        #expect(call("POST", "\(version)/M/mandates/\(reference)/block").string("mandate", "status") == "BLOCKED")
        #expect(call("POST", "\(version)/M/mandates/\(reference)/block").status == (version == "v2" ? 400 : 409))
        #expect(call("POST", "\(version)/M/mandates/\(reference)/revoke", body: "{}").string("mandate", "status") == "REVOKED")
        let payout = call("POST", "\(version)/M/payouts", body: version == "v1" ? #"{"payoutDetails": \#(money(300))}"# : money(300))
        let id = try #require(payout.string("id"))
        #expect(call("GET", "\(version)/M/payouts/\(id)").string("status") == (version == "v1" ? "PENDING_APPROVAL" : "PAYOUT_REQUESTED"))
        #expect(call("POST", "\(version)/M/payouts", body: #"{"amountOfMoney": {"amount": 1, "currencyCode": "XXX"}}"#).status == 400)
    }

    @Test("docs/backend-tests.md names every test card")
    func documented() throws {
        let doc = try PackageFiles.text("docs/backend-tests.md")
        for (number, _, _) in SandboxTestCards.table { #expect(doc.contains("`\(number)`"), "test card \(number)") }
    }

    @Test("ClientAPISandbox with webhookURL posts every transition, signed, in order; the key id and secret are the documented ones")
    func webhooksPosted() async throws {
        let listener = try LoopbackHTTPServer { _ in .answer(status: 204) }
        defer { listener.stop() }
        let sandbox = try ClientAPISandbox(.init(webhookURL: listener.baseURL + "/hooks"))
        defer { sandbox.stop() }
        let first = try #require(JSONParser().parse(Array(sandbox.server.sessionLine.utf8))["webhooks"])
        #expect(first["keyId"] == .string(ClientAPISandbox.defaultWebhookKeyId) && first["secretKey"] == .string(ClientAPISandbox.defaultWebhookSecretKey))
        let signer = ServerAPISigner()
        func call(_ method: String, _ path: String, _ body: String?) async throws -> JSONValue {
            let url = try #require(URL(string: sandbox.serverAPI.apiEndpoint + path))
            var request = URLRequest(url: url)
            request.httpMethod = method
            for (name, value) in signer.headers(method: method, target: path, json: body != nil) { request.setValue(value, forHTTPHeaderField: name) }
            request.httpBody = body.map { Data($0.utf8) }
            let (data, _) = try await URLSession.shared.data(for: request)
            return try JSONParser().parse(Array(data))
        }
        let merchant = sandbox.serverAPI.merchantId
        let created = try await call("POST", "/v2/\(merchant)/payments", #"{"order": {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}}, "cardPaymentMethodSpecificInput": {"paymentProductId": 1, "card": {"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}}}"#)
        let id = try #require(created["payment"]?["id"]).stringValue
        _ = try await call("POST", "/v2/\(merchant)/payments/\(id)/capture", nil)
        _ = try await call("POST", "/v2/\(merchant)/payments/\(id)/refund", money(1000))
        var events: [LoopbackHTTPServer.Request] = []
        let expected: [JSONValue] = [
            "payment.created", "payment.pending_capture", "payment.capture_requested", "payment.captured",
            "refund.refund_requested", "refund.refunded", "payment.refunded",
        ]
        for _ in 0..<400 where events.count < expected.count {
            events = listener.requests.filter { $0.target == "/hooks" }
            try await Task.sleep(for: .milliseconds(50))
        }
        let types = try events.map { try JSONParser().parse($0.body)["type"] ?? .null }
        #expect(types == expected)
        for event in events {
            #expect(event.header("X-GCS-KeyId") == ClientAPISandbox.defaultWebhookKeyId)
            #expect(event.header("X-GCS-Signature") == WebhookSignature.signature(of: event.body, secretKey: ClientAPISandbox.defaultWebhookSecretKey))
            #expect(try JSONParser().parse(event.body)["apiVersion"] == "v1")
        }
    }

    @Test("the webhook signature: base64 HMAC-SHA256 of the body under the secret (both SDKs' helpers check this)")
    func webhookSignature() {
        #expect(WebhookSignature.signature(of: Array(#"{"apiVersion":"v1"}"#.utf8), secretKey: WebhookSender.Configuration.defaultSecretKey)
            == "IAE/yJKtiV3H9o0XdJi+87mhsYag5hbKJahNpS9Y/Rw=")
        #expect(WebhookSender.Configuration(url: "http://127.0.0.1:9/hook").problem == nil)
        for bad in ["ftp://x/y", "http://", "http://a b/", "/relative"] { #expect(WebhookSender.Configuration(url: bad).problem != nil, "\(bad)") }
    }
}

extension JSONValue {
    /// The text of a string value (else empty).
    var stringValue: String {
        if case .string(let text) = self { return text }
        return ""
    }
}
