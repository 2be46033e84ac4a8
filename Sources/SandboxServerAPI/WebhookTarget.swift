import Foundation

/// Where the webhook posts go: `--webhook-url` read once, as an absolute `http` or `https` URL of
/// printable ASCII without credentials (a `user:password@` part is refused, not sent) and without
/// a fragment's effect (it is not sent).
///
/// ```swift
/// let target = WebhookTarget("http://127.0.0.1:8099/hooks?shop=1")
/// target?.requestTarget   // "/hooks?shop=1"
/// target?.hostHeader      // "127.0.0.1:8099"
/// ```
package struct WebhookTarget: Sendable, Hashable {
    /// The URL's scheme: which transport posts (``WebhookTransport``).
    package enum Scheme: String, Sendable, Hashable {
        case http, https
    }

    package let scheme: Scheme
    /// The host to connect to: a name or an address, IPv6 without its brackets.
    package let host: String
    /// The URL's port, else the scheme's (80, 443).
    package let port: Int
    /// The path and query as sent in the request line (`/` when the URL has no path).
    package let requestTarget: String
    /// The `Host` header: the URL's host (IPv6 in brackets) and its port when the URL names one.
    package let hostHeader: String
    /// The URL as given.
    package let url: String

    /// The target of `url`, or `nil` when it is not an absolute http(s) URL of printable ASCII
    /// with a host, or carries credentials.
    package init?(_ url: String) {
        guard url.utf8.count <= 2048, url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
              let components = URLComponents(string: url), let scheme = components.scheme.flatMap({ Scheme(rawValue: $0.lowercased()) }),
              var host = components.percentEncodedHost, !host.isEmpty, components.user == nil, components.password == nil
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains("%") else { return nil }
        if let port = components.port {
            guard (1...65_535).contains(port) else { return nil }
            self.port = port
        } else {
            port = scheme == .http ? 80 : 443
        }
        self.scheme = scheme
        self.host = host
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        guard path.hasPrefix("/") else { return nil }
        requestTarget = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let shownHost = host.contains(":") ? "[\(host)]" : host
        hostHeader = components.port.map { "\(shownHost):\($0)" } ?? shownHost
        self.url = url
    }
}
