/// An arbitrary-size unsigned integer: little-endian 64-bit limbs, no zero limbs on top.
///
/// Just enough arithmetic for RSA: byte conversion, comparison, addition, subtraction,
/// multiplication and remainder. Modular exponentiation lives in ``MontgomeryContext``.
/// Internal: big numbers here are key material and never leave the module.
struct BigUInt: Sendable, Hashable {
    /// Little-endian limbs; empty for zero.
    private(set) var limbs: [UInt64]

    init(limbs: [UInt64]) {
        self.limbs = limbs
        normalize()
    }

    init(_ value: UInt64) {
        self.init(limbs: [value])
    }

    /// The integer whose big-endian unsigned encoding is `bytes` (leading zeros allowed).
    init(bigEndianBytes bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        var limbs = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        for (index, byte) in bytes.reversed().enumerated() {
            limbs[index / 8] |= UInt64(byte) << (8 * UInt64(index % 8))
        }
        self.init(limbs: limbs)
    }

    private mutating func normalize() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
    }

    var isZero: Bool { limbs.isEmpty }
    var isOdd: Bool { (limbs.first ?? 0) & 1 == 1 }

    /// The number of significant bits (0 for zero).
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return 64 * limbs.count - top.leadingZeroBitCount
    }

    /// The bit at `index` (0 = least significant).
    func bit(at index: Int) -> Bool {
        let limb = index / 64
        guard limb < limbs.count else { return false }
        return limbs[limb] >> UInt64(index % 64) & 1 == 1
    }

    /// The big-endian encoding left-padded with zeros to exactly `count` bytes, or `nil` when
    /// the value needs more bytes.
    func bigEndianBytes(count: Int) -> [UInt8]? {
        guard (bitWidth + 7) / 8 <= count else { return nil }
        var out = [UInt8](repeating: 0, count: count)
        for index in 0..<min(count, 8 * limbs.count) {
            out[count - 1 - index] = UInt8(truncatingIfNeeded: limbs[index / 8] >> (8 * UInt64(index % 8)))
        }
        return out
    }

    /// The limbs zero-extended to exactly `count` (the value must fit).
    func limbs(paddedTo count: Int) -> [UInt64] {
        limbs + [UInt64](repeating: 0, count: max(0, count - limbs.count))
    }
}

extension BigUInt: Comparable {
    static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
        compare(lhs.limbs, rhs.limbs) < 0
    }

    /// -1, 0 or 1 for normalized or zero-extended limb arrays.
    static func compare(_ lhs: [UInt64], _ rhs: [UInt64]) -> Int {
        let count = max(lhs.count, rhs.count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            if left != right { return left < right ? -1 : 1 }
        }
        return 0
    }
}

extension BigUInt {
    static func + (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        let count = max(lhs.limbs.count, rhs.limbs.count)
        var result = [UInt64](repeating: 0, count: count + 1)
        var carry: UInt64 = 0
        for index in 0..<count {
            let left = index < lhs.limbs.count ? lhs.limbs[index] : 0
            let right = index < rhs.limbs.count ? rhs.limbs[index] : 0
            let (partial, overflow1) = left.addingReportingOverflow(right)
            let (sum, overflow2) = partial.addingReportingOverflow(carry)
            result[index] = sum
            carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        result[count] = carry
        return BigUInt(limbs: result)
    }

    /// `lhs - rhs`, or `nil` when `rhs > lhs`.
    static func subtracting(_ lhs: BigUInt, _ rhs: BigUInt) -> BigUInt? {
        guard rhs <= lhs else { return nil }
        var result = lhs.limbs
        var borrow: UInt64 = 0
        for index in result.indices {
            let right = index < rhs.limbs.count ? rhs.limbs[index] : 0
            let (partial, overflow1) = result[index].subtractingReportingOverflow(right)
            let (difference, overflow2) = partial.subtractingReportingOverflow(borrow)
            result[index] = difference
            borrow = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        return BigUInt(limbs: result)
    }

    static func * (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        guard !lhs.isZero, !rhs.isZero else { return BigUInt(limbs: []) }
        var result = [UInt64](repeating: 0, count: lhs.limbs.count + rhs.limbs.count)
        for (i, left) in lhs.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, right) in rhs.limbs.enumerated() {
                let (high, low) = left.multipliedFullWidth(by: right)
                let (partial, overflow1) = low.addingReportingOverflow(result[i + j])
                let (sum, overflow2) = partial.addingReportingOverflow(carry)
                result[i + j] = sum
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            result[i + rhs.limbs.count] = carry
        }
        return BigUInt(limbs: result)
    }

    /// `self mod modulus` by binary long division (one conditional subtraction per bit of
    /// `self`): linear in the size of `self`, no division instructions, no data-dependent
    /// allocation. `modulus` must not be zero.
    func remainder(dividingBy modulus: BigUInt) -> BigUInt {
        guard !modulus.isZero else { return BigUInt(limbs: []) }
        let count = modulus.limbs.count + 1
        var remainder = [UInt64](repeating: 0, count: count)
        var difference = [UInt64](repeating: 0, count: count)
        let divisor = modulus.limbs(paddedTo: count)
        for bitIndex in stride(from: bitWidth - 1, through: 0, by: -1) {
            // remainder = remainder * 2 + bit
            var carry: UInt64 = bit(at: bitIndex) ? 1 : 0
            for index in 0..<count {
                let next = remainder[index] >> 63
                remainder[index] = remainder[index] << 1 | carry
                carry = next
            }
            // if remainder >= modulus { remainder -= modulus }
            var borrow: UInt64 = 0
            for index in 0..<count {
                let (partial, overflow1) = remainder[index].subtractingReportingOverflow(divisor[index])
                let (value, overflow2) = partial.subtractingReportingOverflow(borrow)
                difference[index] = value
                borrow = (overflow1 || overflow2) ? 1 : 0
            }
            if borrow == 0 { swap(&remainder, &difference) }
        }
        return BigUInt(limbs: remainder)
    }
}
