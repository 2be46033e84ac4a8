/// How one webhook post ended: the receiver's status (only a 2xx counts as delivered; a 3xx is
/// an answer like any other, never followed), or why there was none.
package enum WebhookOutcome: Sendable, Hashable {
    /// The answer's status line said `status`; nothing after it was read.
    case answered(status: Int)
    /// No status: no connection, no answer in time, an answer that is not HTTP, ...
    case failed(String)

    /// Whether the receiver took the event (2xx).
    package var isDelivered: Bool {
        if case .answered(let status) = self { return (200..<300).contains(status) }
        return false
    }

    /// What the log says of a post that was not delivered; never the URL, the body or its signature.
    package var logLine: String {
        switch self {
        case .answered(let status) where (300..<400).contains(status):
            "webhook POST answered \(status) (redirects are not followed)"
        case .answered(let status):
            "webhook POST answered \(status)"
        case .failed(let reason):
            "webhook POST failed: \(reason)"
        }
    }
}
