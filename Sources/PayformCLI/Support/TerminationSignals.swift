import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM as an awaitable event, for long-running commands such as `sandbox`.
package enum TerminationSignals {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Returns when the process gets SIGINT or SIGTERM (their default action, ending the process,
    /// is turned off from the first call on).
    package static func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = ResumeOnce(continuation)
            let queue = DispatchQueue(label: "payform.termination-signals")
            lock.lock()
            defer { lock.unlock() }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { resumed.resume() }
                source.resume()
                sources.append(source)
            }
        }
    }

    private final class ResumeOnce: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Void, Never>?

        init(_ continuation: CheckedContinuation<Void, Never>) {
            self.continuation = continuation
        }

        func resume() {
            lock.lock()
            let continuation = self.continuation
            self.continuation = nil
            lock.unlock()
            continuation?.resume()
        }
    }
}
