/// Conversions and exponentiation on top of the Montgomery kernels. Each operation takes its
/// scratch in one allocation up front; nothing allocates inside the loops.
extension MontgomeryContext {
    /// Bits per window of the constant-time exponentiation: 32 table entries, so about 1/5 of
    /// the squarings are followed by a multiplication (OpenSSL uses 5 for exponents of 307–937
    /// bits and 6 above; with the table scan both cost the same here).
    static let windowBits = 5

    /// Runs `body` with the modulus, R² and `extra` words of scratch (beyond ``scratchCount``).
    @inline(__always)
    func withWorkspace<Result>(extra: Int, _ body: (Workspace) -> Result) -> Result {
        modulusWords.withUnsafeBufferPointer { n in
            rSquared.withUnsafeBufferPointer { r2 in
                withUnsafeTemporaryAllocation(of: UInt64.self, capacity: scratchCount + extra) { buffer in
                    let base = buffer.baseAddress.unsafelyUnwrapped
                    let total = scratchCount + extra
                    base.initialize(repeating: 0, count: total)
                    defer {
                        // Intermediate values of a private-key operation are secret: clear them
                        // (the barrier keeps the optimizer from dropping the stores as dead).
                        base.update(repeating: 0, count: total)
                        LimbArithmetic.barrier(base, count: total)
                    }
                    return body(Workspace(
                        modulus: n.baseAddress.unsafelyUnwrapped, rSquared: r2.baseAddress.unsafelyUnwrapped,
                        inverse: inverse, count: count, scratch: base, extra: base + scratchCount))
                }
            }
        }
    }

    /// Pointers for one operation: the modulus, R², the kernels' scratch and caller scratch.
    struct Workspace {
        let modulus: UnsafePointer<UInt64>
        let rSquared: UnsafePointer<UInt64>
        let inverse: UInt64
        let count: Int
        /// ``MontgomeryContext/scratchCount`` words for the kernels.
        let scratch: UnsafeMutablePointer<UInt64>
        /// The words the caller asked for.
        let extra: UnsafeMutablePointer<UInt64>

        /// The multiplication kernel: over half-words in WebAssembly, over words elsewhere.
        @inline(__always)
        func multiply(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>) {
            #if arch(wasm32)
            MontgomeryContext.multiplyHalfWords(a, b, into: result, modulus: modulus, inverse: inverse, count: count, scratch: scratch)
            #else
            MontgomeryContext.multiply(a, b, into: result, modulus: modulus, inverse: inverse, count: count, scratch: scratch)
            #endif
        }

        @inline(__always)
        func square(_ a: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>) {
            MontgomeryContext.square(a, into: result, modulus: modulus, inverse: inverse, count: count, scratch: scratch)
        }

        /// `result = value·R mod n` (Montgomery form) for a value of any word count (public),
        /// in constant time: Horner's rule over k-word chunks, two multiplications and a modular
        /// addition per chunk. `temporary`: 2k words that alias nothing else.
        func toMontgomery(
            _ value: UnsafePointer<UInt64>, count valueCount: Int, into result: UnsafeMutablePointer<UInt64>,
            temporary: UnsafeMutablePointer<UInt64>
        ) {
            let k = count
            let chunk = temporary, product = temporary + k
            func load(from start: Int) {
                let length = min(k, valueCount - start)
                chunk.update(from: value + start, count: length)
                (chunk + length).update(repeating: 0, count: k - length)
            }
            guard valueCount > 0 else {
                result.update(repeating: 0, count: k)
                return
            }
            var start = ((valueCount + k - 1) / k - 1) * k
            load(from: start)
            multiply(chunk, rSquared, into: result)
            start -= k
            while start >= 0 {
                // result = result·R + chunk·R (mod n).
                multiply(result, rSquared, into: result)
                load(from: start)
                multiply(chunk, rSquared, into: product)
                MontgomeryContext.addModulo(result, product, into: result, modulus: modulus, count: k, scratch: chunk)
                start -= k
            }
        }

