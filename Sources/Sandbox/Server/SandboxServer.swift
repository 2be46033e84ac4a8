import Foundation
import PaymentFormJSON

/// `payform sandbox`'s server: the Client API on loopback, for tests. **A test tool, not a
/// production server.**
///
/// HTTP/1.1 with keep-alive over the toolchain's sockets: one thread per connection, at most
/// ``SandboxLimits/maximumConnections`` at once (a connection beyond waits up to
/// ``SandboxLimits/connectionWait`` for a slot, then gets 503), strict request parsing
/// (``HTTPRequestParser``), a read deadline per request, and one log line per request that never
/// holds card data.
///
/// ```swift
/// let server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples()))
/// try server.start()
/// let session = try ClientSession(server.sessionConfiguration(appIdentifier: "tests"))
/// // ...
/// server.stop()
/// ```
package final class SandboxServer: @unchecked Sendable {
    /// The configuration it runs with.
    package let configuration: SandboxConfiguration
    private let router: SandboxRouter
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var listener: Int32 = -1
    private var wake: (read: Int32, write: Int32) = (-1, -1)
    private var boundPort = 0
    private var state = State.idle
    private var activeConnections = 0
    private var acceptorRunning = false
    private var served = 0

    private enum State { case idle, running, stopped }

    /// A server; nothing listens before ``start()``.
    package init(_ configuration: SandboxConfiguration) {
        self.configuration = configuration
        router = SandboxRouter(
            data: configuration.data, customerId: configuration.customerId, clientSessionId: configuration.clientSessionId,
            brandDetector: configuration.brandDetector, saferpay: SaferpayStandIn())
    }

    /// Starts listening and serving (on background threads); returns once connections are accepted.
    package func start() throws(SandboxError) {
        condition.lock()
        defer { condition.unlock() }
        guard state == .idle else { throw SandboxError(code: "socket_error", message: "the sandbox was already started") }
        let pipe = try Socket.makeWakePipe()
        let listening: (descriptor: Int32, port: Int)
        do {
            listening = try Socket.listen(host: configuration.host, port: configuration.port, backlog: 128)
        } catch {
            Socket.close(pipe.read)
            Socket.close(pipe.write)
            throw error
        }
        wake = pipe
        listener = listening.descriptor
        boundPort = listening.port
        state = .running
        acceptorRunning = true
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "sandbox-acceptor"
        thread.start()
    }

    /// Stops accepting, ends every connection (a request being answered is finished first) and
    /// waits for them, at most `timeout` seconds. Safe to call more than once.
    package func stop(timeout: Double = 5) {
        condition.lock()
        guard state == .running else {
            condition.unlock()
            return
        }
        state = .stopped
        Socket.signal(wake.write)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while acceptorRunning || activeConnections > 0 {
            if !condition.wait(until: deadline) { break }
        }
        if !acceptorRunning {
            Socket.close(listener)
            listener = -1
        }
        if activeConnections == 0, !acceptorRunning {
            Socket.close(wake.read)
            Socket.close(wake.write)
        }
        condition.unlock()
    }

    /// The port it listens on (after ``start()``).
    package var port: Int {
        condition.lock()
        defer { condition.unlock() }
        return boundPort
    }

    /// Connections open right now (for tests and the load check: none may leak).
    package var openConnectionCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return activeConnections
    }

    /// Requests answered so far (parse errors included).
    package var answeredRequestCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return served
    }

    /// `http://HOST:PORT`, IPv6 hosts in brackets.
    package var baseURL: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(host):\(port)"
    }

    /// The Client API URL to give a session: `http://HOST:PORT/client/v1`.
    package var clientApiUrl: String { baseURL + "/client/v1" }

    /// The asset URL to give a session: `http://HOST:PORT/assets`.
    package var assetUrl: String { baseURL + "/assets" }

    /// The sandbox payments endpoint: `http://HOST:PORT/sandbox/v1/payments`.
    package var paymentsUrl: String { baseURL + "/sandbox/v1/payments" }

    /// The line `payform sandbox` prints first:
    /// `{"clientApiUrl": ..., "assetUrl": ..., "customerId": ..., "clientSessionId": ...}`.
    package var sessionLine: String {
        JSONWriter().string(from: [
            "clientApiUrl": .string(clientApiUrl), "assetUrl": .string(assetUrl),
            "customerId": .string(configuration.customerId), "clientSessionId": .string(configuration.clientSessionId),
        ])
    }

    /// The answer to one parsed request, as a connection would send it (for the fuzz target and
    /// tests that skip the sockets).
    package func respond(to request: HTTPRequest, fromLoopback: Bool) -> HTTPResponse {
        router.respond(to: request, fromLoopback: fromLoopback)
    }

    // MARK: - Accepting

    private func acceptLoop() {
        defer {
            condition.lock()
            acceptorRunning = false
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        let listener = self.listener, wake = self.wake.read
        condition.unlock()
        while true {
            switch Socket.wait(for: listener, orWake: wake, milliseconds: -1) {
            case .woken: return
            case .timedOut: continue
            case .readable: break
            }
            // A connection is pending: wait for a free slot (meanwhile it waits in the backlog).
            condition.lock()
            let deadline = Date(timeIntervalSinceNow: configuration.limits.connectionWait)
            while activeConnections >= configuration.limits.maximumConnections, state == .running {
                if !condition.wait(until: deadline) { break }
            }
            guard state == .running else {
                condition.unlock()
                return
            }
            let hasSlot = activeConnections < configuration.limits.maximumConnections
            if hasSlot { activeConnections += 1 }
            condition.unlock()
            guard let connection = Socket.accept(listener) else {
                if hasSlot { releaseSlot() }
                continue
            }
            guard hasSlot else {
                refuseBusy(connection.descriptor)
                continue
            }
            let thread = Thread { [self] in
                serve(connection.descriptor, fromLoopback: connection.isLoopback)
                releaseSlot()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    private func releaseSlot() {
        condition.lock()
        activeConnections -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func refuseBusy(_ descriptor: Int32) {
        Socket.setSendTimeout(descriptor, seconds: 1)
        var response = SandboxErrorBody.response(503, code: "SANDBOX_BUSY", id: "SANDBOX_BUSY", message: "too many connections; retry")
        response.headers.append(.init("Retry-After", "1"))
        record(method: "-", path: "-", status: 503, started: Date())
        _ = Socket.write(descriptor, response.bytes(closing: true))
        Socket.close(descriptor)
    }

    // MARK: - Serving a connection

    private func serve(_ descriptor: Int32, fromLoopback: Bool) {
        defer { Socket.close(descriptor) }
        Socket.setSendTimeout(descriptor, seconds: configuration.limits.writeTimeout)
        condition.lock()
        let wake = self.wake.read
        condition.unlock()
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var parser = HTTPRequestParser(limits: configuration.limits.request)
        while true {
            let deadline = Date(timeIntervalSinceNow: configuration.limits.readTimeout)
            var sentContinue = false
            var started = Date()
            // Read until one request is complete (or the connection must end).
            let outcome: HTTPRequestParser.Outcome
            reading: while true {
                switch parser.parse(buffer) {
                case .incomplete:
                    if parser.isAwaitingBodyAfterContinue, !sentContinue {
                        sentContinue = true
                        guard Socket.write(descriptor, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return }
                    }
                    let remaining = deadline.timeIntervalSinceNow
                    if remaining <= 0 {
                        if !buffer.isEmpty {
                            // A request started but did not arrive in time (a slow client).
                            let response = SandboxErrorBody.response(408, code: "SANDBOX_REQUEST_TIMEOUT", id: "SANDBOX_REQUEST_TIMEOUT", message: "the request did not arrive in time")
                            record(method: "-", path: "-", status: 408, started: started)
                            _ = Socket.write(descriptor, response.bytes(closing: true))
                        }
                        return
                    }
                    switch Socket.wait(for: descriptor, orWake: wake, milliseconds: Int32(max(1, min(remaining * 1000, 60_000)))) {
                    case .woken: return
                    case .timedOut: continue reading
                    case .readable:
                        let count = Socket.read(descriptor, into: &chunk)
                        guard count > 0 else { return }
                        if buffer.isEmpty { started = Date() }
                        buffer.append(contentsOf: chunk[0..<count])
                    }
                case let result:
                    outcome = result
                    break reading
                }
            }
            switch outcome {
            case .complete(let request, let consumed):
                buffer.removeFirst(consumed)
                parser.reset()
                let response = configuration.intercept?(request) ?? router.respond(to: request, fromLoopback: fromLoopback)
                let keepAlive = request.keepsAlive && isRunning
                record(method: request.method, path: request.path, status: response.status, started: started)
                let written = Socket.write(descriptor, response.bytes(closing: !keepAlive))
                guard written, keepAlive else {
                    lingeringClose(descriptor)
                    return
                }
            case .failure(let error):
                let response = SandboxErrorBody.response(
                    error.status, code: "SANDBOX_MALFORMED_REQUEST", id: "SANDBOX_MALFORMED_REQUEST", message: error.reason)
                record(method: "-", path: "-", status: error.status, started: started)
                _ = Socket.write(descriptor, response.bytes(closing: true))
                lingeringClose(descriptor)
                return
            case .incomplete:
                return
            }
        }
    }

    private var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return state == .running
    }

    /// Ends the connection without losing the answer: stop writing, then read and drop what the
    /// client still sends for a moment, so the kernel does not reset the connection while the
    /// answer is in flight.
    private func lingeringClose(_ descriptor: Int32) {
        Socket.shutdownWriting(descriptor)
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var drained = 0
        let deadline = Date(timeIntervalSinceNow: 0.5)
        while drained < 1 << 20 {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return }
            condition.lock()
            let wake = self.wake.read
            condition.unlock()
            guard case .readable = Socket.wait(for: descriptor, orWake: wake, milliseconds: Int32(max(1, remaining * 1000))) else { return }
            let count = Socket.read(descriptor, into: &chunk)
            guard count > 0 else { return }
            drained += count
        }
    }

    /// Counts and logs an answer before it is sent (a client that has it sees it counted and
    /// logged): `GET /client/v1/c/products 200 3ms`, the milliseconds from the request's first
    /// byte to its answer.
    private func record(method: String, path: String, status: Int, started: Date) {
        condition.lock()
        served += 1
        condition.unlock()
        guard let log = configuration.log else { return }
        let milliseconds = Int((Date().timeIntervalSince(started) * 1000).rounded())
        log("\(Self.loggable(method)) \(Self.loggable(path)) \(status) \(milliseconds)ms")
    }

    /// `text` safe for one log line: printable ASCII only, at most 200 characters, and runs of
    /// 12 or more digits (which could be a card number in a mistaken path) replaced by `[digits]`.
    package static func loggable(_ text: String) -> String {
        var output = ""
        var digits = ""
        func flush() {
            output += digits.count >= 12 ? "[digits]" : digits
            digits = ""
        }
        for scalar in text.unicodeScalars.prefix(400) {
            if ("0"..."9").contains(scalar) {
                digits.unicodeScalars.append(scalar)
                continue
            }
            flush()
            output.unicodeScalars.append(scalar.value >= 0x21 && scalar.value < 0x7F ? scalar : "?")
        }
        flush()
        return output.count > 200 ? String(output.prefix(200)) + "…" : output
    }
}
