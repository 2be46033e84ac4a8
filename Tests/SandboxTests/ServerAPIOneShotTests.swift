import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// What can be done once stays done once, however many requests race (issue 52 item 3): a hosted
/// checkout is paid by one payment (the other pays are 409 naming it), a delete and a pay cannot
/// both pass, a Saferpay token pays once, a payout is approved once, a mandate reference is taken
/// once, a payment link is cancelled once, a 3-D Secure decision is made once. Each claim is a
/// compare-and-set under the store's lock; these tests start the racers together on threads of
/// their own.
@Suite("One-shot objects under concurrency", .timeLimit(.minutes(10)))
struct ServerAPIOneShotTests {
    let base: ServerAPITests
    static let merchant = ServerAPITests.merchant

    init() throws {
        base = try ServerAPITests()
    }

    /// Runs `work(0..<count)` on `count` threads released at once; the results in order.
    static func race<Result: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) -> Result) -> [Result] {
        let results = Shared<[Int: Result]>([:])
        let ready = DispatchSemaphore(value: 0)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            let thread = Thread {
                ready.signal()
                start.wait()
                let result = work(index)
                results.withLock { $0[index] = result }
                done.leave()
            }
            thread.start()
        }
        for _ in 0..<count { ready.wait() }
        for _ in 0..<count { start.signal() }
        done.wait()
        return (0..<count).compactMap { results.value[$0] }
    }

    /// A hosted checkout: its id and its client session.
    func checkout(_ version: ServerAPIVersion, returnUrl: String? = "https://shop.example/back") throws -> (id: String, session: String) {
        let specific = returnUrl.map { #", "hostedCheckoutSpecificInput": {"returnUrl": "\#($0)"}"# } ?? ""
        let created = base.call("POST", "/\(version.rawValue)/\(Self.merchant)/hostedcheckouts",
                                body: #"{"order": {"amountOfMoney": {"amount": 1500, "currencyCode": "EUR"}}\#(specific)}"#)
        #expect(created.status == 201)
        let id = try #require(created.string("hostedCheckoutId"))
        let session = try #require(base.server.serverAPI.ledger(version).hostedCheckout(withId: id)?.clientSessionId)
        return (id, session)
    }

    /// The page's pay with `token` (an `encryptedCustomerInput`).
    static func pay(_ server: SandboxServer, _ id: String, _ token: String) -> ServerAnswer {
        ServerAnswer(server.respond(to: HTTPRequest(
            method: "POST", target: HostedCheckoutPage.pathPrefix + id + "/pay", headers: [HTTPHeaderField("Content-Type", "application/json")],
            body: Array(#"{"encryptedCustomerInput": "\#(token)"}"#.utf8)), fromLoopback: true))
    }

    @Test("20 pays of one hosted checkout at once: one payment; the 19 others are 409 in the platform's shape naming it",
          arguments: ServerAPIVersion.allCases)
    func hostedCheckoutPaidOnce(version: ServerAPIVersion) throws {
        let (id, session) = try checkout(version)
        let tokens = try (0..<20).map { _ in try base.token(ServerAPITests.good, session: session) }
        let server = base.server
        let answers = Self.race(20) { Self.pay(server, id, tokens[$0]) }
        let paid = answers.filter { $0.status == 200 }
        #expect(paid.count == 1, "\(answers.map(\.status))")
        let paymentId = try #require(paid.first?.string("paymentId"))
        let refused = answers.filter { $0.status == 409 }
        #expect(refused.count == 19)
        for answer in refused {
            #expect(answer.json["paymentId"] == .string(paymentId))
            #expect(answer.error("id") == "ACTION_NOT_ALLOWED_ON_TARGET" && answer.error("httpStatusCode") == 409 && answer.json["errorId"] != nil)
            let message = answer.error("message").map(\.stringValue) ?? ""
            #expect(message.contains(paymentId))
        }
        let made = server.serverAPI.ledger(version).payments.filter { $0.hostedCheckoutId == id }
        #expect(made.map(\.id) == [paymentId])
        let shown = base.call("GET", "/\(version.rawValue)/\(Self.merchant)/hostedcheckouts/\(id)")
        #expect(shown.string("status") == "PAYMENT_CREATED" && shown.string("createdPaymentOutput", "payment", "id") == paymentId)
        // And afterwards, one at a time: still 409 naming it.
        let later = Self.pay(server, id, try base.token(ServerAPITests.good, session: session))
        #expect(later.status == 409 && later.json["paymentId"] == .string(paymentId))
    }

    @Test("10 pays and 10 deletes of one hosted checkout at once: exactly one of them passes")
    func payAndDeleteRace() throws {
        let (id, session) = try checkout(.v1)
        let tokens = try (0..<10).map { _ in try base.token(ServerAPITests.good, session: session) }
        let server = base.server
        let signer = base.signer
        let answers = Self.race(20) { index -> ServerAnswer in
            index < 10 ? Self.pay(server, id, tokens[index])
                : ServerAnswer(server.respond(to: signer.request("DELETE", "/v1/\(Self.merchant)/hostedcheckouts/\(id)"), fromLoopback: true))
        }
        let passed = answers.filter { $0.status == 200 || $0.status == 204 }
        #expect(passed.count == 1 && answers.filter { $0.status == 409 }.count == 19, "\(answers.map(\.status))")
        let made = server.serverAPI.ledger(.v1).payments.filter { $0.hostedCheckoutId == id }
        let status = base.call("GET", "/v1/\(Self.merchant)/hostedcheckouts/\(id)").string("status")
        if passed.first?.status == 200 {
            #expect(made.count == 1 && status == "PAYMENT_CREATED")
        } else {
            #expect(made.isEmpty && status == "CANCELLED_BY_CONSUMER")
        }
    }

    @Test("20 card posts of one Saferpay token at once: one is taken, the others TOKEN_INVALID")
    func saferpayTokenOnce() throws {
        let server = base.server
        let made = ServerAnswer(server.respond(to: HTTPRequest(method: "POST", target: "/saferpay/tokens",
                                                               body: Array(#"{"ReturnUrl": "https://shop.example/back"}"#.utf8)), fromLoopback: true))
        let token = try #require(made.string("Token"))
        let form = "HolderName=Alex+Sandbox&CardNumber=4111111111111111&ExpMonth=12&ExpYear=2035&VerificationCode=123"
        let answers = Self.race(20) { _ in
            ServerAnswer(server.respond(to: HTTPRequest(method: "POST", target: "/saferpay/cardpost/\(token)", body: Array(form.utf8)), fromLoopback: true))
        }
        #expect(answers.filter { $0.status == 200 }.count == 1, "\(answers.map(\.status))")
        #expect(answers.filter { $0.status == 400 && $0.json["ErrorName"] == "TOKEN_INVALID" }.count == 19)
    }

    @Test("20 approvals of one payout, 20 cancels of one payment link, 20 creates of one mandate reference at once: one passes each")
    func recordsOnce() throws {
        let server = base.server
        let signer = base.signer
        @Sendable func send(_ method: String, _ path: String, _ body: String?) -> ServerAnswer {
            ServerAnswer(server.respond(to: signer.request(method, "/\(path)", body: body), fromLoopback: true))
        }
        let payout = try #require(send("POST", "v1/\(Self.merchant)/payouts", #"{"payoutDetails": {"amountOfMoney": {"amount": 300, "currencyCode": "EUR"}}}"#)
            .string("id"))
        let approvals = Self.race(20) { _ in send("POST", "v1/\(Self.merchant)/payouts/\(payout)/approve", "{}") }
        #expect(approvals.filter { $0.status == 200 }.count == 1 && approvals.filter { $0.status == 409 }.count == 19, "\(approvals.map(\.status))")

        let link = try #require(send("POST", "v2/\(Self.merchant)/paymentlinks", #"{"paymentLinkOrder": {"amount": {"amount": 300, "currencyCode": "EUR"}}}"#)
            .string("paymentLinkId"))
        let cancels = Self.race(20) { _ in send("POST", "v2/\(Self.merchant)/paymentlinks/\(link)/cancel", nil) }
        #expect(cancels.filter { $0.status == 204 }.count == 1 && cancels.filter { $0.status == 409 }.count == 19, "\(cancels.map(\.status))")

        let creates = Self.race(20) { _ in send("POST", "v2/\(Self.merchant)/mandates", #"{"uniqueMandateReference": "raced-1", "customerReference": "c"}"#) }
        #expect(creates.filter { $0.status == 201 }.count == 1 && creates.filter { $0.status == 409 }.count == 19, "\(creates.map(\.status))")
    }

    @Test("20 decisions of one 3-D Secure page at once, half complete, half fail: one decides, every post is sent back")
    func threeDSecureDecidedOnce() throws {
        let answer = try base.pay(["cardNumber": "4012000000003002", "expiryDate": "1235", "cvv": "123"], version: "v2")
        let id = try #require(answer.string("payment", "id"))
        let mac = try #require(answer.string("merchantAction", "redirectData", "RETURNMAC"))
        let server = base.server
        let answers = Self.race(20) { index in
            ServerAnswer(server.respond(to: HTTPRequest(
                method: "POST", target: ThreeDSecurePage.pathPrefix + id,
                body: Array("RETURNMAC=\(mac)&outcome=\(index % 2 == 0 ? "complete" : "fail")".utf8)), fromLoopback: true))
        }
        #expect(answers.allSatisfy { $0.status == 303 })
        let status = base.call("GET", "/v2/\(Self.merchant)/payments/\(id)").string("status")
        #expect(status == "PENDING_CAPTURE" || status == "REJECTED", "\(status ?? "none")")
    }
}
