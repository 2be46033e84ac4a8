import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport
/// What the session keeps and shares, counted by the requests the sandbox answered.
@Suite("ClientSession caching", .timeLimit(.minutes(10)))
struct ClientSessionCachingTests {
    let context = SandboxHarness.context

    @Test("a second identical call makes no request; another context or locale does")
    func secondCall() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        _ = try await harness.session.paymentProducts(for: context)
        _ = try await harness.session.paymentProduct(withId: "1", context: context)
        _ = try await harness.session.paymentProductGroups(for: context)
        _ = try await harness.session.paymentProductGroup(withId: "cards", context: context)
        _ = try await harness.session.publicKey()
        _ = try await harness.session.iinDetails(forPartialCardNumber: "41111111", context: context)
        #expect(harness.server.answeredRequestCount == 6)
        _ = try await harness.session.paymentProducts(for: context)
        _ = try await harness.session.paymentProduct(withId: "1", context: context)
        _ = try await harness.session.paymentProductGroups(for: context)
        _ = try await harness.session.paymentProductGroup(withId: "cards", context: context)
        _ = try await harness.session.publicKey()
        _ = try await harness.session.encryptionKey()
        _ = try await harness.session.iinDetails(forPartialCardNumber: "4111 1111 2222", context: context)
        #expect(harness.server.answeredRequestCount == 6)
        #expect(await harness.session.requestCount == 6)

        var other = context
        other.amountOfMoney.amount = 2_000
        _ = try await harness.session.paymentProduct(withId: "1", context: other)
        other = context
        other.locale = "nl_NL"
        _ = try await harness.session.paymentProduct(withId: "1", context: other)
        _ = try await harness.session.iinDetails(forPartialCardNumber: "41111111", context: nil)
        #expect(harness.server.answeredRequestCount == 9)
    }

    @Test("calls that change are not kept: convert, directory, third-party status, customer details")
    func notKept() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        for _ in 0..<2 {
            _ = try await harness.session.convertAmount(100, from: "EUR", to: "USD")
            _ = try await harness.session.thirdPartyStatus(forPaymentId: "p1")
            _ = try await harness.session.customerDetails(forProductId: "1", countryCode: "SE", values: [("fiscalNumber", "1")])
            _ = try await harness.session.directory(forProductId: "809", countryCode: "NL", currencyCode: "EUR")
        }
        #expect(harness.server.answeredRequestCount == 8)
    }

    @Test("a cache never serves another session, and can be emptied")
    func perSession() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        _ = try await harness.session.publicKey()
        let second = try ClientSession(harness.server.sessionConfiguration())
        _ = try await second.publicKey()
        #expect(harness.server.answeredRequestCount == 2)
        await harness.session.removeCachedAnswers()
        _ = try await harness.session.publicKey()
        #expect(harness.server.answeredRequestCount == 3)
    }

    @Test("concurrent identical calls share one request", arguments: [1, 20])
    func concurrentCalls(count: Int) async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let session = harness.session
        let context = self.context
        let ids = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<count {
                group.addTask { try await session.paymentProduct(withId: "2", context: context).id }
                group.addTask { try await session.iinDetails(forPartialCardNumber: "37144963", context: context).paymentProductId.map(String.init) ?? "" }
            }
            var ids: [String] = []
            for try await id in group { ids.append(id) }
            return ids
        }
        #expect(ids.count == 2 * count)
        #expect(ids.allSatisfy { $0 == "2" })
        // One answered request per call. (A request the server timed out on a starved machine
        // and the transport sent again shows as a 408 line first: not the session's doing.)
        let lines = harness.log.value
        #expect(lines.filter { $0.contains("/products/2 200 ") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.contains("/services/getIINdetails 200 ") }.count == 1, "\(lines)")
        #expect(lines.allSatisfy { $0.contains(" 200 ") || $0.contains(" 408 ") }, "\(lines)")
    }

    @Test("a failed call is not kept: the next one asks again")
    func failuresNotKept() async throws {
        let failures = Shared(0)
        let harness = try SandboxHarness { request in
            guard request.path.hasSuffix("/crypto/publickey"), failures.increment() == 1 else { return nil }
            return HTTPResponse(status: 503, headers: [], body: Array(#"{"errorId": "e1", "errors": []}"#.utf8))
        }
        defer { harness.stop() }
        await #expect(throws: ClientAPIError.self) { try await harness.session.publicKey() }
        _ = try await harness.session.publicKey()
        #expect(harness.server.answeredRequestCount == 2)
    }
}
