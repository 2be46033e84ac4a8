/// A dictionary that keeps at most ``capacity`` entries: adding one more drops the oldest (by
/// first insertion). What the sandbox remembers between requests (sessions, payments,
/// idempotence keys, used tokens) lives in these, so a test farm that runs for days cannot grow
/// it without bound.
///
/// ```swift
/// var store = BoundedStore<String, Int>(capacity: 2)
/// store["a"] = 1; store["b"] = 2; store["c"] = 3
/// store["a"]   // nil: dropped, the oldest
/// ```
///
/// Replacing a value keeps the key's place. Entries are never removed otherwise. Adding and
/// dropping are amortised constant time.
struct BoundedStore<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most entries kept.
    let capacity: Int
    private var entries: [Key: Value] = [:]
    /// The keys kept, oldest first, from ``head`` on.
    private var order: [Key] = []
    private var head = 0

    /// An empty store keeping at most `capacity` entries (at least 1).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The number of entries kept.
    var count: Int { entries.count }

    /// The value of `key`, or `nil` (never added, or dropped).
    subscript(key: Key) -> Value? {
        entries[key]
    }

    /// Adds `value` for `key`, dropping the oldest entry when full, or replaces the value of a
    /// key kept (its place stays).
    mutating func set(_ value: Value, for key: Key) {
        guard entries.updateValue(value, forKey: key) == nil else { return }
        order.append(key)
        if entries.count > capacity {
            entries[order[head]] = nil
            head += 1
            if head * 2 >= order.count {
                order.removeFirst(head)
                head = 0
            }
        }
    }
}
