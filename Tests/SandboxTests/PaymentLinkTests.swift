import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEncryption
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
@testable import PaymentFormSandboxServerAPI

/// Payment links (issue 59): created as the Online Payments SDK's `PaymentLinkResponse` names its
/// members, opened at their `redirectionUrl` (a hosted checkout for the order), paid there once,
/// cancelled or expired with their events, and refused with the platform's statuses.
@Suite("Server API: payment links")
struct PaymentLinkTests {
    let router: SandboxRouter
    let api: ServerAPI
    let heard: Shared<[PaymentEvent]>
    let signer = ServerAPISigner()
    let key: EncryptionKey
    static let base = "http://127.0.0.1:1"

    init() throws {
        let data = try SandboxData.samples()
        let sessions = SandboxSessions(clientSessionId: "s1", customerId: "c1")
        var api = ServerAPI(credentials: ServerAPICredentials(), data: data, sessions: sessions, v1: ServerAPILedger(), v2: ServerAPILedger(),
                            webhooks: nil, baseURL: { Self.base }, pause: { _ in })
        let heard = Shared<[PaymentEvent]>([])
        api.observer = { event in heard.withLock { $0.append(event) } }
        self.api = api
        self.heard = heard
        router = SandboxRouter(data: data, sessions: sessions, serverAPI: api, brandDetector: .shipped, saferpay: SaferpayStandIn())
        key = try EncryptionKey(ShippedSamples.demoPublicKey())
    }

    func call(_ method: String, _ path: String, body: String? = nil) -> ServerAnswer {
        ServerAnswer(router.respond(to: signer.request(method, "/v2/\(ServerAPITests.merchant)/\(path)", body: body), fromLoopback: true))
    }

