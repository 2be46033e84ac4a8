import Foundation
import Testing
import PaymentFormEngine
import PayformCLI

/// What `payform sandbox` prints first.
private struct SandboxInfo: Decodable {
    let clientApiUrl: String
    let assetUrl: String
    let customerId: String
    let clientSessionId: String
}

/// Collects what a command writes, and hands out the first stdout line as soon as it arrives.
private final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var stdout = ""
    private var stderr = ""

    func write(_ text: String) -> Bool { locked { stdout += text }; return true }
    func writeError(_ text: String) -> Bool { locked { stderr += text }; return true }
    var errorText: String { locked { stderr } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private var currentFirstLine: String? {
        locked { stdout.firstIndex(of: "\n").map { String(stdout[..<$0]) } }
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
private final class Stop: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false

    func fire() {
        lock.lock()
        fired = true
        lock.unlock()
    }

    private var isFired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return fired
    }

    func wait() async {
        while !isFired { try? await Task.sleep(nanoseconds: 5_000_000) }
    }
}

@Suite("payform sandbox end to end")
struct SandboxEndToEndTests {
    @Test("a new user's first run: sandbox, list products, look up 411111, fetch the key, prepare, and the sandbox says valid")
    func firstRun() async throws {
        let output = Output(), stop = Stop()
        let context = CommandContext(
            readStandardInput: { Data() }, environment: [:], writeStandardOutput: { output.write($0) },
            writeStandardError: { output.writeError($0) }, waitForTermination: { await stop.wait() })
        let sandbox = Task { await Payform.execute(["sandbox"], context: context) }
        let line = await output.firstLine()
        let info = try JSONDecoder().decode(SandboxInfo.self, from: Data(line.utf8))

        // The snippet of docs/session.md, as a user writes it.
        let session = try ClientSession(ClientSessionConfiguration(
            clientSessionId: info.clientSessionId, customerId: info.customerId,
            clientApiUrl: info.clientApiUrl, assetUrl: info.assetUrl, appIdentifier: "my-shop/1.0"))
        let paymentContext = PaymentContext(amountOfMoney: AmountOfMoney(amount: 1_000, currencyCode: "EUR"), countryCode: "NL")

        let products = try await session.paymentProducts(for: paymentContext)
        let lookup = try await session.iinDetails(forPartialCardNumber: "411111", context: paymentContext)
        let productId = try #require(lookup.paymentProductId)
        let visa = try await session.paymentProduct(withId: String(productId), context: paymentContext)
        let key = try await session.publicKey()

        var request = PaymentRequest(product: visa)
        try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
        try request.setValue("12/35", forField: "expiryDate")
        try request.setValue("123", forField: "cvv")
        let prepared = try await session.prepare(request)

        let paymentsURL = try #require(URL(string: info.clientApiUrl.replacingOccurrences(of: "/client", with: "/sandbox/v1/payments")))
        let body = try JSONSerialization.data(withJSONObject: [
            "paymentProductId": productId, "encryptedCustomerInput": prepared.encryptedFields,
        ])
        let answer = try await URLSessionTransport().send(ClientAPIRequest(
            method: "POST", url: paymentsURL, headers: [HTTPHeaderField("Content-Type", "application/json")], body: Array(body)))
        let result = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        // End of the snippet.

        #expect(products.paymentProducts.map(\.id).contains("1"))
        #expect(lookup.status == .supported)
        #expect(productId == 1)
        #expect(key.keyId == "demo-key-NOT-FOR-PRODUCTION-0001")
        #expect(answer.statusCode == 200)
        #expect(result["valid"] as? Bool == true)
        #expect((result["errors"] as? [Any])?.isEmpty == true)
        #expect((result["values"] as? [String: String])?["cardNumber"] == "4111111111111111")

        stop.fire()
        let exit = await sandbox.value
        #expect(exit.exitCode == 0)
        let log = output.errorText
        #expect(log.contains("payform sandbox: POST /sandbox/v1/payments 200 "))
        #expect(log.contains("payform sandbox: POST /client/v1/sandbox-customer/services/getIINdetails 200 "))
        #expect(log.contains("NOT FOR PRODUCTION"))
        #expect(!log.contains("4111"))
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
