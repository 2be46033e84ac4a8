import Foundation
import Testing
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport
import PayformCLI
import PayformCommands

/// What `payform sandbox` prints first.
private struct SandboxInfo: Decodable {
    let clientApiUrl: String
    let assetUrl: String
    let customerId: String
    let clientSessionId: String
}

/// Collects what a command writes, and hands out the first stdout line as soon as it arrives.
private final class Output: Sendable {
    private let stdout = Shared("")
    private let stderr = Shared("")

    func write(_ text: String) -> Bool { stdout.withLock { $0 += text }; return true }
    func writeError(_ text: String) -> Bool { stderr.withLock { $0 += text }; return true }
    var errorText: String { stderr.value }

    private var currentFirstLine: String? {
        stdout.withLock { stdout in stdout.firstIndex(of: "\n").map { String(stdout[..<$0]) } }
    }

    func firstLine() async -> String {
        for _ in 0..<1_000 {
            if let line = currentFirstLine { return line }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return ""
    }
}

/// A termination signal the test fires.
private final class Stop: Sendable {
    private let fired = Shared(false)

    func fire() {
        fired.set(true)
    }

    func wait() async {
        while !fired.value { try? await Task.sleep(nanoseconds: 5_000_000) }
    }
}

// The docs/session.md snippet, as a user writes it (only the public API of PaymentFormEngine and
// PaymentFormEngineTesting). `snippetMatchesTheDocs` checks that the documentation shows exactly
// these lines.
// BEGIN SNIPPET
func firstPayment() async throws -> Bool {
    let sandbox = try ClientAPISandbox()                 // a local Client API on a free port: the samples, the demo key
    defer { sandbox.stop() }
    let session = try ClientSession(sandbox.sessionConfiguration(appIdentifier: "my-shop/1.0"))
    let paymentContext = PaymentContext(amountOfMoney: AmountOfMoney(amount: 1_000, currencyCode: "EUR"), countryCode: "NL")

    let products = try await session.paymentProducts(for: paymentContext)      // Visa, CB, Amex, Mastercard, iDEAL, SEPA, Apple Pay, Google Pay
    let lookup = try await session.iinDetails(forPartialCardNumber: "411111", context: paymentContext)
    guard let productId = lookup.paymentProductId else { return false }        // 1: Visa
    let visa = try await session.paymentProduct(withId: String(productId), context: paymentContext)

    var request = PaymentRequest(product: visa)
    try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
    try request.setValue("12/35", forField: "expiryDate")
    try request.setValue("123", forField: "cvv")
    let prepared = try await session.prepare(request)                          // fetches the key, validates, encrypts

    // What the merchant's server would forward to the platform: here, to the sandbox, which
    // decrypts it with its key, validates it and says what it found.
    let payment = try await sandbox.submitPayment(paymentProductId: productId, encryptedFields: prepared.encryptedFields)
    print(products.paymentProducts.count, payment.isValid)                     // 8 true
    return payment.isValid
}
// END SNIPPET

@Suite("payform sandbox end to end", .timeLimit(.minutes(10)))
struct SandboxEndToEndTests {
    @Test("the docs/session.md snippet runs: the in-process sandbox says the prepared payment is valid")
    func snippetRuns() async throws {
        #expect(try await firstPayment())
        // What its comments say it prints: eight products in the Netherlands.
        let sandbox = try ClientAPISandbox()
        defer { sandbox.stop() }
        let session = try ClientSession(sandbox.sessionConfiguration(appIdentifier: "my-shop/1.0"))
        let products = try await session.paymentProducts(for: PaymentContext(amountOfMoney: AmountOfMoney(amount: 1_000, currencyCode: "EUR"), countryCode: "NL"))
        #expect(Set(products.paymentProducts.map(\.id)) == ["1", "130", "2", "3", "809", "770", "302", "320"])
    }

