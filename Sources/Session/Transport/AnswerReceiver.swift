import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request's answer as it arrives: the status and headers, the body up to the limit, and the
/// one continuation to resume, by whichever comes first: the complete answer, a failure, the
/// deadline, the limit or the caller's cancellation.
///
/// Everything that ends the wait resumes the caller at once; the data task is then cancelled on
/// ``queue`` and whatever it still delivers is dropped. The caller never waits for
/// FoundationNetworking: a task's `resume()` and `cancel()` wait for the session's work queue,
/// which a flooding answer can keep busy for as long as the flood lasts.
final class AnswerReceiver: @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var continuation: CheckedContinuation<ClientAPIResponse, any Error>?
    /// The outcome, when it came before the continuation was handed over.
    private var outcome: Result<ClientAPIResponse, any Error>?
    private var task: URLSessionDataTask?
    private var taskEnded = false
    private var response: HTTPURLResponse?
    private var body: [UInt8] = []
    private var isFinished = false
    private var deadline: DispatchWorkItem?
    /// Bodies grow by doubling up to this size (most answers are a few KiB).
    private static let smallBodyByteCount = 1 << 20

    /// Where deadlines fire and tasks are created, started and cancelled. A queue of its own, not
    /// a global one and never the caller's thread: those calls can block until the session's work
    /// queue takes them, and a queue made with a label gets a fresh thread when its threads
    /// block, where the global queues' and Swift concurrency's few threads can all be taken.
    static let queue = DispatchQueue(label: "PaymentFormSession.URLSessionTransport", attributes: .concurrent)

    /// A receiver that reads at most `limit` body bytes.
    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Hands over the continuation to resume (at once when the outcome is already known), and
    /// ends the wait with `URLError(.timedOut)` after `timeout` seconds.
    func wait(with continuation: CheckedContinuation<ClientAPIResponse, any Error>, timeout: TimeInterval) {
        let deadline = DispatchWorkItem { [weak self] in self?.fail(URLError(.timedOut)) }
        lock.lock()
        if let outcome {
            lock.unlock()
            continuation.resume(with: outcome)
            return
        }
        self.continuation = continuation
        self.deadline = deadline
        lock.unlock()
        Self.queue.asyncAfter(deadline: .now() + timeout, execute: deadline)
    }

    /// Whether the wait has ended (nothing more needs to be sent).
    var hasFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isFinished
    }

    /// Starts `task` (on ``queue``). A receiver that already finished cancels the task instead.
    func start(_ task: URLSessionDataTask) {
        lock.lock()
        guard !isFinished else {
            lock.unlock()
            task.cancel()
            return
        }
        self.task = task
        lock.unlock()
        task.resume()
    }

    /// The status line and headers. A `Content-Length` past the limit ends the wait before any of
    /// the body is read (unless the body is compressed: then only the inflated bytes count).
    func receive(_ response: URLResponse) {
        guard let http = response as? HTTPURLResponse else { return }
        lock.lock()
        guard !isFinished else {
            lock.unlock()
            return
        }
        self.response = http
        let encoding = (http.value(forHTTPHeaderField: "Content-Encoding") ?? "identity").lowercased()
        let declared = http.expectedContentLength
        let tooLong = (encoding == "identity" || encoding.isEmpty) && declared > Int64(limit)
        if !tooLong, declared > 0 {
            body.reserveCapacity(Int(declared))
        }
        lock.unlock()
        if tooLong { fail(AnswerTooLargeError(statusCode: http.statusCode, limit: limit)) }
    }

    /// A piece of the body (inflated, when the answer was compressed). Past the limit the wait
    /// ends and nothing more is kept.
    func receive(_ data: Data) {
        lock.lock()
        guard !isFinished else {
            lock.unlock()
            return
        }
        guard data.count <= limit - body.count else {
            let status = response?.statusCode ?? 0
            lock.unlock()
            fail(AnswerTooLargeError(statusCode: status, limit: limit))
            return
        }
        if body.count + data.count > body.capacity, body.capacity >= Self.smallBodyByteCount,
           limit <= ClientAPIResponse.maximumBodyByteCount {
            // Past 1 MiB, take the limit's address space at once instead of doubling: the
            // untouched pages cost no memory, and doubling would briefly hold old and new buffer
            // (48 MiB for a 32 MiB body). (A transport given a larger limit doubles.)
            body.reserveCapacity(limit)
        }
        body.append(contentsOf: data)
        lock.unlock()
    }

    /// The data task ended: with the answer when there was no error.
    func complete(_ error: (any Error)?) {
        lock.lock()
        taskEnded = true
        lock.unlock()
        if let error {
            fail(error)
        } else {
            answer()
        }
    }

    /// Ends the wait with what has arrived: the status, headers and body so far (for an answer
    /// the session takes as final, such as a 401 that asks for credentials).
    func answer() {
        lock.lock()
        guard !isFinished, let response else {
            lock.unlock()
            fail(URLError(.badServerResponse))
            return
        }
        var headers: [HTTPHeaderField] = []
        for (name, value) in response.allHeaderFields {
            if let name = name.base as? String, let value = value as? String {
                headers.append(HTTPHeaderField(name, value))
            }
        }
        let answer = ClientAPIResponse(statusCode: response.statusCode, headers: headers, body: body)
        body = []
        let continuation = finish(.success(answer))
        lock.unlock()
        continuation?.resume(returning: answer)
    }

    /// Ends the wait with `error` and cancels the data task.
    func fail(_ error: any Error) {
        lock.lock()
        guard !isFinished else {
            lock.unlock()
            return
        }
        body = []
        let continuation = finish(.failure(error))
        let task = taskEnded ? nil : self.task
        lock.unlock()
        continuation?.resume(throwing: error)
        if let task {
            Self.queue.async { task.cancel() }
        }
    }

    /// Marks the receiver finished (lock held) and returns the continuation to resume, if handed
    /// over yet; otherwise the outcome is kept for ``wait(with:timeout:)``.
    private func finish(_ result: Result<ClientAPIResponse, any Error>) -> CheckedContinuation<ClientAPIResponse, any Error>? {
        isFinished = true
        deadline?.cancel()
        deadline = nil
        guard let continuation else {
            outcome = result
            return nil
        }
        self.continuation = nil
        return continuation
    }
}
