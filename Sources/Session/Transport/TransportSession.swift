import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLSession` a ``URLSessionTransport`` sends on, with the transport's delegate, and the
/// one place that creates and starts its tasks: on ``AnswerReceiver/queue``, never on the
/// caller's thread.
///
/// (On FoundationNetworking, creating or starting a task waits for a work queue that every
/// session of the process shares in effect: while a server floods an answer the transport has
/// already given up on, until its cancellation is through, other requests can take that long to
/// start. A blocked caller thread would be a thread of Swift concurrency's small pool; a blocked
/// thread of ``AnswerReceiver/queue`` harms nobody, and the caller's deadline still holds.)
final class TransportSession: @unchecked Sendable {
    private let session: URLSession
    private let delegate = TransportDelegate()

    /// A session made from `configuration`, with cookies, cache and credential storage switched off.
    init(_ configuration: URLSessionConfiguration) {
        let configuration = configuration.copy() as? URLSessionConfiguration ?? .ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        #if canImport(FoundationNetworking)
        let queue: OperationQueue = InlineDelegateQueue()
        #else
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        #endif
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        // Returns at once; the session lets go of the delegate once its tasks have ended.
        session.finishTasksAndInvalidate()
    }

    /// Creates a task for `request` with its events going to `receiver`, and starts it (unless the
    /// receiver has finished meanwhile).
    func start(_ request: URLRequest, receiver: AnswerReceiver) {
        AnswerReceiver.queue.async { [self] in
            guard !receiver.hasFinished else { return }
            let task = session.dataTask(with: request)
            delegate.register(receiver, for: task)
            receiver.start(task)
        }
    }
}