    func get(_ target: String) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: "GET", target: target, headers: HTTPHeaders([]), body: []), fromLoopback: true)
    }

    /// A link of 2,500 EUR with `extra` members; its answer.
    func create(_ extra: String = "") -> ServerAnswer {
        call("POST", "paymentlinks", body: #"{"order": {"amountOfMoney": {"amount": 2500, "currencyCode": "EUR"}, "references": {"merchantReference": "link-7"}}\#(extra)}"#)
    }

    /// Opens the link's redirectionUrl: the hosted checkout it redirected to, or the page's status.
    func open(_ link: ServerAnswer) throws -> (status: Int, checkoutId: String?) {
        let url = try #require(link.string("redirectionUrl"))
        #expect(url.hasPrefix(Self.base + "/sandbox/v1/paymentlinks/"))
        let page = get(String(url.dropFirst(Self.base.count)))
        guard page.status == 303 else { return (page.status, nil) }
        let location = try #require(page.headers.first { $0.name == "Location" }?.value)
        #expect(location.hasPrefix(Self.base + HostedCheckoutPage.pathPrefix))
        return (303, String(location.dropFirst((Self.base + HostedCheckoutPage.pathPrefix).count)))
    }

    /// Pays hosted checkout `id` with `card` as its page does; the answer.
    func pay(checkout id: String, card: String = "4111111111111111") throws -> ServerAnswer {
        let session = try #require(api.v2.hostedCheckout(withId: id)?.clientSessionId)
        let token = try PreparedPaymentRequest.encryptingWithoutValidation(
            paymentProductId: 1, values: ["cardNumber": card, "expiryDate": "1235", "cvv": "123"], clientSessionId: session, key: key).encryptedFields
        return ServerAnswer(router.respond(to: HTTPRequest(
            method: "POST", target: HostedCheckoutPage.pathPrefix + id + "/pay", headers: [HTTPHeaderField("Content-Type", "application/json")],
            body: Array(#"{"encryptedCustomerInput": "\#(token)"}"#.utf8)), fromLoopback: true))
    }

    func linkEvents() -> [PaymentEvent] {
        heard.withLock { events in events.filter { $0.type.hasPrefix("paymentlink.") } }
    }

    @Test("created ACTIVE with the members the SDK's PaymentLinkResponse has, and read back the same")
    func created() throws {
        let link = create(#", "paymentLinkSpecificInput": {"description": "Order 7", "recipientName": "Ada"}"#)
        #expect(link.status == 201)
        let id = try #require(link.string("paymentLinkId"))
        #expect(UUID(uuidString: id) != nil && id == id.lowercased())
        #expect(link.string("status") == "ACTIVE")
        #expect(link.json["isReusableLink"] == .bool(false))
        #expect(link.json["paymentLinkOrder"]?["amount"]?["amount"] == .number("2500"))
        #expect(link.string("paymentLinkOrder", "merchantReference") == "link-7")
        #expect(link.string("recipientName") == "Ada")
        #expect(link.string("expirationDate") != nil)
        #expect(link.json["paymentLinkEvents"]?.arrayValue?.first?["type"] == .string("CREATED"))
        #expect(link.json["paymentId"] == nil)
        #expect(link.headers.first { $0.name == "Location" }?.value.hasSuffix("/paymentlinks/\(id)") == true)
        let read = call("GET", "paymentlinks/\(id)")
        #expect(read.status == 200 && read.json == link.json)
        // The deprecated paymentLinkOrder still creates one.
        let old = call("POST", "paymentlinks", body: #"{"paymentLinkOrder": {"amount": {"amount": 300, "currencyCode": "EUR"}, "merchantReference": "r"}}"#)
        #expect(old.status == 201 && old.json["paymentLinkOrder"]?["amount"]?["amount"] == .number("300"))
        #expect(old.string("paymentLinkOrder", "merchantReference") == "r")
    }

    @Test("its URL opens a hosted checkout for the order; the first payment there pays the link, once, with paymentlink.paid")
    func paidThroughItsPage() throws {
        let link = create()
        let id = try #require(link.string("paymentLinkId"))
        let first = try open(link)
        #expect(first.status == 303)
        let checkoutId = try #require(first.checkoutId)
        let checkout = try #require(api.v2.hostedCheckout(withId: checkoutId))
        #expect(checkout.amount == 2500 && checkout.currencyCode == "EUR" && checkout.merchantReference == "link-7")

        // A declined card leaves the link ACTIVE: the customer opens it again and pays.
        let declined = try pay(checkout: checkoutId, card: "4012001775445550")
        #expect(declined.status == 200 || declined.status == 402)
        #expect(call("GET", "paymentlinks/\(id)").string("status") == "ACTIVE")
        #expect(linkEvents().isEmpty)

        let second = try #require(try open(link).checkoutId)
        let paid = try pay(checkout: second)
        #expect(paid.status == 200)
        let paymentId = try #require(paid.string("paymentId"))
        let after = call("GET", "paymentlinks/\(id)")
        #expect(after.string("status") == "PAID" && after.string("paymentId") == paymentId)
        let types = (after.json["paymentLinkEvents"]?.arrayValue ?? []).map { $0["type"] }
        #expect(types == [.string("CREATED"), .string("PAID")])
        let events = linkEvents()
        #expect(events.map(\.type) == ["paymentlink.paid"] && events.first?.member == "paymentLink")
        #expect(events.first?.object["paymentId"] == .string(paymentId))
        // The payment opens its details.
        #expect(call("GET", "payments/\(paymentId)").status == 200)

        // Paid: the page says so, a cancel is refused.
        #expect(try open(link).status == 410)
        let cancel = call("POST", "paymentlinks/\(id)/cancel")
        #expect(cancel.status == 409 && cancel.error("id") == "ACTION_NOT_ALLOWED_ON_TARGET")
    }

    @Test("a reusable link stays ACTIVE and takes another payment")
    func reusable() throws {
        let link = create(#", "isReusableLink": true"#)
        let id = try #require(link.string("paymentLinkId"))
        for _ in 0..<2 {
            let checkout = try #require(try open(link).checkoutId)
            #expect(try pay(checkout: checkout).status == 200)
        }
        let after = call("GET", "paymentlinks/\(id)")
        #expect(after.string("status") == "ACTIVE" && after.string("paymentId") != nil)
        #expect(linkEvents().map(\.type) == ["paymentlink.paid", "paymentlink.paid"])
    }

    @Test("3-D Secure: the link is paid once the authentication completes, not before")
    func paidAfterAuthentication() throws {
        let link = create(#", "hostedCheckoutSpecificInput": {"returnUrl": "https://shop.example/back"}"#)
        let id = try #require(link.string("paymentLinkId"))
        let checkout = try #require(try open(link).checkoutId)
        let answer = try pay(checkout: checkout, card: "4012000000003002")
        let paymentId = try #require(answer.string("paymentId"))
        #expect(answer.string("status") == "REDIRECTED")
        #expect(call("GET", "paymentlinks/\(id)").string("status") == "ACTIVE")
        let mac = try #require(api.v2.payment(withId: paymentId)?.returnMAC)
        let decided = router.respond(to: HTTPRequest(
            method: "POST", target: "/sandbox/v1/authentication/\(paymentId)", headers: [HTTPHeaderField("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("outcome=complete&RETURNMAC=\(mac)".utf8)), fromLoopback: true)
        #expect(decided.status == 303)
        let after = call("GET", "paymentlinks/\(id)")
        #expect(after.string("status") == "PAID" && after.string("paymentId") == paymentId)
        #expect(linkEvents().map(\.type) == ["paymentlink.paid"])
    }

    @Test("cancel: 204, then CANCELLED with its event; the page answers 410; a second cancel is 409")
    func cancelled() throws {
        let link = create()
        let id = try #require(link.string("paymentLinkId"))
        #expect(call("POST", "paymentlinks/\(id)/cancel").status == 204)
        let after = call("GET", "paymentlinks/\(id)")
        #expect(after.string("status") == "CANCELLED")
        #expect(after.json["paymentLinkEvents"]?.arrayValue?.last?["type"] == .string("CANCELLED"))
        #expect(try open(link).status == 410)
        #expect(call("POST", "paymentlinks/\(id)/cancel").status == 409)
    }

    @Test("expired on the test clock past its expirationDate: EXPIRED, the page 410, the cancel 409")
    func expired() throws {
        let expiry = ISO8601DateFormatter().string(from: api.clock.now().addingTimeInterval(3600))
        let link = create(#", "paymentLinkSpecificInput": {"expirationDate": "\#(expiry)"}"#)
        #expect(link.status == 201)
        let id = try #require(link.string("paymentLinkId"))
        #expect(try open(link).status == 303)
        let moved = router.respond(to: HTTPRequest(method: "POST", target: "/sandbox/v1/clock/advance", headers: [HTTPHeaderField("Content-Type", "application/json")],
                                                   body: Array(#"{"seconds": 3601}"#.utf8)), fromLoopback: true)
        #expect(moved.status == 200)
        #expect(call("GET", "paymentlinks/\(id)").string("status") == "EXPIRED")
        #expect(try open(link).status == 410)
        #expect(call("POST", "paymentlinks/\(id)/cancel").status == 409)
    }

    @Test("refusals: a malformed id 400, an unknown one 404, bad amounts and dates 400 naming the member",
          arguments: [
            (#"{"order": {"amountOfMoney": {"amount": 0, "currencyCode": "EUR"}}}"#, "order.amountOfMoney.amount"),
            (#"{"order": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}}, "paymentLinkSpecificInput": {"expirationDate": "2001-01-01T00:00:00Z"}}"#,
             "paymentLinkSpecificInput.expirationDate"),
            (#"{"order": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}}, "paymentLinkSpecificInput": {"expirationDate": "2999-01-01T00:00:00Z"}}"#,
             "paymentLinkSpecificInput.expirationDate"),
            (#"{"order": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}}, "paymentLinkSpecificInput": {"expirationDate": "tomorrow"}}"#,
             "paymentLinkSpecificInput.expirationDate"),
            (#"{"order": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}}, "isReusableLink": "yes"}"#, "isReusableLink"),
            (#"{"order": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}}, "paymentLinkSpecificInput": {"description": 7}}"#,
             "paymentLinkSpecificInput.description"),
          ])
    func refusals(body: String, property: String) throws {
        let answer = call("POST", "paymentlinks", body: body)
        #expect(answer.status == 400)
        #expect(answer.error("propertyName") == .string(property))
        #expect(call("GET", "paymentlinks/invalid-id").status == 400)
        #expect(call("GET", "paymentlinks/00000000-0000-0000-0000-000000000000").status == 404)
        #expect(get("/sandbox/v1/paymentlinks/00000000-0000-0000-0000-000000000000").status == 404)
        #expect(get("/sandbox/v1/paymentlinks/invalid-id").status == 404)
    }
}
