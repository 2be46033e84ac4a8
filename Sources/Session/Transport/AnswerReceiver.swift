import Foundation
internal import PaymentFormConcurrency
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
    // `@unchecked Sendable`: all mutable state is in `state`, behind its lock; `limit` is
    // immutable. (The state holds an `any Error` outcome and a data task, which are not
    // `Sendable` themselves, so the compiler cannot check it.)

    /// What arrives and how the wait stands; read and written only with the lock held.
    private struct State {
        var continuation: CheckedContinuation<ClientAPIResponse, any Error>?
        /// The outcome, when it came before the continuation was handed over.
        var outcome: Result<ClientAPIResponse, any Error>?
        var task: URLSessionDataTask?
        var taskEnded = false
        var response: HTTPURLResponse?
        var body: [UInt8] = []
        var isFinished = false
        var deadline: DispatchWorkItem?

        /// Marks the wait finished and returns the continuation to resume, if handed over yet;
        /// otherwise the outcome is kept for ``AnswerReceiver/wait(with:timeout:)``.
        mutating func finish(_ result: Result<ClientAPIResponse, any Error>) -> CheckedContinuation<ClientAPIResponse, any Error>? {
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

    private let state = LockedValue(State())
    private let limit: Int
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
        let known: Result<ClientAPIResponse, any Error>? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            state.deadline = deadline
            return nil
        }
        if let known {
            continuation.resume(with: known)
            return
        }
        Self.queue.asyncAfter(deadline: .now() + timeout, execute: deadline)
    }

    /// Whether the wait has ended (nothing more needs to be sent).
    var hasFinished: Bool {
        state.withLock { $0.isFinished }
    }

    /// Starts `task` (on ``queue``). A receiver that already finished cancels the task instead.
    func start(_ task: URLSessionDataTask) {
        let started = state.withLock { state in
            guard !state.isFinished else { return false }
            state.task = task
            return true
        }
        if started { task.resume() } else { task.cancel() }
    }

    /// The status line and headers. A `Content-Length` past the limit ends the wait before any of
    /// the body is read (unless the body is compressed: then only the inflated bytes count).
    func receive(_ response: URLResponse) {
        guard let http = response as? HTTPURLResponse else { return }
        let encoding = (http.value(forHTTPHeaderField: "Content-Encoding") ?? "identity").lowercased()
        let declared = http.expectedContentLength
        let tooLong = (encoding == "identity" || encoding.isEmpty) && declared > Int64(limit)
        let received = state.withLock { state in
            guard !state.isFinished else { return false }
            state.response = http
            if !tooLong, declared > 0 {
                state.body.reserveCapacity(Int(declared))
            }
            return true
        }
        if received, tooLong { fail(AnswerTooLargeError(statusCode: http.statusCode, limit: limit)) }
    }

    /// A piece of the body (inflated, when the answer was compressed). Past the limit the wait
    /// ends and nothing more is kept.
    func receive(_ data: Data) {
        let limit = limit
        // The status of an answer past the limit, which then ends the wait.
        let overflowStatus: Int? = state.withLock { state in
            guard !state.isFinished else { return nil }
            guard data.count <= limit - state.body.count else { return state.response?.statusCode ?? 0 }
            if state.body.count + data.count > state.body.capacity, state.body.capacity >= Self.smallBodyByteCount,
               limit <= ClientAPIResponse.maximumBodyByteCount {
                // Past 1 MiB, take the limit's address space at once instead of doubling: the
                // untouched pages cost no memory, and doubling would briefly hold old and new buffer
                // (48 MiB for a 32 MiB body). (A transport given a larger limit doubles.)
                state.body.reserveCapacity(limit)
            }
            state.body.append(contentsOf: data)
            return nil
        }
        if let overflowStatus { fail(AnswerTooLargeError(statusCode: overflowStatus, limit: limit)) }
    }

    /// The data task ended: with the answer when there was no error.
    func complete(_ error: (any Error)?) {
        state.withLock { $0.taskEnded = true }
        if let error {
            fail(error)
        } else {
            answer()
        }
    }

    /// Ends the wait with what has arrived: the status, headers and body so far (for an answer
    /// the session takes as final, such as a 401 that asks for credentials).
    func answer() {
        // nil: nothing to answer with (finished already, or no status line yet).
        let ended: (answer: ClientAPIResponse, continuation: CheckedContinuation<ClientAPIResponse, any Error>?)? = state.withLock { state in
            guard !state.isFinished, let response = state.response else { return nil }
            var headers: HTTPHeaders = []
            for (name, value) in response.allHeaderFields {
                if let name = name.base as? String, let value = value as? String {
                    headers.append(HTTPHeaderField(name, value))
                }
            }
            let answer = ClientAPIResponse(statusCode: response.statusCode, headers: headers, body: state.body)
            state.body = []
            return (answer, state.finish(.success(answer)))
        }
        guard let ended else {
            fail(URLError(.badServerResponse))
            return
        }
        ended.continuation?.resume(returning: ended.answer)
    }

    /// Ends the wait with `error` and cancels the data task.
    func fail(_ error: any Error) {
        // nil: the wait had already ended.
        let ended: (continuation: CheckedContinuation<ClientAPIResponse, any Error>?, task: URLSessionDataTask?)? = state.withLock { state in
            guard !state.isFinished else { return nil }
            state.body = []
            let continuation = state.finish(.failure(error))
            return (continuation, state.taskEnded ? nil : state.task)
        }
        guard let ended else { return }
        ended.continuation?.resume(throwing: error)
        if let task = ended.task {
            Self.queue.async { task.cancel() }
        }
    }
}
