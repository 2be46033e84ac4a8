import Foundation
import PaymentFormConcurrency
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP
import PaymentFormSandboxServerAPI

/// `payform sandbox`'s server: the Client API on loopback, for tests. **A test tool, not a
/// production server.**
///
/// HTTP/1.1 with keep-alive over the toolchain's sockets: one thread per connection, at most
/// ``SandboxLimits/maximumConnections`` served at once. A connection beyond is accepted at once
/// and waits up to ``SandboxLimits/connectionWait`` for a slot, then gets 503; when as many wait
/// as are served, the next gets 503 right away. A refused or finished connection is closed
/// without a reset: the server stops writing and reads what the client still sends for a moment,
/// so a client that already sent its request always reads the answer. Strict request parsing
/// (``HTTPRequestParser``), a read deadline per request, a write deadline per answer, and one log
/// line per request that never holds card data.
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
    /// The Saferpay stand-in, told the bound address once the server listens.
    private let saferpay: SaferpayStandIn
    /// `http://HOST:PORT` once listening: the base of the URLs the Server API hands out.
    private let boundBaseURL: LockedValue<String>
    /// Ends the slow test card's wait when the server stops.
    private let stopSignal: SandboxStopSignal
    /// Posts the Server API's webhook events, when a URL is set.
    private let webhooks: WebhookSender?
    /// The web form files the hosted checkout page loads, and where they come from.
    package let webForm: WebFormFiles
    /// Where the hosted checkout pages' web form comes from, or that they are unavailable and
    /// why: a part of the start-up line.
    package var hostedCheckoutPages: String { webForm.summary(needing: HostedCheckoutPage.webFiles.keys) }
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var listener: Int32 = -1
    private var wake: (read: Int32, write: Int32) = (-1, -1)
    private var boundPort = 0
    /// The Host, Content-Encoding and Content-Type checks, once the port is known.
    private var admission: SandboxAdmission?
    private var state = State.idle
    private var activeConnections = 0
    /// The accepted connections' descriptors, until their thread is done with them.
    private var connectionDescriptors = Set<Int32>()
    /// Accepted connections waiting for a slot (at most ``SandboxLimits/maximumConnections``).
    private var parkedConnections = 0
    /// Connections being refused with 503 and closed (at most ``SandboxLimits/maximumConnections``
    /// refused at once; the refusals of parked connections come on top).
    private var refusingConnections = 0
    private var acceptorRunning = false
    private var served = 0

    private enum State { case idle, running, stopped }

    /// A server; nothing listens before ``start()``.
    package init(_ configuration: SandboxConfiguration) {
        self.configuration = configuration
        let saferpay = SaferpayStandIn()
        saferpay.setBaseURL(Self.baseURL(host: configuration.host, port: configuration.port))
        self.saferpay = saferpay
        let boundBaseURL = LockedValue(Self.baseURL(host: configuration.host, port: configuration.port))
        self.boundBaseURL = boundBaseURL
        let sessions = SandboxSessions(clientSessionId: configuration.clientSessionId, customerId: configuration.customerId)
        let stopSignal = SandboxStopSignal()
        self.stopSignal = stopSignal
        let webhooks = configuration.webhooks.map { WebhookSender($0, log: configuration.log) }
        self.webhooks = webhooks
        let serverAPI = ServerAPI(
            credentials: configuration.serverAPI, data: configuration.data, sessions: sessions, v1: ServerAPILedger(), v2: ServerAPILedger(),
            webhooks: webhooks, baseURL: { boundBaseURL.withLock { $0 } }, pause: { stopSignal.pause($0) }, settlement: configuration.settlement)
        let webForm = WebFormFiles.resolve(webDist: configuration.webDist)
        self.webForm = webForm
        router = SandboxRouter(
            data: configuration.data, sessions: sessions, serverAPI: serverAPI,
            brandDetector: configuration.brandDetector, saferpay: saferpay, cors: configuration.cors,
            webForm: webForm)
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
        admission = SandboxAdmission(boundHost: configuration.host, allowedHosts: configuration.allowedHosts)
        saferpay.setBaseURL(Self.baseURL(host: configuration.host, port: listening.port))
        boundBaseURL.withLock { $0 = Self.baseURL(host: configuration.host, port: listening.port) }
        state = .running
        acceptorRunning = true
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "sandbox-acceptor"
        thread.start()
    }

    /// Stops accepting, ends every connection and waits for them, at most `timeout` seconds.
    /// A request being answered is finished first, but an answer stuck sending (a client that
    /// does not read) is abandoned at once, and so is the slow test card's wait: every
    /// connection thread is woken, and once they are gone every descriptor the server opened is
    /// closed. Safe to call more than once.
    package func stop(timeout: Double = 5) {
        stopSignal.stop()
        webhooks?.stop()
        condition.lock()
        guard state == .running else {
            condition.unlock()
            return
        }
        state = .stopped
        Socket.signal(wake.write)
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while acceptorRunning || activeConnections > 0 || parkedConnections > 0 || refusingConnections > 0 {
            if !condition.wait(until: deadline) { break }
        }
        if !acceptorRunning {
            Socket.close(listener)
            listener = -1
        }
        if activeConnections == 0, parkedConnections == 0, refusingConnections == 0, !acceptorRunning {
            Socket.close(wake.read)
            Socket.close(wake.write)
            wake = (-1, -1)
        }
        condition.unlock()
    }

    /// The descriptors the server holds open now: the listener, the wake pipe's two ends and the
    /// connections' (none after a ``stop(timeout:)`` that did not time out), for the tests that
    /// check nothing leaks.
    package var openDescriptors: [Int32] {
        condition.lock()
        defer { condition.unlock() }
        return ([listener, wake.read, wake.write] + connectionDescriptors.sorted()).filter { $0 >= 0 }
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
        Self.baseURL(host: configuration.host, port: port)
    }

    private static func baseURL(host: String, port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// The Client API URL to give a session: `http://HOST:PORT/client`, without a version: every
    /// client takes it (the Online Payments JavaScript SDK refuses `…/client/v1`), and each adds
    /// the version its calls are under (`/client/v1/…`, `/client/v2/…`).
    package var clientApiUrl: String { baseURL + "/client" }

    /// The asset URL to give a session: `http://HOST:PORT/assets`.
    package var assetUrl: String { baseURL + "/assets" }

    /// The sandbox payments endpoint: `http://HOST:PORT/sandbox/v1/payments`.
    package var paymentsUrl: String { baseURL + "/sandbox/v1/payments" }

    /// The line `payform sandbox` prints first:
    /// `{"clientApiUrl": ..., "assetUrl": ..., "customerId": ..., "clientSessionId": ...,
    /// "serverApi": {"apiEndpoint": "http://HOST:PORT", "merchantId", "apiKeyId", "secretApiKey"}}`,
    /// plus `"webhooks": {"url", "keyId", "secretKey"}` when a webhook URL is set.
    package var sessionLine: String {
        let credentials = configuration.serverAPI
        var line = JSONObject([
            (key: "clientApiUrl", value: .string(clientApiUrl)), (key: "assetUrl", value: .string(assetUrl)),
            (key: "customerId", value: .string(configuration.customerId)), (key: "clientSessionId", value: .string(configuration.clientSessionId)),
            (key: "serverApi", value: [
                "apiEndpoint": .string(baseURL), "merchantId": .string(credentials.merchantId), "apiKeyId": .string(credentials.apiKeyId),
                "secretApiKey": .string(credentials.secretApiKey),
            ]),
        ])
        if let webhooks = configuration.webhooks {
            line.append("webhooks", ["url": .string(webhooks.url), "keyId": .string(webhooks.keyId), "secretKey": .string(webhooks.secretKey)])
        }
        line.append("clock", ["advanceUrl": .string(baseURL + "/sandbox/v1/clock/advance"), "settle": .string(configuration.settlement.argument)])
        return JSONWriter().string(from: .object(line))
    }

    /// The Server API the router answers with (for the package's tests).
    var serverAPI: ServerAPI { router.serverAPI }

    /// The router's answer to one parsed request (for the fuzz target and tests that skip the
    /// sockets): what a connection sends once the request passed ``SandboxAdmission``'s checks
    /// (Host, Content-Encoding, Content-Type), which need the bound address and are not made here.
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
            // A connection is pending: serve it, let it wait for a slot, or refuse it at once.
            // With all three full (a flood) it stays in the backlog until one frees.
            condition.lock()
            let maximum = configuration.limits.maximumConnections
            while state == .running, activeConnections >= maximum, parkedConnections >= maximum, refusingConnections >= maximum {
                condition.wait()
            }
            guard state == .running else {
                condition.unlock()
                return
            }
            let plan: Plan
            if activeConnections < maximum {
                plan = .serve
                activeConnections += 1
            } else if parkedConnections < maximum {
                plan = .wait
                parkedConnections += 1
            } else {
                plan = .refuse
                refusingConnections += 1
            }
            condition.unlock()
            guard let connection = Socket.accept(listener) else {
                release(plan)
                continue
            }
            condition.lock()
            connectionDescriptors.insert(connection.descriptor)
            condition.unlock()
            let thread = Thread { [self] in
                var plan = plan
                if plan == .wait { plan = waitForSlot() }
                if plan == .serve {
                    serve(connection.descriptor, fromLoopback: connection.isLoopback)
                } else {
                    refuseBusy(connection.descriptor)
                }
                release(plan, closing: connection.descriptor)
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// What happens to an accepted connection.
    private enum Plan {
        /// It has a slot.
        case serve
        /// It waits for a slot.
        case wait
        /// It gets 503.
        case refuse
    }

    /// For a parked connection: waits up to ``SandboxLimits/connectionWait`` for a slot, then
    /// moves it to serving (the slot taken) or refusing.
    private func waitForSlot() -> Plan {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        let deadline = Date(timeIntervalSinceNow: configuration.limits.connectionWait)
        while activeConnections >= configuration.limits.maximumConnections, state == .running {
            if !condition.wait(until: deadline) { break }
        }
        parkedConnections -= 1
        guard state == .running, activeConnections < configuration.limits.maximumConnections else {
            refusingConnections += 1
            return .refuse
        }
        activeConnections += 1
        return .serve
    }

    /// Gives back what `plan` took, and closes the connection's descriptor when one is given.
    private func release(_ plan: Plan, closing descriptor: Int32? = nil) {
        condition.lock()
        if let descriptor {
            connectionDescriptors.remove(descriptor)
            Socket.close(descriptor)
        }
        switch plan {
        case .serve: activeConnections -= 1
        case .wait: parkedConnections -= 1
        case .refuse: refusingConnections -= 1
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Answers 503 and ends without a reset (the client may have sent its request already); its
    /// thread closes the descriptor after.
    private func refuseBusy(_ descriptor: Int32) {
        var response = SandboxErrorBody.response(503, code: "SANDBOX_BUSY", id: "SANDBOX_BUSY", message: "too many connections; retry")
        response.headers.append(.init("Retry-After", "1"))
        record(method: "-", path: "-", status: 503, started: Date())
        if Socket.write(descriptor, response.bytes(closing: true), deadline: Date(timeIntervalSinceNow: 1), orWake: wakeDescriptor) {
            lingeringClose(descriptor)
        }
    }

    /// The read end of the wake pipe: readable once the server stops.
    private var wakeDescriptor: Int32 {
        condition.lock()
        defer { condition.unlock() }
        return wake.read
    }

    // MARK: - Serving a connection

    /// Serves one connection until it ends (its thread closes the descriptor after).
    private func serve(_ descriptor: Int32, fromLoopback: Bool) {
        condition.lock()
        let wake = self.wake.read
        let admission = self.admission
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
                        guard Socket.write(descriptor, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), deadline: writeDeadline, orWake: wake) else { return }
                    }
                    let remaining = deadline.timeIntervalSinceNow
                    if remaining <= 0 {
                        if !buffer.isEmpty {
                            // A request started but did not arrive in time (a slow client).
                            let response = SandboxErrorBody.response(408, code: "SANDBOX_REQUEST_TIMEOUT", id: "SANDBOX_REQUEST_TIMEOUT", message: "the request did not arrive in time")
                            record(method: "-", path: "-", status: 408, started: started)
                            if Socket.write(descriptor, response.bytes(closing: true), deadline: writeDeadline, orWake: wake) { lingeringClose(descriptor) }
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
                let response = configuration.intercept?(request) ?? admission?.refusal(of: request)
                    ?? router.respond(to: request, fromLoopback: fromLoopback)
                let keepAlive = request.keepsAlive && isRunning
                record(method: request.method, path: request.path, status: response.status, started: started, note: response.logNote)
                // An answer the client did not take in time ends the connection at once.
                guard Socket.write(descriptor, response.bytes(closing: !keepAlive), deadline: writeDeadline, orWake: wake) else { return }
                guard keepAlive else {
                    lingeringClose(descriptor)
                    return
                }
            case .failure(let error):
                let response = SandboxErrorBody.response(
                    error.status, code: "SANDBOX_MALFORMED_REQUEST", id: "SANDBOX_MALFORMED_REQUEST", message: error.reason)
                record(method: "-", path: "-", status: error.status, started: started)
                if Socket.write(descriptor, response.bytes(closing: true), deadline: writeDeadline, orWake: wake) { lingeringClose(descriptor) }
                return
            case .incomplete:
                return
            }
        }
    }

    /// The deadline of an answer started now: a client that reads slower cannot keep its slot.
    private var writeDeadline: Date { Date(timeIntervalSinceNow: configuration.limits.writeTimeout) }

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
    private func record(method: String, path: String, status: Int, started: Date, note: String? = nil) {
        condition.lock()
        served += 1
        condition.unlock()
        guard let log = configuration.log else { return }
        let milliseconds = Int((Date().timeIntervalSince(started) * 1000).rounded())
        log("\(Self.loggable(method)) \(Self.loggable(path)) \(status) \(milliseconds)ms" + (note.map { " — " + LogRedaction.loggableSentence($0) } ?? ""))
    }

    /// `text` safe for one log line: the one rule, `LogRedaction.loggable(_:)` in the engine (the session's
    /// observer uses it too).
    package static func loggable(_ text: String) -> String {
        LogRedaction.loggable(text)
    }
}
