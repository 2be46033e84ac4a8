/// Sends one HTTP request and returns the answer, whatever its status: the only thing a
/// ``ClientSession`` needs from the network.
///
/// `URLSessionTransport` is the default. Tests, the sandbox and apps with their own HTTP stack
/// inject others. A transport must end promptly with `CancellationError` (or a
/// `URLError.cancelled`) when its task is cancelled: the session's timeouts and cancellation rely
/// on it. It must not follow redirects (the request's `Authorization` would go to the `Location`;
/// return the 3xx, which the session reports as an error), and it should stop reading a body past
/// ``ClientAPIResponse/maximumBodyByteCount`` (throwing ``AnswerTooLargeError``) rather than hold
/// whatever a server sends.
///
/// ```swift
/// struct CannedTransport: ClientAPITransport {
///     func send(_ request: ClientAPIRequest) async throws -> ClientAPIResponse {
///         ClientAPIResponse(statusCode: 200, body: Array(#"{"paymentProducts": []}"#.utf8))
///     }
/// }
/// ```
package protocol ClientAPITransport: Sendable {
    /// Sends `request`; throws only when no answer arrived (network failure, cancellation).
    func send(_ request: ClientAPIRequest) async throws -> ClientAPIResponse
}
