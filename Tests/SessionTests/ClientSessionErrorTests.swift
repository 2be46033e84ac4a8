import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport
/// Error answers, timeouts and cancellation over real loopback HTTP.
@Suite("ClientSession errors against the sandbox", .timeLimit(.minutes(10)))
struct ClientSessionErrorTests {
    let context = SandboxHarness.context

    private func error(_ call: () async throws -> some Any) async -> ClientAPIError? {
        do {
            _ = try await call()
            return nil
        } catch {
            return error as? ClientAPIError
        }
    }

    @Test("a wrong client session id is 401 with the API's error body, and the message never shows the id")
    func unauthorized() async throws {
        let harness = try SandboxHarness(clientSessionId: "wrong-session-id")
        defer { harness.stop() }
        let failure = try #require(await error { try await harness.session.paymentProducts(for: context) })
        #expect(failure.kind == .http(status: 401))
        #expect(failure.code == "http_error")
        #expect(failure.errorId?.isEmpty == false)
        #expect(failure.errors.first?.code == "9002")
        #expect(failure.errors.first?.message == "MISSING_OR_INVALID_AUTHORIZATION")
        #expect(failure.description.hasPrefix("GET products: the Client API answered HTTP 401 (errorId "))
        #expect(!failure.description.contains("wrong-session-id"))
        #expect(!failure.description.contains(harness.server.configuration.clientSessionId))
    }

    @Test("a wrong customer id and an unknown product are 404")
    func notFound() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let unknownProduct = try #require(await error { try await harness.session.paymentProduct(withId: "4242", context: context) })
        #expect(unknownProduct.kind == .http(status: 404))
        #expect(unknownProduct.errors.first?.code == "1007")
        #expect(unknownProduct.errors.first?.propertyName == "productId")
        var configuration = harness.session.configuration
        configuration.customerId = "someone-else"
        let other = try ClientSession(configuration)
        let wrongCustomer = try #require(await error { try await other.publicKey() })
        #expect(wrongCustomer.kind == .http(status: 404))
        #expect(wrongCustomer.errors.first?.propertyName == "customerId")
    }

    @Test("a malformed context is 400 naming the property")
    func badRequest() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let bad = PaymentContext(amountOfMoney: AmountOfMoney(amount: 1, currencyCode: "EURO"), countryCode: "NL")
        let failure = try #require(await error { try await harness.session.paymentProducts(for: bad) })
        #expect(failure.kind == .http(status: 400))
        #expect(failure.errors.first?.propertyName == "currencyCode")
        let convert = try #require(await error { try await harness.session.convertAmount(1, from: "EUR", to: "XXX") })
        #expect(convert.kind == .http(status: 400))
        #expect(convert.errors.first?.propertyName == "target")
    }

    @Test("a 500 answer is an http error with the body's errorId, also without a readable body", arguments: [
        (#"{"errorId": "abc-500", "errors": [{"errorCode": "50001", "message": "boom", "httpStatusCode": 500}]}"#, "abc-500" as String?, "50001" as String?),
        ("<html>Internal error</html>", nil, nil),
    ])
    func serverError(body: String, errorId: String?, code: String?) async throws {
        let harness = try SandboxHarness { _ in HTTPResponse(status: 500, headers: [], body: Array(body.utf8)) }
        defer { harness.stop() }
        let failure = try #require(await error { try await harness.session.paymentProduct(withId: "1", context: context) })
        #expect(failure.kind == .http(status: 500))
        #expect(failure.errorId == errorId)
        #expect(failure.errors.first?.code == code)
    }

    @Test("a 2xx answer that is not the expected JSON is a decoding error with its path", arguments: [
        ("{not json", JSONPath.root),
        (#"{"paymentProducts": 3}"#, JSONPath.root.appending("paymentProducts")),
        ("", JSONPath.root),
    ])
    func malformedAnswer(body: String, path: JSONPath) async throws {
        let harness = try SandboxHarness { request in
            request.path.hasSuffix("/products") ? HTTPResponse(status: 200, headers: [], body: Array(body.utf8)) : nil
        }
        defer { harness.stop() }
        let failure = try #require(await error { try await harness.session.paymentProducts(for: context) })
        #expect(failure.kind == .decoding(path: path.description))
        #expect(failure.code == "malformed_answer")
        // Not kept: the next call asks again.
        _ = await error { try await harness.session.paymentProducts(for: context) }
        #expect(harness.server.answeredRequestCount == 2)
    }

    @Test("a product that decodes with tolerated problems reports them to the diagnostics handler")
    func diagnostics() async throws {
        let harness = try SandboxHarness { request in
            guard request.path.hasSuffix("/products/1") else { return nil }
            return HTTPResponse(status: 200, headers: [], body: Array(#"""
            {"id": 1, "paymentMethod": "card", "displayHints": {}, "fields": [{"id": "cardNumber", "type": "numericstring",
             "dataRestrictions": {"isRequired": true, "validators": {"futureRule": {}}},
             "displayHints": {"displayOrder": 1, "formElement": {"type": "text"}}}]}
            """#.utf8))
        }
        defer { harness.stop() }
        let seen = Shared<[String]>([])
        var configuration = harness.session.configuration
        configuration.diagnosticsHandler = { call, diagnostics in
            for diagnostic in diagnostics { seen.append("\(call): \(diagnostic)") }
        }
        let session = try ClientSession(configuration)
        _ = try await session.paymentProduct(withId: "1", context: context)
        #expect(seen.value.count == 1)
        #expect(seen.value.first?.hasPrefix("GET products/1: ") == true)
        #expect(seen.value.first?.contains("futureRule") == true)
    }

    @Test("no answer within the configured timeout is a timeout error")
    func timeout() async throws {
        let gate = Gate()
        let harness = try SandboxHarness(timeout: 0.2) { _ in
            gate.waitUntilOpen()
            return nil
        }
        defer {
            gate.open()
            harness.stop()
        }
        let failure = try #require(await error { try await harness.session.publicKey() })
        #expect(failure.kind == .timeout)
        #expect(failure.description == "GET crypto/publickey: no answer within 0.2 s.")
    }

    @Test("cancelling the calling task cancels the request in flight")
    func cancellation() async throws {
        let gate = Gate()
        let harness = try SandboxHarness { _ in
            gate.arrived()
            gate.waitUntilOpen()
            return nil
        }
        defer {
            gate.open()
            harness.stop()
        }
        let session = harness.session
        let task = Task { try await session.publicKey() }
        await gate.waitUntilArrived()
        task.cancel()
        let result = await task.result
        let failure = try #require(result.failureValue, "the cancelled call succeeded")
        #expect((failure as? ClientAPIError)?.kind == .cancelled)
    }

    @Test("a closed port is a network error")
    func network() async throws {
        let harness = try SandboxHarness()
        var configuration = harness.session.configuration
        harness.stop()
        // Port 1 on loopback, where nothing listens: the port of a stopped sandbox can be taken
        // at once by another test's sandbox (the tests run in parallel), which then answers 401.
        configuration.clientApiUrl = "http://127.0.0.1:1/client"
        let session = try ClientSession(configuration)
        let failure = try #require(await error { try await session.publicKey() })
        #expect(failure.kind == .network)
        #expect(failure.code == "network_error")
    }
}
