import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// The hosted tokenization flow of Online Payments on the sandbox (issue 54): create, the
/// iframe's one submit, get (the token, temporary unless consented), a payment with
/// `hostedTokenizationId` or the token, one-shot and expiry rules, the page and the script.
@Suite("Hosted tokenization")
struct HostedTokenizationTests {
    let base: ServerAPITests
    static let merchant = ServerAPITests.merchant
    static let path = "/v2/\(merchant)/hostedtokenizations"
    static let order = #""order": {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}}"#

    init() throws {
        base = try ServerAPITests()
    }

    /// A new session: its id and its client session.
    func create(_ body: String = "{}") throws -> (id: String, session: String, answer: ServerAnswer) {
        let created = base.call("POST", Self.path, body: body)
        #expect(created.status == 201, "\(created.json)")
        let id = try #require(created.string("hostedTokenizationId"))
        let session = try #require(base.server.serverAPI.hostedTokenization(id, ledger: base.server.serverAPI.v2)?.clientSessionId)
        return (id, session, created)
    }

    /// The iframe's submit.
    func submit(_ id: String, _ body: String) -> ServerAnswer {
        ServerAnswer(base.server.respond(to: HTTPRequest(
            method: "POST", target: "/hostedtokenization/submit/" + id, headers: [HTTPHeaderField("Content-Type", "application/json")],
            body: Array(body.utf8)), fromLoopback: true))
    }

