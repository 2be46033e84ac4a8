import Foundation
import Testing
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI

/// What a browser sees: CORS preflights and headers per route, over real loopback HTTP.
@Suite("Sandbox CORS for web pages", .timeLimit(.minutes(10)))
struct SandboxCORSTests {
    static let page = "http://127.0.0.1:8123"

    /// A browser's preflight for a Client API call.
    static func preflightHeaders(origin: String = page, method: String = "GET",
                                 requested: String = "authorization,content-type,x-gcs-clientmetainfo") -> [(String, String)] {
        [("Origin", origin), ("Access-Control-Request-Method", method), ("Access-Control-Request-Headers", requested)]
    }

    @Test("a preflight is answered before authorization: 204, the origin, GET and POST, the requested headers, a max age, no body", arguments: [
        "/client/v1/c1/products?countryCode=NL&currencyCode=EUR",
        "/client/v1/c1/services/getIINdetails",
        "/client/v1/c1/crypto/publickey",
        "/client/v2/c1/services/dccrate",
        "/client/v1/other-customer/products",
        "/assets/templates/master/global/css/img/ppimages/pp_logo_1_v1.png",
    ])
    func preflight(path: String) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.send("OPTIONS", path, headers: Self.preflightHeaders())
        #expect(answer.status == 204, "\(answer)")
        #expect(answer.header("Access-Control-Allow-Origin") == Self.page)
        #expect(answer.header("Vary") == "Origin")
        #expect(answer.header("Access-Control-Allow-Methods") == "GET, POST")
        #expect(answer.header("Access-Control-Allow-Headers") == "authorization, content-type, x-gcs-clientmetainfo")
        #expect(answer.header("Access-Control-Max-Age") == "600")
        #expect(answer.header("Content-Length") == nil)
        #expect(answer.body.isEmpty)
    }

    @Test("a requested header the Client API does not use is left out, so the browser refuses the call")
    func unknownRequestedHeader() async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.send("OPTIONS", "/client/v1/c1/products",
                                        headers: Self.preflightHeaders(requested: "Authorization, X-Evil, Accept"))
        #expect(answer.status == 204)
        #expect(answer.header("Access-Control-Allow-Headers") == "Authorization, Accept")
    }

    @Test("every Client API and asset answer to a page carries the origin, errors included", arguments: [
        ("GET", "/client/v1/c1/products?countryCode=NL&currencyCode=EUR", true, 200),
        ("GET", "/client/v1/c1/products?countryCode=NL&currencyCode=EUR", false, 401),
        ("GET", "/client/v1/nobody/products?countryCode=NL&currencyCode=EUR", true, 404),
        ("GET", "/client/v1/c1/nowhere", true, 404),
        ("GET", "/assets/templates/master/global/css/img/ppimages/pp_logo_1_v1.png", false, 200),
        ("GET", "/assets/missing.png", false, 404),
    ])
    func answersCarryOrigin(method: String, path: String, authorized: Bool, status: Int) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let headers = [("Origin", Self.page)] + (authorized ? [SandboxClient.authorization] : [])
        let answer = await sandbox.send(method, path, headers: headers)
        #expect(answer.status == status, "\(answer)")
        #expect(answer.header("Access-Control-Allow-Origin") == Self.page)
        #expect(answer.header("Vary") == "Origin")
    }

    @Test("the sandbox's own endpoints and the Saferpay stand-in get no CORS headers", arguments: [
        ("OPTIONS", "/sandbox/v1/payments"),
        ("POST", "/sandbox/v1/payments"),
        ("OPTIONS", "/saferpay/api/Payment/v1/PaymentPage/Initialize"),
        ("OPTIONS", "/elsewhere"),
    ])
    func noCORSElsewhere(method: String, path: String) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.send(method, path, headers: Self.preflightHeaders(method: "POST"), body: method == "POST" ? "{}" : nil)
        #expect(answer.status != 204 && answer.status != 0, "\(answer)")
        #expect(answer.header("Access-Control-Allow-Origin") == nil)
        #expect(answer.header("Access-Control-Allow-Methods") == nil)
    }

    @Test("without an Origin (not a browser) an answer has no Access-Control-Allow-Origin")
    func noOrigin() async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.send("GET", "/client/v1/c1/crypto/publickey")
        #expect(answer.status == 200)
        #expect(answer.header("Access-Control-Allow-Origin") == nil)
    }

    @Test("allowed origins restrict: another origin's preflight and answers get no Access-Control-Allow-Origin")
    func allowedOrigins() async throws {
        let sandbox = try SandboxClient(cors: SandboxCORS(allowedOrigins: ["HTTP://127.0.0.1:8123", "http://localhost:9000"]))
        defer { sandbox.stop() }
        for origin in [Self.page, "http://localhost:9000"] {
            let preflight = await sandbox.send("OPTIONS", "/client/v1/c1/products", headers: Self.preflightHeaders(origin: origin))
            #expect(preflight.header("Access-Control-Allow-Origin") == origin)
        }
        let other = "http://127.0.0.1:9999"
        let preflight = await sandbox.send("OPTIONS", "/client/v1/c1/products", headers: Self.preflightHeaders(origin: other))
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        #expect(preflight.header("Vary") == "Origin")
        let answer = await sandbox.send("GET", "/client/v1/c1/crypto/publickey", headers: [("Origin", other), SandboxClient.authorization])
        #expect(answer.status == 200)
        #expect(answer.header("Access-Control-Allow-Origin") == nil)
    }

    @Test("--allow-origin takes scheme://host[:port] (a trailing slash dropped), and refuses anything else, null included", arguments: [
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000" as String?),
        ("HTTPS://Shop.Example/", "https://shop.example"),
        ("null", nil),
        ("http://[::1]:8000", "http://[::1]:8000"),
        ("127.0.0.1:8000", nil),
        ("http://127.0.0.1:8000/page", nil),
        ("http://user@host", nil),
        ("http://", nil),
        ("http://host?x=1", nil),
        ("*", nil),
    ])
    func originFlag(text: String, expected: String?) {
        #expect(SandboxCORS.normalizedOrigin(text) == expected)
    }
}
