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

/// The Server API at the sandbox's root, answered in-process (the router, after the connection's
/// checks): signature, merchant, sessions, payments by test card, the 3-D Secure page, idempotence.
@Suite("Server API")
struct ServerAPITests {
    let server: SandboxServer
    let signer = ServerAPISigner()
    let key: EncryptionKey

    init() throws {
        server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1"))
        key = try EncryptionKey(ShippedSamples.demoPublicKey())
    }

    static let merchant = SandboxServerAPI.defaultMerchantId
    static let good = ["cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"]

    func call(_ method: String, _ target: String, body: String? = nil, extra: [(String, String)] = []) -> ServerAnswer {
        ServerAnswer(server.respond(to: signer.request(method, target, body: body, extra: extra), fromLoopback: true))
    }

    /// A fresh session of the Server API: its id and customer id.
    func session(_ version: String = "v1", body: String = "{}") throws -> (id: String, customerId: String) {
        let answer = call("POST", "/\(version)/\(Self.merchant)/sessions", body: body)
        #expect(answer.status == 201)
        return (try #require(answer.string("clientSessionId")), try #require(answer.string("customerId")))
    }

    func token(_ values: [String: String], product: Int = 1, session: String) throws -> String {
        try PreparedPaymentRequest.encryptingWithoutValidation(paymentProductId: product, values: values, clientSessionId: session, key: key)
            .encryptedFields
    }

    func createBody(_ token: String, product: Int = 1, returnUrl: String? = "https://shop.example/return?order=7") -> String {
        var card = JSONObject([(key: "paymentProductId", value: .number(String(product)))])
        if let returnUrl { card.append("threeDSecure", ["redirectionData": ["returnUrl": .string(returnUrl)]]) }
        return JSONWriter().string(from: [
            "encryptedCustomerInput": .string(token),
            "order": ["amountOfMoney": ["amount": 1250, "currencyCode": "EUR"], "references": ["merchantReference": "order-7"]],
            "cardPaymentMethodSpecificInput": .object(card),
        ])
    }

    func pay(_ values: [String: String], version: String = "v1", extra: [(String, String)] = []) throws -> ServerAnswer {
        let session = try session(version)
        return call("POST", "/\(version)/\(Self.merchant)/payments", body: createBody(try token(values, session: session.id)), extra: extra)
    }

    // MARK: - Signature

    @Test("the published v1HMAC test vector")
    func testVector() {
        let text = "GET\n\nFri, 06 Jun 2014 13:39:43 GMT\n/v1/9991/tokens/123456789\n"
        #expect(V1HMACSignature.stringToSign(method: "GET", contentType: nil, date: "Fri, 06 Jun 2014 13:39:43 GMT", gcsHeaders: [],
                                             target: "/v1/9991/tokens/123456789") == text)
        #expect(V1HMACSignature.signature(of: text, secretApiKey: "6Kj5HT0MQKC6D8eb7W3lTg71kVKVDSt1") == "9ond5EIN05dBXJGCLRK5om9pxHsyrh/12pZJ7bvmwNM=")
        let request = HTTPRequest(method: "GET", target: "/v1/9991/tokens/123456789", headers: [
            HTTPHeaderField("Date", "Fri, 06 Jun 2014 13:39:43 GMT"),
            HTTPHeaderField("Authorization", "GCS v1HMAC:5e45c937b9db33ae:9ond5EIN05dBXJGCLRK5om9pxHsyrh/12pZJ7bvmwNM="),
        ])
        #expect(V1HMACSignature.verify(request, apiKeyId: "5e45c937b9db33ae", secretApiKey: "6Kj5HT0MQKC6D8eb7W3lTg71kVKVDSt1"))
        #expect(!V1HMACSignature.verify(request, apiKeyId: "5e45c937b9db33ae", secretApiKey: "6Kj5HT0MQKC6D8eb7W3lTg71kVKVDSt2"))
        #expect(!V1HMACSignature.verify(request, apiKeyId: "other", secretApiKey: "6Kj5HT0MQKC6D8eb7W3lTg71kVKVDSt1"))
    }

    @Test("x-gcs headers are signed lower-cased and sorted, values with line breaks read as one space")
    func gcsHeaders() {
        let text = V1HMACSignature.stringToSign(
            method: "post", contentType: "application/json", date: "D",
            gcsHeaders: [HTTPHeaderField("X-GCS-ServerMetaInfo", " meta "), HTTPHeaderField("X-GCS-Idempotence-Key", "k\r\n  1")], target: "/v1/m/payments?a=1")
        #expect(text == "POST\napplication/json\nD\nx-gcs-idempotence-key:k 1\nx-gcs-servermetainfo:meta\n/v1/m/payments?a=1\n")
    }

    @Test("no, a malformed, another key's or a wrong signature, or no Date: 401 9002 on both APIs", arguments: ["v1", "v2"])
    func unauthorized(version: String) {
        let target = "/\(version)/\(Self.merchant)/sessions"
        let good = signer.request("POST", target, body: "{}")
        var requests: [HTTPRequest] = []
        for drop in ["Authorization", "Date"] {
            var request = good
            request.headers = HTTPHeaders(good.headers.fields.filter { $0.name != drop })
            requests.append(request)
        }
        var wrongSecret = ServerAPISigner()
        wrongSecret.secretApiKey = "another secret"
        var wrongKey = ServerAPISigner()
        wrongKey.apiKeyId = "another-key"
        requests += [wrongSecret.request("POST", target, body: "{}"), wrongKey.request("POST", target, body: "{}")]
        var tampered = good
        tampered.target += "?x=1"
        var twice = good
        twice.headers.append(HTTPHeaderField("Authorization", good.header("Authorization") ?? ""))
        var bearer = good
        bearer.headers = HTTPHeaders(good.headers.fields.map { $0.name == "Authorization" ? HTTPHeaderField("Authorization", "Bearer x") : $0 })
        requests += [tampered, twice, bearer]
        for request in requests {
            let answer = ServerAnswer(server.respond(to: request, fromLoopback: true))
            #expect(answer.status == 401)
            #expect(answer.error("code") == "9002" && answer.error("errorCode") == "9002")
            // The platform's id, then the sandbox's explanation (ServerAPISignatureDiagnosisTests).
            #expect(answer.error("id") == "MISSING_OR_INVALID_AUTHORIZATION")
            #expect(answer.error("message")?.stringValue.hasPrefix("MISSING_OR_INVALID_AUTHORIZATION: ") == true)
            #expect(answer.json["errorId"] != nil)
        }
        #expect(ServerAnswer(server.respond(to: good, fromLoopback: true)).status == 201)
    }

    @Test("another merchant id is 403; unknown paths are 404 SANDBOX_NO_SUCH_ROUTE, an unknown payment 404 UNKNOWN_PAYMENT_ID")
    func notFoundAndForbidden() {
        let forbidden = call("POST", "/v2/000000/sessions", body: "{}")
        #expect(forbidden.status == 403)
        #expect(forbidden.error("httpStatusCode") == 403)
        for path in ["/v1/\(Self.merchant)/tokens/1/nothing", "/v3/\(Self.merchant)/payments", "/nowhere", "/v1", "/v2/\(Self.merchant)/payments/1/approve"] {
            let answer = call("GET", path)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.error("id") == "SANDBOX_NO_SUCH_ROUTE", "\(path)")
        }
        let unknown = call("GET", "/v2/\(Self.merchant)/payments/9999999999_0")
        #expect(unknown.status == 404)
        #expect(unknown.error("id") == "UNKNOWN_PAYMENT_ID" && unknown.error("errorCode") == "50001130")
        #expect(unknown.error("category") == "DIRECT_PLATFORM_ERROR" && unknown.error("propertyName") == "paymentId")
        let connect = call("POST", "/v1/\(Self.merchant)/payments/000000850010000188180000200001/cancel")
        #expect(connect.status == 404 && connect.error("code") == "1002" && connect.error("category") == "CONNECT_PLATFORM_ERROR")
        #expect(call("GET", "/v1/\(Self.merchant)/tokens/unknown").error("code") == "SANDBOX_UNKNOWN_TOKEN_ID")
        #expect(call("GET", "/v2/\(Self.merchant)/payments").status == 405, "finding payments is Connect's (/v1) only")
    }

    // MARK: - Sessions

    @Test("each create-session call mints a session and customer of its own; v1 adds region; tokens come back invalid", arguments: ["v1", "v2"])
    func sessions(version: String) throws {
        let first = call("POST", "/\(version)/\(Self.merchant)/sessions", body: #"{"tokens": ["t1", "t2"]}"#)
        let second = call("POST", "/\(version)/\(Self.merchant)/sessions", body: "{}")
        #expect(first.status == 201 && second.status == 201)
        #expect(first.string("clientSessionId") != second.string("clientSessionId"))
        #expect(first.string("customerId") != second.string("customerId"))
        #expect(first.string("clientApiUrl")?.hasSuffix("/client") == true)
        #expect(first.string("assetUrl")?.hasSuffix("/assets") == true)
        #expect(first.json["invalidTokens"] == ["t1", "t2"])
        #expect((first.json["region"] != nil) == (version == "v1"))
        // The Client API accepts the minted session with its own customer id, and no other's.
        let id = try #require(first.string("clientSessionId")), customer = try #require(first.string("customerId"))
        let other = try #require(second.string("customerId"))
        func clientAPI(_ customer: String) -> Int {
            server.respond(to: HTTPRequest(method: "GET", target: "/client/v1/\(customer)/crypto/publickey",
                                           headers: [HTTPHeaderField("Authorization", "GCS v1Client:\(id)")]), fromLoopback: true).status
        }
        #expect(clientAPI(customer) == 200)
        #expect(clientAPI(other) == 404)
        #expect(clientAPI("c1") == 404)
        for bad in [#"{"tokens": "t1"}"#, #"{"tokens": [1]}"#, "[]", #"{"locale": "fr FR"}"#, "{"] {
            #expect(call("POST", "/\(version)/\(Self.merchant)/sessions", body: bad).status == 400, "\(bad)")
        }
    }

    @Test("texts: the call's locale, else the session's, else Accept-Language, else English")
    func locales() throws {
        let french = try session(body: #"{"locale": "fr_FR"}"#)
        let plain = try session()
        func label(_ session: (id: String, customerId: String), query: String = "", acceptLanguage: String? = nil) throws -> String? {
            var headers: HTTPHeaders = [HTTPHeaderField("Authorization", "GCS v1Client:\(session.id)")]
            if let acceptLanguage { headers.append(HTTPHeaderField("Accept-Language", acceptLanguage)) }
            let response = server.respond(to: HTTPRequest(
                method: "GET", target: "/client/v1/\(session.customerId)/products/1?countryCode=NL&currencyCode=EUR\(query)", headers: headers), fromLoopback: true)
            guard case .array(let fields)? = try JSONParser().parse(response.body)["fields"],
                  case .string(let label)? = fields.first?["displayHints"]?["label"] else { return nil }
            return label
        }
        #expect(try label(plain) == "Card number")
        #expect(try label(french) == "Numéro de carte")
        #expect(try label(french, query: "&locale=de_DE") == "Kartennummer")
        #expect(try label(plain, acceptLanguage: "de-CH, fr;q=0.9") == "Kartennummer")
        #expect(try label(plain, acceptLanguage: "th, fr;q=0.5, de;q=0.1") == "Numéro de carte")
        #expect(try label(plain, acceptLanguage: "fr;q=0, *") == "Card number")
        #expect(try label(french, acceptLanguage: "de") == "Numéro de carte", "the session's locale before the browser's")
        #expect(DefinitionTexts.language(forAcceptLanguage: "nl-BE,nl;q=0.9,en;q=0.8") == "nl")
        #expect(DefinitionTexts.language(forAcceptLanguage: "th, vi") == nil)
    }

    // MARK: - Payments

    @Test("a valid card is authorised: 201, Location, the payment as each API names it, GET answers it", arguments: [
        ("v1", "PENDING_APPROVAL", 600), ("v2", "PENDING_CAPTURE", 5),
    ])
    func authorised(version: String, status: String, code: Int) throws {
        let answer = try pay(Self.good, version: version)
        #expect(answer.status == 201)
        let id = try #require(answer.string("payment", "id"))
        #expect(answer.headers["Location"]?.hasSuffix("/\(version)/\(Self.merchant)/payments/\(id)") == true)
        #expect(answer.string("payment", "status") == status)
        let output = answer.json["payment"]?["statusOutput"]
        #expect(output?["statusCode"] == .number(String(code)))
        #expect(output?["isAuthorized"] == true && output?["statusCategory"] == "PENDING_MERCHANT")
        let payment = answer.json["payment"]?["paymentOutput"]
        #expect(payment?["amountOfMoney"] == ["amount": 1250, "currencyCode": "EUR"])
        #expect(payment?["paymentMethod"] == "card")
        #expect(payment?["references"]?["merchantReference"] == "order-7")
        #expect(payment?["cardPaymentMethodSpecificOutput"]?["paymentProductId"] == 1)
        #expect(payment?["cardPaymentMethodSpecificOutput"]?["card"]?["cardNumber"] == "411111******1111")
        #expect(answer.json["merchantAction"] == nil)
        let text = JSONWriter().string(from: answer.json)
        #expect(!text.contains("4111111111111111") && !text.contains("\"123\""), "no card number, no CVV")
        let read = call("GET", "/\(version)/\(Self.merchant)/payments/\(id)")
        #expect(read.status == 200)
        #expect(read.json == answer.json["payment"])
    }

    @Test("values that fail the product as sent: 400, one error per value, the fixtures' codes, the card paths", arguments: [
        ("cvv", "1a23", "SANDBOX_REGULAR_EXPRESSION", "cardPaymentMethodSpecificInput.card.cvv"),
        ("cardNumber", "4111111111111112", "21000020", "cardPaymentMethodSpecificInput.card.cardNumber"),
        ("cardNumber", "4111 1111 1111 1111", "SANDBOX_NUMERIC_STRING", "cardPaymentMethodSpecificInput.card.cardNumber"),
        ("expiryDate", "1220", "21000120", "cardPaymentMethodSpecificInput.card.expiryDate"),
        ("expiryDate", "12/35", "21000120", "cardPaymentMethodSpecificInput.card.expiryDate"),
        ("cvv", "", "SANDBOX_REQUIRED", "cardPaymentMethodSpecificInput.card.cvv"),
    ])
    func invalid(field: String, value: String, code: String, property: String) throws {
        var values = Self.good
        values[field] = value
        let answer = try pay(values, version: "v2")
        #expect(answer.status == 400)
        #expect(answer.errors("code") == [.string(code)], "one error per failing value")
        #expect(answer.error("errorCode") == .string(code))
        #expect(answer.error("propertyName") == .string(property))
        #expect(answer.error("httpStatusCode") == 400)
        let message = answer.string("errors") ?? JSONWriter().string(from: answer.json)
        #expect(!value.isEmpty && !message.contains(value) || value.isEmpty, "never the value")
    }

    @Test("a field the product does not have is an error of its own")
    func unknownField() throws {
        var values = Self.good
        values["pin"] = "1234"
        let answer = try pay(values)
        #expect(answer.status == 400)
        #expect(answer.error("code") == "SANDBOX_UNKNOWN_FIELD" && answer.error("propertyName") == "encryptedCustomerInput.pin")
    }

    @Test("declined test cards: 402 with paymentResult REJECTED (430330); GET answers REJECTED", arguments: ["4012001775445550", "4012003360932265"])
    func declined(number: String) throws {
        var values = Self.good
        values["cardNumber"] = number
        let answer = try pay(values)
        #expect(answer.status == 402)
        #expect(answer.error("code") == "430330" && answer.error("message") == "Not authorised")
        let payment = answer.json["paymentResult"]?["payment"]
        #expect(payment?["status"] == "REJECTED")
        #expect(payment?["statusOutput"]?["statusCategory"] == "UNSUCCESSFUL" && payment?["statusOutput"]?["isAuthorized"] == false)
        let id = try #require(payment?["id"]?.stringValue, "no payment id")
        #expect(call("GET", "/v1/\(Self.merchant)/payments/\(id)").string("status") == "REJECTED")
    }

    @Test("the 3-D Secure card redirects to the sandbox's page; its buttons complete or fail it and return to returnUrl", arguments: [
        ("complete", "PENDING_APPROVAL"), ("fail", "REJECTED"),
    ])
    func challenge(outcome: String, final: String) throws {
        var values = Self.good
        values["cardNumber"] = "4012000000003002"
        let answer = try pay(values)
        #expect(answer.status == 201)
        #expect(answer.string("payment", "status") == "REDIRECTED")
        #expect(answer.string("merchantAction", "actionType") == "REDIRECT")
        let url = try #require(answer.string("merchantAction", "redirectData", "redirectURL"))
        let mac = try #require(answer.string("merchantAction", "redirectData", "RETURNMAC"))
        let id = try #require(answer.string("payment", "id"))
        let path = try #require(URL(string: url)?.path)
        #expect(path == "/sandbox/v1/authentication/\(id)")

        let page = server.respond(to: HTTPRequest(method: "GET", target: path), fromLoopback: true)
        #expect(page.status == 200)
        #expect(page.headers["Content-Type"]?.hasPrefix("text/html") == true)
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains(">Complete authentication</button>") && html.contains(">Fail authentication</button>"))
        #expect(!html.contains("4012000000003002"))

        // A post without the payment's RETURNMAC decides nothing.
        let forged = server.respond(to: HTTPRequest(method: "POST", target: path, body: Array("RETURNMAC=x&outcome=\(outcome)".utf8)), fromLoopback: true)
        #expect(forged.status == 404)
        #expect(call("GET", "/v1/\(Self.merchant)/payments/\(id)").string("status") == "REDIRECTED")

        let decided = server.respond(to: HTTPRequest(method: "POST", target: path, body: Array("RETURNMAC=\(mac)&outcome=\(outcome)".utf8)), fromLoopback: true)
        #expect(decided.status == 303)
        #expect(decided.headers["Location"] == "https://shop.example/return?order=7&RETURNMAC=\(mac)&paymentId=\(id)")
        #expect(call("GET", "/v1/\(Self.merchant)/payments/\(id)").string("status") == final)
        // The first decision counts.
        let other = outcome == "complete" ? "fail" : "complete"
        _ = server.respond(to: HTTPRequest(method: "POST", target: path, body: Array("RETURNMAC=\(mac)&outcome=\(other)".utf8)), fromLoopback: true)
        #expect(call("GET", "/v1/\(Self.merchant)/payments/\(id)").string("status") == final)
    }

    @Test("a 3-D Secure card without returnUrl is 400; a returnUrl that is no http(s) URL is 400")
    func challengeNeedsReturnURL() throws {
        var values = Self.good
        values["cardNumber"] = "5200000000003001"
        let session = try session()
        let missing = call("POST", "/v1/\(Self.merchant)/payments", body: createBody(try token(values, product: 3, session: session.id), product: 3, returnUrl: nil))
        #expect(missing.status == 400)
        #expect(missing.error("propertyName") == "cardPaymentMethodSpecificInput.threeDSecure.redirectionData.returnUrl")
        let bad = call("POST", "/v1/\(Self.merchant)/payments", body: createBody(try token(values, product: 3, session: session.id), product: 3, returnUrl: "javascript:x"))
        #expect(bad.status == 400)
    }

    @Test("an encryptedCustomerInput is taken once; a session the sandbox did not mint is refused; the body is checked")
    func payloadChecks() throws {
        let session = try session()
        let token = try token(Self.good, session: session.id)
        #expect(call("POST", "/v1/\(Self.merchant)/payments", body: createBody(token)).status == 201)
        let again = call("POST", "/v1/\(Self.merchant)/payments", body: createBody(token))
        #expect(again.status == 400)
        #expect(again.error("code") == "SANDBOX_ENCRYPTED_CUSTOMER_INPUT_USED")
        let stranger = call("POST", "/v1/\(Self.merchant)/payments", body: createBody(try self.token(Self.good, session: "not-minted")))
        #expect(stranger.error("code") == "SANDBOX_UNKNOWN_CLIENT_SESSION")
        // The session the sandbox starts with is one of its own.
        #expect(call("POST", "/v1/\(Self.merchant)/payments", body: createBody(try self.token(Self.good, session: "s1"))).status == 201)
        for (body, property) in [
            ("{}", "order.amountOfMoney"), (#"{"encryptedCustomerInput": "x"}"#, "order.amountOfMoney"),
            (#"{"order": {"amountOfMoney": {"amount": 1, "currencyCode": "EUR"}}}"#, "encryptedCustomerInput"),
            (#"{"encryptedCustomerInput": "x", "order": {"amountOfMoney": {"amount": 1, "currencyCode": "eur"}}}"#, "order.amountOfMoney.currencyCode"),
            (#"{"encryptedCustomerInput": "x", "order": {"amountOfMoney": {"amount": 1, "currencyCode": "EUR"}}}"#, "encryptedCustomerInput"),
        ] {
            let answer = call("POST", "/v2/\(Self.merchant)/payments", body: body)
            #expect(answer.status == 400)
            #expect(answer.error("propertyName") == .string(property), "\(body)")
        }
        let wrongProduct = createBody(try self.token(Self.good, session: session.id)).replacingOccurrences(of: #""paymentProductId":1"#, with: #""paymentProductId":3"#)
        #expect(call("POST", "/v1/\(Self.merchant)/payments", body: wrongProduct).error("propertyName") == "cardPaymentMethodSpecificInput.paymentProductId")
    }

    @Test("Server API answers carry no CORS headers, even to a request with an Origin")
    func noCORS() throws {
        let answer = call("POST", "/v1/\(Self.merchant)/sessions", body: "{}", extra: [("Origin", "http://127.0.0.1:8000")])
        #expect(answer.status == 201)
        #expect(!answer.headers.contains { $0.name.lowercased().hasPrefix("access-control") })
    }

    // MARK: - Idempotence

    @Test("a replay with the same idempotence key answers the same status and body, plus the first request's timestamp", arguments: ["v1", "v2"])
    func replay(version: String) throws {
        let session = try session(version)
        let body = createBody(try token(Self.good, session: session.id))
        let key = [("X-GCS-Idempotence-Key", "order-7-attempt-1")]
        let first = call("POST", "/\(version)/\(Self.merchant)/payments", body: body, extra: key)
        let second = call("POST", "/\(version)/\(Self.merchant)/payments", body: body, extra: key)
        #expect(first.status == 201)
        #expect(first.headers["X-GCS-Idempotence-Request-Timestamp"] == nil)
        #expect(second.status == 201)
        #expect(second.json == first.json)
        let stamp = try #require(second.headers["X-GCS-Idempotence-Request-Timestamp"].flatMap(Int64.init))
        #expect(abs(Double(stamp) / 1000 - Date().timeIntervalSince1970) < 3600)
        // Without the key, the same token is a second submission.
        #expect(call("POST", "/\(version)/\(Self.merchant)/payments", body: body).status == 400)
    }

    @Test("a duplicate while the first is still being answered is 409 with each API's code; afterwards it is a replay", arguments: [
        ("v1", "1409"), ("v2", "30001002"),
    ])
    func inFlight(version: String, code: String) async throws {
        let entered = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let data = try SandboxData.samples()
        let sessions = SandboxSessions(clientSessionId: "s1", customerId: "c1")
        let api = ServerAPI(credentials: ServerAPICredentials(), data: data, sessions: sessions, v1: ServerAPILedger(), v2: ServerAPILedger(),
                            webhooks: nil, baseURL: { "http://127.0.0.1:1" }, pause: { _ in entered.signal(); release.wait() })
        let router = SandboxRouter(data: data, sessions: sessions, serverAPI: api, brandDetector: .shipped, saferpay: SaferpayStandIn())
        var values = Self.good
        values["cardNumber"] = "4012000000009009"
        let request = signer.request("POST", "/\(version)/\(Self.merchant)/payments", body: createBody(try token(values, session: "s1")),
                                     extra: [("X-GCS-Idempotence-Key", "k-1")])
        // The first request on a thread of its own: it blocks in the slow card's pause.
        async let first = onThread { ServerAnswer(router.respond(to: request, fromLoopback: true)) }
        await onThread { entered.wait() }
        let duplicate = ServerAnswer(router.respond(to: request, fromLoopback: true))
        #expect(duplicate.status == 409)
        #expect(duplicate.errors("code") == [.string(code)] && duplicate.error("errorCode") == .string(code))
        #expect(duplicate.error("id") == "DUPLICATE_REQUEST_IN_PROGRESS")
        release.signal()
        let answer = await first
        #expect(answer.status == 201)
        let replay = ServerAnswer(router.respond(to: request, fromLoopback: true))
        #expect(replay.status == 201 && replay.json == answer.json)
    }

    // MARK: - Bounds

    @Test("a bounded store drops its oldest entries past its capacity and keeps a replaced value's place")
    func boundedStore() {
        var store = BoundedStore<Int, String>(capacity: 3)
        for key in 0..<10_000 { store.set("\(key)", for: key) }
        #expect(store.count == 3)
        #expect(store[9_996] == nil && store[9_997] == "9997" && store[9_999] == "9999")
        store.set("again", for: 9_997)
        store.set("new", for: 10_000)
        #expect(store[9_997] == nil, "a replaced value keeps its place: still the oldest")
        #expect(store[9_998] == "9998" && store[10_000] == "new" && store.count == 3)
    }

    @Test("card numbers are kept as first 6 and last 4, shown as each platform shows them")
    func identifiers() {
        #expect(ServerAPIPayment.mask("4111111111111111") == "411111******1111")
        #expect(ServerAPIPayment.mask("123456789") == "*****6789")
        #expect(CardNumberMask.bin("411111******1111") == "411111" && CardNumberMask.bin("*****6789") == nil)
        #expect(CardNumberMask.card("411111******1111", .v1)["bin"] == nil)
        #expect(CardNumberMask.card("411111******1111", .v2)["bin"] == "411111")
    }
}
