import Foundation

/// The delegate queue of a webhook post's `URLSession` (``WebhookURLSessionPost``): runs each
/// delegate call at once, on the thread that has the event.
///
/// FoundationNetworking hands every piece of an answer's body to the delegate queue without
/// waiting; on an ordinary queue the pieces pile up there faster than they are dropped, and the
/// session's work queue stays so busy that a task's cancellation lands seconds late or never (a
/// receiver that floods grew the sandbox by hundreds of MB). Run in place, each piece is dropped
/// before the next is read. The delegate therefore never waits on the session: what could
/// (cancelling a task) runs elsewhere.
package final class WebhookInlineQueue: OperationQueue, @unchecked Sendable {
    package override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    package override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    package override func addOperation(_ operation: Operation) {
        operation.start()
    }
}
