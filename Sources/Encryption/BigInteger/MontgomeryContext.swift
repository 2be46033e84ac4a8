/// Modular arithmetic in Montgomery form for one odd modulus n (an RSA modulus, or one of its
/// primes for CRT), with R = 2^(64·k) for a k-word modulus.
///
/// Everything secret goes through fixed-size word buffers: the multiplication and squaring
/// kernels, the conversions and the exponentiation run the same instructions on the same
/// addresses whatever the values (see ``LimbArithmetic`` for how the carries and masks are kept
/// out of branches). The values a context holds (n, −n⁻¹ mod 2⁶⁴, R² mod n) are computed once,
/// when the key is read, and kept in the key.
struct MontgomeryContext: Sendable {
    /// The modulus.
    let modulus: BigUInt
    /// Word count k of the modulus; every operand and result here has exactly k words.
    let count: Int
    /// The modulus as exactly `count` words.
    let modulusWords: [UInt64]
    /// −n⁻¹ mod 2⁶⁴.
    let inverse: UInt64
    /// R² mod n: multiplying by it converts into Montgomery form.
    let rSquared: [UInt64]

    /// Words of scratch every kernel here needs.
    var scratchCount: Int { 2 * count + 2 }

    /// `nil` unless `modulus` is odd and greater than 1.
    init?(modulus: BigUInt) {
        guard modulus.isOdd, modulus.bitWidth > 1 else { return nil }
        self.modulus = modulus
        let k = modulus.limbs.count
        count = k
        modulusWords = modulus.limbs
        // Newton's iteration doubles the correct low bits each step: 3 → 6 → ... → 96 ≥ 64.
        let low = modulus.limbs[0]
        var x = low
        for _ in 0..<5 { x = x &* (2 &- low &* x) }
        inverse = 0 &- x
        rSquared = Self.computeRSquared(modulusWords: modulus.limbs, bitWidth: modulus.bitWidth, inverse: 0 &- x)
    }

    /// R² mod n without division: 2^(b−1) (the top bit of n, so below n) doubled modulo n up to
    /// R·2^s, then squared in Montgomery form j times (R·2^s squared is R·2^(2s)), where
    /// s·2^j = 64k and s is at least 64. About s doublings and j squarings (for 2048 bits: 64 and
    /// 5), all in constant time: the primes of a private key go through here too.
    private static func computeRSquared(modulusWords: [UInt64], bitWidth: Int, inverse: UInt64) -> [UInt64] {
        let k = modulusWords.count
        let totalBits = 64 * k
        var squarings = (totalBits & -totalBits).trailingZeroBitCount   // 2-adic valuation of 64k
        while squarings > 0, totalBits >> squarings < 64 { squarings -= 1 }
        let shift = totalBits >> squarings
        var value = [UInt64](repeating: 0, count: k)
        value[(bitWidth - 1) / 64] = 1 << UInt64((bitWidth - 1) % 64)
        var scratch = [UInt64](repeating: 0, count: 2 * k + 2)
        modulusWords.withUnsafeBufferPointer { n in
            value.withUnsafeMutableBufferPointer { value in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    let n = n.baseAddress.unsafelyUnwrapped
                    let v = value.baseAddress.unsafelyUnwrapped
                    let t = scratch.baseAddress.unsafelyUnwrapped
                    // From 2^(b−1) to 2^(64k + shift) = R·2^shift: 64k + shift − b + 1 doublings.
                    for _ in 0..<(totalBits + shift - bitWidth + 1) {
                        double(v, modulo: n, count: k, scratch: t)
                    }
                    for _ in 0..<squarings {
                        square(v, into: v, modulus: n, inverse: inverse, count: k, scratch: t)
                    }
                }
            }
        }
        return value
    }

    /// `value = 2·value mod n` for `value < n`, in constant time. `scratch`: k words.
    @inline(__always)
    private static func double(
        _ value: UnsafeMutablePointer<UInt64>, modulo n: UnsafePointer<UInt64>, count k: Int,
        scratch: UnsafeMutablePointer<UInt64>
    ) {
        var carryBit: UInt64 = 0
        var index = 0
        while index < k {
            let word = value[index]
            value[index] = word << 1 | carryBit
            carryBit = word >> 63
            index &+= 1
        }
        let borrow = LimbArithmetic.subtract(value, n, into: scratch, count: k)
        // Keep the doubled value only when it is below n: no bit shifted out and a borrow.
        let keep = LimbArithmetic.barrier(0 &- (borrow & (carryBit ^ 1)))
        LimbArithmetic.select(keep, value, scratch, into: value, count: k)
    }
}

// MARK: - Kernels

extension MontgomeryContext {
    /// `result = a·b·R⁻¹ mod n` for `a < R`, `b < n` (k words each; `result` may alias either).
    ///
    /// CIOS, with the product and the reduction of each row fused into one pass over the words:
    /// two independent carry chains per word, one `mul` for each. `scratch`: at least k + 1
    /// words. The intermediate sum stays below 2n, so one subtraction (selected by mask) reduces
    /// it.
    @inline(__always)
    static func multiply(
        _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, inverse: UInt64, count k: Int, scratch t: UnsafeMutablePointer<UInt64>
    ) {
        t.update(repeating: 0, count: k &+ 1)
        let a0 = a[0], n0 = n[0]
        var i = 0
        while i < k {
            let bi = b[i]
            // m makes t + a·bᵢ + m·n divisible by 2⁶⁴.
            let m = (t[0] &+ a0 &* bi) &* inverse
            var (productCarry, low) = LimbArithmetic.multiplyAdd(a0, bi, t[0], 0)
            var (reductionCarry, _) = LimbArithmetic.multiplyAdd(m, n0, low, 0)
            var j = 1
            while j < k {
                (productCarry, low) = LimbArithmetic.multiplyAdd(a[j], bi, t[j], productCarry)
                (reductionCarry, t[j &- 1]) = LimbArithmetic.multiplyAdd(m, n[j], low, reductionCarry)
                j &+= 1
            }
            let (top, topCarry) = LimbArithmetic.add(t[k], productCarry, carry: 0)
            let (sum, sumCarry) = LimbArithmetic.add(top, reductionCarry, carry: 0)
            t[k &- 1] = sum
            t[k] = topCarry &+ sumCarry
            i &+= 1
        }
        reduceOnce(t, top: t[k], into: result, modulus: n, count: k)
    }

