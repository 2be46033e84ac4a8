import Foundation
import Testing
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
import PaymentFormTestSupport
import PayformCommands

@Suite("payform fetch", .timeLimit(.minutes(10)))
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
        let items = try #require(list["paymentProducts"]?.arrayValue, "no list")
        #expect(items.count == 8)
        #expect(items.allSatisfy { $0["fields"] == nil })
        let product = try CLI.json(await fetch(["product", "--product-id", "809"] + session + context))
        #expect(product["displayHints"]?["label"] == "iDEAL")
        let groups = try CLI.json(await fetch(["groups"] + session + context))
        #expect(groups["paymentProductGroups"]?.arrayCount == 1)
        let group = try CLI.json(await fetch(["group", "--group-id", "cards"] + session + context))
        #expect(group["fields"]?.arrayCount == 4)
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
        #expect(try CLI.json(fromStdin) == ["status": "supported", "paymentProductId": 1, "isAllowedInContext": true])
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
        let prepared = CLI.run(["prepare", "--product", Fixtures.samplePath("visa"), "--values", values, "--public-key", keyFile, "--client-session-id", configuration.clientSessionId])
        #expect(prepared.exitCode == 0)
    }

    @Test("errors: usage, HTTP errors with the API's codes, an unreachable server, a bad URL")
    func errors() async throws {
        let running = try Running()
        defer { running.server.stop() }
        let session = ["--session", running.sessionFile]
        try CLI.expectUsableError(await fetch([]), code: "usage", mentioning: "fetch needs a command")
        try CLI.expectUsableError(await fetch(["everything"] + session), code: "usage", mentioning: "unknown fetch command 'everything'")
        try CLI.expectUsableError(await fetch(["products", "--country", "NL", "--currency", "EUR"]), code: "usage", mentioning: "--session")
        try CLI.expectUsableError(await fetch(["products"] + session), code: "usage", mentioning: "--country")
        try CLI.expectUsableError(
            await fetch(["product", "--product-id", "99"] + session + ["--country", "NL", "--currency", "EUR"]), code: "http_error",
            mentioning: "GET products/99: the Client API answered HTTP 404 (errorId ")
        try CLI.expectUsableError(
            await fetch(["public-key", "--client-api-url", "https://x.example/other", "--customer-id", "c", "--client-session-id", "s"]),
            code: "invalid_configuration", mentioning: "path")
        // Port 1 on loopback, where nothing listens (a stopped sandbox's port may be taken at once
        // by a parallel test's sandbox).
        try CLI.expectUsableError(
            await fetch(["public-key", "--timeout", "5", "--client-api-url", "http://127.0.0.1:1/client", "--customer-id", "c",
                         "--client-session-id", "s"]),
            code: "network_error", mentioning: "GET crypto/publickey")
        #expect(Payform.run(["fetch", "--help"]).stdout.contains("fetch products"))
        #expect(Payform.run(["fetch", "iin", "--help"]).stdout.contains("--number DIGITS"))
    }
}

extension FetchCommandTests {
    static func flags(_ server: LoopbackHTTPServer) -> [String] {
        ["--client-api-url", server.baseURL, "--customer-id", "c", "--client-session-id", "secret-session-id", "--timeout", "20"]
    }

    @Test("a redirected IIN lookup exits 2 naming the status; the other host gets nothing", arguments: [301, 302, 303, 307, 308])
    func redirected(status: Int) async throws {
        let other = try LoopbackHTTPServer { _ in .answer(status: 200, body: Array(#"{"paymentProductId": 1, "isAllowedInContext": true}"#.utf8)) }
        defer { other.stop() }
        let server = try LoopbackHTTPServer { _ in .answer(status: status, headers: [("Location", other.baseURL + "/x")]) }
        defer { server.stop() }
        let result = await fetch(["iin", "--number", "41111111"] + Self.flags(server))
        try CLI.expectUsableError(
            result, code: "http_error",
            mentioning: "POST services/getIINdetails: the Client API answered HTTP \(status), a redirect, which is not followed.")
        #expect(!result.stdout.contains(other.baseURL) && !result.stdout.contains("secret-session-id"))
        #expect(server.requests.count == 1)
        #expect(other.requests.isEmpty)
    }

    @Test("a huge, endless or gzip-bomb answer exits 2 at the 32 MiB limit", arguments: ["huge", "endless", "gzip"])
    func unbounded(kind: String) async throws {
        // Paced floods and a 64 MiB bomb: see LoopbackHTTPServer on sharing the process.
        let bomb = kind == "gzip" ? GzipBomb.zeros(count: 64 << 20) : []
        let server = try LoopbackHTTPServer { _ in
            switch kind {
            case "huge": .repeated(status: 200, chunk: Array(repeating: 0x20, count: 65_536), count: 4_096, pause: 0.001)
            case "endless": .endlessChunked(status: 200, pause: 0.001)
            default: .answer(status: 200, headers: [("Content-Encoding", "gzip")], body: bomb)
            }
        }
        defer { server.stop() }
        try CLI.expectUsableError(
            await fetch(["public-key"] + Self.flags(server)), code: "malformed_answer",
            mentioning: "GET crypto/publickey: the answer (HTTP 200) is larger than 32 MiB; reading stopped there.")
    }
}

extension JSONValue {
    /// The number of elements of an array, else `nil`.
    var arrayCount: Int? {
        if case .array(let elements) = self { return elements.count }
        return nil
    }
}
