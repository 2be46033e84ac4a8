import Foundation

#if canImport(FoundationNetworking)
/// The delegate queue of a ``URLSessionTransport`` on FoundationNetworking: runs each delegate
/// call at once, on the thread that has the event.
///
/// FoundationNetworking reads the socket (and inflates compressed bodies) on its own work queue
/// and hands every piece of the body to the delegate queue without waiting. With an ordinary
/// queue the pieces pile up there faster than they are counted (a delegate that only counted and
/// cancelled at 32 MiB still peaked at 568 MB for a 0.5 MB gzip bomb), and the work queue stays
/// so busy that a task's `cancel()` lands seconds late or never. Run in place, each piece is
/// counted (and dropped past the limit) before the next is read. The transport's delegate
/// therefore never waits on the session (see ``TransportDelegate``): whatever could wait runs on
/// ``AnswerReceiver/queue``.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }
}
#endif
