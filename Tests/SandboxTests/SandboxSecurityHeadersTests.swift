import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormJSON
import PaymentFormTestSupport
import PaymentFormEngine
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
@testable import PaymentFormSandboxServerAPI

/// Every answer of the sandbox, read off the wire, carries `X-Content-Type-Options: nosniff` and
/// `Referrer-Policy: no-referrer`, once each (issue 52 item 9): one request per kind of route and
/// per kind of refusal, from the router and from the connection's own checks.
@Suite("Sandbox answers: nosniff and Referrer-Policy on every kind", .timeLimit(.minutes(10)))
struct SandboxSecurityHeadersTests {
    /// A sandbox with the web form's files (placeholders) and `limits`.
    static func start(_ limits: SandboxLimits = SandboxLimits(readTimeout: 1)) throws -> SandboxServer {
        let folder = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
                                                 appropriateFor: FileManager.default.temporaryDirectory, create: true)
        for name in HostedCheckoutPage.webFiles.keys { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        let server = SandboxServer(SandboxConfiguration(
            data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1",
            limits: limits, webDist: folder))
        try server.start()
        return server
    }

    /// The raw bytes of one exchange: `request` sent as is, the answer read to the end.
    static func exchange(_ port: Int, _ request: String) async -> RawAnswer {
        let raw = await onThread { () -> String in
            guard let connection = try? RawConnection(port: port) else { return "" }
            connection.send(request)
            return connection.readToEnd()
        }
        return SandboxClient.parse(raw)
    }

    static func expectHardened(_ answer: RawAnswer, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status != 0, "\(what): no answer", sourceLocation: sourceLocation)
        let nosniff = answer.headers.filter { $0.name.lowercased() == "x-content-type-options" }.map(\.value)
        let referrer = answer.headers.filter { $0.name.lowercased() == "referrer-policy" }.map(\.value)
        #expect(nosniff == ["nosniff"], "\(what) (\(answer.status)): X-Content-Type-Options \(nosniff)", sourceLocation: sourceLocation)
        #expect(referrer == ["no-referrer"], "\(what) (\(answer.status)): Referrer-Policy \(referrer)", sourceLocation: sourceLocation)
    }

    @Test("every kind of route and refusal, off the wire")
    func everyKind() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let port = server.port
        let merchant = ServerAPITests.merchant
        let signer = ServerAPISigner()
        let checkout = ServerAnswer(server.respond(to: signer.request(
            "POST", "/v2/\(merchant)/hostedcheckouts", body: #"{"order": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}}}"#), fromLoopback: true))
        let checkoutId = try #require(checkout.string("hostedCheckoutId"))
        let asset = try #require(server.configuration.data.assets.keys.sorted().first)
        let sessions = "/v1/\(merchant)/sessions"
        let signed = signer.headers(method: "POST", target: sessions, json: true).map { "\($0.0): \($0.1)\r\n" }.joined()

        func get(_ target: String, _ headers: String = "") -> String {
            "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Connection: close\r\n\r\n"
        }
        func post(_ target: String, _ body: String, type: String = "application/json", _ headers: String = "") -> String {
            "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Content-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        }
        let authorization = "Authorization: GCS v1Client:s1\r\n"
        let cases: [(String, String, Int)] = [
            ("Client API", get("/client/v1/c1/products?countryCode=NL&currencyCode=EUR", authorization), 200),
            ("Client API without Authorization", get("/client/v1/c1/products?countryCode=NL&currencyCode=EUR"), 401),
            ("Client API preflight", "OPTIONS /client/v1/c1/products HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://shop.test\r\n"
                + "Access-Control-Request-Method: GET\r\nConnection: close\r\n\r\n", 204),
            ("Client API POST", post("/client/v1/c1/services/getIINdetails", #"{"bin": "411111"}"#, authorization), 200),
            ("asset", get("/assets/\(asset)"), 200),
            ("asset not modified", get("/assets/\(asset)", "If-None-Match: \(ClientAPIRouter.assetETag)\r\n"), 304),
            ("unknown asset", get("/assets/none.svg"), 404),
            ("Server API", post(sessions, "{}", signed), 201),
            ("Server API unsigned", post(sessions, "{}"), 401),
            ("Server API unknown route", get("/v1/\(merchant)/nothing/here"), 404),
            ("payments endpoint", post("/sandbox/v1/payments", "{}"), 400),
            ("hosted checkout page", get(HostedCheckoutPage.pathPrefix + checkoutId), 200),
            ("unknown hosted checkout page", get(HostedCheckoutPage.pathPrefix + "none"), 404),
            ("hosted checkout script", get("/sandbox/v1/hostedcheckout.mjs"), 200),
            ("web form file", get("/sandbox/v1/web/payform-form.mjs"), 200),
            ("web form engine", get("/sandbox/v1/web/payform-form-engine.wasm"), 200),
            ("unknown web form file", get("/sandbox/v1/web/other.js"), 404),
            ("hosted checkout pay refused", post(HostedCheckoutPage.pathPrefix + checkoutId + "/pay", "{}"), 400),
            ("3-D Secure page of no payment", get(ThreeDSecurePage.pathPrefix + "none"), 404),
            ("3-D Secure decision refused", post(ThreeDSecurePage.pathPrefix + "none", "outcome=maybe", type: "application/x-www-form-urlencoded"), 400),
            ("Saferpay token", post("/saferpay/tokens", #"{"ReturnUrl": "https://shop.example/back"}"#), 200),
            ("Saferpay unknown path", get("/saferpay/nothing"), 404),
            ("method not allowed", "DELETE /sandbox/v1/hostedcheckout.mjs HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 405),
            ("no such route", get("/nowhere"), 404),
            ("misdirected Host", "GET /nowhere HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n", 421),
            ("wrong Content-Type", post("/client/v1/c1/services/getIINdetails", "{}", type: "text/plain", authorization), 415),
            ("malformed request line", "BREW /coffee HTTCPCP/1.0\r\n\r\n", 400),
            ("header past the bound", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n", 431),
            ("chunked body", "POST /sandbox/v1/payments HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501),
            ("request that never ends", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", 408),
        ]
        for (what, request, status) in cases {
            let answer = await Self.exchange(port, request)
            #expect(answer.status == status, "\(what): \(answer)")
            Self.expectHardened(answer, what)
        }

    }

    @Test("503: the one slot held by an idle connection, the next one refused after its wait")
    func busy() async throws {
        let server = try Self.start(SandboxLimits(readTimeout: 5, maximumConnections: 1, connectionWait: 0.2))
        defer { server.stop() }
        let port = server.port
        let busy = await onThread { () -> String in
            guard let holder = try? RawConnection(port: port), let refused = try? RawConnection(port: port) else { return "" }
            defer { holder.close() }
            Thread.sleep(forTimeInterval: 0.05)
            refused.send("GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return refused.readToEnd()
        }
        let refused = SandboxClient.parse(busy)
        #expect(refused.status == 503, "\(refused)")
        Self.expectHardened(refused, "busy")
    }

    @Test("an answer that sets its own Referrer-Policy keeps it, without a second one")
    func ownValueKept() {
        var response = HTTPResponse.json(200, ["a": 1])
        response.headers.append(HTTPHeaderField("Referrer-Policy", "same-origin"))
        let text = String(decoding: response.bytes(closing: true), as: UTF8.self)
        #expect(text.contains("Referrer-Policy: same-origin\r\n") && !text.contains("no-referrer"))
        #expect(text.components(separatedBy: "X-Content-Type-Options: nosniff\r\n").count == 2)
    }
}
