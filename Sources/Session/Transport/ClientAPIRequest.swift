import Foundation

/// One HTTP request to the Client API, as a ``ClientAPITransport`` sends it.
///
/// Its description names the method and path only: the headers carry the client session id and
/// bodies may carry the first digits of a card number or customer data.
public struct ClientAPIRequest: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `GET` or `POST`.
    public var method: String
    /// The full URL, query included.
    public var url: URL
    /// The header fields, in the order to send them.
    public var headers: [HTTPHeaderField]
    /// The body (JSON for the Client API's POST calls), or `nil`.
    public var body: [UInt8]?
    /// How long the transport may wait for the answer.
    public var timeout: TimeInterval

    /// A request.
    public init(method: String, url: URL, headers: [HTTPHeaderField] = [], body: [UInt8]? = nil, timeout: TimeInterval = 30) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The value of the first header field named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Method and path (as sent, percent-encoded); never the headers, the query or the body.
    public var description: String { "\(method) \(encodedPath)" }

    private var encodedPath: String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// Method and path only (`dump` stays safe).
    public var customMirror: Mirror {
        Mirror(self, children: ["method": method, "path": encodedPath], displayStyle: .struct)
    }
}

/// One HTTP header field.
public struct HTTPHeaderField: Sendable, Hashable {
    /// The field name (`Authorization`).
    public var name: String
    /// The field value.
    public var value: String

    /// A header field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
