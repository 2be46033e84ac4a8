import Foundation
import Testing
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormEngineTesting
@Suite("payform fetch")
struct FetchCommandTests {
    /// A sandbox and a --session file pointing at it.
    struct Running {
        let server: SandboxServer
        let sessionFile: String

        init() throws {
            server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples()))
            try server.start()
            sessionFile = try CLI.temporaryFile(server.sessionLine + "\n")
        }
    }

    private func fetch(_ arguments: [String], stdin: String = "") async -> CommandResult {
        let input = Data(stdin.utf8)
        return await Payform.execute(["fetch"] + arguments, context: CommandContext(readStandardInput: { input }, environment: [:]))
    }

    @Test("products, product, groups, group, directory, convert, public key, third-party status, customer details")
    func calls() async throws {
        let running = try Running()
        defer { running.server.stop() }
        let session = ["--session", running.sessionFile]
        let context = ["--country", "NL", "--currency", "EUR", "--amount", "1000"]
        let products = await fetch(["products"] + session + context)
        #expect(products.exitCode == 0)
        let list = try CLI.json(products)
        guard case .array(let items)? = list["paymentProducts"] else {
            Issue.record("no list")
            return
        }
        #expect(items.count == 5)
        #expect(items.allSatisfy { $0["fields"] == nil })
        let product = try CLI.json(await fetch(["product", "--product-id", "809"] + session + context))
        #expect(product["displayHints"]?["label"] == "iDEAL")
        let groups = try CLI.json(await fetch(["groups"] + session + context))
        #expect(groups["paymentProductGroups"]?.arrayCount == 1)
        let group = try CLI.json(await fetch(["group", "--group-id", "cards"] + session + context))
        #expect(group["fields"]?.arrayCount == 1)
        let directory = try CLI.json(await fetch(["directory", "--product-id", "809", "--country", "NL", "--currency", "EUR"] + session))
        #expect(directory["entries"]?.arrayCount == 5)
        let converted = try CLI.json(await fetch(["convert", "--amount", "1000", "--source", "EUR", "--target", "GBP"] + session))
        #expect(converted == ["convertedAmount": 850])
        let key = try CLI.json(await fetch(["public-key"] + session))
        #expect(key["keyId"] == "demo-key-NOT-FOR-PRODUCTION-0001")
        let status = try CLI.json(await fetch(["third-party-status", "--payment-id", "p-authorized"] + session))
        #expect(status == ["thirdPartyStatus": "AUTHORIZED"])
        let details = try CLI.json(await fetch(["customer-details", "--product-id", "1", "--country", "SE", "--value", "fiscalNumber=123"] + session))
        #expect(details["fiscalNumber"] == "123")
    }

    @Test("iin: the number from an argument or stdin, never echoed in errors")
    func iin() async throws {
        let running = try Running()
        defer { running.server.stop() }
        let session = ["--session", running.sessionFile]
        let fromStdin = await fetch(["iin", "--number", "-"] + session + ["--country", "NL", "--currency", "EUR"], stdin: "4111 1111 1111 1111\n")
        #expect(fromStdin.exitCode == 0)
        #expect(try CLI.json(fromStdin) == ["status": "supported", "paymentProductId": 1, "isAllowedInContext": true, "countryCode": "99"])
        #expect(try CLI.json(await fetch(["iin", "--number", "4111"] + session)) == ["status": "notEnoughDigits"])
        #expect(try CLI.json(await fetch(["iin", "--number", "99999999"] + session)) == ["status": "unknown"])
        let bad = await fetch(["iin", "--number", "4111x1111"] + session)
        try CLI.expectUsableError(bad, code: "bad_number", mentioning: "--number")
        #expect(!bad.stdout.contains("4111"))
    }

    @Test("the session by flags; the public key feeds payform prepare")
    func flagsAndPrepare() async throws {
        let running = try Running()
        defer { running.server.stop() }
        let configuration = running.server.configuration
        let key = await fetch([
            "public-key", "--client-api-url", running.server.clientApiUrl, "--customer-id", configuration.customerId,
            "--client-session-id", configuration.clientSessionId,
        ])
        #expect(key.exitCode == 0)
        let keyFile = try CLI.temporaryFile(key.stdout)
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}"#)
        let prepared = CLI.run(["prepare", "--product", CLI.product("visa"), "--values", values, "--public-key", keyFile, "--client-session-id", configuration.clientSessionId])
        #expect(prepared.exitCode == 0)
    }

    @Test("errors: usage, HTTP errors with the API's codes, an unreachable server, a bad URL")
    func errors() async throws {
        let running = try Running()
        let session = ["--session", running.sessionFile]
        try CLI.expectUsableError(await fetch([]), code: "usage", mentioning: "fetch needs what to fetch")
        try CLI.expectUsableError(await fetch(["everything"] + session), code: "usage", mentioning: "unknown fetch 'everything'")
        try CLI.expectUsableError(await fetch(["products", "--country", "NL", "--currency", "EUR"]), code: "usage", mentioning: "--session")
        try CLI.expectUsableError(await fetch(["products"] + session), code: "usage", mentioning: "--country")
        try CLI.expectUsableError(
            await fetch(["product", "--product-id", "99"] + session + ["--country", "NL", "--currency", "EUR"]), code: "http_error",
            mentioning: "GET products/99: the Client API answered HTTP 404 (errorId ")
        try CLI.expectUsableError(
            await fetch(["public-key", "--client-api-url", "https://x.example/other", "--customer-id", "c", "--client-session-id", "s"]),
            code: "invalid_configuration", mentioning: "path")
        running.server.stop()
        try CLI.expectUsableError(await fetch(["public-key", "--timeout", "5"] + session), code: "network_error", mentioning: "GET crypto/publickey")
        #expect(Payform.run(["fetch", "--help"]).stdout.contains("fetch products"))
        #expect(Payform.run(["fetch", "iin", "--help"]).stdout.contains("--number DIGITS"))
    }
}

extension JSONValue {
    /// The number of elements of an array, else `nil`.
    var arrayCount: Int? {
        if case .array(let elements) = self { return elements.count }
        return nil
    }
}
