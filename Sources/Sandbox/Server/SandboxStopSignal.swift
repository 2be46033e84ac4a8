import Foundation

/// Lets work that waits on purpose (the slow test card's answer) end early when the sandbox
/// stops, so ``SandboxServer/stop(timeout:)`` never waits for it.
final class SandboxStopSignal: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var stopped = false

    /// Waits `seconds`, or until ``stop()``; returns at once once stopped.
    func pause(_ seconds: Double) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !stopped {
            if !condition.wait(until: deadline) { return }
        }
    }

    /// Ends every pause, now and later.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
