import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
@testable import PaymentFormSandboxServerAPI

/// Each platform's payment lifecycle (issue 56, findings 1 to 6 and 4): what every call answers,
/// what `GET` shows after it, and the exact webhook events in order — each status change once, no
/// event for an unchanged status, a refund's own event before the payment's. In-process: the
/// events are heard as the sandbox posts them (``ServerAPI/observer``), so the lists are exact
/// without waiting on a receiver.
@Suite("Server API: settlement and the webhooks of each lifecycle")
struct ServerAPISettlementTests {
    /// A sandbox's Server API settling as `settlement` says, its events collected.
    struct Platform {
        let router: SandboxRouter
        let heard: Shared<[PaymentEvent]>
        let signer = ServerAPISigner()
        let version: String

        init(_ version: String, settlement: SandboxSettlement = .immediate) throws {
            let data = try SandboxData.samples()
            let sessions = SandboxSessions(clientSessionId: "s1", customerId: "c1")
            var api = ServerAPI(credentials: ServerAPICredentials(), data: data, sessions: sessions, v1: ServerAPILedger(), v2: ServerAPILedger(),
                                webhooks: nil, baseURL: { "http://127.0.0.1:1" }, pause: { _ in })
            api.settlement = settlement
            let heard = Shared<[PaymentEvent]>([])
            api.observer = { event in heard.withLock { $0.append(event) } }
            self.heard = heard
            self.version = version
            router = SandboxRouter(data: data, sessions: sessions, serverAPI: api, brandDetector: .shipped, saferpay: SaferpayStandIn())
        }

        /// A signed call below `/<version>/<merchant>/`.
        func call(_ method: String, _ path: String, body: String? = nil) -> ServerAnswer {
            let target = "/\(version)/\(ServerAPITests.merchant)/\(path)"
            return ServerAnswer(router.respond(to: signer.request(method, target, body: body), fromLoopback: true))
        }

        /// The event types heard since the last time this was asked.
        func events() -> [String] {
            heard.withLock { events in
                defer { events = [] }
                return events.map(\.type)
            }
        }

        /// The events' objects heard since the last time (types dropped).
        func eventObjects() -> [PaymentEvent] {
            heard.withLock { events in
                defer { events = [] }
                return events
            }
        }