        /// `result = value·R⁻¹ mod n` (out of Montgomery form) for a k-word value. `temporary`:
        /// k words.
        func fromMontgomery(
            _ value: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>, temporary one: UnsafeMutablePointer<UInt64>
        ) {
            one.update(repeating: 0, count: count)
            one[0] = 1
            multiply(value, one, into: result)
        }

        /// R mod n, the Montgomery form of 1. `temporary`: k words.
        func montgomeryOne(into result: UnsafeMutablePointer<UInt64>, temporary one: UnsafeMutablePointer<UInt64>) {
            fromMontgomery(rSquared, into: result, temporary: one)
        }

        /// Words of `temporary` that ``power(_:exponent:exponentCount:bitCount:into:temporary:)``
        /// needs.
        var powerTemporaryCount: Int { ((1 << MontgomeryContext.windowBits) + 2) * count + (1 << MontgomeryContext.windowBits) }

        /// `result = base^exponent` in Montgomery form (base in Montgomery form, below n), for a
        /// secret exponent.
        ///
        /// Fixed 5-bit windows over `bitCount` bits (public: the size of the modulus, not of the
        /// exponent), so the sequence of squarings and multiplications is the same for every
        /// exponent; each window's table entry is read by scanning all 32 entries and keeping
        /// one by mask, so the addresses read do not depend on the exponent either.
        func power(
            _ base: UnsafePointer<UInt64>, exponent: UnsafePointer<UInt64>, exponentCount: Int, bitCount: Int,
            into result: UnsafeMutablePointer<UInt64>, temporary: UnsafeMutablePointer<UInt64>
        ) {
            let k = count
            let windowBits = MontgomeryContext.windowBits
            let entries = 1 << windowBits
            let table = temporary
            let selected = temporary + entries * k
            let spare = selected + k
            let masks = spare + k
            // table[i] = base^i in Montgomery form.
            montgomeryOne(into: table, temporary: spare)
            (table + k).update(from: base, count: k)
            for entry in 2..<entries {
                if entry & 1 == 0 {
                    square(table + (entry / 2) * k, into: table + entry * k)
                } else {
                    multiply(table + (entry - 1) * k, base, into: table + entry * k)
                }
            }
            let windows = (bitCount + windowBits - 1) / windowBits
            guard windows > 0 else {
                result.update(from: table, count: k)
                return
            }
            func select(window: Int, into destination: UnsafeMutablePointer<UInt64>) {
                // The window's digit: public position, secret value.
                let position = window * windowBits
                let word = position / 64, offset = position % 64
                var digit = exponent[word] &>> UInt64(offset)
                if offset > 64 - windowBits, word + 1 < exponentCount {
                    digit |= exponent[word + 1] &<< UInt64(64 - offset)
                }
                digit &= UInt64(entries - 1)
                for entry in 0..<entries {
                    masks[entry] = LimbArithmetic.isZeroMask(UInt64(entry) ^ digit)
                }
                LimbArithmetic.barrier(masks, count: entries)
                destination.update(repeating: 0, count: k)
                for entry in 0..<entries {
                    let mask = masks[entry]
                    let row = table + entry * k
                    var index = 0
                    while index < k {
                        destination[index] |= row[index] & mask
                        index &+= 1
                    }
                }
            }
            select(window: windows - 1, into: result)
            var window = windows - 2
            while window >= 0 {
                for _ in 0..<windowBits { square(result, into: result) }
                select(window: window, into: selected)
                multiply(result, selected, into: result)
                window -= 1
            }
            masks.update(repeating: 0, count: entries)
        }

