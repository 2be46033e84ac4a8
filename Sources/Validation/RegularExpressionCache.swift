import Foundation

/// Compiled patterns shared by every ``RegularExpression`` in the process, keyed by pattern.
///
/// A list of products repeats the same few validator patterns; sharing the compiled object makes
/// decoding a list cost one compile per distinct pattern. Patterns that fail to compile are
/// remembered too, with their error.
///
/// Bounded: when ``capacity`` distinct patterns are held (a hostile definition could send
/// millions), the cache is emptied and starts again; values already decoded keep their object.
final class RegularExpressionCache<Compiled>: @unchecked Sendable {
    // `@unchecked Sendable`: every access to `entries` holds `lock`; the stored compiled forms
    // are immutable and safe to match from several threads.

    /// The most distinct patterns held at once.
    static var capacity: Int { 1_024 }

    private let lock = NSLock()
    private var entries: [String: Result<Compiled, RegularExpressionError>] = [:]

    /// The compiled form of `pattern`: from the cache, or from `compile` (outside the lock, so
    /// one slow compile never blocks other threads' lookups).
    func compiled(
        _ pattern: String, _ compile: (String) throws(RegularExpressionError) -> Compiled
    ) throws(RegularExpressionError) -> Compiled {
        if let cached = locked({ entries[pattern] }) { return try cached.get() }
        let result: Result<Compiled, RegularExpressionError>
        do {
            result = .success(try compile(pattern))
        } catch {
            result = .failure(error)
        }
        locked {
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[pattern] = result
        }
        return try result.get()
    }

    /// Forgets every pattern (values already made keep their compiled forms).
    func removeAll() {
        locked { entries.removeAll() }
    }

    /// How many patterns are held (for tests).
    var count: Int { locked { entries.count } }

    /// `body` with the lock held (spelled out: `NSLocking.withLock` is not in every SDK we target).
    private func locked<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// The process-wide cache of compiled patterns.
let sharedCompiledPatterns = RegularExpressionCache<CompiledPattern>()
