import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// A 3-D Secure card paid on a hosted checkout created without a `returnUrl` (issue 52 item 6):
/// the decision moves the payment to its final status and sends the customer to the checkout's
/// own page, which shows the outcome; with a `returnUrl`, to it, as before.
@Suite("Hosted checkout: the outcome after 3-D Secure")
struct HostedCheckoutOutcomeTests {
    let base: ServerAPITests
    let tests: ServerAPIOneShotTests
    static let merchant = ServerAPITests.merchant
    static let challenge = ["cardNumber": "4012000000003002", "expiryDate": "1235", "cvv": "123"]

    init() throws {
        tests = try ServerAPIOneShotTests()
        base = tests.base
    }

    /// The checkout's page as HTML.
    func page(_ id: String) -> (status: Int, html: String) {
        let response = base.server.respond(to: HTTPRequest(method: "GET", target: HostedCheckoutPage.pathPrefix + id), fromLoopback: true)
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    /// `#outcome`'s JSON on a page.
    static func outcome(_ html: String) throws -> JSONValue {
        let start = try #require(html.range(of: #"<pre id="outcome" data-state="done">"#))
        let text = html[start.upperBound...].prefix { $0 != "<" }
        return try JSONParser().parse(Array(String(text).replacingOccurrences(of: "&quot;", with: "\"").utf8))
    }

    @Test("no returnUrl: complete or fail ends in a final status; the 303 goes to the checkout's page, which shows it",
          arguments: ServerAPIVersion.allCases, [true, false])
    func withoutReturnURL(version: ServerAPIVersion, complete: Bool) throws {
        let (id, session) = try tests.checkout(version, returnUrl: nil)
        let paid = ServerAPIOneShotTests.pay(base.server, id, try base.token(Self.challenge, session: session))
        #expect(paid.status == 200 && paid.string("status") == "REDIRECTED")
        let paymentId = try #require(paid.string("paymentId"))
        #expect(paid.string("redirectURL")?.hasSuffix(ThreeDSecurePage.pathPrefix + paymentId) == true)

        // The 3-D Secure page's form, as the buttons post it.
        let form = base.server.respond(to: HTTPRequest(method: "GET", target: ThreeDSecurePage.pathPrefix + paymentId), fromLoopback: true)
        let html = String(decoding: form.body, as: UTF8.self)
        let mac = try #require(html.range(of: #"name="RETURNMAC" value=""#).map { String(html[$0.upperBound...].prefix { $0 != "\"" }) })
        let decide = { (outcome: String) in
            ServerAnswer(self.base.server.respond(to: HTTPRequest(
                method: "POST", target: ThreeDSecurePage.pathPrefix + paymentId, body: Array("RETURNMAC=\(mac)&outcome=\(outcome)".utf8)), fromLoopback: true))
        }
        let decided = decide(complete ? "complete" : "fail")
        #expect(decided.status == 303, "\(decided.json)")
        let location = try #require(decided.headers["Location"])
        #expect(location == base.server.serverAPI.baseURL() + HostedCheckoutPage.pathPrefix + id)
        #expect(!location.contains("RETURNMAC"))

        let final = complete ? (version == .v1 ? "PENDING_APPROVAL" : "PENDING_CAPTURE") : "REJECTED"
        #expect(base.call("GET", "/\(version.rawValue)/\(Self.merchant)/payments/\(paymentId)").string("status") == final)
        let checkout = base.call("GET", "/\(version.rawValue)/\(Self.merchant)/hostedcheckouts/\(id)")
        #expect(checkout.string("status") == "PAYMENT_CREATED" && checkout.string("createdPaymentOutput", "payment", "status") == final)

        let shown = page(id)
        #expect(shown.status == 200)
        let outcome = try Self.outcome(shown.html)
        #expect(outcome["paymentId"] == .string(paymentId) && outcome["paymentStatus"] == .string(final))
        #expect(outcome["hostedCheckoutStatus"] == "PAYMENT_CREATED")
        #expect(shown.html.contains(complete ? "Paid: the payment is \(final)." : "The payment was refused"))

        // The first decision counts: the other button changes nothing and lands on the same page.
        let again = decide(complete ? "fail" : "complete")
        #expect(again.status == 303 && again.headers["Location"] == location)
        #expect(base.call("GET", "/\(version.rawValue)/\(Self.merchant)/payments/\(paymentId)").string("status") == final)
    }

    @Test("with a returnUrl: the 303 goes to it, with hostedCheckoutId, RETURNMAC and paymentId")
    func withReturnURL() throws {
        let (id, session) = try tests.checkout(.v2, returnUrl: "https://shop.example/back?o=1")
        let paid = ServerAPIOneShotTests.pay(base.server, id, try base.token(Self.challenge, session: session))
        let paymentId = try #require(paid.string("paymentId"))
        let mac = try #require(base.server.serverAPI.ledger(.v2).hostedCheckout(withId: id)?.returnMAC)
        let decided = ServerAnswer(base.server.respond(to: HTTPRequest(
            method: "POST", target: ThreeDSecurePage.pathPrefix + paymentId, body: Array("RETURNMAC=\(mac)&outcome=complete".utf8)), fromLoopback: true))
        let location = try #require(decided.headers["Location"])
        #expect(location.hasPrefix("https://shop.example/back?o=1&hostedCheckoutId=\(id)&") && location.contains("paymentId=\(paymentId)"))
        #expect(base.call("GET", "/v2/\(Self.merchant)/payments/\(paymentId)").string("status") == "PENDING_CAPTURE")
    }

    @Test("a wrong RETURNMAC decides nothing: 404, the payment still REDIRECTED")
    func wrongMAC() throws {
        let (id, session) = try tests.checkout(.v1, returnUrl: nil)
        let paymentId = try #require(ServerAPIOneShotTests.pay(base.server, id, try base.token(Self.challenge, session: session)).string("paymentId"))
        let refused = base.server.respond(to: HTTPRequest(
            method: "POST", target: ThreeDSecurePage.pathPrefix + paymentId, body: Array("RETURNMAC=nope&outcome=complete".utf8)), fromLoopback: true)
        #expect(refused.status == 404)
        #expect(base.call("GET", "/v1/\(Self.merchant)/payments/\(paymentId)").string("status") == "REDIRECTED")
    }
}
