import Foundation
import PaymentFormConcurrency

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM as an awaitable event, for long-running commands such as `sandbox`.
///
/// ``install()`` replaces the signals' default action (ending the process) by a handler that
/// writes one byte to a pipe (the only thing a signal handler may safely do); a thread waiting on
/// the pipe's other end remembers the signal and resumes every ``wait()``. A command installs the
/// handlers before it tells anyone it is ready (`sandbox` before its first line), so a signal
/// sent right after that line is never lost and never kills the process: it ends the command,
/// which exits 0. Installing is done once per process; the handlers stay. The waiting thread
/// unblocks both signals for itself, so a process started with them blocked (an inherited signal
/// mask) still hears them.
package enum TerminationSignals {
    /// Whether the handlers are installed, whether a signal came, and who waits for one.
    private struct State: Sendable {
        var installed = false
        var received = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private static let state = LockedValue(State())

    /// Installs the handlers (once; later calls do nothing). From then on SIGINT and SIGTERM no
    /// longer end the process: ``wait()`` returns instead, however early the signal came.
    package static func install() {
        // The whole installation holds the lock, so concurrent first calls install once. (A
        // signal that comes meanwhile waits in the watcher thread until it is done.)
        state.withLock { state in
            guard !state.installed else { return }
            installHandlers(&state)
        }
    }

    /// Makes the pipe, starts the thread that waits on it and installs the handlers (lock held).
    private static func installHandlers(_ state: inout State) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return }  // without a pipe the default action stays
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        // The handler must never block, even if the pipe were full.
        _ = fcntl(descriptors[1], F_SETFL, fcntl(descriptors[1], F_GETFL, 0) | O_NONBLOCK)
        // Set before the handlers exist, so they only ever read an initialised global.
        terminationPipeWriteEnd = descriptors[1]
        state.installed = true
        let readEnd = descriptors[0]
        let watcher = Thread {
            // A process may start with the signals blocked (a parent's mask is inherited, and some
            // launchers block them): they would stay pending forever. This thread takes them.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGINT)
            sigaddset(&signals, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0, errno == EINTR {}
            signalArrived()
        }
        watcher.name = "payform.termination-signals"
        watcher.stackSize = 64 << 10
        watcher.start()
        _ = signal(SIGINT, terminationSignalHandler)
        _ = signal(SIGTERM, terminationSignalHandler)
    }

    /// Returns once the process has got SIGINT or SIGTERM since ``install()`` (which it calls
    /// first, for callers that did not).
    package static func wait() async {
        install()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let received = state.withLock { state in
                if !state.received { state.waiters.append(continuation) }
                return state.received
            }
            if received { continuation.resume() }
        }
    }

    private static func signalArrived() {
        let resumed = state.withLock { state in
            state.received = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for continuation in resumed { continuation.resume() }
    }
}

/// The write end of the signal pipe (set once, before the handlers are installed).
nonisolated(unsafe) private var terminationPipeWriteEnd: Int32 = -1

/// Async-signal-safe: one `write(2)`, errno preserved.
private let terminationSignalHandler: @convention(c) (Int32) -> Void = { _ in
    let savedErrno = errno
    var byte: UInt8 = 1
    _ = write(terminationPipeWriteEnd, &byte, 1)
    errno = savedErrno
}
