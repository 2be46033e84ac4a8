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

/// The fourth security review's Server API findings (issue 45), each refused as the platform
/// refuses it: the `Date` header, idempotence keys, separate platforms, input bounds, bytes.
@Suite("Server API: security review")
struct ServerAPISecurityTests {
    let base: ServerAPITests

    init() throws {
        base = try ServerAPITests()
    }
    var signer: ServerAPISigner { base.signer }
    static let merchant = ServerAPITests.merchant

    func signed(_ method: String, _ target: String, body: String? = nil, date: String, extra: [(String, String)] = []) -> ServerAnswer {
        let fields = signer.headers(method: method, target: target, json: body != nil, extra: extra, date: date).map { HTTPHeaderField($0.0, $0.1) }
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields), body: Array((body ?? "").utf8))
        return ServerAnswer(base.server.respond(to: request, fromLoopback: true))
    }

    // MARK: - Date

    /// A refused `Date`: a fixed text, or the clock moved by an offset when the test runs (not
    /// when the arguments are listed: a suite can start minutes later).
    enum RefusedDate: Sendable, CustomTestStringConvertible {
        case text(String)
        case offset(TimeInterval)
        case utc

        var date: String {
            switch self {
            case .text(let text): text
            case .offset(let seconds): ServerAPISigner.now(offset: seconds)
            case .utc: ServerAPISigner.now().replacingOccurrences(of: "GMT", with: "UTC")
            }
        }

        var testDescription: String {
            switch self {
            case .text(let text): "\(text.prefix(30).debugDescription)"
            case .offset(let seconds): "now \(seconds >= 0 ? "+" : "")\(Int(seconds)) s"
            case .utc: "now, UTC instead of GMT"
            }
        }
    }

    static let refusedDates: [RefusedDate] = [
        .text(""), .text("x"), .text("Thu, 01 Jan 1970 00:00:00 GMT"), .offset(31_622_400), .offset(-960),
        .offset(960), .text(String(repeating: "D", count: 8192)), .text("2026-11-28T10:00:00Z"), .utc,
    ]

    @Test("a Date that is not an RFC 1123 date within 15 minutes is 401 9002 naming Date, even when signed", arguments: refusedDates)
    func dates(refused: RefusedDate) {
        let date = refused.date
        for version in ["v1", "v2"] {
            let answer = signed("POST", "/\(version)/\(Self.merchant)/sessions", body: "{}", date: date)
            #expect(answer.status == 401, "\(date.prefix(40))")
            #expect(answer.error("code") == "9002" && answer.error("propertyName") == "Date")
        }
    }

    @Test("a Date within the window passes; the check parses RFC 1123 strictly")
    func acceptedDates() {
        for offset: TimeInterval in [-840, 0, 840] {
            #expect(signed("POST", "/v2/\(Self.merchant)/sessions", body: "{}", date: ServerAPISigner.now(offset: offset)).status == 201)
        }
        #expect(ServerAPIInput.rfc1123Date("Sun, 06 Nov 1994 08:49:37 GMT") != nil)
        #expect(ServerAPIInput.rfc1123Date("Sun, 6 Nov 1994 08:49:37 GMT") == nil)
        #expect(ServerAPIInput.rfc1123Date("Sun, 31 Feb 1994 08:49:37 GMT") == nil)
        #expect(ServerAPIInput.rfc1123Date("Mon, 06 Nov 1994 08:49:37 GMT") == nil, "the weekday must match the date")
        #expect(ServerAPIInput.rfc1123Date("Thu, 29 Feb 2024 23:59:59 GMT")?.timeIntervalSince1970 == 1_709_251_199)
        #expect(ServerAPIInput.rfc1123Date("Thu, 29 Feb 2023 23:59:59 GMT") == nil)
        // The hand-written reader agrees with Foundation's formatter on dates across the years.
        var generator = SeededGenerator(seed: 45)
        for _ in 0..<2_000 {
            let instant = Date(timeIntervalSince1970: TimeInterval(Int.random(in: 0..<4_102_444_800, using: &generator)))
            let text = ServerAPI.rfc1123(instant)
            #expect(ServerAPIInput.rfc1123Date(text) == instant, "\(text)")
        }
    }

    // MARK: - Idempotence

    @Test("idempotence keys: 1 to 40 printable ASCII characters, else 400 naming the header", arguments: [
        String(repeating: "k", count: 41), String(repeating: "k", count: 1000), String(repeating: "k", count: 12_000), "clé-unicode", "a b",
    ])
    func idempotenceKeys(key: String) throws {
        let answer = base.call("POST", "/v2/\(Self.merchant)/sessions", body: "{}", extra: [("X-GCS-Idempotence-Key", key)])
        #expect(answer.status == 400)
        #expect(answer.error("propertyName") == "X-GCS-Idempotence-Key" && answer.error("id") == "INVALID_VALUE")
        #expect(base.call("POST", "/v2/\(Self.merchant)/sessions", body: "{}", extra: [("X-GCS-Idempotence-Key", String(repeating: "k", count: 40))])
            .status == 201)
    }

    @Test("one key per path however it is spelled: a trailing slash or percent-escapes replay the first answer")
    func canonicalPath() {
        let key = [("X-GCS-Idempotence-Key", "canonical-1")]
        let first = base.call("POST", "/v2/\(Self.merchant)/sessions", body: "{}", extra: key)
        for spelling in ["/v2/\(Self.merchant)/sessions/", "/v2/\(Self.merchant)/%73essions", "/%76%32/\(Self.merchant)/sessions"] {
            let again = base.call("POST", spelling, body: "{}", extra: key)
            #expect(again.status == 201 && again.json == first.json, "\(spelling)")
            #expect(again.headers["X-GCS-Idempotence-Request-Timestamp"] != nil, "\(spelling)")
        }
    }

    @Test("a replay after the 3-D Secure page answers the payment as it is now, as GET does; replays carry the response dates", arguments: ["v1", "v2"])
    func replayIsCurrent(version: String) throws {
        var values = ServerAPITests.good
        values["cardNumber"] = "4012000000003002"
        let key = [("X-GCS-Idempotence-Key", "3ds-\(version)")]
        let session = try base.session(version)
        let body = base.createBody(try base.token(values, session: session.id))
        let first = base.call("POST", "/\(version)/\(Self.merchant)/payments", body: body, extra: key)
        #expect(first.string("payment", "status") == "REDIRECTED")
        let id = try #require(first.string("payment", "id"))
        let mac = try #require(first.string("merchantAction", "redirectData", "RETURNMAC"))
        let form = HTTPRequest(method: "POST", target: ThreeDSecurePage.pathPrefix + id,
                               headers: [HTTPHeaderField("Content-Type", "application/x-www-form-urlencoded")],
                               body: Array("RETURNMAC=\(mac)&outcome=complete".utf8))
        #expect(base.server.respond(to: form, fromLoopback: true).status == 303)
        let now = base.call("GET", "/\(version)/\(Self.merchant)/payments/\(id)").string("status")
        let replay = base.call("POST", "/\(version)/\(Self.merchant)/payments", body: body, extra: key)
        #expect(replay.status == 201)
        #expect(replay.string("payment", "status") == now && now == (version == "v1" ? "PENDING_APPROVAL" : "PENDING_CAPTURE"))
        #expect(replay.json["merchantAction"] == nil, "no redirect once the authentication is done")
        #expect(replay.headers["X-GCS-Idempotence-Response-Date"].flatMap(ServerAPIInput.rfc1123Date) != nil)
        #expect(replay.headers["IdempotencyResponseDatetime"]?.hasSuffix("Z") == true)
    }

    // MARK: - Two platforms

    @Test("a /v1 payment is unknown on /v2 and the other way round")
    func separatePlatforms() throws {
        for (made, other) in [("v1", "v2"), ("v2", "v1")] {
            let payment = try base.pay(ServerAPITests.good, version: made)
            let id = try #require(payment.string("payment", "id"))
            #expect(base.call("GET", "/\(made)/\(Self.merchant)/payments/\(id)").status == 200)
            let elsewhere = base.call("GET", "/\(other)/\(Self.merchant)/payments/\(id)")
            #expect(elsewhere.status == 404 && elsewhere.error("id") == "UNKNOWN_PAYMENT_ID")
            #expect(base.call("POST", "/\(other)/\(Self.merchant)/payments/\(id)/capture", body: "{}").status == 404)
        }
    }

    // MARK: - Inputs

    func order(amount: String = "1250", currency: String = "EUR", reference: String? = nil) -> String {
        var references = ""
        if let reference { references = #", "references": {"merchantReference": "# + JSONWriter().string(from: .string(reference)) + "}" }
        return #"{"amountOfMoney": {"amount": \#(amount), "currencyCode": "\#(currency)"}\#(references)}"#
    }

    func create(version: String = "v2", order: String, payload: [String: String] = ServerAPITests.good) throws -> ServerAnswer {
        let session = try base.session(version)
        let token = try base.token(payload, session: session.id)
        return base.call("POST", "/\(version)/\(Self.merchant)/payments", body: #"{"encryptedCustomerInput": "\#(token)", "order": \#(order)}"#)
    }

    @Test("currencies outside ISO 4217, amounts past 12 digits or negative: 400 INVALID_VALUE with its code and member", arguments: [
        ("1250", "XXX", "order.amountOfMoney.currencyCode", "SANDBOX_INVALID_CURRENCY"),
        ("1250", "ZZZ", "order.amountOfMoney.currencyCode", "SANDBOX_INVALID_CURRENCY"),
        ("1250", "ABC", "order.amountOfMoney.currencyCode", "SANDBOX_INVALID_CURRENCY"),
        ("1250", "eur", "order.amountOfMoney.currencyCode", "SANDBOX_INVALID_CURRENCY"),
        ("9223372036854775807", "EUR", "order.amountOfMoney.amount", "SANDBOX_INVALID_AMOUNT"),
        ("10000000000000", "EUR", "order.amountOfMoney.amount", "SANDBOX_INVALID_AMOUNT"),
        ("1000000000000", "EUR", "order.amountOfMoney.amount", "SANDBOX_INVALID_AMOUNT"),
        ("-1", "EUR", "order.amountOfMoney.amount", "SANDBOX_INVALID_AMOUNT"),
        ("12.5", "EUR", "order.amountOfMoney.amount", "SANDBOX_INVALID_AMOUNT"),
    ])
    func money(amount: String, currency: String, property: String, code: String) throws {
        for version in ["v1", "v2"] {
            let answer = try create(version: version, order: order(amount: amount, currency: currency))
            #expect(answer.status == 400)
            #expect(answer.error("propertyName") == .string(property) && answer.error("code") == .string(code) && answer.error("id") == "INVALID_VALUE")
        }
        #expect(try create(order: order(amount: "999999999999", currency: "JPY")).status == 201)
        #expect(try create(order: order(currency: "XOF")).status == 201)
    }

    @Test("merchantReference: at most 50 (/v1) or 40 (/v2) characters, no control characters")
    func merchantReference() throws {
        for (version, longest) in [("v1", 50), ("v2", 40)] {
            #expect(try create(version: version, order: order(reference: String(repeating: "r", count: longest))).status == 201)
            for bad in [String(repeating: "r", count: longest + 1), String(repeating: "r", count: 1_000_000 / 1000), "order\n42", "order\u{0}42", "a\u{202E}b"] {
                let answer = try create(version: version, order: order(reference: bad))
                #expect(answer.status == 400)
                #expect(answer.error("code") == "SANDBOX_INVALID_REFERENCE" && answer.error("propertyName") == "order.references.merchantReference")
            }
        }
    }

    @Test("payload members of the wrong type are refused, never read as absent", arguments: [
        (#""accountOnFileId": "1 OR 1=1""#, "encryptedCustomerInput.accountOnFileId"), (#""tokenize": "yes""#, "encryptedCustomerInput.tokenize"),
        (#""accountOnFileId": 1.5"#, "encryptedCustomerInput.accountOnFileId"),
    ])
    func payloadMembers(member: String, property: String) throws {
        let session = try base.session("v2")
        let plaintext = #"{"clientSessionId": "\#(session.id)", "paymentProductId": 1, \#(member), "paymentValues": [{"key": "cardNumber", "value": "4111111111111111"}, {"key": "expiryDate", "value": "1235"}, {"key": "cvv", "value": "123"}]}"#
        let token = try SandboxHardeningTests.token(plaintext)
        let answer = base.call("POST", "/v2/\(Self.merchant)/payments", body: #"{"encryptedCustomerInput": "\#(token)", "order": \#(order())}"#)
        #expect(answer.status == 400)
        #expect(answer.error("code") == "SANDBOX_INVALID_PAYLOAD_MEMBER" && answer.error("propertyName") == .string(property))
    }

    // MARK: - Bytes

    @Test("a Server API body past 64 KiB is 413 in the platform's error shape")
    func bodyLimit() {
        let tokens = "[" + Array(repeating: "\"" + String(repeating: "t", count: 60) + "\"", count: 2000).joined(separator: ",") + "]"
        let answer = base.call("POST", "/v1/\(Self.merchant)/sessions", body: #"{"tokens": \#(tokens)}"#, extra: [("X-GCS-Idempotence-Key", "big")])
        #expect(answer.status == 413)
        #expect(answer.error("id") == "REQUEST_TOO_LARGE" && answer.json["errorId"] != nil && answer.error("httpStatusCode") == 413)
    }

    @Test("stores are bounded in bytes as well as entries: the oldest go first, the newest stays")
    func byteBound() {
        var store = BoundedStore<Int, [UInt8]>(capacity: 10_000, byteLimit: 10_000)
        for key in 0..<1_000 { store.set(Array(repeating: 0, count: 1_000), for: key, cost: 1_000) }
        #expect(store.count == 10 && store.bytes == 10_000)
        #expect(store[989] == nil && store[990] != nil && store[999] != nil)
        store.set([], for: 5_000, cost: 50_000)
        #expect(store.count == 1 && store[5_000] != nil, "one entry past the bound is kept alone")
        store.remove(5_000)
        #expect(store.count == 0 && store.bytes == 0)

        let ledger = ServerAPILedger(limits: ServerAPILedger.Limits(entries: 10_000, paymentBytes: 1 << 20, objectBytes: 1 << 20, idempotenceBytes: 1 << 20))
        let answer = HTTPResponse.json(201, .string(String(repeating: "x", count: 60_000)))
        for index in 0..<200 {
            _ = ledger.begin(idempotenceKey: "k\(index)", now: 0)
            ledger.finish(idempotenceKey: "k\(index)", with: ServerAPILedger.Replay(response: answer, paymentId: nil), since: 0)
        }
        #expect(ledger.begin(idempotenceKey: "k0", now: 0) == nil, "the oldest answers were dropped")
        if case .answered? = ledger.begin(idempotenceKey: "k199", now: 0) {} else { Issue.record("the newest answer is kept") }
    }
}

extension ServerAPILedger.Idempotence: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.inFlight(let a), .inFlight(let b)): a == b
        default: false
        }
    }
}
