/// Modular arithmetic in Montgomery form for one odd modulus (the RSA modulus, or one of its
/// primes for CRT).
///
/// Multiplication is CIOS (coarsely integrated operand scanning): one pass interleaving the
/// product and the reduction, full-width 64-bit limb products, no allocation inside the loops, and
/// a final subtraction chosen by mask rather than by branch.
struct MontgomeryContext: Sendable {
    let modulus: BigUInt
    /// Limb count of the modulus.
    let count: Int
    private let modulusLimbs: [UInt64]
    /// -modulus^-1 mod 2^64.
    private let inverse: UInt64
    /// R^2 mod modulus, R = 2^(64·count): converts into Montgomery form.
    private let rSquared: [UInt64]

    /// `nil` unless `modulus` is odd and greater than 1.
    init?(modulus: BigUInt) {
        guard modulus.isOdd, modulus.bitWidth > 1 else { return nil }
        self.modulus = modulus
        count = modulus.limbs.count
        modulusLimbs = modulus.limbs
        // Newton's iteration doubles the correct low bits each step: 3 → 6 → ... → 96 ≥ 64.
        let low = modulus.limbs[0]
        var x = low
        for _ in 0..<5 { x = x &* (2 &- low &* x) }
        inverse = 0 &- x
        var power = [UInt64](repeating: 0, count: 2 * count + 1)
        power[2 * count] = 1
        rSquared = BigUInt(limbs: power).remainder(dividingBy: modulus).limbs(paddedTo: count)
    }

    /// `base^exponent mod modulus` for a secret exponent: fixed 4-bit windows, so the sequence
    /// of squarings and multiplications depends only on the exponent's length. `base` is
    /// reduced first if needed.
    func power(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        let k = count
        let reduced = base < modulus ? base : base.remainder(dividingBy: modulus)
        let windowBits = 4
        let tableSize = 1 << windowBits
        var table = [UInt64](repeating: 0, count: tableSize * k)
        var accumulator = [UInt64](repeating: 0, count: k)
        var scratch = [UInt64](repeating: 0, count: k + 2)
        var one = [UInt64](repeating: 0, count: k)
        one[0] = 1
        let baseLimbs = reduced.limbs(paddedTo: k)
        modulusLimbs.withUnsafeBufferPointer { n in
            rSquared.withUnsafeBufferPointer { r2 in
                table.withUnsafeMutableBufferPointer { table in
                    accumulator.withUnsafeMutableBufferPointer { acc in
                        scratch.withUnsafeMutableBufferPointer { t in
                            let tab = table.baseAddress.unsafelyUnwrapped
                            let a = acc.baseAddress.unsafelyUnwrapped
                            let n = n.baseAddress.unsafelyUnwrapped
                            let t = t.baseAddress.unsafelyUnwrapped
                            // table[0] = R mod n (one in Montgomery form), table[1] = base·R.
                            one.withUnsafeBufferPointer { one in
                                multiply(r2.baseAddress.unsafelyUnwrapped, one.baseAddress.unsafelyUnwrapped, n, t, tab)
                            }
                            baseLimbs.withUnsafeBufferPointer { b in
                                multiply(b.baseAddress.unsafelyUnwrapped, r2.baseAddress.unsafelyUnwrapped, n, t, tab + k)
                            }
                            for entry in 2..<tableSize {
                                multiply(tab + (entry - 1) * k, tab + k, n, t, tab + entry * k)
                            }
                            a.update(from: tab, count: k)
                            let windows = (exponent.bitWidth + windowBits - 1) / windowBits
                            for window in stride(from: windows - 1, through: 0, by: -1) {
                                for _ in 0..<windowBits { multiply(a, a, n, t, a) }
                                var digit = 0
                                for bit in 0..<windowBits where exponent.bit(at: window * windowBits + bit) {
                                    digit |= 1 << bit
                                }
                                multiply(a, tab + digit * k, n, t, a)
                            }
                            one.withUnsafeBufferPointer { one in
                                multiply(a, one.baseAddress.unsafelyUnwrapped, n, t, a)
                            }
                        }
                    }
                }
            }
        }
        return BigUInt(limbs: accumulator)
    }

