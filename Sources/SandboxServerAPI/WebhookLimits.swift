/// The bounds of the webhook posts (``WebhookSender``): whatever the receiver does (never
/// answers, trickles, floods, redirects), a post ends within ``postTimeout`` and costs at most
/// ``answerBytes`` of its answer, and what waits to be posted is bounded in count and bytes.
package struct WebhookLimits: Sendable, Hashable {
    /// The most events waiting to be posted (the oldest dropped past it).
    package var queuedEvents: Int
    /// The most bytes of events waiting to be posted (the oldest dropped past it).
    package var queuedBytes: Int
    /// Seconds to connect (the host name's resolution aside: the system's, on `http://`).
    package var connectTimeout: Double
    /// Seconds from the request's last byte to the answer's status line.
    package var answerTimeout: Double
    /// Seconds per post in all: connect, send, the answer's status line.
    package var postTimeout: Double
    /// The most bytes of an answer read (`http://`): its status line, and any `1xx` interim heads
    /// before it. The body is never read.
    package var answerBytes: Int

    /// The posts run one at a time, in order, from one thread: never more than one at once.
    package static let concurrentPosts = 1

    /// Limits; the defaults are those `payform sandbox` documents: 1,000 events or 4 MiB
    /// waiting, 2 s to connect, 5 s to the answer's status line and per post, 8 KiB of answer.
    package init(
        queuedEvents: Int = 1_000, queuedBytes: Int = 4 << 20, connectTimeout: Double = 2, answerTimeout: Double = 5, postTimeout: Double = 5,
        answerBytes: Int = 8 << 10
    ) {
        self.queuedEvents = max(1, queuedEvents)
        self.queuedBytes = max(1, queuedBytes)
        self.connectTimeout = connectTimeout
        self.answerTimeout = answerTimeout
        self.postTimeout = postTimeout
        self.answerBytes = max(64, answerBytes)
    }
}