    @Test("docs/session.md shows the snippet this file runs, line for line")
    func snippetMatchesTheDocs() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = try #require(source.range(of: "// BEGIN SNIPPET\n"))
        let end = try #require(source.range(of: "// END SNIPPET"))
        let snippet = String(source[begin.upperBound..<end.lowerBound])
        let docs = try PackageFiles.text("docs/session.md")
        #expect(docs.contains("import PaymentFormEngine\nimport PaymentFormEngineTesting\n\n" + snippet + "```"))
        for banned in ["JSONSerialization", "as!", "!)", "]!", "URLSessionTransport", "publicKey()"] {
            #expect(!snippet.contains(banned), "\(banned)")
        }
    }

    @Test("the in-process sandbox: its session values, what a payment says, the log, stop")
    func inProcess() async throws {
        let lines = Shared<[String]>([])
        let sandbox = try ClientAPISandbox(ClientAPISandbox.Options(customerId: "customer-7", clientSessionId: "session-7", log: { lines.append($0) }))
        #expect(sandbox.customerId == "customer-7")
        #expect(sandbox.clientSessionId == "session-7")
        #expect(sandbox.clientApiUrl.hasPrefix("http://127.0.0.1:"))
        #expect(sandbox.assetUrl.hasSuffix("/assets"))
        let session = try ClientSession(sandbox.sessionConfiguration(appIdentifier: "tests"))
        let visa = try await session.paymentProduct(withId: "1", context: PaymentContext(
            amountOfMoney: AmountOfMoney(amount: 1_000, currencyCode: "EUR"), countryCode: "NL"))
        let values = ["cardNumber": "4111 1111 1111 1112", "expiryDate": "12/35", "cvv": "12"]
        // Prepared without validation (as a client that skips it would), to see the sandbox's.
        let key = try await session.encryptionKey()
        let prepared = try Self.unvalidated(visa, values: values, sessionId: "session-7", key: key)
        let payment = try await sandbox.submitPayment(paymentProductId: 1, encryptedFields: prepared)
        #expect(!payment.isValid)
        #expect(payment.errors.map(\.errorId) == ["luhn", "length", "regularExpression"])
        #expect(payment.errors.map(\.fieldId) == ["cardNumber", "cvv", "cvv"])
        #expect(payment.errors.first { $0.errorId == "length" }?.parameters.map(\.name) == ["minLength", "maxLength"])
        #expect(payment.values["cardNumber"] == "4111111111111112")
        #expect(!payment.description.contains("4111"))
        #expect(!String(reflecting: payment).contains("4111"))
        // Another session's payload, an unknown product, a token that does not decrypt.
        let other = try Self.unvalidated(visa, values: values, sessionId: "someone-else", key: key)
        #expect(try await sandbox.submitPayment(paymentProductId: 1, encryptedFields: other).errors.contains { $0.errorId == "clientSessionId" && $0.fieldId == nil })
        let unknown = await #expect(throws: ClientAPIError.self) { try await sandbox.submitPayment(paymentProductId: 9_999, encryptedFields: prepared) }
        #expect(unknown?.httpStatus == 404)
        let garbage = await #expect(throws: ClientAPIError.self) { try await sandbox.submitPayment(paymentProductId: 1, encryptedFields: "a.b.c.d.e") }
        #expect(garbage?.httpStatus == 400)
        #expect(lines.value.contains { $0.hasPrefix("POST /sandbox/v1/payments 200 ") })
        // The number as typed and as sent; never a shorter piece, which a logged port may hold.
        #expect(!lines.value.contains { $0.contains("4111 1111") || $0.contains("41111111") })
        sandbox.stop()
        sandbox.stop()
        await #expect(throws: ClientAPIError.self) { try await sandbox.submitPayment(paymentProductId: 1, encryptedFields: prepared) }
    }