    /// `base^exponent mod modulus` for a public exponent: plain left-to-right square and
    /// multiply, fastest for short exponents such as 65537.
    func publicPower(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        let k = count
        let reduced = base < modulus ? base : base.remainder(dividingBy: modulus)
        var montgomeryBase = [UInt64](repeating: 0, count: k)
        var accumulator = [UInt64](repeating: 0, count: k)
        var scratch = [UInt64](repeating: 0, count: k + 2)
        var one = [UInt64](repeating: 0, count: k)
        one[0] = 1
        let baseLimbs = reduced.limbs(paddedTo: k)
        modulusLimbs.withUnsafeBufferPointer { n in
            rSquared.withUnsafeBufferPointer { r2 in
                montgomeryBase.withUnsafeMutableBufferPointer { mb in
                    accumulator.withUnsafeMutableBufferPointer { acc in
                        scratch.withUnsafeMutableBufferPointer { t in
                            let n = n.baseAddress.unsafelyUnwrapped
                            let t = t.baseAddress.unsafelyUnwrapped
                            let a = acc.baseAddress.unsafelyUnwrapped
                            let b = mb.baseAddress.unsafelyUnwrapped
                            baseLimbs.withUnsafeBufferPointer { base in
                                multiply(base.baseAddress.unsafelyUnwrapped, r2.baseAddress.unsafelyUnwrapped, n, t, b)
                            }
                            a.update(from: b, count: k)
                            let bits = exponent.bitWidth
                            if bits == 0 {
                                // x^0 = 1: R·R^-1 via R^2·1·R^-1 = R, then out of Montgomery form below.
                                one.withUnsafeBufferPointer { one in
                                    multiply(r2.baseAddress.unsafelyUnwrapped, one.baseAddress.unsafelyUnwrapped, n, t, a)
                                }
                            } else {
                                for bit in stride(from: bits - 2, through: 0, by: -1) {
                                    multiply(a, a, n, t, a)
                                    if exponent.bit(at: bit) { multiply(a, b, n, t, a) }
                                }
                            }
                            one.withUnsafeBufferPointer { one in
                                multiply(a, one.baseAddress.unsafelyUnwrapped, n, t, a)
                            }
                        }
                    }
                }
            }
        }
        return BigUInt(limbs: accumulator)
    }

    /// `a·b·R^-1 mod modulus` (a, b < modulus, `count` limbs each) into `result`, which may alias
    /// `a` or `b`. `t` is scratch of `count + 2` limbs.
    @inline(__always)
    private func multiply(
        _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, _ n: UnsafePointer<UInt64>,
        _ t: UnsafeMutablePointer<UInt64>, _ result: UnsafeMutablePointer<UInt64>
    ) {
        let k = count
        let inverse = inverse
        t.update(repeating: 0, count: k + 2)
        for i in 0..<k {
            let bi = b[i]
            var carry: UInt64 = 0
            for j in 0..<k {
                let (high, low) = a[j].multipliedFullWidth(by: bi)
                let (partial, overflow1) = low.addingReportingOverflow(t[j])
                let (sum, overflow2) = partial.addingReportingOverflow(carry)
                t[j] = sum
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            let (top, topOverflow) = t[k].addingReportingOverflow(carry)
            t[k] = top
            t[k + 1] = topOverflow ? 1 : 0

            let m = t[0] &* inverse
            let (high0, low0) = m.multipliedFullWidth(by: n[0])
            let (_, overflow0) = low0.addingReportingOverflow(t[0])
            carry = high0 &+ (overflow0 ? 1 : 0)
            for j in 1..<max(k, 1) {
                let (high, low) = m.multipliedFullWidth(by: n[j])
                let (partial, overflow1) = low.addingReportingOverflow(t[j])
                let (sum, overflow2) = partial.addingReportingOverflow(carry)
                t[j - 1] = sum
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            let (last, lastOverflow) = t[k].addingReportingOverflow(carry)
            t[k - 1] = last
            t[k] = t[k + 1] &+ (lastOverflow ? 1 : 0)
        }
        // t < 2n: subtract n, then keep t instead only when the subtraction borrowed past t[k].
        var borrow: UInt64 = 0
        for j in 0..<k {
            let (partial, overflow1) = t[j].subtractingReportingOverflow(n[j])
            let (difference, overflow2) = partial.subtractingReportingOverflow(borrow)
            result[j] = difference
            borrow = (overflow1 || overflow2) ? 1 : 0
        }
        let keepT = 0 &- (borrow & (1 ^ (t[k] & 1)))
        for j in 0..<k {
            result[j] = (t[j] & keepT) | (result[j] & ~keepT)
        }
    }
}
