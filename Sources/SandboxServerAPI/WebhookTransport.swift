/// What carries a webhook post: the sandbox's own HTTP/1.1 client on its sockets for `http://`
/// (``WebhookHTTPPost``: deterministic, reads the status line only), `URLSession` for `https://`
/// (``WebhookURLSessionPost``: the sandbox has no TLS of its own). Tests may pick one for a URL.
package enum WebhookTransport: Sendable, Hashable {
    /// ``WebhookHTTPPost`` (`http://` only).
    case sockets
    /// ``WebhookURLSessionPost``.
    case urlSession

    /// The transport of a URL with `scheme`.
    package static func of(_ scheme: WebhookTarget.Scheme) -> WebhookTransport {
        scheme == .http ? .sockets : .urlSession
    }

    /// Posts `body` with `headers` to `target` over this transport.
    package func post(_ body: [UInt8], headers: [(name: String, value: String)], to target: WebhookTarget, limits: WebhookLimits) -> WebhookOutcome {
        switch self {
        case .sockets:
            guard target.scheme == .http else { return .failed("the sandbox's own client speaks http:// only") }
            return WebhookHTTPPost.post(body, headers: headers, to: target, limits: limits)
        case .urlSession:
            return WebhookURLSessionPost.post(body, headers: headers, to: target, limits: limits)
        }
    }
}