        /// `result = base^exponent` in Montgomery form, for a public exponent: left-to-right
        /// square and multiply, which branches on the exponent's bits (and only on them). `base`
        /// must not alias `result`. `temporary`: k words.
        ///
        /// With `normalBase` (the same value out of Montgomery form) and an odd exponent, the
        /// last multiplication uses it instead, which leaves the result in normal form and saves
        /// the conversion out (one multiplication of 19 for e = 65537).
        func publicPower(
            _ base: UnsafePointer<UInt64>, exponent: UnsafePointer<UInt64>, exponentCount: Int,
            into result: UnsafeMutablePointer<UInt64>, temporary: UnsafeMutablePointer<UInt64>,
            normalBase: UnsafePointer<UInt64>? = nil
        ) {
            var topWord = exponentCount - 1
            while topWord >= 0, exponent[topWord] == 0 { topWord -= 1 }
            guard topWord >= 0 else {
                montgomeryOne(into: result, temporary: temporary)
                if normalBase != nil { fromMontgomery(result, into: result, temporary: temporary) }
                return
            }
            result.update(from: base, count: count)
            let topBit = 63 - exponent[topWord].leadingZeroBitCount
            var bit = topWord * 64 + topBit - 1
            let odd = exponent[0] & 1 == 1
            while bit >= 0 {
                square(result, into: result)
                if exponent[bit / 64] &>> UInt64(bit % 64) & 1 == 1 {
                    if bit == 0, let normalBase {
                        multiply(result, normalBase, into: result)
                        return
                    }
                    multiply(result, base, into: result)
                }
                bit -= 1
            }
            // An exponent of 1, or an even one: convert out the ordinary way.
            if normalBase != nil {
                if odd, topWord == 0, topBit == 0 {
                    result.update(from: normalBase.unsafelyUnwrapped, count: count)
                } else {
                    fromMontgomery(result, into: result, temporary: temporary)
                }
            }
        }
    }
}

// MARK: - Whole-value conveniences (tests, key checks)

extension MontgomeryContext {
    /// `base^exponent mod modulus` for a secret exponent, in constant time for exponents up to
    /// the modulus's size (see ``Workspace/power(_:exponent:exponentCount:bitCount:into:temporary:)``).
    /// `base` is reduced first if needed.
    func power(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        let k = count
        let baseWords = base.limbs
        let exponentWords = exponent.limbs(paddedTo: max(k, exponent.limbs.count))
        let bitCount = max(modulus.bitWidth, exponent.bitWidth)
        return withPowerWorkspace { workspace, temporary in
            let value = temporary, result = temporary + k, rest = temporary + 2 * k
            baseWords.withUnsafeBufferPointer { words in
                workspace.toMontgomery(words.baseAddress ?? UnsafePointer(rest), count: words.count, into: value, temporary: rest)
            }
            exponentWords.withUnsafeBufferPointer { e in
                workspace.power(value, exponent: e.baseAddress.unsafelyUnwrapped, exponentCount: e.count, bitCount: bitCount, into: result, temporary: rest)
            }
            workspace.fromMontgomery(result, into: value, temporary: rest)
            return BigUInt(limbs: Array(UnsafeBufferPointer(start: value, count: k)))
        }
    }

    /// `base^exponent mod modulus` for a public exponent (branches on its bits). `base` is
    /// reduced first if needed.
    func publicPower(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        let k = count
        let baseWords = base.limbs
        let exponentWords = exponent.limbs
        return withPowerWorkspace { workspace, temporary in
            let value = temporary, result = temporary + k, rest = temporary + 2 * k
            baseWords.withUnsafeBufferPointer { words in
                workspace.toMontgomery(words.baseAddress ?? UnsafePointer(rest), count: words.count, into: value, temporary: rest)
            }
            exponentWords.withUnsafeBufferPointer { e in
                workspace.publicPower(value, exponent: e.baseAddress ?? UnsafePointer(rest), exponentCount: e.count, into: result, temporary: rest)
            }
            workspace.fromMontgomery(result, into: value, temporary: rest)
            return BigUInt(limbs: Array(UnsafeBufferPointer(start: value, count: k)))
        }
    }

    /// A workspace with enough caller scratch for a whole exponentiation with conversions.
    func withPowerWorkspace<Result>(_ body: (Workspace, UnsafeMutablePointer<UInt64>) -> Result) -> Result {
        let powerWords = ((1 << Self.windowBits) + 2) * count + (1 << Self.windowBits)
        return withWorkspace(extra: 2 * count + powerWords + 2 * count) { workspace in
            body(workspace, workspace.extra)
        }
    }
}