    /// The iframe's submit of a card typed into the session's form.
    func submitCard(_ id: String, session: String, extra: String = "") throws -> ServerAnswer {
        submit(id, #"{"encryptedCustomerInput": "\#(try base.token(ServerAPITests.good, session: session))"\#(extra)}"#)
    }

    func pay(_ members: String) -> ServerAnswer {
        base.call("POST", "/v2/\(Self.merchant)/payments", body: "{\(Self.order), \(members)}")
    }

    @Test("create: an id, an absolute URL on the sandbox's origin, partialRedirectUrl, invalidTokens; GET is IN_PROGRESS")
    func created() throws {
        let (id, _, answer) = try create()
        let url = try #require(answer.string("hostedTokenizationUrl"))
        #expect(url == base.server.serverAPI.baseURL() + HostedTokenizationPage.formPrefix + id)
        #expect(answer.string("partialRedirectUrl").map { "http://" + $0 } == url)
        #expect(answer.json["invalidTokens"] == .array([]))
        #expect(answer.json["expiredCardTokens"] == nil)
        let read = base.call("GET", Self.path + "/" + id)
        #expect(read.status == 200 && read.string("status") == "IN_PROGRESS")
        #expect(base.call("GET", Self.path + "/sandboxhostedtokenizationnope").status == 404)
    }

    @Test("create refuses a malformed option, naming it", arguments: [
        (#"{"locale": 5}"#, "locale"), (#"{"locale": "en GB<"}"#, "locale"), (#"{"askConsumerConsent": "yes"}"#, "askConsumerConsent"),
        (#"{"tokens": ["a"]}"#, "tokens"), ("[1]", nil),
        (#"{"creditCardSpecificInput": {"ValidationRules": {"cvvMandatoryForExistingToken": 1}}}"#,
         "creditCardSpecificInput.ValidationRules.cvvMandatoryForExistingToken"),
    ])
    func malformed(body: String, property: String?) {
        let answer = base.call("POST", Self.path, body: body)
        #expect(answer.status == 400)
        if let property { #expect(answer.error("propertyName") == .string(property)) }
    }

    @Test("tokens: unknown ids are invalidTokens, expired cards expiredCardTokens, the others offered on the page")
    func tokens() throws {
        let stored = base.call("POST", "/v2/\(Self.merchant)/tokens",
                               body: #"{"paymentProductId": 1, "card": {"data": {"cardWithoutCvv": {"cardNumber": "4111111111111111", "expiryDate": "1235"}}}}"#)
        let good = try #require(stored.string("token"))
        let old = base.call("POST", "/v2/\(Self.merchant)/tokens",
                            body: #"{"paymentProductId": 1, "card": {"data": {"cardWithoutCvv": {"cardNumber": "4111111111111111", "expiryDate": "0120"}}}}"#)
        let expired = try #require(old.string("token"))
        let (id, _, answer) = try create(#"{"tokens": "\#(good), nope1,\#(expired)"}"#)
        #expect(answer.json["invalidTokens"] == ["nope1"])
        #expect(answer.json["expiredCardTokens"] == .array([.string(expired)]))
        #expect(base.server.serverAPI.hostedTokenization(id, ledger: base.server.serverAPI.v2)?.savedTokens == [good])
        // Choosing the stored card: the same token, UNCHANGED.
        #expect(submit(id, #"{"tokenId": "\#(expired)", "cvv": "123"}"#).status == 400)
        // Its security code, 3 or 4 digits, unless cvvMandatoryForExistingToken is false.
        for body in [#"{"tokenId": "\#(good)"}"#, #"{"tokenId": "\#(good)", "cvv": "12"}"#, #"{"tokenId": "\#(good)", "cvv": "12a4"}"#,
                     #"{"tokenId": "\#(good)", "cvv": 123}"#] {
            let refused = submit(id, body)
            #expect(refused.status == 400 && refused.error("propertyName") == "cvv", "\(body)")
        }
        #expect(submit(id, #"{"tokenId": "\#(good)", "consent": true, "cvv": "123"}"#).status == 200)
        let read = base.call("GET", Self.path + "/" + id)
        #expect(read.string("token", "id") == good && read.string("tokenStatus") == "UNCHANGED")
    }

    @Test("submit once: a temporary token (no consent), masked card; one payment by hostedTokenizationId; the token pays once")
    func temporary() throws {
        let (id, session, _) = try create()
        #expect(try submitCard(id, session: session).status == 200)
        let again = try submitCard(id, session: session)
        #expect(again.status == 409 && again.error("id") == "ACTION_NOT_ALLOWED_ON_TARGET")
        let read = base.call("GET", Self.path + "/" + id)
        #expect(read.status == 200 && read.string("tokenStatus") == "CREATED")
        #expect(read.json["token"]?["isTemporary"] == .bool(true))
        #expect(read.json["token"]?["paymentProductId"] == .number("1"))
        #expect(read.string("token", "card", "data", "cardWithoutCvv", "cardNumber") == "411111******1111")
        #expect(read.string("token", "card", "data", "cardWithoutCvv", "expiryDate") == "1235")
        let token = try #require(read.string("token", "id"))

        let paid = pay(#""hostedTokenizationId": "\#(id)""#)
        #expect(paid.status == 201, "\(paid.json)")
        #expect(paid.string("payment", "status") != nil)
        #expect(pay(#""hostedTokenizationId": "\#(id)""#).status == 409)
        let second = pay(#""cardPaymentMethodSpecificInput": {"token": "\#(token)"}"#)
        #expect(second.status == 409 && second.error("propertyName") == "cardPaymentMethodSpecificInput.token")
    }

    @Test("consent (askConsumerConsent) or storePermanently (without it) makes a token that pays again", arguments: [
        (#"{"askConsumerConsent": true}"#, #", "consent": true"#), (#"{"askConsumerConsent": false}"#, #", "storePermanently": true"#),
        ("{}", #", "storePermanently": true"#),
    ])
    func permanent(request: String, extra: String) throws {
        let (id, session, _) = try create(request)
        #expect(try submitCard(id, session: session, extra: extra).status == 200)
        let read = base.call("GET", Self.path + "/" + id)
        #expect(read.json["token"]?["isTemporary"] == .bool(false))
        let token = try #require(read.string("token", "id"))
        #expect(pay(#""cardPaymentMethodSpecificInput": {"token": "\#(token)"}"#).status == 201)
        #expect(pay(#""cardPaymentMethodSpecificInput": {"token": "\#(token)"}, "hostedTokenizationId": "\#(id)""#).status == 201)
        #expect(pay(#""cardPaymentMethodSpecificInput": {"token": "\#(token)"}"#).status == 201)
    }

    @Test("GET …/hostedtokenizations/{id} and GET …/tokens/{id}: isTemporary unless the customer consented", arguments: [
        // (create request, submit members, temporary)
        (#"{"askConsumerConsent": true}"#, "", true), (#"{"askConsumerConsent": true}"#, #", "consent": false"#, true),
        (#"{"askConsumerConsent": true}"#, #", "consent": true"#, false),
        // With the consent box, the merchant's storePermanently alone does not store the card.
        (#"{"askConsumerConsent": true}"#, #", "storePermanently": true"#, true),
        // Absent is false: no box; storePermanently is the answer, a consent member is ignored.
        ("{}", "", true), ("{}", #", "storePermanently": true"#, false), ("{}", #", "consent": true"#, true),
        (#"{"askConsumerConsent": true}"#, #", "storePermanently": true, "consent": true"#, false),
        (#"{"askConsumerConsent": false}"#, "", true), (#"{"askConsumerConsent": false}"#, #", "storePermanently": false"#, true),
        // Without the box, the merchant asked the customer itself: storePermanently is the answer.
        (#"{"askConsumerConsent": false}"#, #", "storePermanently": true"#, false),
        (#"{"askConsumerConsent": false}"#, #", "consent": true"#, true),
    ])
    func isTemporary(request: String, extra: String, temporary: Bool) throws {
        let (id, session, _) = try create(request)
        #expect(try submitCard(id, session: session, extra: extra).status == 200)
        let read = base.call("GET", Self.path + "/" + id)
        #expect(read.json["token"]?["isTemporary"] == .bool(temporary), "\(read.json)")
        let token = try #require(read.string("token", "id"))
        let stored = base.call("GET", "/v2/\(Self.merchant)/tokens/\(token)")
        #expect(stored.status == 200 && stored.json["isTemporary"] == .bool(temporary), "\(stored.json)")
    }

    @Test("a stored card chosen in the iframe without consent stays permanent: isTemporary false, it pays again")
    func storedCardChosen() throws {
        let stored = base.call("POST", "/v2/\(Self.merchant)/tokens",
                               body: #"{"paymentProductId": 1, "card": {"data": {"cardWithoutCvv": {"cardNumber": "4111111111111111", "expiryDate": "1235"}}}}"#)
        let token = try #require(stored.string("token"))
        let (id, _, _) = try create(#"{"tokens": "\#(token)"}"#)
        #expect(submit(id, #"{"tokenId": "\#(token)", "consent": false, "cvv": "1234"}"#).status == 200)
        let read = base.call("GET", Self.path + "/" + id)
        #expect(read.string("tokenStatus") == "UNCHANGED" && read.json["token"]?["isTemporary"] == .bool(false))
        #expect(pay(#""hostedTokenizationId": "\#(id)""#).status == 201)
        #expect(pay(#""cardPaymentMethodSpecificInput": {"token": "\#(token)"}"#).status == 201)
    }

    @Test("cvvMandatoryForExistingToken false: a stored card chosen needs no security code")
    func storedCardWithoutCVV() throws {
        let stored = base.call("POST", "/v2/\(Self.merchant)/tokens",
                               body: #"{"paymentProductId": 1, "card": {"data": {"cardWithoutCvv": {"cardNumber": "4111111111111111", "expiryDate": "1235"}}}}"#)
        let token = try #require(stored.string("token"))
        let (id, _, _) = try create(#"{"tokens": "\#(token)", "creditCardSpecificInput": {"ValidationRules": {"cvvMandatoryForExistingToken": false}}}"#)
        #expect(base.server.serverAPI.hostedTokenization(id, ledger: base.server.serverAPI.v2)?.cvvForSavedCard == false)
        #expect(submit(id, #"{"tokenId": "\#(token)"}"#).status == 200)
    }

    /// A card typed in the iframe, tokenized (consented, so the token pays more than once), and
    /// paid with `members` naming the session or its token.
    func payWithTypedCard(_ number: String, byToken: Bool, returnUrl: Bool) throws -> ServerAnswer {
        let (id, session, _) = try create(#"{"askConsumerConsent": true}"#)
        var values = ServerAPITests.good
        values["cardNumber"] = number
        // Visa is product 1, Mastercard 3.
        let product = SandboxTestCards.table.first { $0.number == number }?.brand == "Mastercard" ? 3 : 1
        let input = try base.token(values, product: product, session: session)
        let submitted = submit(id, #"{"encryptedCustomerInput": "\#(input)", "consent": true}"#)
        #expect(submitted.status == 200, "\(submitted.json)")
        let token = try #require(base.call("GET", Self.path + "/" + id).string("token", "id"))
        var members = byToken ? #""cardPaymentMethodSpecificInput": {"token": "\#(token)""# : #""hostedTokenizationId": "\#(id)", "cardPaymentMethodSpecificInput": {"#
        if returnUrl { members += (byToken ? ", " : "") + #""returnUrl": "https://shop.example/return""# }
        return pay(members + "}")
    }

    @Test("a payment with the token follows the test card typed in the iframe, as a card payment does",
          arguments: SandboxTestCards.table.filter { $0.outcome != .slow }.map(\.number), [false, true])
    func cardOutcomes(number: String, byToken: Bool) throws {
        let outcome = SandboxTestCards.outcome(forCardNumber: number)
        let paid = try payWithTypedCard(number, byToken: byToken, returnUrl: true)
        switch outcome {
        case .declined:
            #expect(paid.status == 402 && paid.json["paymentResult"]?["payment"]?["status"] == "REJECTED", "\(paid.json)")
        case .challenge:
            #expect(paid.status == 201 && paid.string("payment", "status") == "REDIRECTED", "\(paid.json)")
            #expect(paid.string("merchantAction", "actionType") == "REDIRECT")
            let refused = try payWithTypedCard(number, byToken: byToken, returnUrl: false)
            #expect(refused.status == 400 && refused.error("propertyName") == "cardPaymentMethodSpecificInput.threeDSecure.redirectionData.returnUrl")
        case .authorized, .slow, .captureFails, .refundFails:
            #expect(paid.status == 201 && paid.string("payment", "status") == "PENDING_CAPTURE", "\(paid.json)")
            let id = try #require(paid.string("payment", "id"))
            let capture = base.call("POST", "/v2/\(Self.merchant)/payments/\(id)/capture")
            #expect((capture.status == 402) == (outcome == .captureFails), "capture: \(capture.status)")
        }
    }

    @Test("refusals: a payment before the submit, another session's card, an unknown session, a token that is not the session's")
    func refusals() throws {
        let (id, session, _) = try create()
        #expect(pay(#""hostedTokenizationId": "\#(id)""#).status == 409)
        #expect(pay(#""hostedTokenizationId": "sandboxhostedtokenizationnope""#).status == 404)
        #expect(pay(#""hostedTokenizationId": 5"#).status == 400)
        let (other, _, _) = try create()
        let foreign = try submitCard(other, session: session)
        #expect(foreign.status == 400 && foreign.error("propertyName") == "encryptedCustomerInput")
        #expect(submit(id, "{}").status == 400)
        #expect(submit(id, "not json").status == 400)
        #expect(submit("sandboxhostedtokenizationnope", "{}").status == 404)
        let invalid = submit(id, #"{"encryptedCustomerInput": "\#(try base.token(["cardNumber": "4111111111111112", "expiryDate": "1235"], session: session))"}"#)
        #expect(invalid.status == 400)
        #expect(try submitCard(id, session: session).status == 200)
        let mismatch = pay(#""hostedTokenizationId": "\#(id)", "cardPaymentMethodSpecificInput": {"token": "sandboxtokenother"}"#)
        #expect(mismatch.status == 400)
    }

    @Test("expiry: a submit after two hours of the session, a temporary token after two hours of the submit")
    func expiry() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var session = HostedTokenization(locale: nil, askConsumerConsent: true, savedTokens: [], clientSessionId: "s", customerId: "c", created: start)
        var late = session
        #expect(throws: HostedTokenization.Refusal.self) { try late.submit(tokenId: "t", isTemporary: true, tokenStatus: "CREATED", at: start + 7201) }
        try session.submit(tokenId: "t", isTemporary: true, tokenStatus: "CREATED", at: start + 7000)
        var tooLate = session
        do {
            try tooLate.pay(paymentId: "p", at: start + 7000 + 7201)
            Issue.record("an expired temporary token paid")
        } catch {
            #expect(error.expired)
        }
        try session.pay(paymentId: "p", at: start + 7000 + 7100)
        #expect(session.status == .paid)
        // Kept and read back as the ledger's record.
        let ledger = ServerAPILedger()
        ledger.keep(session, id: session.id)
        #expect(ledger.record(HostedTokenization.self, session.id) == session)
    }

    @Test("the page: strict CSP framable by any http(s) page; the script at the platform's path, small, with the published API")
    func pageAndScript() throws {
        let (id, _, _) = try create()
        let page = base.server.respond(to: HTTPRequest(method: "GET", target: HostedTokenizationPage.formPrefix + id), fromLoopback: true)
        // 200 with the web form's files (Web/dist found), else a 503 that says how to build them.
        let html = String(decoding: page.body, as: UTF8.self)
        if page.status == 200 {
            #expect(html.contains(#"<script type="module" src="/hostedtokenization/js/page.mjs">"#) && html.contains("askConsumerConsent"))
        } else {
            #expect(page.status == 503 && html.contains("Scripts/build/build-web.sh"))
        }
        let policy = try #require(page.headers["Content-Security-Policy"])
        #expect(policy.contains("frame-ancestors http: https:") && policy.contains("default-src 'none'") && !policy.contains("unsafe-inline"))
        #expect(page.headers["X-Frame-Options"] == nil)
        let unknown = base.server.respond(to: HTTPRequest(method: "GET", target: HostedTokenizationPage.formPrefix + "nope"), fromLoopback: true)
        #expect(unknown.status == 404)

        let script = base.server.respond(to: HTTPRequest(method: "GET", target: HostedTokenizationPage.tokenizerPath), fromLoopback: true)
        #expect(script.status == 200 && script.headers["Content-Type"]?.hasPrefix("text/javascript") == true)
        #expect(script.headers["Access-Control-Allow-Origin"] == "*")
        let text = String(decoding: script.body, as: UTF8.self)
        for name in ["initialize", "submitTokenization", "useToken", "setAmount", "destroy", "validationCallback", "htpIframe", "w.Tokenizer"] {
            #expect(text.contains(name), "\(name)")
        }
        #expect(script.body.count < 4096)
        // docs/backend-tests.md and CHANGELOG.md give its size in bytes.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let count = script.body.count
        let size = count >= 1000 ? "\(count / 1000)," + String(String(count % 1000 + 1000).dropFirst()) : String(count)
        for document in ["docs/backend-tests.md", "CHANGELOG.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            #expect(text.contains("tokenizer.min.js` (\(size) bytes") || text.contains("`Tokenizer` API (\(size) bytes"), "\(document): \(size) bytes")
        }
        #expect(base.server.respond(to: HTTPRequest(method: "POST", target: HostedTokenizationPage.tokenizerPath), fromLoopback: true).status == 405)
    }

    @Test("the scripts served are the files under Resources/HostedTokenization, byte for byte", arguments: [
        (HostedTokenizationPage.tokenizerPath, "tokenizer.min.js"), ("/hostedtokenization/js/page.mjs", "page.mjs"),
    ])
    func scriptsAreTheFiles(path: String, file: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = try Data(contentsOf: root.appendingPathComponent("Resources/HostedTokenization/" + file))
        let served = base.server.respond(to: HTTPRequest(method: "GET", target: path), fromLoopback: true)
        #expect(served.status == 200 && !bytes.isEmpty && served.body == Array(bytes), "\(file)")
    }
}
