import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default `ClientAPITransport`: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// It never trusts the server:
/// - **Bounded reads.** It reads at most ``ClientAPIResponse/maximumBodyByteCount`` (32 MiB) of a
///   body, counted as the bytes arrive and after any decompression, then stops reading, drops the
///   connection and throws ``AnswerTooLargeError``. It asks for `Accept-Encoding: identity`; a
///   server that compresses anyway is counted by the inflated bytes.
/// - **No redirects.** A 3xx answer is returned as it is; nothing is sent to its `Location` (the
///   Client API never redirects, and the request's `Authorization` would go along).
/// - **No credentials.** A 401 or 407 asking for HTTP authentication is returned as it is.
/// - **A deadline.** The whole answer must arrive within the request's ``ClientAPIRequest/timeout``,
///   else `URLError(.timedOut)`, however steadily the server trickles.
/// - **Prompt cancellation.** Cancelling the calling task throws `CancellationError` at once.
///
/// It uses an ephemeral configuration by default: no cookies, no URL cache, no credential
/// storage, so nothing of a session outlives it on disk.
///
/// ```swift
/// let session = try ClientSession(configuration, transport: URLSessionTransport())
/// ```
package struct URLSessionTransport: ClientAPITransport {
    private let sessions: TransportSession
    private let maximumBodyByteCount: Int

    /// A transport on its own `URLSession` made from `configuration` (cookies, cache and
    /// credential storage are switched off whatever it says), or on a shared ephemeral session
    /// when `nil`; it reads at most `maximumBodyByteCount` bytes of each body.
    ///
    /// The transport is the session's delegate — that is how it counts the bytes and refuses
    /// redirects — so it takes a configuration, not a ready `URLSession`.
    package init(configuration: URLSessionConfiguration? = nil, maximumBodyByteCount: Int = ClientAPIResponse.maximumBodyByteCount) {
        sessions = configuration.map { TransportSession($0) } ?? Self.shared
        self.maximumBodyByteCount = max(0, maximumBodyByteCount)
    }

    /// One session for every default transport (sessions are expensive to create, and a shared
    /// one reuses connections).
    private static let shared = TransportSession(.ephemeral)

    /// Sends `request` with a data task and waits for the whole answer, within the limits above.
    /// (`URLSession.data(for:)` is not used: it is missing from some Linux Foundations, and it
    /// would read the whole body before anyone could count it.)
    package func send(_ request: ClientAPIRequest) async throws -> ClientAPIResponse {
        let timeout = request.timeout > 0 ? min(request.timeout, 86_400) : 0
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for field in request.headers {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        if request.header("Accept-Encoding") == nil {
            urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        }
        urlRequest.httpBody = request.body.map { Data($0) }
        let receiver = AnswerReceiver(limit: maximumBodyByteCount)
        let sessions = self.sessions
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard timeout > 0 else {
                    receiver.fail(URLError(.timedOut))
                    receiver.wait(with: continuation, timeout: 0)
                    return
                }
                receiver.wait(with: continuation, timeout: timeout)
                sessions.start(urlRequest, receiver: receiver)
            }
        } onCancel: {
            receiver.fail(CancellationError())
        }
    }
}
