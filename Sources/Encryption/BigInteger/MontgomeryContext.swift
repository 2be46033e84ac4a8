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
            value[index] = word &<< 1 | carryBit
            carryBit = word &>> 63
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
    /// Product scanning (Comba): column by column, each product of a·b and of m·n goes into a
    /// three-word accumulator with `mul`/`add`/`adc`/`adc`, two products per step; the column's
    /// low word fixes mᵢ (which makes it vanish) in the first k columns and is the result's word
    /// in the last k. The sum stays below 2n, so one subtraction (selected by mask) reduces it.
    /// `scratch`: at least k words (it receives m, then the unreduced result). Not inlined: one
    /// copy of the code, whose assembly Scripts/dev/check-constant-time.sh inspects.
    @inline(never)
    static func multiply(
        _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, inverse: UInt64, count k: Int, scratch m: UnsafeMutablePointer<UInt64>
    ) {
        var acc0: UInt64 = 0, acc1: UInt64 = 0, acc2: UInt64 = 0
        var i = 0
        while i < k {
            var j = 0
            while j < i {
                LimbArithmetic.accumulate(a[j], b[i &- j], into: &acc0, &acc1, &acc2)
                LimbArithmetic.accumulate(m[j], n[i &- j], into: &acc0, &acc1, &acc2)
                j &+= 1
            }
            LimbArithmetic.accumulate(a[i], b[0], into: &acc0, &acc1, &acc2)
            let mi = acc0 &* inverse
            m[i] = mi
            LimbArithmetic.accumulate(mi, n[0], into: &acc0, &acc1, &acc2)
            (acc0, acc1, acc2) = (acc1, acc2, 0)
            i &+= 1
        }
        while i < 2 &* k {
            var j = i &- k &+ 1
            while j < k {
                LimbArithmetic.accumulate(a[j], b[i &- j], into: &acc0, &acc1, &acc2)
                LimbArithmetic.accumulate(m[j], n[i &- j], into: &acc0, &acc1, &acc2)
                j &+= 1
            }
            // m[i − k] is not read again: later columns start at j = i − k + 2.
            m[i &- k] = acc0
            (acc0, acc1, acc2) = (acc1, acc2, 0)
            i &+= 1
        }
        reduceOnce(m, top: acc0, into: result, modulus: n, count: k)
    }

    /// `result = a²·R⁻¹ mod n` for `a < n` (`result` may alias `a`). `scratch`: at least k words.
    ///
    /// Squaring computes each cross product aᵢ·aⱼ once and doubles it: 392 word products for
    /// k = 16 instead of 512. With 128-bit accumulators (every platform but Apple systems older
    /// than 2024) it runs the unrolled 16-word kernel or the generic loops; otherwise the
    /// three-word accumulator of ``multiply``. In WebAssembly it runs over half-words
    /// (``squareHalfWords(_:into:modulus:inverse:count:scratch:)``).
    @inline(__always)
    static func square(
        _ a: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, inverse: UInt64, count k: Int, scratch: UnsafeMutablePointer<UInt64>
    ) {
        #if arch(wasm32)
        squareHalfWords(a, into: result, modulus: n, inverse: inverse, count: k, scratch: scratch)
        #else
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            if k == 16 {
                square16(a, into: result, modulus: n, inverse: inverse, scratch: scratch)
            } else {
                squareWide(a, into: result, modulus: n, inverse: inverse, count: k, scratch: scratch)
            }
        } else {
            squarePortable(a, into: result, modulus: n, inverse: inverse, count: k, scratch: scratch)
        }
        #endif
    }

    /// ``square(_:into:modulus:inverse:count:scratch:)`` by product scanning with 128-bit
    /// accumulators, for any k.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @inline(never)
    static func squareWide(
        _ a: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, inverse: UInt64, count k: Int, scratch m: UnsafeMutablePointer<UInt64>
    ) {
        var column = ColumnAccumulator()
        var i = 0
        while i < 2 &* k {
            let low = i < k ? 0 : i &- k &+ 1
            // Cross products aⱼ·aᵢ₋ⱼ with j < i − j, counted twice.
            var cross = ColumnAccumulator()
            var j = low
            let crossEnd = (i &+ 1) &>> 1
            while j < crossEnd {
                cross.add(a[j], a[i &- j])
                j &+= 1
            }
            column.addTwice(cross)
            if i & 1 == 0 { column.add(a[i &>> 1], a[i &>> 1]) }
            j = low
            let reductionEnd = i < k ? i : k
            while j < reductionEnd {
                column.add(m[j], n[i &- j])
                j &+= 1
            }
            if i < k {
                let mi = column.lowWord &* inverse
                m[i] = mi
                column.add(mi, n[0])
                _ = column.shiftWord()
            } else {
                m[i &- k] = column.shiftWord()
            }
            i &+= 1
        }
        reduceOnce(m, top: column.lowWord, into: result, modulus: n, count: k)
    }

    /// ``square(_:into:modulus:inverse:count:scratch:)`` with the three-word accumulator, for
    /// systems without 128-bit integers.
    @inline(never)
    static func squarePortable(
        _ a: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, inverse: UInt64, count k: Int, scratch m: UnsafeMutablePointer<UInt64>
    ) {
        var acc0: UInt64 = 0, acc1: UInt64 = 0, acc2: UInt64 = 0
        var i = 0
        while i < 2 &* k {
            let low = i < k ? 0 : i &- k &+ 1
            var cross0: UInt64 = 0, cross1: UInt64 = 0, cross2: UInt64 = 0
            var j = low
            let crossEnd = (i &+ 1) &>> 1
            while j < crossEnd {
                LimbArithmetic.accumulate(a[j], a[i &- j], into: &cross0, &cross1, &cross2)
                j &+= 1
            }
            // acc += 2·cross, the doubled value's carries from its own top bits.
            let doubled0 = cross0 &<< 1, doubled1 = cross1 &<< 1 | cross0 &>> 63, doubled2 = cross2 &<< 1 | cross1 &>> 63
            var carry: UInt64
            (acc0, carry) = LimbArithmetic.add(acc0, doubled0, carry: 0)
            (acc1, carry) = LimbArithmetic.add(acc1, doubled1, carry: carry)
            acc2 = acc2 &+ doubled2 &+ carry
            if i & 1 == 0 { LimbArithmetic.accumulate(a[i &>> 1], a[i &>> 1], into: &acc0, &acc1, &acc2) }
            j = low
            let reductionEnd = i < k ? i : k
            while j < reductionEnd {
                LimbArithmetic.accumulate(m[j], n[i &- j], into: &acc0, &acc1, &acc2)
                j &+= 1
            }
            if i < k {
                let mi = acc0 &* inverse
                m[i] = mi
                LimbArithmetic.accumulate(mi, n[0], into: &acc0, &acc1, &acc2)
            } else {
                m[i &- k] = acc0
            }
            (acc0, acc1, acc2) = (acc1, acc2, 0)
            i &+= 1
        }
        reduceOnce(m, top: acc0, into: result, modulus: n, count: k)
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
