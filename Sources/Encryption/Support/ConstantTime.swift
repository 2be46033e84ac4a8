/// Comparisons whose running time does not depend on where secret bytes differ.
package enum ConstantTime {
    /// Whether `lhs` and `rhs` hold the same bytes, examining every byte whatever the contents.
    ///
    /// Only the lengths (which are public for MAC tags) may end the comparison early.
    ///
    /// ```swift
    /// guard ConstantTime.equals(receivedTag, expectedTag) else { throw ... }
    /// ```
    package static func equals(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) {
            difference |= left ^ right
        }
        return isZero(difference) == 1
    }

    /// 1 when `value` is 0, otherwise 0, without branching on `value`.
    @inline(__always)
    static func isZero(_ value: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt32(value) &- 1) >> 31)
    }

    /// 1 when `lhs == rhs`, otherwise 0, without branching.
    @inline(__always)
    static func isEqual(_ lhs: UInt8, _ rhs: UInt8) -> UInt8 {
        isZero(lhs ^ rhs)
    }

    /// 1 when `lhs == rhs`, otherwise 0, without branching.
    @inline(__always)
    static func isEqual(_ lhs: Int, _ rhs: Int) -> UInt8 {
        let difference = UInt64(bitPattern: Int64(lhs ^ rhs))
        // The top bit of d | -d is set for every d but 0.
        return UInt8(truncatingIfNeeded: ((difference | (0 &- difference)) >> 63) ^ 1)
    }

    /// `ifOne` when `condition` is 1, `ifZero` when it is 0, without branching.
    @inline(__always)
    static func select(_ condition: UInt8, _ ifOne: UInt8, _ ifZero: UInt8) -> UInt8 {
        let mask = 0 &- condition
        return (ifOne & mask) | (ifZero & ~mask)
    }

    /// `ifOne` when `condition` is 1, `ifZero` when it is 0, without branching.
    @inline(__always)
    static func select(_ condition: UInt8, _ ifOne: Int, _ ifZero: Int) -> Int {
        let mask = 0 &- Int(condition)
        return (ifOne & mask) | (ifZero & ~mask)
    }
}
