import PaymentFormConcurrency

/// Lines collected from a log callback (a sandbox's, a session's), safe to append to from any
/// thread.
package final class LogLines: Sendable {
    private let lines = LockedValue<[String]>([])

    package init() {}

    /// Adds one line.
    package func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// Every line so far, in order.
    package var all: [String] {
        lines.withLock { $0 }
    }
}