    @Test("released, the sandbox stops; bad options are refused with the command's codes")
    func releaseAndErrors() async throws {
        var sandbox: ClientAPISandbox? = try ClientAPISandbox()
        let configuration = try #require(sandbox?.sessionConfiguration())
        sandbox = nil
        let session = try ClientSession(configuration)
        await #expect(throws: ClientAPIError.self) { try await session.encryptionKey() }
        let folder = #expect(throws: ClientAPISandboxError.self) {
            try ClientAPISandbox(ClientAPISandbox.Options(productsFolder: URL(fileURLWithPath: "/nonexistent/folder")))
        }
        #expect(folder?.code == "unreadable_file")
        let key = #expect(throws: ClientAPISandboxError.self) { try ClientAPISandbox(ClientAPISandbox.Options(privateKeyPEM: "nope")) }
        #expect(key?.code == "invalid_private_key")
        let port = #expect(throws: ClientAPISandboxError.self) { try ClientAPISandbox(ClientAPISandbox.Options(port: 70_000)) }
        #expect(port?.code == "usage")
        let id = #expect(throws: ClientAPISandboxError.self) { try ClientAPISandbox(ClientAPISandbox.Options(customerId: "a/b")) }
        #expect(id?.code == "usage")
    }

    @Test("payform sandbox runs the same code: its first line, a session from it, the log, exit 0 on termination")
    func command() async throws {
        let output = Output(), stop = Stop()
        let context = CommandContext(
            readStandardInput: { Data() }, environment: [:], writeStandardOutput: { output.write($0) },
            writeStandardError: { output.writeError($0) }, waitForTermination: { await stop.wait() })
        let sandbox = Task { await Payform.execute(["sandbox"], context: context) }
        let line = await output.firstLine()
        let info = try JSONDecoder().decode(SandboxInfo.self, from: Data(line.utf8))
        let session = try ClientSession(ClientSessionConfiguration(
            clientSessionId: info.clientSessionId, customerId: info.customerId,
            clientApiUrl: info.clientApiUrl, assetUrl: info.assetUrl, appIdentifier: "my-shop/1.0"))
        let lookup = try await session.iinDetails(
            forPartialCardNumber: "411111", context: PaymentContext(amountOfMoney: AmountOfMoney(amount: 1_000, currencyCode: "EUR"), countryCode: "NL"))
        #expect(lookup.status == .supported)
        #expect(try await session.encryptionKey().keyId == "demo-key-NOT-FOR-PRODUCTION-0001")
        stop.fire()
        let exit = await sandbox.value
        #expect(exit.exitCode == 0)
        let log = output.errorText
        #expect(log.contains("payform sandbox: POST /client/v1/sandbox-customer/services/getIINdetails 200 "))
        #expect(log.contains("NOT FOR PRODUCTION"))
        // The six digits sent; "4111" alone may be the port in the log's first line.
        #expect(!log.contains("411111"))
        #expect(!log.contains(info.clientSessionId))
    }

    @Test("sandbox refuses bad options before listening")
    func badOptions() async throws {
        let missing = await Payform.execute(["sandbox", "--products", "/nonexistent/folder"], context: CommandContext(environment: [:]))
        #expect(missing.exitCode == 2)
        #expect(missing.stdout.contains("\"unreadable_file\""))
        let port = await Payform.execute(["sandbox", "--port", "70000"], context: CommandContext(environment: [:]))
        #expect(port.exitCode == 2)
        #expect(port.stdout.contains("\"usage\""))
        let key = await Payform.execute(["sandbox", "--private-key", "-"], context: CommandContext(readStandardInput: { Data("nope".utf8) }, environment: [:]))
        #expect(key.exitCode == 2)
        #expect(key.stdout.contains("\"invalid_private_key\""))
    }
}

extension SandboxEndToEndTests {
    /// `values` for `product` encrypted as a client that skips validation would send them: the
    /// product's rules are dropped before preparing.
    static func unvalidated(_ product: PaymentProduct, values: [String: String], sessionId: String, key: EncryptionKey) throws -> String {
        let lenient = PaymentProduct(id: product.id, paymentMethod: product.paymentMethod, fields: product.fields.map { field in
            var copy = field
            copy.dataRestrictions = DataRestrictions()
            return copy
        })
        var request = PaymentRequest(product: lenient)
        for (field, value) in values { try request.setValue(value, forField: field) }
        return try request.prepare(clientSessionId: sessionId, key: key, metaInfo: .current(), in: .current()).encryptedFields
    }
}
