import Foundation
import PaymentFormConcurrency

/// The sandbox's time: the wall clock plus what tests moved it on by
/// (`POST /sandbox/v1/clock/advance {"seconds": N}`). Settlement (``SandboxSettlement``) and the
/// times a payment shows (`statusCodeChangeDateTime`) read it. Connection threads share it.
package final class SandboxClock: Sendable {
    private let offset = LockedValue<Double>(0)

    /// The most seconds one move takes (a year).
    package static let maximumAdvance = 31_536_000

    package init() {}

    /// Now, in sandbox time.
    package func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    /// Moves sandbox time on by `seconds`; answers the new sandbox time.
    @discardableResult
    package func advance(by seconds: Int) -> Date {
        offset.withLock { $0 += Double(seconds) }
        return now()
    }
}
