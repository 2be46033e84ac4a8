extension BigUInt {
    /// `self⁻¹ mod modulus` for an odd modulus, or `nil` when they share a factor.
    ///
    /// Binary extended Euclid: fast, but its running time depends on the value. Use it only on
    /// values that are random and independent of any secret (the RSA blinding inverts r·t for a
    /// fresh random t, then multiplies the result by t), never on a secret itself.
    ///
    /// u ≡ x₁·a and v ≡ x₂·a (mod n) throughout, starting from u = a, v = n. Each round strips
    /// the trailing zero bits of u and v at once (dividing x₁, x₂ by the same power of two modulo
    /// n, the Montgomery way: add the multiple of n that clears those bits, then shift), then
    /// subtracts the smaller from the larger; u or v reaches 1 after about 1.4 rounds per bit.
    /// Everything works in place on fixed buffers, on the words still in use.
    func inverse(modulo modulus: BigUInt) -> BigUInt? {
        guard modulus.isOdd, modulus.bitWidth > 1 else { return nil }
        let reduced = self < modulus ? self : remainder(dividingBy: modulus)
        guard !reduced.isZero else { return nil }
        let k = modulus.limbs.count
        // −n⁻¹ mod 2⁶⁴ by Newton's iteration (3 → 6 → ... → 96 correct bits).
        let low = modulus.limbs[0]
        var inverseOfLow = low
        for _ in 0..<5 { inverseOfLow = inverseOfLow &* (2 &- low &* inverseOfLow) }
        let negativeInverse = 0 &- inverseOfLow
        var words = [UInt64](repeating: 0, count: 5 * (k + 1))
        let found: Bool = words.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress.unsafelyUnwrapped
            let u = base, v = base + (k + 1), x1 = v + (k + 1), x2 = x1 + (k + 1), n = x2 + (k + 1)
            for index in 0..<k {
                u[index] = index < reduced.limbs.count ? reduced.limbs[index] : 0
                v[index] = modulus.limbs[index]
                n[index] = modulus.limbs[index]
            }
            x1[0] = 1
            var uCount = reduced.limbs.count, vCount = k
            while true {
                Self.stripTrailingZeros(u, count: &uCount, coefficient: x1, modulus: n, words: k, negativeInverse: negativeInverse)
                Self.stripTrailingZeros(v, count: &vCount, coefficient: x2, modulus: n, words: k, negativeInverse: negativeInverse)
                if uCount == 1, u[0] == 1 { return true }
                if vCount == 1, v[0] == 1 {
                    x1.update(from: x2, count: k)
                    return true
                }
                // Both odd and above 1: the difference is even and nonzero unless u = v (> 1,
                // a common factor).
                if Self.compare(u, uCount, v, vCount) >= 0 {
                    Self.subtract(v, from: u, count: &uCount)
                    Self.subtractModulo(x2, from: x1, modulus: n, words: k)
                    if uCount == 0 { return false }
                } else {
                    Self.subtract(u, from: v, count: &vCount)
                    Self.subtractModulo(x1, from: x2, modulus: n, words: k)
                }
            }
        }
        guard found else { return nil }
        return BigUInt(limbs: Array(words[(2 * (k + 1))..<(2 * (k + 1) + k)]))
    }

    /// Shifts the nonzero value (`count` words in use) right past its trailing zero bits and
    /// divides `coefficient` (below n, `words` words) by the same power of two modulo n.
    private static func stripTrailingZeros(
        _ value: UnsafeMutablePointer<UInt64>, count: inout Int, coefficient: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafeMutablePointer<UInt64>, words k: Int, negativeInverse: UInt64
    ) {
        var zeroWords = 0
        while value[zeroWords] == 0 { zeroWords += 1 }
        let bits = value[zeroWords].trailingZeroBitCount
        guard zeroWords > 0 || bits > 0 else { return }
        // The value: whole words down, then the bits.
        let remaining = count - zeroWords
        for index in 0..<remaining {
            let next = index + zeroWords + 1 < count ? value[index + zeroWords + 1] : 0
            value[index] = bits == 0 ? value[index + zeroWords] : value[index + zeroWords] &>> UInt64(bits) | next &<< UInt64(64 - bits)
        }
        for index in remaining..<count { value[index] = 0 }
        count = remaining
        while count > 0, value[count - 1] == 0 { count -= 1 }
        // The coefficient: at most 63 bits per step.
        var shift = 64 * zeroWords + bits
        while shift > 0 {
            let step = min(shift, 63)
            divideByPowerOfTwo(coefficient, bits: step, modulus: n, words: k, negativeInverse: negativeInverse)
            shift -= step
        }
    }

    /// x = x·2^−bits mod n (x below n, 1 ≤ bits ≤ 63): x + q·n with q = (x·(−n⁻¹)) mod 2^bits is a
    /// multiple of 2^bits below 2^bits·n + n, so the shifted sum is below 2n; one subtraction.
    private static func divideByPowerOfTwo(
        _ x: UnsafeMutablePointer<UInt64>, bits: Int, modulus n: UnsafeMutablePointer<UInt64>, words k: Int, negativeInverse: UInt64
    ) {
        let q = (x[0] &* negativeInverse) & ((1 &<< UInt64(bits)) &- 1)
        var carry: UInt64 = 0
        var previous: UInt64 = 0
        for index in 0..<k {
            let (high, low) = LimbArithmetic.multiplyAdd(q, n[index], x[index], carry)
            carry = high
            if index > 0 { x[index - 1] = previous &>> UInt64(bits) | low &<< UInt64(64 - bits) }
            previous = low
        }
        x[k - 1] = previous &>> UInt64(bits) | carry &<< UInt64(64 - bits)
        let top = carry &>> UInt64(bits)
        if top != 0 || compare(x, k, n, k) >= 0 {
            var borrow: UInt64 = 0
            for index in 0..<k { (x[index], borrow) = LimbArithmetic.subtract(x[index], n[index], borrow: borrow) }
        }
    }

    /// Compares two values by their words in use.
    private static func compare(_ a: UnsafeMutablePointer<UInt64>, _ aCount: Int, _ b: UnsafeMutablePointer<UInt64>, _ bCount: Int) -> Int {
        if aCount != bCount { return aCount < bCount ? -1 : 1 }
        var index = aCount - 1
        while index >= 0 {
            if a[index] != b[index] { return a[index] < b[index] ? -1 : 1 }
            index -= 1
        }
        return 0
    }

    /// a −= b for a ≥ b (`count`: a's words in use, updated).
    private static func subtract(_ b: UnsafeMutablePointer<UInt64>, from a: UnsafeMutablePointer<UInt64>, count: inout Int) {
        var borrow: UInt64 = 0
        for index in 0..<count { (a[index], borrow) = LimbArithmetic.subtract(a[index], b[index], borrow: borrow) }
        while count > 0, a[count - 1] == 0 { count -= 1 }
    }

    /// a = (a − b) mod n for a, b below n.
    private static func subtractModulo(_ b: UnsafeMutablePointer<UInt64>, from a: UnsafeMutablePointer<UInt64>, modulus n: UnsafeMutablePointer<UInt64>, words k: Int) {
        var borrow: UInt64 = 0
        for index in 0..<k { (a[index], borrow) = LimbArithmetic.subtract(a[index], b[index], borrow: borrow) }
        if borrow != 0 {
            var carry: UInt64 = 0
            for index in 0..<k { (a[index], carry) = LimbArithmetic.add(a[index], n[index], carry: carry) }
        }
    }
}
