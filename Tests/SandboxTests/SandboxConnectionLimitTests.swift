import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormTestSupport
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormEngine
import PaymentFormSandboxClientAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When every slot is taken, and when a client reads too slowly: each client gets an answer
/// (served, or 503 promptly), never a reset after it sent its request, and no client holds a slot
/// past the deadlines.
@Suite("Sandbox connection limits", .timeLimit(.minutes(10)))
struct SandboxConnectionLimitTests {
    static let request = "GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"

    static func start(_ limits: SandboxLimits, intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil) throws -> SandboxServer {
        var configuration = SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1", limits: limits)
        configuration.intercept = intercept
        let server = SandboxServer(configuration)
        try server.start()
        return server
    }

    @Test("with every slot busy, each new client that sent its request gets 503 within the wait, without a reset")
    func busy() async throws {
        let server = try Self.start(SandboxLimits(readTimeout: 5, maximumConnections: 2, connectionWait: 0.3))
        defer { server.stop() }
        let port = server.port
        let outcomes = await onThread { () -> [(answer: String, error: Int32, seconds: Double)] in
            // Two idle connections hold both slots (until the 5 s read timeout).
            guard let first = try? RawConnection(port: port), let second = try? RawConnection(port: port) else { return [] }
            Thread.sleep(forTimeInterval: 0.1)
            // Eight more connect and send their request at once, then read and close: two may wait
            // for a slot (as many as are served), the others are refused at once.
            let clients = (0..<8).compactMap { _ in try? RawConnection(port: port, receiveTimeout: 10) }
            let started = Date()
            for client in clients { client.send(Self.request) }
            let outcomes = Outcomes()
            let group = DispatchGroup()
            for client in clients {
                group.enter()
                Thread {
                    let answer = client.readToEnd()
                    client.close()
                    outcomes.append((answer, client.lastReadError, Date().timeIntervalSince(started)))
                    group.leave()
                }.start()
            }
            group.wait()
            withExtendedLifetime((first, second)) {}
            return outcomes.all
        }
        #expect(outcomes.count == 8)
        for outcome in outcomes {
            #expect(outcome.answer.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "got \(outcome.answer.prefix(40)), errno \(outcome.error)")
            #expect(outcome.answer.contains("Retry-After: 1"))
            #expect(outcome.error == 0, "the connection was reset (errno \(outcome.error)) instead of closed")
            // Each waited once, not behind the others: 0.3 s each in a row would be 2.4 s.
            #expect(outcome.seconds < 1.5, "503 after \(outcome.seconds) s")
        }
        #expect(await waitForNoConnections(server) <= 2)
    }

    @Test("a client waiting for a slot is served as soon as one frees up")
    func servedWhenFree() async throws {
        let server = try Self.start(SandboxLimits(readTimeout: 5, maximumConnections: 1, connectionWait: 3))
        defer { server.stop() }
        let port = server.port
        let (answer, seconds) = await onThread { () -> (String, Double) in
            guard let holder = try? RawConnection(port: port), let waiting = try? RawConnection(port: port) else { return ("", 0) }
            waiting.send(Self.request)
            Thread.sleep(forTimeInterval: 0.3)
            let released = Date()
            holder.send(Self.request)   // the holder gets its answer and its connection ends
            _ = holder.readToEnd()
            let answer = waiting.readToEnd()
            return (answer, Date().timeIntervalSince(released))
        }
        #expect(answer.hasPrefix("HTTP/1.1 404 Not Found\r\n"), "got \(answer.prefix(40))")
        #expect(seconds < 2, "served \(seconds) s after the slot freed")
    }

    @Test("a client that reads its answer slowly loses its slot at the write deadline")
    func slowReader() async throws {
        // An answer far larger than the socket buffers, read a little at a time.
        let big = HTTPResponse(status: 200, body: [UInt8](repeating: UInt8(ascii: "x"), count: 16 << 20))
        let server = try Self.start(SandboxLimits(readTimeout: 1, writeTimeout: 1, maximumConnections: 4), intercept: { _ in big })
        defer { server.stop() }
        let port = server.port
        let reading = Reader()
        let connection = try RawConnection(port: port, receiveTimeout: 5, receiveBuffer: 4096)
        let client = Thread {
            connection.send(Self.request)
            // 1 KiB every 50 ms (for 10 s at most): every send of the server makes some progress.
            let end = Date(timeIntervalSinceNow: 10)
            while Date() < end, !reading.stopped {
                guard let bytes = connection.read(upTo: 1024), !bytes.isEmpty else { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        client.start()
        defer { reading.stop() }
        // Measured from the moment the connection holds a slot, on a thread of its own: the
        // suites run in parallel on few cores, and a task's sleep could oversleep the whole answer.
        let (servedAt, released) = await onThread { () -> (Date?, Double?) in
            var servedAt: Date?
            let waitLimit = Date(timeIntervalSinceNow: 10)
            while servedAt == nil, Date() < waitLimit {
                if server.openConnectionCount == 1 { servedAt = Date() } else { Thread.sleep(forTimeInterval: 0.002) }
            }
            guard let servedAt else { return (nil, nil) }
            while Date().timeIntervalSince(servedAt) < 8 {
                if server.openConnectionCount == 0 { return (servedAt, Date().timeIntervalSince(servedAt)) }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return (servedAt, nil)
        }
        try #require(servedAt != nil, "the slow reader was never served")
        #expect(released != nil, "the slow reader still held its slot 8 s after it was served")
        if let released { #expect(released < 4, "slot released \(released) s after serving began (write deadline 1 s)") }
    }

    /// What each busy client got, collected from their threads.
    final class Outcomes: Sendable {
        private let items = Shared<[(answer: String, error: Int32, seconds: Double)]>([])
        func append(_ item: (answer: String, error: Int32, seconds: Double)) {
            items.append(item)
        }
        var all: [(answer: String, error: Int32, seconds: Double)] { items.value }
    }

    /// Tells the slow reader's thread to stop.
    final class Reader: Sendable {
        private let done = Shared(false)
        var stopped: Bool { done.value }
        func stop() { done.set(true) }
    }
}
