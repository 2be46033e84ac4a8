/// A dictionary that keeps at most ``capacity`` entries and ``byteLimit`` bytes (each entry's
/// cost as the caller counts it): adding one more drops the oldest (by first insertion) until
/// both bounds hold again, the newest entry always kept. What the sandbox remembers between
/// requests (sessions, payments, idempotence keys, used tokens) lives in these, so a test farm
/// that runs for days cannot grow it without bound.
///
/// ```swift
/// var store = BoundedStore<String, Int>(capacity: 2)
/// store["a"] = 1; store["b"] = 2; store["c"] = 3
/// store["a"]   // nil: dropped, the oldest
/// ```
///
/// Replacing a value keeps the key's place (and counts its new cost). Adding and dropping are
/// amortised constant time.
package struct BoundedStore<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most entries kept.
    package let capacity: Int
    /// The most bytes kept, counted with the costs given to ``set(_:for:cost:)``.
    package let byteLimit: Int
    private var entries: [Key: (value: Value, cost: Int)] = [:]
    /// The keys kept, oldest first, from ``head`` on (a removed key stays until it is reached).
    private var order: [Key] = []
    private var head = 0
    /// The sum of the kept entries' costs.
    package private(set) var bytes = 0

    /// An empty store keeping at most `capacity` entries (at least 1) and `byteLimit` bytes.
    package init(capacity: Int, byteLimit: Int = .max) {
        self.capacity = max(1, capacity)
        self.byteLimit = max(1, byteLimit)
    }

    /// The number of entries kept.
    package var count: Int { entries.count }

    /// The value of `key`, or `nil` (never added, dropped or removed).
    package subscript(key: Key) -> Value? {
        entries[key]?.value
    }

    /// Adds `value` for `key`, dropping the oldest entries while past a bound, or replaces the
    /// value of a key kept (its place stays). `cost`: the bytes it holds (0 when only entries count).
    package mutating func set(_ value: Value, for key: Key, cost: Int = 0) {
        if let old = entries.updateValue((value, cost), forKey: key) {
            bytes += cost - old.cost
        } else {
            bytes += cost
            order.append(key)
        }
        while entries.count > 1, entries.count > capacity || bytes > byteLimit, head < order.count {
            let oldest = order[head]
            head += 1
            if oldest != key, let dropped = entries.removeValue(forKey: oldest) { bytes -= dropped.cost }
            if oldest == key { order.append(key) }
        }
        compact()
    }

    /// Forgets `key`; its value, or `nil`.
    @discardableResult
    package mutating func remove(_ key: Key) -> Value? {
        guard let removed = entries.removeValue(forKey: key) else { return nil }
        bytes -= removed.cost
        if let index = order[head...].firstIndex(of: key) { order.remove(at: index) }
        compact()
        return removed.value
    }

    /// The values kept, oldest first.
    package var values: [Value] {
        order[head...].compactMap { entries[$0]?.value }
    }

    private mutating func compact() {
        if head > 0, head * 2 >= order.count {
            order.removeFirst(head)
            head = 0
        }
    }
}
