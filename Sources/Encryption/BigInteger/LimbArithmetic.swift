/// Word-level building blocks for the constant-time big-number code.
///
/// Two rules keep secret data out of branches and addresses, whatever the optimizer does:
///
/// - Carries and borrows of multi-word additions come either from `multipliedFullWidth` /
///   `addingReportingOverflow` added straight into a product's high word (which compiles to
///   `add`/`adc`), or from the bits of the operands (Hacker's Delight §2-13), never from a
///   `Bool` the optimizer could turn back into a conditional jump.
/// - A mask that selects between secret values passes through ``LimbArithmetic/barrier(_:)``
///   first, so the compiler cannot prove it is 0 or all ones and replace `a & m | b & ~m` with a
///   branch or with a load from a selected address.
///
/// The release assembly of the kernels built on these (`MontgomeryContext`) has no conditional
/// jump except loop counters (Scripts/dev/check-constant-time.sh prints them).
enum LimbArithmetic {
    /// `a·b + c + d` as a double word; it never overflows ((2⁶⁴−1)² + 2·(2⁶⁴−1) < 2¹²⁸).
    @inline(__always)
    static func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (high: UInt64, low: UInt64) {
        let (high, low) = a.multipliedFullWidth(by: b)
        let (sum1, overflow1) = low.addingReportingOverflow(c)
        let (sum2, overflow2) = sum1.addingReportingOverflow(d)
        return (high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0), sum2)
    }

    // Shifts here are `&>>`/`&<<` with same-type amounts: the plain operators are generic, which
    // costs a call per shift in unoptimized (test) builds.

    /// `(acc2:acc1:acc0) += x·y`, the step of product scanning. Compiles to `mul`, `add`, `adc`,
    /// `adc` (the product's high word cannot overflow when the low word's carry is added).
    @inline(__always)
    static func accumulate(_ x: UInt64, _ y: UInt64, into acc0: inout UInt64, _ acc1: inout UInt64, _ acc2: inout UInt64) {
        let (high, low) = x.multipliedFullWidth(by: y)
        let (sum0, carry0) = acc0.addingReportingOverflow(low)
        let (sum1, carry1) = acc1.addingReportingOverflow(high &+ (carry0 ? 1 : 0))
        acc0 = sum0
        acc1 = sum1
        acc2 &+= carry1 ? 1 : 0
    }

    /// `a + b + carry` (carry 0 or 1) and the carry out, computed from the operands' top bits.
    @inline(__always)
    static func add(_ a: UInt64, _ b: UInt64, carry: UInt64) -> (sum: UInt64, carry: UInt64) {
        let sum = a &+ b &+ carry
        return (sum, ((a & b) | ((a | b) & ~sum)) &>> 63)
    }

    /// `a − b − borrow` (borrow 0 or 1) and the borrow out, computed from the operands' top bits.
    @inline(__always)
    static func subtract(_ a: UInt64, _ b: UInt64, borrow: UInt64) -> (difference: UInt64, borrow: UInt64) {
        let difference = a &- b &- borrow
        return (difference, ((~a & b) | (~(a ^ b) & difference)) &>> 63)
    }

    /// All ones when `value` is zero, otherwise zero (not yet passed through ``barrier(_:)``).
    @inline(__always)
    static func isZeroMask(_ value: UInt64) -> UInt64 {
        // (value | −value) has its top bit set exactly when value ≠ 0.
        ((value | (0 &- value)) &>> 63) &- 1
    }

    /// `value`, in a way the optimizer cannot see through: it must treat the result as any
    /// 64-bit value, so masks derived from secrets stay arithmetic instead of becoming branches.
    /// Costs one call; use it once per mask, not per word.
    @inline(never) @_optimize(none)
    static func barrier(_ value: UInt64) -> UInt64 {
        value
    }

    /// The same for a buffer of masks: afterwards the compiler must reload them as unknown words.
    @inline(never) @_optimize(none)
    static func barrier(_ words: UnsafeMutablePointer<UInt64>, count: Int) {
        _ = words
        _ = count
    }
}

extension LimbArithmetic {
    /// `result = a + b` over `count` words; returns the carry out (0 or 1). `result` may alias.
    @inline(__always)
    static func add(
        _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>, count: Int
    ) -> UInt64 {
        var carry: UInt64 = 0
        var index = 0
        while index < count {
            (result[index], carry) = add(a[index], b[index], carry: carry)
            index &+= 1
        }
        return carry
    }

    /// `result = a − b` over `count` words; returns the borrow out (0 or 1). `result` may alias.
    @inline(__always)
    static func subtract(
        _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>, count: Int
    ) -> UInt64 {
        var borrow: UInt64 = 0
        var index = 0
        while index < count {
            (result[index], borrow) = subtract(a[index], b[index], borrow: borrow)
            index &+= 1
        }
        return borrow
    }

    /// `result = mask ? a : b` word by word, for a mask of all ones or zero that has been through
    /// ``barrier(_:)``. Reads both inputs whatever the mask. `result` may alias either.
    @inline(__always)
    static func select(
        _ mask: UInt64, _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>,
        into result: UnsafeMutablePointer<UInt64>, count: Int
    ) {
        var index = 0
        while index < count {
            result[index] = (a[index] & mask) | (b[index] & ~mask)
            index &+= 1
        }
    }

    /// `result = a · b` (schoolbook, `aCount + bCount` words out, no overlap with the inputs).
    /// The same instructions run whatever the values.
    static func multiply(
        _ a: UnsafePointer<UInt64>, count aCount: Int, _ b: UnsafePointer<UInt64>, count bCount: Int,
        into result: UnsafeMutablePointer<UInt64>
    ) {
        result.update(repeating: 0, count: aCount &+ bCount)
        var i = 0
        while i < aCount {
            let ai = a[i]
            var carry: UInt64 = 0
            var j = 0
            while j < bCount {
                (carry, result[i &+ j]) = multiplyAdd(ai, b[j], result[i &+ j], carry)
                j &+= 1
            }
            result[i &+ bCount] = carry
            i &+= 1
        }
    }
}
