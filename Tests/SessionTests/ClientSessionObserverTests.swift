import Foundation
import Testing
import PaymentFormTestSupport
import PaymentFormEngine
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox

/// The session's observer (issue 35, C87): the Connect guide turns on "logging of the requests and
/// responses that make up the communication"; an app sees each request and its answer or
/// failure, redacted as the sandbox's log is (one rule for both).
@Suite("ClientSession observer: requests and answers for the app's own log")
struct ClientSessionObserverTests {
    let context = SandboxHarness.context

    final class Exchanges: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [ClientAPIExchange] = []

        func append(_ exchange: ClientAPIExchange) {
            lock.lock()
            list.append(exchange)
            lock.unlock()
        }

        var all: [ClientAPIExchange] {
            lock.lock()
            defer { lock.unlock() }
            return list
        }
    }

    static func session(_ server: SandboxServer, clientSessionId: String? = nil, customerId: String? = nil,
                        _ exchanges: Exchanges) throws -> ClientSession {
        var configuration = server.sessionConfiguration(appIdentifier: "observer-tests")
        if let clientSessionId { configuration.clientSessionId = clientSessionId }
        if let customerId { configuration.customerId = customerId }
        configuration.observer = { exchanges.append($0) }
        return try ClientSession(configuration)
    }

    @Test("C87: each request and its answer, with method, path, status, time and sizes; cached answers send nothing")
    func requestsAndAnswers() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let exchanges = Exchanges()
        let session = try Self.session(harness.server, exchanges)
        let products = try await session.paymentProducts(for: context)
        _ = try await session.paymentProducts(for: context)   // kept: not sent
        _ = try await session.iinDetails(forPartialCardNumber: "4111 1111 1111 1111", context: context)
        let all = exchanges.all
        #expect(all.map(\.event) == [.request, .answer, .request, .answer])
        #expect(all.map(\.call) == ["GET products", "GET products", "POST services/getIINdetails", "POST services/getIINdetails"])
        #expect(all.map(\.method) == ["GET", "GET", "POST", "POST"])
        #expect(all[0].path == "/client/v1/customer-1/products")
        #expect(all[1].statusCode == 200 && all[3].statusCode == 200)
        #expect(all[0].statusCode == nil && all[0].duration == nil)
        #expect(all[1].byteCount > 0 && !products.paymentProducts.isEmpty)
        #expect(all[2].byteCount > 0)                               // the IIN request's body: counted, not shown
        #expect(all[1].duration.map { $0 >= 0 } == true)
        #expect(all[0].description == "→ GET /client/v1/customer-1/products 0 bytes")
        #expect(all[1].description.hasPrefix("GET /client/v1/customer-1/products 200 "))
        #expect(all[1].description.hasSuffix(" \(all[1].byteCount) bytes"))
        // Never the query, the headers or the bodies: no country, no session id, no digits sent.
        let text = all.map(\.description).joined(separator: "\n") + all.map { String(reflecting: $0) }.joined()
        #expect(!text.contains("countryCode"))
        #expect(!text.contains("41111111"))
        #expect(!text.contains(harness.server.sessionConfiguration().clientSessionId))
    }

    @Test("C87: card numbers and the session id are redacted in paths, as in the sandbox's log")
    func redaction() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let exchanges = Exchanges()
        let session = try Self.session(harness.server, exchanges)
        _ = try? await session.paymentProduct(withId: "4111 1111 1111 1111", context: context)
        _ = try? await session.paymentProduct(withId: "4111-1111-1111-1111", context: context)
        let paths = exchanges.all.filter { $0.event == .answer }.map(\.path)
        #expect(paths == ["/client/v1/customer-1/products/[digits]", "/client/v1/customer-1/products/[digits]"])
        #expect(exchanges.all.filter { $0.event == .answer }.map(\.statusCode) == [404, 404])
        // The sandbox logged the same lines, by the same rule.
        let logged = harness.log.value.filter { $0.contains("/products/") }
        #expect(logged.count == 2)
        for (line, path) in zip(logged, paths) { #expect(line.hasPrefix("GET \(path) 404 ")) }
        // A session id that shows up in a path (an app that used it as the customer id).
        let mixUp = Exchanges()
        let wrong = try Self.session(harness.server, clientSessionId: "session-abc", customerId: "customer-session-abc", mixUp)
        _ = try? await wrong.paymentProducts(for: context)
        #expect(mixUp.all.first?.path == "/client/v1/customer-[session]/products")
        #expect(!mixUp.all.map(\.description).joined().contains("session-abc"))
    }

    @Test("C87: a request without an answer is a failure, with the error's description")
    func failure() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        // A server that promises a body and closes before sending it: no answer arrives. (Not a
        // stopped sandbox's port: a test running beside this one may listen there by then.)
        let cut = try LoopbackHTTPServer { _ in
            .repeated(status: 200, headers: [("Content-Length", "1000")], chunk: Array("{".utf8), count: 1)
        }
        defer { cut.stop() }
        let exchanges = Exchanges()
        var configuration = harness.server.sessionConfiguration(appIdentifier: "observer-tests")
        configuration.clientApiUrl = cut.baseURL + "/client"
        configuration.observer = { exchanges.append($0) }
        let session = try ClientSession(configuration)
        await #expect(throws: ClientAPIError.self) { try await session.paymentProducts(for: context) }
        let all = exchanges.all
        #expect(all.map(\.event) == [.request, .failure])
        #expect(all[1].failure?.hasPrefix("GET products: ") == true)
        #expect(all[1].statusCode == nil)
        #expect(all[1].description.contains("failed after"))
    }

    @Test("without an observer nothing is called; assets are observed too")
    func assets() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let exchanges = Exchanges()
        let session = try Self.session(harness.server, exchanges)
        _ = try await session.assetData(for: "templates/master/global/css/img/ppimages/pp_logo_1_v1.png")
        #expect(exchanges.all.map(\.call) == ["GET asset", "GET asset"])
        #expect(exchanges.all.last?.path == "/assets/templates/master/global/css/img/ppimages/pp_logo_1_v1.png")
        var configuration = harness.server.sessionConfiguration()
        #expect(configuration.observer == nil)
        configuration.observer = nil
        _ = try await ClientSession(configuration).paymentProducts(for: context)
        #expect(exchanges.all.count == 2)
    }
}
