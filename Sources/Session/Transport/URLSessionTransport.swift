import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default `ClientAPITransport`: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// It uses an ephemeral configuration: no cookies, no URL cache, no credential storage, so
/// nothing of a session outlives it on disk. Task cancellation cancels the data task.
///
/// ```swift
/// let session = try ClientSession(configuration, transport: URLSessionTransport())
/// ```
package struct URLSessionTransport: ClientAPITransport {
    private let session: URLSession

    /// A transport on `session`, or on a shared ephemeral session when `nil`.
    package init(session: URLSession? = nil) {
        self.session = session ?? Self.sharedSession
    }

    /// One ephemeral `URLSession` for every default transport (sessions are expensive to create).
    private static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        return URLSession(configuration: configuration)
    }()

    /// Sends `request` with a data task. `URLSession.data(for:)` is not used: it is missing from
    /// some Linux Foundations, and the completion-handler task behaves the same everywhere.
    package func send(_ request: ClientAPIRequest) async throws -> ClientAPIResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        for field in request.headers {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body.map { Data($0) }
        let handle = DataTaskHandle()
        let session = self.session
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ClientAPIResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                        return
                    }
                    var headers: [HTTPHeaderField] = []
                    for (name, value) in http.allHeaderFields {
                        if let name = name.base as? String, let value = value as? String {
                            headers.append(HTTPHeaderField(name, value))
                        }
                    }
                    continuation.resume(returning: ClientAPIResponse(statusCode: http.statusCode, headers: headers, body: Array(data ?? Data())))
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// The data task of one send, so cancellation can reach it whichever comes first: the task's
/// start or the cancellation.
private final class DataTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = isCancelled
        lock.unlock()
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
