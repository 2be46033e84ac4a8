import Foundation
import PaymentFormConcurrency
import PaymentFormJSON

/// Posts the platform's webhook events to the merchant's URL (`payform sandbox --webhook-url`),
/// one at a time in order, from a thread of its own: every payment transition
/// (`payment.pending_capture`, `payment.captured`, `payment.refunded`, ...), refunds, tokens and
/// payouts. Each event is `{"apiVersion": "v1", "id", "created", "merchantId", "type", <object>}`
/// (`apiVersion` is the webhook format's, `v1` on both platforms, as both SDKs' helpers require),
/// signed with ``WebhookSignature`` (`X-GCS-Signature`, `X-GCS-KeyId`).
///
/// Bounded whatever the receiver does (``WebhookLimits``): at most 1,000 events or 4 MiB wait
/// (the oldest dropped past either); one post at a time, each with 2 s to connect, 5 s to the
/// answer's status line and 5 s in all, not retried; of the answer only the status line is read
/// (a 2xx counts as delivered), never the body, and a redirect is never followed (the 3xx is the
/// answer: the signed event goes to no other URL). `http://` posts go over the sandbox's own
/// sockets (``WebhookHTTPPost``), `https://` posts through `URLSession` with a delegate that
/// cancels at the answer's head (``WebhookURLSessionPost``). Card data never goes into an event
/// beyond what the Server API answers (masked numbers).
package final class WebhookSender: Sendable {
    /// Where events go, and what signs them.
    package struct Configuration: Sendable, Hashable {
        /// An absolute `http` or `https` URL.
        package var url: String
        /// `X-GCS-KeyId`.
        package var keyId: String
        /// The secret of the signature.
        package var secretKey: String

        /// The default key id: a public test value.
        package static let defaultKeyId = "sandbox-webhook-key-NOT-FOR-PRODUCTION"
        /// The default secret: a public test value, in this repository's docs. Never for anything real.
        package static let defaultSecretKey = "sandbox-webhook-secret-NOT-FOR-PRODUCTION-00000000"

        /// A configuration; the key id and secret default to the documented test values.
        package init(url: String, keyId: String = defaultKeyId, secretKey: String = defaultSecretKey) {
            self.url = url
            self.keyId = keyId
            self.secretKey = secretKey
        }

        /// Why the URL cannot be used, or `nil`.
        package var problem: String? {
            WebhookTarget(url) == nil ? "the webhook URL must be an absolute http(s) URL of printable ASCII characters, without user:password@" : nil
        }
    }

    package let configuration: Configuration
    package var keyId: String { configuration.keyId }
    package var secretKey: String { configuration.secretKey }
    /// The bounds of the queue and of each post.
    package let limits: WebhookLimits
    private let target: WebhookTarget?
    private let transport: WebhookTransport?

    private struct State: Sendable {
        package var queue: [[UInt8]] = []
        /// Where the queue starts (events before it were taken).
        package var head = 0
        package var queuedBytes = 0
        package var running = false
        package var stopped = false
        package var posted = 0
        package var failed = 0
        package var dropped = 0
    }

    private let state = LockedValue(State())
    private let log: (@Sendable (String) -> Void)?

    /// A sender for `configuration` within `limits`; nothing is posted before the first event.
    /// `transport` is the URL scheme's unless a test names one.
    package init(_ configuration: Configuration, limits: WebhookLimits = WebhookLimits(), transport: WebhookTransport? = nil,
                 log: (@Sendable (String) -> Void)? = nil) {
        self.configuration = configuration
        self.limits = limits
        let target = WebhookTarget(configuration.url)
        self.target = target
        self.transport = transport ?? target.map { WebhookTransport.of($0.scheme) }
        self.log = log
    }

    /// Events posted (2xx answers), failed (any other answer, or none) and dropped from a full queue so far.
    package var counts: (posted: Int, failed: Int, dropped: Int) {
        state.withLock { ($0.posted, $0.failed, $0.dropped) }
    }

    /// Events waiting to be posted, and their bytes.
    package var queued: (events: Int, bytes: Int) {
        state.withLock { ($0.queue.count - $0.head, $0.queuedBytes) }
    }

    /// Queues an event of `type` carrying `object` as member `member` (`payment`, `refund`, ...).
    package func post(type: String, member: String, object: JSONValue, merchantId: String) {
        let event = JSONValue.object(JSONObject([
            (key: "apiVersion", value: "v1"),
            (key: "id", value: .string(UUID().uuidString.lowercased())),
            (key: "created", value: .string(ServerAPIPayment.isoTimestamp(Date()))),
            (key: "merchantId", value: .string(merchantId)),
            (key: "type", value: .string(type)),
            (key: member, value: object),
        ]))
        enqueue(JSONWriter().bytes(from: event))
    }

    /// Queues an event's body, dropping the oldest waiting while past a bound (the newest is
    /// kept unless it alone is past the byte bound), and starts the posting thread when none runs.
    package func enqueue(_ body: [UInt8]) {
        let (start, dropped) = state.withLock { state -> (Bool, Int) in
            guard !state.stopped else { return (false, 0) }
            guard body.count <= limits.queuedBytes else {
                state.dropped += 1
                return (false, 1)
            }
            state.queue.append(body)
            state.queuedBytes += body.count
            var dropped = 0
            while state.queue.count - state.head > limits.queuedEvents || state.queuedBytes > limits.queuedBytes {
                state.queuedBytes -= state.queue[state.head].count
                state.queue[state.head] = []
                state.head += 1
                dropped += 1
            }
            state.dropped += dropped
            Self.compact(&state)
            if state.running { return (false, dropped) }
            state.running = true
            return (true, dropped)
        }
        if dropped > 0 { log?("webhook queue full (\(limits.queuedEvents) events or \(limits.queuedBytes / 1024) KiB): the \(dropped == 1 ? "oldest event" : "\(dropped) oldest events") dropped") }
        // One thread drains the queue and ends when it is empty; the next event starts another.
        if start {
            let thread = Thread { [self] in drain() }
            thread.name = "sandbox-webhooks"
            thread.start()
        }
    }

    /// Stops posting: what is queued is dropped; a post under way ends within its deadlines.
    package func stop() {
        state.withLock { state in
            state.stopped = true
            state.queue.removeAll()
            state.head = 0
            state.queuedBytes = 0
        }
    }

    private static func compact(_ state: inout State) {
        if state.head > 0, state.head * 2 >= state.queue.count {
            state.queue.removeFirst(state.head)
            state.head = 0
        }
    }

    private func drain() {
        while true {
            let next = state.withLock { state -> [UInt8]? in
                guard !state.stopped, state.head < state.queue.count else {
                    state.running = false
                    return nil
                }
                let body = state.queue[state.head]
                state.queue[state.head] = []
                state.head += 1
                state.queuedBytes -= body.count
                Self.compact(&state)
                return body
            }
            guard let body = next else { return }
            let outcome = send(body)
            state.withLock { state in
                if outcome.isDelivered { state.posted += 1 } else { state.failed += 1 }
            }
            if !outcome.isDelivered { log?(outcome.logLine) }
        }
    }

    private func send(_ body: [UInt8]) -> WebhookOutcome {
        guard let target, let transport else { return .failed("the webhook URL cannot be read") }
        let headers = [
            (name: "Content-Type", value: "application/json; charset=utf-8"),
            (name: "User-Agent", value: "payform-sandbox-webhooks"),
            (name: "X-GCS-Signature", value: WebhookSignature.signature(of: body, secretKey: configuration.secretKey)),
            (name: "X-GCS-KeyId", value: configuration.keyId),
        ]
        return transport.post(body, headers: headers, to: target, limits: limits)
    }
}
