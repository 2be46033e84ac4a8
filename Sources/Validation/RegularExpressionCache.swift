
internal import PaymentFormConcurrency

/// Compiled patterns shared by every ``RegularExpression`` in the process, keyed by pattern.
///
/// A list of products repeats the same few validator patterns; sharing the compiled object makes
/// decoding a list cost one compile per distinct pattern. Patterns that fail to compile are
/// remembered too, with their error.
///
/// Bounded: when ``capacity`` distinct patterns are held (a hostile definition could send
/// millions), the cache is emptied and starts again; values already decoded keep their object.
final class RegularExpressionCache: Sendable {
    /// The most distinct patterns held at once.
    static var capacity: Int { 1_024 }

    private let entries = LockedValue<[String: Entry]>([:])

    /// A pattern's compile, kept. Not `Result<CompiledPattern, RegularExpressionError>`: copying
    /// that generic type makes the runtime instantiate its metadata and check the error's
    /// conformance (a scan of every conformance record) the first time, a noticeable part of a
    /// process's first decode.
    private enum Entry: Sendable {
        case compiled(CompiledPattern)
        case failed(RegularExpressionError)

        func get() throws(RegularExpressionError) -> CompiledPattern {
            switch self {
            case .compiled(let compiled): return compiled
            case .failed(let error): throw error
            }
        }
    }

    /// The compiled form of `pattern`: from the cache, or from `compile` (outside the lock, so
    /// one slow compile never blocks other threads' lookups).
    func compiled(
        _ pattern: String, _ compile: (String) throws(RegularExpressionError) -> CompiledPattern
    ) throws(RegularExpressionError) -> CompiledPattern {
        if let cached = entries.withLock({ $0[pattern] }) { return try cached.get() }
        let result: Entry
        do {
            result = .compiled(try compile(pattern))
        } catch {
            result = .failed(error)
        }
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[pattern] = result
        }
        return try result.get()
    }

    /// Forgets every pattern (values already made keep their compiled forms).
    func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    /// How many patterns are held (for tests).
    var count: Int { entries.withLock { $0.count } }
}

/// The process-wide cache of compiled patterns.
let sharedCompiledPatterns = RegularExpressionCache()