        /// A card payment of 1000 EUR (server-side card data), with `card` members added to its
        /// `cardPaymentMethodSpecificInput`; its id. The creation's events are dropped.
        func pay(card number: String = "4111111111111111", input: String = "") throws -> (id: String, answer: ServerAnswer) {
            let body = #"{"order": {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}}, "cardPaymentMethodSpecificInput": {"paymentProductId": 1, \#(input)"card": {"cardNumber": "\#(number)", "expiryDate": "1235", "cvv": "123"}}}"#
            let answer = call("POST", "payments", body: body)
            #expect(answer.status == 201, "\(answer.json)")
            return (try #require(answer.string("payment", "id")), answer)
        }

        /// `GET payments/<id>`: status, code, category.
        func status(_ id: String) -> (String?, String?, String?) {
            let payment = call("GET", "payments/\(id)")
            var code: String?
            if case .number(let text)? = payment.json["statusOutput"]?["statusCode"] { code = text }
            return (payment.string("status"), code, payment.string("statusOutput", "statusCategory"))
        }

        func money(_ amount: Int) -> String { #"{"amountOfMoney": {"amount": \#(amount), "currencyCode": "EUR"}}"# }

        /// The capture call of the platform: Connect's `approve` of a PENDING_APPROVAL payment,
        /// Online Payments' `capture`; the status it answers.
        func capture(_ id: String, _ amount: Int? = nil) -> String? {
            let body = amount.map { #"{"amount": \#($0)}"# } ?? "{}"
            if version == "v1" { return call("POST", "payments/\(id)/approve", body: body).string("payment", "status") }
            return call("POST", "payments/\(id)/capture", body: body).string("status")
        }

        /// A refund of `amount`, approved on Connect (refunds wait for approval there); its id.
        func refund(_ id: String, _ amount: Int) throws -> String {
            let answer = call("POST", "payments/\(id)/refund", body: money(amount))
            #expect(answer.status == 201, "\(answer.json)")
            let refundId = try #require(answer.string("id"))
            if version == "v1" { #expect(call("POST", "refunds/\(refundId)/approve", body: "{}").status == 204) }
            return refundId
        }

        /// The events of a capture that settles: requested, captured, then paid on Connect.
        var settledCapture: [String] {
            version == "v1" ? ["payment.capture_requested", "payment.captured", "payment.paid"] : ["payment.capture_requested", "payment.captured"]
        }

        /// The status of a payment whose captures settled: `PAID` (1000) on Connect, `CAPTURED` (9).
        var settled: (String, String, String) { version == "v1" ? ("PAID", "1000", "COMPLETED") : ("CAPTURED", "9", "COMPLETED") }

        /// The authorised status.
        var authorized: String { version == "v1" ? "PENDING_APPROVAL" : "PENDING_CAPTURE" }
    }

    @Test("create: payment.created, then the authorised status; nothing else", arguments: ["v1", "v2"])
    func create(version: String) throws {
        let platform = try Platform(version)
        let (id, answer) = try platform.pay()
        #expect(answer.string("payment", "status") == platform.authorized)
        #expect(platform.events() == ["payment.created", "payment." + platform.authorized.lowercased()])
        let (status, code, category) = platform.status(id)
        #expect(status == platform.authorized && code == (version == "v1" ? "600" : "5") && category == "PENDING_MERCHANT")
    }

    @Test("capture: answered CAPTURE_REQUESTED, settles to CAPTURED (then PAID on Connect), each event once", arguments: ["v1", "v2"])
    func capture(version: String) throws {
        let platform = try Platform(version)
        let (id, _) = try platform.pay()
        _ = platform.events()
        #expect(platform.capture(id) == "CAPTURE_REQUESTED")
        #expect(platform.events() == platform.settledCapture)
        let (status, code, category) = platform.status(id)
        #expect(status == platform.settled.0 && code == platform.settled.1 && category == platform.settled.2)
        let payment = platform.call("GET", "payments/\(id)")
        #expect(payment.json["statusOutput"]?["isRefundable"] == true && payment.json["statusOutput"]?["isCancellable"] == false)
        #expect(payment.json["statusOutput"]?["isAuthorized"] == .bool(version == "v1"))
        let captures = platform.call("GET", "payments/\(id)/captures").json["captures"]?.arrayValue ?? []
        #expect(captures.count == 1 && captures.first?["status"] == .string(platform.settled.0))
    }

    @Test("SALE (/v2) and requiresApproval false (/v1) go on to capture: no pending state, no pending event",
          arguments: [("v1", #""requiresApproval": false, "#), ("v2", #""authorizationMode": "SALE", "#), ("v1", #""authorizationMode": "SALE", "#)])
    func captureOnAuthorization(version: String, input: String) throws {
        let platform = try Platform(version)
        let (id, answer) = try platform.pay(input: input)
        #expect(answer.string("payment", "status") == "CAPTURE_REQUESTED")
        #expect(answer.json["payment"]?["statusOutput"]?["statusCode"] == .number(version == "v1" ? "800" : "91"))
        #expect(platform.events() == ["payment.created"] + platform.settledCapture)
        #expect(platform.status(id).0 == platform.settled.0)
        // FINAL_AUTHORIZATION and requiresApproval true stay authorised.
        let (held, _) = try platform.pay(input: version == "v1" ? #""requiresApproval": true, "# : #""authorizationMode": "FINAL_AUTHORIZATION", "#)
        #expect(platform.status(held).0 == platform.authorized)
        let bad = platform.call("POST", "payments", body: #"{"order": {"amountOfMoney": {"amount": 1, "currencyCode": "EUR"}}, "cardPaymentMethodSpecificInput": {"paymentProductId": 1, "authorizationMode": "LATER", "card": {"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}}}"#)
        #expect(bad.status == 400 && bad.error("propertyName") == "cardPaymentMethodSpecificInput.authorizationMode")
    }

    @Test("partial captures: each one requested then settled; two captures are two sequences, never a repeated status", arguments: ["v1", "v2"])
    func partialCaptures(version: String) throws {
        let platform = try Platform(version)
        let (id, _) = try platform.pay()
        _ = platform.events()
        if version == "v1" {
            // Connect's approve takes one amount; its multi-capture is `capture` on the payment.
            #expect(platform.call("POST", "payments/\(id)/capture", body: #"{"amount": 600}"#).string("status") == "CAPTURE_REQUESTED")
            #expect(platform.call("POST", "payments/\(id)/capture", body: #"{"amount": 400}"#).string("status") == "CAPTURE_REQUESTED")
        } else {
            #expect(platform.capture(id, 600) == "CAPTURE_REQUESTED")
            #expect(platform.capture(id, 400) == "CAPTURE_REQUESTED")
        }
        #expect(platform.events() == platform.settledCapture + platform.settledCapture)
        #expect(platform.call("GET", "payments/\(id)").json["paymentOutput"]?["amountPaid"] == .number("1000"))
    }

    @Test("refund of everything: answered as requested (/v1 waits for approval), REFUNDED once it settles, refund event first", arguments: ["v1", "v2"])
    func refundToRefunded(version: String) throws {
        let platform = try Platform(version)
        let (id, _) = try platform.pay()
        _ = platform.capture(id)
        _ = platform.events()
        let answer = platform.call("POST", "payments/\(id)/refund", body: platform.money(1000))
        #expect(answer.status == 201)
        let refundId = try #require(answer.string("id"))
        if version == "v1" {
            #expect(answer.string("status") == "PENDING_APPROVAL" && answer.json["statusOutput"]?["statusCode"] == .number("800"))
            // Not refunded while the refund waits: the payment is unchanged, and no payment event.
            #expect(platform.status(id).0 == "PAID")
            #expect(platform.events() == ["refund.pending_approval"])
            #expect(platform.call("POST", "refunds/\(refundId)/approve", body: "{}").status == 204)
            #expect(platform.events() == ["refund.refund_requested", "refund.refunded", "payment.refunded"])
            let refund = platform.call("GET", "refunds/\(refundId)")
            #expect(refund.string("status") == "REFUNDED" && refund.json["statusOutput"]?["statusCode"] == .number("1800"))
            #expect(platform.status(id) == ("REFUNDED", "1800", "REFUNDED"))
        } else {
            #expect(answer.string("status") == "REFUND_REQUESTED" && answer.json["statusOutput"]?["statusCode"] == .number("81"))
            #expect(platform.events() == ["refund.refund_requested", "refund.refunded", "payment.refunded"])
            let refunds = platform.call("GET", "payments/\(id)/refunds").json["refunds"]?.arrayValue ?? []
            #expect(refunds.first?["status"] == "REFUNDED" && refunds.first?["statusOutput"]?["statusCode"] == .number("8"))
            #expect(platform.status(id) == ("REFUNDED", "8", "REFUNDED"))
        }
        #expect(platform.call("POST", "payments/\(id)/refund", body: platform.money(1)).status == 409)
    }

    @Test("partial refunds: no payment event until the last one settles; none reposts payment.captured", arguments: ["v1", "v2"])
    func partialRefunds(version: String) throws {
        let platform = try Platform(version)
        let (id, _) = try platform.pay()
        _ = platform.capture(id)
        _ = platform.events()
        _ = try platform.refund(id, 300)
        let first = platform.events()
        #expect(first == (version == "v1" ? ["refund.pending_approval", "refund.refund_requested", "refund.refunded"]
                                             : ["refund.refund_requested", "refund.refunded"]))
        #expect(platform.status(id).0 == platform.settled.0)
        _ = try platform.refund(id, 700)
        #expect(platform.events() == first + ["payment.refunded"])
        #expect(platform.status(id).0 == "REFUNDED")
    }

    @Test("Connect: cancelling a refund waiting for approval leaves the payment as it was, with the refund's event only")
    func cancelledRefund() throws {
        let platform = try Platform("v1")
        let (id, _) = try platform.pay()
        _ = platform.capture(id)
        let refund = try #require(platform.call("POST", "payments/\(id)/refund", body: platform.money(1000)).string("id"))
        _ = platform.events()
        #expect(platform.call("POST", "refunds/\(refund)/cancel").status == 204)
        #expect(platform.events() == ["refund.cancelled"])
        let cancelled = platform.call("GET", "refunds/\(refund)")
        #expect(cancelled.string("status") == "CANCELLED" && cancelled.json["statusOutput"]?["isCancellable"] == false)
        #expect(platform.status(id).0 == "PAID")
        // The amount is back: a new refund of everything goes through.
        _ = try platform.refund(id, 1000)
        #expect(platform.status(id).0 == "REFUNDED")
    }

    @Test("a refused refund: 402, refund.rejected, and the payment unchanged with no event", arguments: ["v1", "v2"])
    func rejectedRefund(version: String) throws {
        let platform = try Platform(version)
        let (id, _) = try platform.pay(card: "4012000000007003")
        _ = platform.capture(id)
        _ = platform.events()
        let answer = platform.call("POST", "payments/\(id)/refund", body: platform.money(100))
        #expect(answer.status == 402 && answer.string("refundResult", "status") == "REJECTED")
        #expect(answer.json["refundResult"]?["statusOutput"]?["statusCode"] == .number(version == "v1" ? "1850" : "83"))
        #expect(platform.events() == ["refund.rejected"])
        #expect(platform.status(id).0 == platform.settled.0)
    }

    @Test("a refused capture: 402, payment.rejected_capture once", arguments: ["v1", "v2"])
    func rejectedCapture(version: String) throws {
        let platform = try Platform(version)
        let (id, _) = try platform.pay(card: "4012000000006005")
        _ = platform.events()
        #expect(platform.call("POST", "payments/\(id)/capture").status == 402)
        #expect(platform.events() == ["payment.rejected_capture"])
        #expect(platform.status(id).0 == "REJECTED_CAPTURE")
    }

    @Test("capture part, refund all of it, cancel the rest: the latest closing operation decides (CANCELLED); the other order REFUNDED",
          arguments: ["v1", "v2"])
    func captureRefundCancel(version: String) throws {
        let platform = try Platform(version)
        let (id, _) = try platform.pay()
        #expect(platform.call("POST", "payments/\(id)/capture", body: #"{"amount": 300}"#).status == 200)
        _ = try platform.refund(id, 300)
        // Part of the authorisation is still open: not refunded yet.
        #expect(platform.status(id).0 == platform.settled.0)
        _ = platform.events()
        #expect(platform.call("POST", "payments/\(id)/cancel").status == 200)
        #expect(platform.events() == ["payment.cancelled"])
        #expect(platform.status(id).0 == "CANCELLED")

        let (other, _) = try platform.pay()
        #expect(platform.call("POST", "payments/\(other)/capture", body: #"{"amount": 300}"#).status == 200)
        _ = platform.events()
        #expect(platform.call("POST", "payments/\(other)/cancel").string("payment", "status") == platform.settled.0)
        #expect(platform.events().isEmpty, "a cancel that changes no status posts nothing")
        _ = try platform.refund(other, 300)
        #expect(platform.events().last == "payment.refunded")
        #expect(platform.status(other).0 == "REFUNDED")
    }

    @Test("3-D Secure then complete: authorised; with SALE the capture follows", arguments: ["v1", "v2"])
    func completeThenCapture(version: String) throws {
        let platform = try Platform(version)
        let mode = version == "v1" ? #""requiresApproval": false, "# : #""authorizationMode": "SALE", "#
        let (id, answer) = try platform.pay(card: "4012000000003002", input: mode + #""threeDSecure": {"redirectionData": {"returnUrl": "https://shop.example/back"}}, "#)
        #expect(answer.string("payment", "status") == "REDIRECTED")
        #expect(platform.events() == ["payment.created", "payment.redirected"])
        #expect(platform.call("POST", "payments/\(id)/complete", body: "{}").string("payment", "status") == "CAPTURE_REQUESTED")
        #expect(platform.events() == platform.settledCapture)
    }

    @Test("--settle manual: requested states hold until the test clock moves; a refund waits for the capture to settle", arguments: ["v1", "v2"])
    func manualClock(version: String) throws {
        let platform = try Platform(version, settlement: .manual)
        let (id, _) = try platform.pay()
        _ = platform.events()
        #expect(platform.capture(id) == "CAPTURE_REQUESTED")
        #expect(platform.events() == ["payment.capture_requested"])
        #expect(platform.status(id) == ("CAPTURE_REQUESTED", version == "v1" ? "800" : "91", "PENDING_CONNECT_OR_3RD_PARTY"))
        #expect(platform.call("POST", "payments/\(id)/refund", body: platform.money(100)).status == 409)
        let moved = ServerAnswer(platform.router.respond(to: advance(0), fromLoopback: true))
        #expect(moved.status == 200 && moved.string("now") != nil)
        #expect(platform.events() == Array(platform.settledCapture.dropFirst()))
        #expect(platform.status(id).0 == platform.settled.0)
        let refund = try platform.refund(id, 1000)
        #expect(platform.events() == (version == "v1" ? ["refund.pending_approval", "refund.refund_requested"] : ["refund.refund_requested"]))
        #expect(platform.status(id).0 == platform.settled.0)
        _ = platform.router.respond(to: advance(5), fromLoopback: true)
        #expect(platform.events() == ["refund.refunded", "payment.refunded"])
        if version == "v1" { #expect(platform.call("GET", "refunds/\(refund)").string("status") == "REFUNDED") }
    }

    @Test("--settle after:60: due once 60 seconds of sandbox time passed (the clock moves it on)")
    func afterClock() throws {
        let platform = try Platform("v2", settlement: .after(seconds: 60))
        let (id, _) = try platform.pay()
        _ = platform.capture(id)
        _ = platform.router.respond(to: advance(30), fromLoopback: true)
        #expect(platform.status(id).0 == "CAPTURE_REQUESTED")
        _ = platform.router.respond(to: advance(31), fromLoopback: true)
        #expect(platform.status(id).0 == "CAPTURED")
    }

    @Test("the clock: loopback only, POST only, a whole number of seconds")
    func clockRefusals() throws {
        let platform = try Platform("v2")
        #expect(platform.router.respond(to: advance(1), fromLoopback: false).status == 403)
        for body in [#"{"seconds": -1}"#, #"{"seconds": 1.5}"#, #"{"seconds": "1"}"#, "{}", "[]", #"{"seconds": 99999999999}"#] {
            let answer = ServerAnswer(platform.router.respond(to: HTTPRequest.json("POST", "/sandbox/v1/clock/advance", body), fromLoopback: true))
            #expect(answer.status == 400, "\(body)")
        }
        #expect(platform.router.respond(to: HTTPRequest.json("GET", "/sandbox/v1/clock/advance", nil), fromLoopback: true).status == 405)
        #expect(SandboxSettlement(argument: "after:30") == .after(seconds: 30) && SandboxSettlement(argument: "manual") == .manual)
        for bad in ["", "after:", "after:-1", "after:x", "later", "after:86401"] { #expect(SandboxSettlement(argument: bad) == nil, "\(bad)") }
    }

    @Test("the first line names the clock: where to move it, and how the sandbox settles", arguments: [SandboxSettlement.immediate, .after(seconds: 30)])
    func firstLine(settlement: SandboxSettlement) throws {
        var configuration = SandboxConfiguration(data: try SandboxData.samples())
        configuration.settlement = settlement
        let server = SandboxServer(configuration)
        try server.start()
        defer { server.stop() }
        let clock = try JSONParser().parse(Array(server.sessionLine.utf8))["clock"]
        #expect(clock?["advanceUrl"] == .string(server.baseURL + "/sandbox/v1/clock/advance"))
        #expect(clock?["settle"] == .string(settlement.argument))
    }

    func advance(_ seconds: Int) -> HTTPRequest {
        HTTPRequest.json("POST", "/sandbox/v1/clock/advance", #"{"seconds": \#(seconds)}"#)
    }
}

extension HTTPRequest {
    /// A request as the connection hands it to the router, with a JSON body when given.
    static func json(_ method: String, _ target: String, _ body: String?) -> HTTPRequest {
        let headers = body == nil ? HTTPHeaders([]) : HTTPHeaders([HTTPHeaderField("Content-Type", "application/json")])
        return HTTPRequest(method: method, target: target, headers: headers, body: Array((body ?? "").utf8))
    }
}
