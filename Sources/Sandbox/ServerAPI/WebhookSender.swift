import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaymentFormConcurrency
import PaymentFormJSON

/// Posts the platform's webhook events to the merchant's URL (`payform sandbox --webhook-url`),
/// one at a time in order, from a thread of its own: every payment transition
/// (`payment.pending_capture`, `payment.captured`, `payment.refunded`, ...), refunds, tokens and
/// payouts. Each event is `{"apiVersion": "v1", "id", "created", "merchantId", "type", <object>}`
/// (`apiVersion` is the webhook format's, `v1` on both platforms, as both SDKs' helpers require),
/// signed with ``WebhookSignature`` (`X-GCS-Signature`, `X-GCS-KeyId`).
///
/// At most ``queueLimit`` events wait (the oldest dropped past it); each post has
/// ``timeout`` seconds and is not retried; the answer is not read beyond its status. Card data
/// never goes into an event beyond what the Server API answers (masked numbers).
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
            guard url.utf8.count <= 2048, url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
                  let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  parsed.host?.isEmpty == false
            else { return "the webhook URL must be an absolute http(s) URL of printable ASCII characters" }
            return nil
        }
    }

    /// The most events waiting to be posted.
    static let queueLimit = 1_000
    /// Seconds per post.
    static let timeout = 5.0

    let configuration: Configuration
    var keyId: String { configuration.keyId }
    var secretKey: String { configuration.secretKey }

    private struct State: Sendable {
        var queue: [[UInt8]] = []
        var running = false
        var stopped = false
        var posted = 0
        var failed = 0
    }

    private let state = LockedValue(State())
    private let log: (@Sendable (String) -> Void)?

    /// A sender for `configuration`; nothing is posted before the first event.
    package init(_ configuration: Configuration, log: (@Sendable (String) -> Void)? = nil) {
        self.configuration = configuration
        self.log = log
    }

    /// Events posted (2xx answers) and failed so far.
    package var counts: (posted: Int, failed: Int) {
        state.withLock { ($0.posted, $0.failed) }
    }

    /// Queues an event of `type` carrying `object` as member `member` (`payment`, `refund`, ...).
    func post(type: String, member: String, object: JSONValue, merchantId: String) {
        let event = JSONValue.object(JSONObject([
            (key: "apiVersion", value: "v1"),
            (key: "id", value: .string(UUID().uuidString.lowercased())),
            (key: "created", value: .string(ServerAPIPayment.isoTimestamp(Date()))),
            (key: "merchantId", value: .string(merchantId)),
            (key: "type", value: .string(type)),
            (key: member, value: object),
        ]))
        let body = JSONWriter().bytes(from: event)
        let start = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.queue.append(body)
            if state.queue.count > Self.queueLimit { state.queue.removeFirst(state.queue.count - Self.queueLimit) }
            if state.running { return false }
            state.running = true
            return true
        }
        // One thread drains the queue and ends when it is empty; the next event starts another.
        if start {
            let thread = Thread { [self] in drain() }
            thread.name = "sandbox-webhooks"
            thread.start()
        }
    }

    /// Stops posting: what is queued is dropped.
    package func stop() {
        state.withLock { state in
            state.stopped = true
            state.queue.removeAll()
        }
    }

    private func drain() {
        while true {
            let next = state.withLock { state -> [UInt8]? in
                guard !state.stopped, !state.queue.isEmpty else {
                    state.running = false
                    return nil
                }
                return state.queue.removeFirst()
            }
            guard let body = next else { return }
            let ok = send(body)
            state.withLock { state in
                if ok { state.posted += 1 } else { state.failed += 1 }
            }
        }
    }

    private func send(_ body: [UInt8]) -> Bool {
        guard let url = URL(string: configuration.url) else { return false }
        var request = URLRequest(url: url, timeoutInterval: Self.timeout)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.setValue(WebhookSignature.signature(of: body, secretKey: configuration.secretKey), forHTTPHeaderField: "X-GCS-Signature")
        request.setValue(configuration.keyId, forHTTPHeaderField: "X-GCS-KeyId")
        let done = DispatchSemaphore(value: 0)
        let status = LockedValue(0)
        let task = URLSession.shared.dataTask(with: request) { _, response, _ in
            status.withLock { $0 = (response as? HTTPURLResponse)?.statusCode ?? 0 }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + Self.timeout + 1) == .timedOut { task.cancel() }
        let code = status.withLock { $0 }
        if !(200..<300).contains(code) { log?("webhook POST answered \(code == 0 ? "nothing" : String(code))") }
        return (200..<300).contains(code)
    }
}
