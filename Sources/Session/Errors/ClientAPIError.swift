import PaymentFormCore

/// Why a Client API call failed: one error type for every call of a ``ClientSession``.
///
/// ``kind`` says what happened; for an HTTP error status the API's ``errorId`` and ``errors``
/// ride along (`code` or `errorCode`, `message`, `propertyName`). The description is a sentence
/// naming the call, never the client session id or card data:
/// `GET products/99: the Client API answered HTTP 404 (errorId 7c1e…): 1007 UNKNOWN_PRODUCT_ID (productId).`
///
/// ```swift
/// do {
///     let product = try await session.paymentProduct(withId: "1", context: paymentContext)
/// } catch let error where error.kind == .http(status: 404) {
///     // not offered in this context
/// }
/// ```
public struct ClientAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure: no answer, too late, cancelled, an HTTP error status, an unreadable
    /// answer, or an unusable configuration.
    public enum Kind: Sendable, Hashable {
        /// No answer: the host could not be reached, the connection broke, TLS failed, ...
        case network
        /// No complete answer within the configured timeout.
        case timeout
        /// The calling task was cancelled.
        case cancelled
        /// The API answered with an error status (see ``ClientAPIError/errorId`` and ``ClientAPIError/errors``).
        case http(status: Int)
        /// The answer is not the JSON the call expects; `path` is where in the document.
        case decoding(path: String)
        /// The session's configuration (or a call's argument) cannot be used; nothing was sent.
        case configuration
    }

    /// Which kind of failure it was.
    public let kind: Kind
    /// The call, as method and path below the customer (`GET products/1`), when one was made.
    public let call: String?
    /// The API's error id, for an HTTP error status with a readable body.
    public let errorId: String?
    /// The API's errors, for an HTTP error status with a readable body.
    public let errors: [ClientAPIErrorResponse.Item]
    /// What was wrong, in words (no card data, no session id).
    public let reason: String

    /// An error.
    package init(kind: Kind, call: String? = nil, reason: String, errorId: String? = nil, errors: [ClientAPIErrorResponse.Item] = []) {
        self.kind = kind
        self.call = call
        self.reason = reason
        self.errorId = errorId
        self.errors = errors
    }

    /// A configuration error.
    init(configuration reason: String) {
        self.init(kind: .configuration, reason: reason)
    }

    /// The HTTP status, for ``Kind/http(status:)``.
    public var httpStatus: Int? {
        if case .http(let status) = kind { return status }
        return nil
    }

    /// A stable identifier for programs (the CLI's error code): `network_error`, `timeout`,
    /// `cancelled`, `http_error`, `malformed_answer`, `invalid_configuration`.
    public var code: String {
        switch kind {
        case .network: "network_error"
        case .timeout: "timeout"
        case .cancelled: "cancelled"
        case .http: "http_error"
        case .decoding: "malformed_answer"
        case .configuration: "invalid_configuration"
        }
    }

    /// A sentence: the call, what happened, and the API's errors.
    public var description: String {
        var text = call.map { "\($0): " } ?? ""
        text += reason
        if case .http = kind {
            if let errorId { text += " (errorId \(errorId))" }
            let items = errors.map { item in
                var parts = [item.code, item.message].compactMap { $0 }.joined(separator: " ")
                if let property = item.propertyName { parts += " (\(property))" }
                return parts
            }.filter { !$0.isEmpty }
            if !items.isEmpty { text += ": " + items.joined(separator: "; ") }
        }
        return text.hasSuffix(".") ? text : text + "."
    }
}
