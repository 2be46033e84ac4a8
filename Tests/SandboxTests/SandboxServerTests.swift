import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormTestSupport
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
/// Runs blocking socket work on its own thread, so no cooperative thread waits on a socket.
func onThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// Waits (polling, at most 5 s) until the server has no connection open.
func waitForNoConnections(_ server: SandboxServer) async -> Int {
    for _ in 0..<500 where server.openConnectionCount > 0 {
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return server.openConnectionCount
}

@Suite("Sandbox server over raw sockets", .timeLimit(.minutes(10)))
struct SandboxServerTests {
    static func start(_ limits: SandboxLimits = SandboxLimits()) throws -> SandboxServer {
        let server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1", limits: limits))
        try server.start()
        return server
    }

    static let products = "GET /client/v1/c1/products?countryCode=NL&currencyCode=EUR HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: GCS v1Client:s1\r\n\r\n"

    @Test("1,000 malformed requests get 4xx answers, leave no connection open, and the server still serves")
    func malformedFlood() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let port = server.port
        let bad: [String] = [
            "GET / HTTP/1.1\nHost: 127.0.0.1\r\n\r\n", "GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n", "\u{0}\u{1}\u{2}garbage\r\n\r\n",
            "GET / HTTP/1.1\r\n\r\n", "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 99999999\r\n\r\n",
            "GET /" + String(repeating: "a", count: 17_000) + " HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n",
        ]
        let (statuses, unanswered) = await onThread { () -> ([String: Int], [String]) in
            var statuses: [String: Int] = [:]
            var unanswered: [String] = []
            for index in 0..<1_000 {
                // A generous receive timeout: under ThreadSanitizer, with the other suites
                // running, an answer can take seconds; the bound only keeps the test from hanging.
                guard let connection = try? RawConnection(port: port, receiveTimeout: 60) else { continue }
                connection.send(bad[index % bad.count])
                let answer = connection.readToEnd()
                let status = String(answer.dropFirst(9).prefix(3))
                statuses[status, default: 0] += 1
                if status.isEmpty {
                    unanswered.append("request \(index) (kind \(index % bad.count)): \(answer.isEmpty ? "nothing" : "\(answer.utf8.count) bytes") then errno \(connection.lastReadError)")
                }
            }
            return (statuses, unanswered)
        }
        #expect(statuses.values.reduce(0, +) == 1_000)
        #expect(Set(statuses.keys) == ["400", "413", "431", "501", "505"], "requests left without an answer: \(unanswered)")
        #expect(await waitForNoConnections(server) == 0)
        let answer = await onThread { () -> String in
            guard let connection = try? RawConnection(port: port) else { return "" }
            connection.send(Self.products.replacingOccurrences(of: "HTTP/1.1\r\n", with: "HTTP/1.1\r\nConnection: close\r\n"))
            let answer = connection.readToEnd()
            return answer.isEmpty ? "nothing, errno \(connection.lastReadError)" : answer
        }
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "the request after the flood got \(answer.prefix(40))")
    }

    @Test("keep-alive: pipelined requests get their answers in order on one connection")
    func pipelining() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let port = server.port
        let answer = await onThread { () -> String in
            guard let connection = try? RawConnection(port: port) else { return "" }
            connection.send(Self.products + "GET /client/v1/c1/crypto/publickey HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: GCS v1Client:s1\r\n\r\n")
            return connection.readResponses(2)
        }
        let heads = answer.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(6) }
        #expect(heads == ["200 OK", "200 OK"])
        #expect(answer.contains("paymentProducts"))
        #expect(answer.contains("demo-key-NOT-FOR-PRODUCTION-0001"))
        #expect(answer.contains("Connection: keep-alive"))
    }

    @Test("a body over 1 MiB is refused with 413 before it is sent")
    func tooLarge() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let port = server.port
        let answer = await onThread { () -> String in
            guard let connection = try? RawConnection(port: port) else { return "" }
            connection.send("POST /sandbox/v1/payments HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2000000\r\n\r\n" + String(repeating: "x", count: 1000))
            return connection.readToEnd()
        }
        #expect(answer.hasPrefix("HTTP/1.1 413 Content Too Large\r\n"))
        #expect(answer.contains("Connection: close"))
        #expect(answer.contains("SANDBOX_MALFORMED_REQUEST"))
    }

    @Test("a slow client is cut off at the read deadline with 408; an idle one is closed")
    func slowClient() async throws {
        let server = try Self.start(SandboxLimits(readTimeout: 0.3))
        defer { server.stop() }
        let port = server.port
        let (slow, idle) = await onThread { () -> (String, String) in
            guard let slow = try? RawConnection(port: port), let idle = try? RawConnection(port: port) else { return ("", "x") }
            slow.send("GET /client/v1/c1/products HTTP/1.1\r\nHo")
            return (slow.readToEnd(), idle.readToEnd())
        }
        #expect(slow.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(idle.isEmpty)
        #expect(await waitForNoConnections(server) == 0)
    }

    @Test("beyond the connection limit a client waits, then gets 503")
    func connectionLimit() async throws {
        // A wait of 1 s, not less: the first connection's slot is free only once the server has
        // finished closing it, after the client read its answer to the end, and under
        // ThreadSanitizer that took more than 0.1 s (the fourth connection then got 503).
        let server = try Self.start(SandboxLimits(readTimeout: 3, maximumConnections: 2, connectionWait: 1))
        defer { server.stop() }
        let port = server.port
        let (busy, later) = await onThread { () -> (String, String) in
            guard let second = try? RawConnection(port: port) else { return ("", "") }
            let busy: String
            do {
                guard let first = try? RawConnection(port: port) else { return ("", "") }
                first.send("G")
                second.send("G")
                Thread.sleep(forTimeInterval: 0.1)
                guard let third = try? RawConnection(port: port) else { return ("", "") }
                busy = third.readToEnd()
                first.send("ET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                _ = first.readToEnd()
            }
            guard let fourth = try? RawConnection(port: port) else { return (busy, "") }
            fourth.send("GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return (busy, fourth.readToEnd())
        }
        #expect(busy.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(busy.contains("Retry-After: 1"))
        #expect(later.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
    }

    @Test("stop ends open connections and returns")
    func stop() async throws {
        let server = try Self.start()
        let port = server.port
        let connections = await onThread { (0..<5).compactMap { _ in try? RawConnection(port: port) } }
        #expect(connections.count == 5)
        try? await Task.sleep(nanoseconds: 50_000_000)
        server.stop()
        #expect(server.openConnectionCount == 0)
        #expect((try? RawConnection(port: port)) == nil)
    }

    @Test("routes: unknown paths 404, wrong methods 405, no authorization 401, wrong customer 404", arguments: [
        ("GET", "/nowhere", "GCS v1Client:s1", 404),
        ("GET", "/client/v1/c1/nothing", "GCS v1Client:s1", 404),
        ("GET", "/client/v2/c1/products", "GCS v1Client:s1", 404),
        ("POST", "/client/v1/c1/products?countryCode=NL&currencyCode=EUR", "GCS v1Client:s1", 405),
        ("GET", "/client/v1/c1/products?countryCode=NL&currencyCode=EUR", "", 401),
        ("GET", "/client/v1/c1/products?countryCode=NL&currencyCode=EUR", "GCS v1Client:s2", 401),
        ("GET", "/client/v1/c2/products?countryCode=NL&currencyCode=EUR", "GCS v1Client:s1", 404),
        ("GET", "/client/v1/c1/products?countryCode=NL&currencyCode=EUR", "GCS v1Client:s1", 200),
        ("GET", "/client/v1/c1/products/1/?countryCode=NL&currencyCode=EUR", "GCS v1Client:s1", 200),
        ("GET", "/client/v1/c1/products?countryCode=N1&currencyCode=EUR", "GCS v1Client:s1", 400),
        ("GET", "/client/v1/c1/products?countryCode=NL&currencyCode=EUR&amount=-5", "GCS v1Client:s1", 400),
        ("GET", "/client/v1/c1/products?countryCode=NL&currencyCode=EUR&isRecurring=yes", "GCS v1Client:s1", 400),
        ("GET", "/client/v1/c1/products?countryCode=%ZZ", "GCS v1Client:s1", 400),
        ("GET", "/client/v1/c1/products/809/directory", "GCS v1Client:s1", 400),
        ("GET", "/client/v1/c1/products/1/directory?countryCode=NL&currencyCode=EUR", "GCS v1Client:s1", 404),
        ("GET", "/client/v1/c1/productgroups/nope?countryCode=NL&currencyCode=EUR", "GCS v1Client:s1", 404),
        ("GET", "/client/v1/c1/services/convert/amount?source=EUR&target=USD", "GCS v1Client:s1", 400),
        ("GET", "/sandbox/v1/payments", "", 405),
        ("GET", "/assets/nothing.png", "", 404),
        ("GET", "/assets/templates/master/global/css/img/ppimages/pp_logo_809_v1.png", "", 200),
    ])
    func routes(method: String, target: String, authorization: String, status: Int) throws {
        let server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1"))
        let headers: HTTPHeaders = authorization.isEmpty ? [] : [HTTPHeaderField("Authorization", authorization)]
        let response = server.respond(to: HTTPRequest(method: method, target: target, headers: headers), fromLoopback: true)
        #expect(response.status == status)
        if status >= 400 {
            let json = try JSONParser().parse(response.body)
            let errors = try #require(json["errors"]?.arrayValue, "not a Client API error body")
            #expect(json["errorId"]?.stringValue != nil, "not a Client API error body")
            #expect(errors.count == 1)
        }
    }

    @Test("loggable lines hide long digit runs and control characters")
    func loggable() {
        #expect(SandboxServer.loggable("/a/4111111111111111/b") == "/a/[digits]/b")
        #expect(SandboxServer.loggable("/a/12345678901/b") == "/a/12345678901/b")
        #expect(SandboxServer.loggable("/a\u{1B}[31m") == "/a?[31m")
        #expect(SandboxServer.loggable(String(repeating: "a", count: 500)).count == 201)
    }
}
