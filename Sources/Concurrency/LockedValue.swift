#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that several threads share, guarded by a lock: every read and write goes through
/// ``withLock(_:)``, so no access races another.
///
/// ```swift
/// let hits = LockedValue(0)
/// hits.withLock { $0 += 1 }
/// let seen = hits.withLock { $0 }
/// ```
///
/// The body runs synchronously with the lock held: it cannot `await`, so no lock is ever held
/// across a suspension. Keep it short, do not call back into code that may take the same lock
/// (the lock is not recursive), and do slow or re-entrant work (resuming a continuation,
/// cancelling a task, compiling a pattern) after it returns, with what it handed out.
///
/// It is a class because the lock and the value are shared by whoever holds it. The lock is the
/// system's `pthread_mutex_t` (the standard library's `Mutex` needs macOS 15 / iOS 18; the package
/// supports older systems); in WebAssembly, where the engine runs on one thread, there is none.
package final class LockedValue<Value> {
    #if !arch(wasm32)
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    @usableFromInline var value: Value

    /// A lock around `value`.
    @inlinable
    package init(_ value: Value) {
        self.value = value
        #if !arch(wasm32)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !arch(wasm32)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        #endif
    }

    /// Runs `body` on the value with the lock held and returns what it returns.
    @inlinable
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        #if !arch(wasm32)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&value)
    }
}

// Every access to `value` holds the lock; the value itself crosses threads, so it must be Sendable.
extension LockedValue: @unchecked Sendable where Value: Sendable {}
