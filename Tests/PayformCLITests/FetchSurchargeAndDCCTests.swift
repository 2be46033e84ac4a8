import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
@testable import PayformCLI
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
import PaymentFormTestSupport

/// `payform fetch surcharge` and `payform fetch dcc`, against a sandbox whose intercept answers
/// as the Online Payments API does.
@Suite("payform fetch surcharge, fetch dcc", .timeLimit(.minutes(10)))
struct FetchSurchargeAndDCCTests {
    /// A sandbox answering the two calls with fixed bodies, recording what it was sent.
    final class Scripted: Sendable {
        private let sent = Shared<[HTTPRequest]>([])
        let server: SandboxServer
        let sessionFile: String

        init() throws {
            let box = Shared<Scripted?>(nil)
            var configuration = SandboxConfiguration(data: try SandboxData.samples())
            configuration.intercept = { request in box.value?.answer(request) }
            server = SandboxServer(configuration)
            try server.start()
            sessionFile = try CLI.temporaryFile(server.sessionLine + "\n")
            box.set(self)
        }

        func answer(_ request: HTTPRequest) -> HTTPResponse? {
            let body: String
            if request.path.hasSuffix("services/surchargeCalculation") {
                body = #"{"surcharges": [{"paymentProductId": 1, "result": "OK", "netAmount": {"amount": 1000, "currencyCode": "EUR"}, "surchargeAmount": {"amount": 50, "currencyCode": "EUR"}, "totalAmount": {"amount": 1050, "currencyCode": "EUR"}, "surchargeRate": {"adValoremRate": 5}}]}"#
            } else if request.path.hasSuffix("services/dccrate") {
                body = #"{"dccSessionId": "dcc-1", "result": {"result": "Allowed"}, "proposal": {"baseAmount": {"amount": 1000, "currencyCode": "EUR"}, "targetAmount": {"amount": 1100, "currencyCode": "USD"}, "rate": {"exchangeRate": 1.1}}}"#
            } else {
                return nil
            }
            sent.append(request)
            return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "application/json")], body: Array(body.utf8))
        }

        var requests: [HTTPRequest] { sent.value }
    }

    @Test("surcharge and dcc print the decoded answers; the card number from stdin, 8 digits sent; a token instead")
    func calls() async throws {
        let scripted = try Scripted()
        defer { scripted.server.stop() }
        let session = ["--session", scripted.sessionFile]
        let surcharge = await CLI.execute(["fetch", "surcharge", "--number", "-", "--product-id", "1", "--amount", "1000", "--currency", "EUR"] + session,
                                          stdin: "4111 1111 1111 1111\n")
        #expect(surcharge.exitCode == 0, "\(surcharge.stdout)")
        #expect(try CLI.json(surcharge)["surcharges"]?.arrayCount == 1)
        #expect(!surcharge.stdout.contains("41111111"))
        let dcc = await CLI.execute(["fetch", "dcc", "--number", "41111111", "--amount", "1000", "--currency", "EUR"] + session)
        #expect(dcc.exitCode == 0)
        let quote = try CLI.json(dcc)
        #expect(quote["dccSessionId"] == "dcc-1")
        #expect(quote["proposal"]?["targetAmount"] == ["amount": 1100, "currencyCode": "USD"])
        let token = await CLI.execute(["fetch", "dcc", "--token", "tok-1", "--amount", "1000", "--currency", "EUR"] + session)
        #expect(token.exitCode == 0)
        let bodies = try scripted.requests.map { try JSONParser().parse($0.body) }
        #expect(bodies.map { $0["cardSource"] } == [
            ["card": ["cardNumber": "41111111", "paymentProductId": 1]], ["card": ["cardNumber": "41111111"]], ["token": "tok-1"],
        ])
        #expect(scripted.requests.map(\.path) == [
            "/client/v1/sandbox-customer/services/surchargeCalculation", "/client/v2/sandbox-customer/services/dccrate",
            "/client/v2/sandbox-customer/services/dccrate",
        ])
    }

    @Test("usage: the card and the amount are required; a short or bad number is refused and never echoed")
    func usage() async throws {
        let scripted = try Scripted()
        defer { scripted.server.stop() }
        let session = ["--session", scripted.sessionFile]
        try CLI.expectUsableError(await CLI.execute(["fetch", "surcharge", "--amount", "1", "--currency", "EUR"] + session),
                                  code: "usage", mentioning: "--number")
        try CLI.expectUsableError(await CLI.execute(["fetch", "dcc", "--number", "41111111", "--currency", "EUR"] + session),
                                  code: "usage", mentioning: "--amount")
        let short = await CLI.execute(["fetch", "dcc", "--number", "41111", "--amount", "1", "--currency", "EUR"] + session)
        try CLI.expectUsableError(short, code: "bad_number", mentioning: "6 digits")
        #expect(!short.stdout.contains("41111"))
        try CLI.expectUsableError(await CLI.execute(["fetch", "dcc", "--number", "4111x111", "--amount", "1", "--currency", "EUR"] + session),
                                  code: "bad_number", mentioning: "--number")
        try CLI.expectUsableError(await CLI.execute(["fetch", "dcc", "--token", "t", "--product-id", "1", "--amount", "1", "--currency", "EUR"] + session),
                                  code: "usage", mentioning: "--product-id")
        #expect(scripted.requests.isEmpty)
        let help = await CLI.execute(["fetch", "--help"])
        #expect(help.stdout.contains("surcharge") && help.stdout.contains("dcc"))
    }
}
