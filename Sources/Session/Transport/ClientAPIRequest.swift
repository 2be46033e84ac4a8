import Foundation

/// One HTTP request to the Client API, as a `ClientAPITransport` sends it.
///
/// Its description names the method and path only: the headers carry the client session id and
/// bodies may carry the first digits of a card number or customer data.
package struct ClientAPIRequest: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `GET` or `POST`.
    package var method: String
    /// The full URL, query included.
    package var url: URL
    /// The header fields, in the order to send them.
    package var headers: HTTPHeaders
    /// The body (JSON for the Client API's POST calls), or `nil`.
    package var body: [UInt8]?
    /// How long the transport may wait for the answer.
    package var timeout: TimeInterval

    /// A request.
    package init(method: String, url: URL, headers: HTTPHeaders = [], body: [UInt8]? = nil, timeout: TimeInterval = 30) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of the first header field named `name` (ASCII case-insensitive).
    package func header(_ name: String) -> String? {
        headers[name]
    }

    /// Method and path (as sent, percent-encoded); never the headers, the query or the body.
    package var description: String { "\(method) \(encodedPath)" }

    private var encodedPath: String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
    }

    /// Same as ``description``.
    package var debugDescription: String { description }

    /// Method and path only (`dump` stays safe).
    package var customMirror: Mirror {
        Mirror(self, children: ["method": method, "path": encodedPath], displayStyle: .struct)
    }
}
