import Foundation
import Testing
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// The webhook posts against hostile receivers on loopback (issue 52 items 4 and 5): a redirect
/// is never followed (the signed event goes to no other URL), a receiver that never answers,
/// trickles or floods costs a bounded time and answer, the queue is bounded in count and bytes,
/// and one post runs at a time. Times are bounds set small for the test and waited for with
/// generous margins, never measured. One test at a time: FoundationNetworking reads every
/// session's sockets on what is in effect one work queue, so a flood in one test would hold up
/// another's `URLSession` post past its deadline.
@Suite("Webhook delivery against hostile receivers", .serialized, .timeLimit(.minutes(10)))
struct WebhookDeliveryTests {
    static let body = Array(#"{"apiVersion":"v1","type":"payment.captured"}"#.utf8)

    /// Quick bounds, so a hanging receiver costs the test little.
    static let quick = WebhookLimits(connectTimeout: 2, answerTimeout: 0.5, postTimeout: 1)

    /// A sender to `url` over `transport`, its log lines collected.
    static func sender(_ url: String, limits: WebhookLimits = quick, transport: WebhookTransport? = nil) -> (WebhookSender, Shared<[String]>) {
        let lines = Shared<[String]>([])
        let sender = WebhookSender(WebhookSender.Configuration(url: url), limits: limits, transport: transport, log: { lines.append($0) })
        return (sender, lines)
    }

    /// Waits (polling, at most `seconds`) until `sender` has settled `count` events; its counts.
    static func settled(_ sender: WebhookSender, _ count: Int, seconds: Double = 60) async throws -> (posted: Int, failed: Int, dropped: Int) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let counts = sender.counts
            if counts.posted + counts.failed >= count { return counts }
            try await Task.sleep(for: .milliseconds(20))
        }
        return sender.counts
    }

    @Test("302, 303, 307 and 308 are not followed, on either transport: the event and its signature go to the first URL only",
          arguments: [302, 303, 307, 308], [WebhookTransport.sockets, .urlSession])
    func redirectsNotFollowed(status: Int, transport: WebhookTransport) async throws {
        let elsewhere = try LoopbackHTTPServer { _ in .answer(status: 204) }
        defer { elsewhere.stop() }
        let first = try LoopbackHTTPServer { _ in .answer(status: status, headers: [("Location", elsewhere.baseURL + "/stolen")]) }
        defer { first.stop() }
        let (sender, lines) = Self.sender(first.baseURL + "/hooks", limits: WebhookLimits(answerTimeout: 10, postTimeout: 10), transport: transport)
        sender.enqueue(Self.body)
        let counts = try await Self.settled(sender, 1)
        #expect(counts.posted == 0 && counts.failed == 1, "a 3xx is not a delivery: \(counts) \(lines.value)")
        let received = first.requests
        #expect(received.count == 1 && received.first?.target == "/hooks")
        #expect(received.first?.header("X-GCS-Signature") == WebhookSignature.signature(of: Self.body, secretKey: WebhookSender.Configuration.defaultSecretKey))
        #expect(received.first?.body == Self.body)
        // Given time to follow, had it meant to: nothing arrives elsewhere.
        try await Task.sleep(for: .milliseconds(300))
        #expect(elsewhere.requests.isEmpty, "the signed event was re-sent to the Location")
        #expect(lines.value.contains { $0.contains("answered \(status)") && $0.contains("not followed") }, "\(lines.value)")
        #expect(!lines.value.joined().contains(elsewhere.baseURL), "the log names no URL")
    }

    @Test("a sandbox's webhook URL that redirects: the payment's event reaches the first URL only")
    func sandboxRedirect() async throws {
        let elsewhere = try LoopbackHTTPServer { _ in .answer(status: 204) }
        defer { elsewhere.stop() }
        let first = try LoopbackHTTPServer { _ in .answer(status: 307, headers: [("Location", elsewhere.baseURL + "/stolen")]) }
        defer { first.stop() }
        let sandbox = try ClientAPISandbox(.init(webhookURL: first.baseURL + "/hooks"))
        defer { sandbox.stop() }
        let answer = ServerAnswer(sandbox.server.respond(to: ServerAPISigner().request("POST", "/v2/\(sandbox.serverAPI.merchantId)/payments", body: #"{"order": {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}}, "cardPaymentMethodSpecificInput": {"paymentProductId": 1, "card": {"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "123"}}}"#), fromLoopback: true))
        #expect(answer.status == 201)
        let deadline = Date().addingTimeInterval(60)
        // payment.created, then payment.pending_capture.
        while first.requests.count < 2, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(first.requests.count == 2 && first.requests.allSatisfy { $0.header("X-GCS-Signature") != nil })
        #expect(elsewhere.requests.isEmpty)
    }

    @Test("a receiver that never answers: the post fails at its deadline, on either transport", arguments: [WebhookTransport.sockets, .urlSession])
    func neverAnswers(transport: WebhookTransport) async throws {
        let receiver = try LoopbackHTTPServer { _ in .silence }
        defer { receiver.stop() }
        let (sender, lines) = Self.sender(receiver.baseURL + "/hooks", transport: transport)
        sender.enqueue(Self.body)
        let counts = try await Self.settled(sender, 1)
        #expect(counts.failed == 1 && counts.posted == 0, "\(counts)")
        #expect(receiver.requests.count == 1)
        if transport == .sockets { #expect(lines.value.contains { $0.contains("no status line within 0.5 s") }, "\(lines.value)") }
    }

    @Test("a status line that trickles a byte at a time: the post fails at its deadline")
    func tricklingHead() async throws {
        let receiver = try LoopbackHTTPServer { _ in .raw(bytes: Array("HTTP/1.1 200 OK\r\n\r\n".utf8), step: 1, pause: 0.2) }
        defer { receiver.stop() }
        let (sender, lines) = Self.sender(receiver.baseURL + "/hooks")
        sender.enqueue(Self.body)
        let counts = try await Self.settled(sender, 1)
        #expect(counts.failed == 1, "\(counts) \(lines.value)")
    }

    @Test("a 200 whose body trickles or floods without end is delivered at its status line, on either transport; the body is not read",
          arguments: [0.0, 0.05], [WebhookTransport.sockets, .urlSession])
    func endlessBody(pause: Double, transport: WebhookTransport) async throws {
        let receiver = try LoopbackHTTPServer { _ in .endlessChunked(status: 200, pause: pause) }
        defer { receiver.stop() }
        let (sender, lines) = Self.sender(receiver.baseURL + "/hooks", limits: WebhookLimits(answerTimeout: 5, postTimeout: 10), transport: transport)
        for _ in 0..<3 { sender.enqueue(Self.body) }
        let counts = try await Self.settled(sender, 3)
        #expect(counts.posted == 3, "\(counts) \(lines.value)")
        if transport == .sockets {
            // What the kernel took before the connection closed: socket buffers, not a body read.
            #expect(receiver.bodyBytesSent < 48 << 20, "\(receiver.bodyBytesSent) bytes streamed into three posts")
        }
    }

    @Test("answers the sockets' client reads: interim heads skipped, the status line decides, anything else fails", arguments: [
        ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n", true),
        ("HTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\nHTTP/1.0 200 OK\r\n\r\n", true),
        ("HTTP/1.1 200\r\n\r\n", true),
        ("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n", false),
        ("HTTP/1.1 101 Switching Protocols\r\n\r\n", false),
        ("SSH-2.0-OpenSSH_9.6\r\n", false),
        ("HTTP/1.1 2000 OK\r\n\r\n", false),
        ("HTTP/1.1 200 OK", false),
        ("", false),
    ])
    func statusLines(answer: String, delivered: Bool) async throws {
        let receiver = try LoopbackHTTPServer { _ in .raw(bytes: Array(answer.utf8), step: 4096) }
        defer { receiver.stop() }
        let (sender, lines) = Self.sender(receiver.baseURL + "/hooks")
        sender.enqueue(Self.body)
        let counts = try await Self.settled(sender, 1)
        #expect(counts.posted == (delivered ? 1 : 0) && counts.failed == (delivered ? 0 : 1), "\(answer.debugDescription): \(counts) \(lines.value)")
    }

    @Test("a head past the answer bound without a status line fails; no more than the bound is read")
    func headTooLong() async throws {
        let answer = "HTTP/1.1 100 Continue\r\n" + String(repeating: "X-Padding: 0123456789abcdef\r\n", count: 1_000)
        let receiver = try LoopbackHTTPServer { _ in .raw(bytes: Array(answer.utf8), step: 65_536) }
        defer { receiver.stop() }
        let (sender, lines) = Self.sender(receiver.baseURL + "/hooks", limits: WebhookLimits(answerTimeout: 5, postTimeout: 10, answerBytes: 1_024))
        sender.enqueue(Self.body)
        let counts = try await Self.settled(sender, 1)
        #expect(counts.failed == 1)
        #expect(lines.value.contains { $0.contains("within the first 1024 bytes") }, "\(lines.value)")
    }

    @Test("nobody listening: the post fails, the next event is still posted")
    func refusedConnection() async throws {
        let gone = try LoopbackHTTPServer { _ in .answer(status: 204) }
        let url = gone.baseURL + "/hooks"
        gone.stop()
        try await Task.sleep(for: .milliseconds(300))
        let (sender, lines) = Self.sender(url)
        sender.enqueue(Self.body)
        sender.enqueue(Self.body)
        let counts = try await Self.settled(sender, 2)
        #expect(counts.failed == 2, "\(counts) \(lines.value)")
    }

    @Test("the request on the wire: Host, Content-Length, Connection: close, the signature and key id; the path and query as given")
    func requestShape() async throws {
        let receiver = try LoopbackHTTPServer { _ in .answer(status: 204) }
        defer { receiver.stop() }
        let (sender, _) = Self.sender(receiver.baseURL + "/hooks/in?shop=1#fragment")
        sender.enqueue(Self.body)
        let counts = try await Self.settled(sender, 1)
        #expect(counts.posted == 1)
        let request = try #require(receiver.requests.first)
        #expect(request.method == "POST" && request.target == "/hooks/in?shop=1")
        #expect(request.header("Host") == "127.0.0.1:\(receiver.port)")
        #expect(request.header("Content-Length") == String(Self.body.count) && request.header("Connection") == "close")
        #expect(request.header("Content-Type") == "application/json; charset=utf-8")
        #expect(request.header("X-GCS-KeyId") == WebhookSender.Configuration.defaultKeyId)
    }

    @Test("URLs: credentials, other schemes, no host, spaces are refused; the target and Host of those taken", arguments: [
        ("http://127.0.0.1:9/hook", "/hook", "127.0.0.1:9"),
        ("HTTP://example.test", "/", "example.test"),
        ("http://[::1]:8080/a%20b?x=%41", "/a%20b?x=%41", "[::1]:8080"),
        ("https://shop.example/webhooks", "/webhooks", "shop.example"),
    ])
    func targets(url: String, requestTarget: String, host: String) throws {
        let target = try #require(WebhookTarget(url))
        #expect(target.requestTarget == requestTarget && target.hostHeader == host)
        for bad in ["ftp://x/y", "http://", "http://a b/", "/relative", "http://user:secret@127.0.0.1/hook", "http://127.0.0.1:0/x", "http://127.0.0.1:70000/"] {
            #expect(WebhookTarget(bad) == nil, "\(bad)")
            #expect(WebhookSender.Configuration(url: bad).problem != nil, "\(bad)")
        }
    }

    @Test("the queue is bounded in events and in bytes: the oldest waiting are dropped and counted")
    func queueBounds() async throws {
        let receiver = try LoopbackHTTPServer { _ in .silence }
        defer { receiver.stop() }
        let (byCount, countLog) = Self.sender(receiver.baseURL + "/hooks", limits: WebhookLimits(queuedEvents: 10, answerTimeout: 30, postTimeout: 30))
        defer { byCount.stop() }
        for _ in 0..<50 { byCount.enqueue(Self.body) }
        #expect(byCount.queued.events <= 10 && byCount.queued.bytes <= 10 * Self.body.count)
        #expect(byCount.counts.dropped >= 39, "\(byCount.counts)")
        #expect(countLog.value.contains { $0.contains("webhook queue full") })

        let event = [UInt8](repeating: 0x20, count: 300)
        let (byBytes, _) = Self.sender(receiver.baseURL + "/hooks", limits: WebhookLimits(queuedBytes: 1_000, answerTimeout: 30, postTimeout: 30))
        defer { byBytes.stop() }
        for _ in 0..<20 { byBytes.enqueue(event) }
        #expect(byBytes.queued.bytes <= 1_000 && byBytes.queued.events <= 3)
        #expect(byBytes.counts.dropped >= 16)
        byBytes.enqueue([UInt8](repeating: 0x20, count: 1_001))
        #expect(byBytes.queued.bytes <= 1_000, "an event past the byte bound alone is dropped, not kept")
    }

    @Test("one post at a time: while a receiver holds a post without answering, the other events wait")
    func onePostAtATime() async throws {
        let receiver = try LoopbackHTTPServer { _ in .silence }
        defer { receiver.stop() }
        let (sender, _) = Self.sender(receiver.baseURL + "/hooks", limits: WebhookLimits(answerTimeout: 60, postTimeout: 60))
        defer { sender.stop() }
        for _ in 0..<5 { sender.enqueue(Self.body) }
        let deadline = Date().addingTimeInterval(60)
        while receiver.requests.isEmpty, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        // Time enough for four more posts to arrive, were they not waiting: none does.
        try await Task.sleep(for: .milliseconds(500))
        #expect(receiver.requests.count == 1 && receiver.mostConcurrentConnections == 1)
        #expect(sender.queued.events == 4)
    }

    @Test("stop drops what waits; nothing is posted after it")
    func stopDrops() async throws {
        let receiver = try LoopbackHTTPServer { _ in .silence }
        defer { receiver.stop() }
        let (sender, _) = Self.sender(receiver.baseURL + "/hooks", limits: WebhookLimits(answerTimeout: 0.3, postTimeout: 0.5))
        for _ in 0..<5 { sender.enqueue(Self.body) }
        sender.stop()
        #expect(sender.queued.events == 0)
        sender.enqueue(Self.body)
        #expect(sender.queued.events == 0)
        try await Task.sleep(for: .milliseconds(1_500))
        #expect(receiver.requests.count <= 1, "only the post under way at the stop")
    }
}
