import PaymentFormConcurrency

/// A value that test code shares between threads (what a recorder saw, a counter, a flag), on the
/// package's ``LockedValue``: every read and write holds its lock.
///
/// ```swift
/// let lines = Shared<[String]>([])
/// lines.append("one")          // from any thread
/// lines.value                  // ["one"]
/// ```
package final class Shared<Value: Sendable>: Sendable {
    private let locked: LockedValue<Value>

    /// A shared value, starting at `value`.
    package init(_ value: Value) {
        locked = LockedValue(value)
    }

    /// Runs `body` on the value with the lock held and returns what it returns.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try locked.withLock(body)
    }

    /// The value now.
    package var value: Value {
        locked.withLock { $0 }
    }

    /// Replaces the value.
    package func set(_ newValue: Value) {
        locked.withLock { $0 = newValue }
    }
}

extension Shared {
    /// Appends one element (a recorder's list).
    package func append<Element>(_ element: Element) where Value == [Element] {
        locked.withLock { $0.append(element) }
    }
}

extension Shared where Value == Int {
    /// Adds one and returns the new count.
    @discardableResult
    package func increment() -> Int {
        locked.withLock { count in
            count += 1
            return count
        }
    }
}
