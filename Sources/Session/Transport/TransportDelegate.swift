import Foundation
internal import PaymentFormConcurrency
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of a ``URLSessionTransport``'s `URLSession`: passes each task's events to its
/// ``AnswerReceiver`` and refuses what a Client API client must never do.
///
/// - Redirects are not followed: the 3xx answer itself is delivered, and nothing is sent to the
///   `Location` (the session's `Authorization` header would go with it).
/// - HTTP authentication challenges get no credentials: the 401 or 407 is the answer.
///
/// (A session delegate, not a per-task one: FoundationNetworking calls per-task delegates only
/// when the session has a delegate of its own.)
final class TransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked Sendable`: NSObject subclasses cannot be checked; the only state is the lock's.
    private let receivers = LockedValue<[Int: AnswerReceiver]>([:])

    /// Sends `task`'s events to `receiver` until the task completes.
    func register(_ receiver: AnswerReceiver, for task: URLSessionTask) {
        let id = task.taskIdentifier
        receivers.withLock { $0[id] = receiver }
    }

    private func receiver(for task: URLSessionTask, removing: Bool = false) -> AnswerReceiver? {
        let id = task.taskIdentifier
        return receivers.withLock { removing ? $0.removeValue(forKey: id) : $0[id] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        receiver(for: dataTask)?.receive(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        receiver(for: dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // nil: the redirect itself is the answer.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let status = (challenge.failureResponse as? HTTPURLResponse)?.statusCode
        guard status == 401 || status == 407 else {
            // Not an HTTP authentication (TLS server trust, client certificates): the system decides.
            completionHandler(.performDefaultHandling, nil)
            return
        }
        receiver(for: task)?.answer()
        // Off this thread: refusing cancels the task, which waits for the queue this may run on.
        AnswerReceiver.queue.async { completionHandler(.cancelAuthenticationChallenge, nil) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        receiver(for: task, removing: true)?.complete(error)
    }
}
