import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// Deeply nested JSON bodies over a real socket, on every kind of route that reads JSON (issue 52:
/// a 1 KB body nested 172 deep crashed the debug sandbox, whose connection threads run on 1 MiB
/// stacks). `swift test` runs the debug build, so this is the build the finding was about. Each
/// depth is answered — taken up to the documented 256 levels, refused past them with the route's
/// error shape, 413 past the body limits — and the sandbox answers the next request.
@Suite("Sandbox: deeply nested JSON on every route kind", .timeLimit(.minutes(5)))
struct SandboxDeepJSONTests {
    /// A route that reads a JSON body, and how it is reached.
    enum Route: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case clientAPI = "Client API (IIN details)"
        case sandboxPayments = "POST /sandbox/v1/payments (no credentials)"
        case hostedCheckoutPay = "a hosted checkout's /pay (no credentials)"
        case serverAPIv1 = "Server API /v1 payments (signed)"
        case serverAPIv2 = "Server API /v2 payments (signed)"
        case serverAPISessions = "Server API /v2 sessions (signed)"
        case saferpay = "the Saferpay stand-in's tokens"

        var testDescription: String { rawValue }
    }

    /// `{"a":{"a":…1…}}`, `depth` objects deep.
    static func nested(_ depth: Int) -> String {
        String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    }

    static let depths = [10, 172, 255, 256, 257, 10_000, 1_000_000]

    @Test("every depth is answered and the sandbox keeps answering", arguments: Route.allCases)
    func deepBodies(route: Route) async throws {
        let client = try SandboxClient()
        defer { client.stop() }
        let signer = ServerAPISigner()
        let target = try Self.target(route, client: client, signer: signer)
        for depth in Self.depths {
            let body = Self.nested(depth)
            let answer = await Self.send(client, route: route, target: target, body: body, signer: signer)
            let isServerAPI = route == .serverAPIv1 || route == .serverAPIv2 || route == .serverAPISessions
            let limit = isServerAPI ? ServerAPI.maximumBodyBytes : HTTPRequestParser.Limits().maximumBodyBytes
            if body.utf8.count > limit {
                // Refused from the head; the connection may be closed before the body is sent.
                #expect(answer.status == 413 || answer.status == 0, "\(route) depth \(depth): \(answer)")
            } else if depth > JSONParser.Limits.standard.maximumDepth {
                #expect(answer.status == 400, "\(route) depth \(depth): \(answer)")
                let message = try #require((route == .saferpay ? answer.json["ErrorMessage"] : answer.error("message"))?.stringValue,
                                           "\(route) depth \(depth): an error message: \(answer)")
                #expect(message.contains("nesting deeper than 256 levels"), "\(route) depth \(depth): the message names the limit: \(message)")
                if route == .saferpay {
                    #expect(answer.json["ErrorName"] == "VALIDATION_FAILED", "Saferpay's error shape: \(answer)")
                } else {
                    #expect(answer.error("code") != nil && answer.json["errorId"] != nil, "the platform's error shape: \(answer)")
                }
            } else if route == .serverAPISessions {
                // Read whole; a session request's members are all optional, so it is created.
                #expect(answer.status == 201, "\(route) depth \(depth): \(answer)")
            } else {
                // Read whole; the route then answers what the (meaningless) body deserves.
                #expect((400..<500).contains(answer.status), "\(route) depth \(depth): \(answer)")
                #expect(answer.json["errors"] != nil || answer.json["ErrorName"] != nil, "\(route) depth \(depth): an error body: \(answer)")
            }
            let alive = await client.send("GET", "/client/v1/c1/products?countryCode=NL&currencyCode=EUR&amount=100&isRecurring=false&locale=en_GB")
            #expect(alive.status == 200, "after \(route) depth \(depth), the sandbox still answers: \(alive.status)")
        }
    }

    /// The request target of `route` (creating the hosted checkout it pays).
    static func target(_ route: Route, client: SandboxClient, signer: ServerAPISigner) throws -> String {
        let merchant = SandboxServerAPI.defaultMerchantId
        switch route {
        case .clientAPI: return "/client/v1/c1/services/getIINdetails"
        case .sandboxPayments: return "/sandbox/v1/payments"
        case .saferpay: return "/saferpay/tokens"
        case .serverAPIv1: return "/v1/\(merchant)/payments"
        case .serverAPIv2: return "/v2/\(merchant)/payments"
        case .serverAPISessions: return "/v2/\(merchant)/sessions"
        case .hostedCheckoutPay:
            let request = signer.request("POST", "/v2/\(merchant)/hostedcheckouts",
                                         body: #"{"order": {"amountOfMoney": {"amount": 1500, "currencyCode": "EUR"}}, "hostedCheckoutSpecificInput": {"returnUrl": "https://shop.example/back"}}"#)
            let created = ServerAnswer(client.server.respond(to: request, fromLoopback: true))
            #expect(created.status == 201)
            let id = try #require(created.string("hostedCheckoutId"))
            return HostedCheckoutPage.pathPrefix + id + "/pay"
        }
    }

    /// Sends `body` to `target` over the socket, signed for the Server API routes.
    static func send(_ client: SandboxClient, route: Route, target: String, body: String, signer: ServerAPISigner) async -> RawAnswer {
        var headers: [(String, String)]
        switch route {
        case .clientAPI: headers = [SandboxClient.authorization, ("Content-Type", "application/json")]
        case .sandboxPayments, .hostedCheckoutPay, .saferpay: headers = [("Content-Type", "application/json")]
        case .serverAPIv1, .serverAPIv2, .serverAPISessions: headers = signer.headers(method: "POST", target: target, json: true)
        }
        var text = "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n" + body
        let port = client.server.port
        let request = text
        let raw = await onThread { () -> String in
            guard let connection = try? RawConnection(port: port) else { return "" }
            connection.send(request)
            return connection.readToEnd()
        }
        return SandboxClient.parse(raw)
    }
}