    /// `result = a²·R⁻¹ mod n` for `a < n` (`result` may alias `a`). Computes the k(k−1)/2 cross
    /// products once, doubles them and adds the squares, then reduces word by word: about 25%
    /// fewer multiplications than ``multiply``. `scratch`: at least 2k + 1 words.
    @inline(__always)
    static func square(
        _ a: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, inverse: UInt64, count k: Int, scratch t: UnsafeMutablePointer<UInt64>
    ) {
        guard k > 1 else {
            multiply(a, a, into: result, modulus: n, inverse: inverse, count: k, scratch: t)
            return
        }
        // Cross products aᵢ·aⱼ (i < j) into t[1 ..< 2k−1].
        t[0] = 0
        t[2 &* k &- 1] = 0
        do {
            let a0 = a[0]
            var carry: UInt64 = 0
            var j = 1
            while j < k {
                (carry, t[j]) = LimbArithmetic.multiplyAdd(a0, a[j], carry, 0)
                j &+= 1
            }
            t[k] = carry
        }
        var i = 1
        while i < k &- 1 {
            let ai = a[i]
            var carry: UInt64 = 0
            var j = i &+ 1
            while j < k {
                (carry, t[i &+ j]) = LimbArithmetic.multiplyAdd(ai, a[j], t[i &+ j], carry)
                j &+= 1
            }
            t[i &+ k] = carry
            i &+= 1
        }
        // Double and add the squares aᵢ² at word 2i.
        var carry: UInt64 = 0
        var shiftedOut: UInt64 = 0
        i = 0
        while i < k {
            let low = t[2 &* i], high = t[2 &* i &+ 1]
            let doubledLow = low << 1 | shiftedOut
            let doubledHigh = high << 1 | low >> 63
            shiftedOut = high >> 63
            let (squareHigh, squareLow) = a[i].multipliedFullWidth(by: a[i])
            let (sumLow, carryLow) = LimbArithmetic.add(doubledLow, squareLow, carry: carry)
            let (sumHigh, carryHigh) = LimbArithmetic.add(doubledHigh, squareHigh, carry: carryLow)
            t[2 &* i] = sumLow
            t[2 &* i &+ 1] = sumHigh
            carry = carryHigh
            i &+= 1
        }
        // Montgomery reduction of the 2k-word square, one word per row.
        var extra: UInt64 = 0
        i = 0
        while i < k {
            let m = t[i] &* inverse
            var (rowCarry, _) = LimbArithmetic.multiplyAdd(m, n[0], t[i], 0)
            var j = 1
            while j < k {
                (rowCarry, t[i &+ j]) = LimbArithmetic.multiplyAdd(m, n[j], t[i &+ j], rowCarry)
                j &+= 1
            }
            (t[i &+ k], extra) = LimbArithmetic.add(t[i &+ k], rowCarry, carry: extra)
            i &+= 1
        }
        reduceOnce(t + k, top: extra, into: result, modulus: n, count: k)
    }

    /// `result = (top·R + value) mod n` for a value below 2n: subtracts n and keeps the
    /// difference unless it borrowed, chosen by mask. `value` (k words) must not alias `result`.
    @inline(__always)
    static func reduceOnce(
        _ value: UnsafePointer<UInt64>, top: UInt64, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, count k: Int
    ) {
        let borrow = LimbArithmetic.subtract(value, n, into: result, count: k)
        // value < n exactly when the subtraction borrowed past the top word.
        let (_, finalBorrow) = LimbArithmetic.subtract(top, 0, borrow: borrow)
        let keepValue = LimbArithmetic.barrier(0 &- finalBorrow)
        LimbArithmetic.select(keepValue, value, result, into: result, count: k)
    }

    /// `result = (a + b) mod n` for `a, b < n`, in constant time. `scratch`: k words.
    @inline(__always)
    static func addModulo(
        _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, count k: Int, scratch: UnsafeMutablePointer<UInt64>
    ) {
        let carry = LimbArithmetic.add(a, b, into: scratch, count: k)
        reduceOnce(scratch, top: carry, into: result, modulus: n, count: k)
    }

    /// `result = (a − b) mod n` for `a, b < n`, in constant time. `scratch`: k words.
    @inline(__always)
    static func subtractModulo(
        _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, count k: Int, scratch: UnsafeMutablePointer<UInt64>
    ) {
        let borrow = LimbArithmetic.subtract(a, b, into: result, count: k)
        // Add n back when it borrowed: add (n AND mask).
        let mask = LimbArithmetic.barrier(0 &- borrow)
        var index = 0
        while index < k {
            scratch[index] = n[index] & mask
            index &+= 1
        }
        _ = LimbArithmetic.add(result, scratch, into: result, count: k)
    }
}
