/// The Montgomery kernels over 32-bit half-words, for targets whose widest multiplication
/// instruction gives 64 bits: in WebAssembly a 64×64→128-bit product is a call to `__multi3`
/// (four multiplications and a dozen additions), a 32×32→64-bit one is one `i64.mul`.
///
/// A k-word operand is read as 2k half-words, low half first, so R is the same
/// 2^(64k) = 2^(32·2k) and −n⁻¹ mod 2³² is the low half of the context's −n⁻¹ mod 2⁶⁴: the results
/// are those of ``multiply(_:_:into:modulus:inverse:count:scratch:)`` and
/// ``square(_:into:modulus:inverse:count:scratch:)``, word for word, and everything around the
/// kernels (conversions, exponentiation, the workspace's layout) stays in 64-bit words.
///
/// Each column's products are summed as two 64-bit sums, of their low and of their high halves,
/// so no carry is ever computed (the same idea as ``ColumnAccumulator``): the loops depend on k
/// only, and the final subtraction is selected by mask. A column has at most 4k + 2 products,
/// so neither sum comes near 2⁶⁴. Half-words are read and written through raw loads and stores,
/// which need no rebinding of the 64-bit buffers.
extension MontgomeryContext {
    /// ``multiply(_:_:into:modulus:inverse:count:scratch:)`` by product scanning over half-words.
    /// `scratch`: at least k words.
    @inline(never)
    static func multiplyHalfWords(
        _ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, inverse: UInt64, count k: Int, scratch: UnsafeMutablePointer<UInt64>
    ) {
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b), modulus = UnsafeRawPointer(n)
        let m = UnsafeMutableRawPointer(scratch)
        let halfInverse = inverse & 0xFFFF_FFFF
        let count = 2 &* k
        var column = HalfWordColumn()
        var i = 0
        while i < count {
            var j = 0
            while j < i {
                column.add(half(x, j), half(y, i &- j))
                column.add(half(m, j), half(modulus, i &- j))
                j &+= 1
            }
            column.add(half(x, i), half(y, 0))
            let mi = column.lowHalf &* halfInverse & 0xFFFF_FFFF
            setHalf(m, i, mi)
            column.add(mi, half(modulus, 0))
            _ = column.shiftHalf()
            i &+= 1
        }
        while i < 2 &* count {
            var j = i &- count &+ 1
            while j < count {
                column.add(half(x, j), half(y, i &- j))
                column.add(half(m, j), half(modulus, i &- j))
                j &+= 1
            }
            // m[i − 2k] is not read again: later columns start at j = i − 2k + 2.
            setHalf(m, i &- count, column.shiftHalf())
            i &+= 1
        }
        reduceOnce(scratch, top: column.lowHalf, into: result, modulus: n, count: k)
    }

    /// ``square(_:into:modulus:inverse:count:scratch:)`` over half-words: each cross product
    /// once, doubled. `result` may alias `a`; `scratch`: at least k words.
    @inline(never)
    static func squareHalfWords(
        _ a: UnsafePointer<UInt64>, into result: UnsafeMutablePointer<UInt64>,
        modulus n: UnsafePointer<UInt64>, inverse: UInt64, count k: Int, scratch: UnsafeMutablePointer<UInt64>
    ) {
        let x = UnsafeRawPointer(a), modulus = UnsafeRawPointer(n)
        let m = UnsafeMutableRawPointer(scratch)
        let halfInverse = inverse & 0xFFFF_FFFF
        let count = 2 &* k
        var column = HalfWordColumn()
        var i = 0
        while i < 2 &* count {
            let low = i < count ? 0 : i &- count &+ 1
            // Cross products xⱼ·xᵢ₋ⱼ with j < i − j, counted twice.
            var cross = HalfWordColumn()
            var j = low
            let crossEnd = (i &+ 1) &>> 1
            while j < crossEnd {
                cross.add(half(x, j), half(x, i &- j))
                j &+= 1
            }
            column.addTwice(cross)
            if i & 1 == 0 { column.add(half(x, i &>> 1), half(x, i &>> 1)) }
            j = low
            let reductionEnd = i < count ? i : count
            while j < reductionEnd {
                column.add(half(m, j), half(modulus, i &- j))
                j &+= 1
            }
            if i < count {
                let mi = column.lowHalf &* halfInverse & 0xFFFF_FFFF
                setHalf(m, i, mi)
                column.add(mi, half(modulus, 0))
                _ = column.shiftHalf()
            } else {
                setHalf(m, i &- count, column.shiftHalf())
            }
            i &+= 1
        }
        reduceOnce(scratch, top: column.lowHalf, into: result, modulus: n, count: k)
    }

    /// The byte offset of half-word `index` of a little- or big-endian word buffer.
    @inline(__always)
    static func halfOffset(_ index: Int) -> Int {
        #if _endian(big)
        return (index &<< 2) ^ 4
        #else
        return index &<< 2
        #endif
    }

    /// Half-word `index` of `words`, zero-extended. Through `UInt` on purpose: `UInt64(_:)` from a
    /// `UInt32` is generic, and on 32-bit targets it goes through a loop over the source's words
    /// (`_truncatingInit`) that a size-optimized build calls instead of inlining; from a `UInt`,
    /// `init(_truncatingBits:)` is one zero-extension (or nothing) everywhere.
    @inline(__always)
    private static func half(_ words: UnsafeRawPointer, _ index: Int) -> UInt64 {
        UInt64(_truncatingBits: UInt(words.load(fromByteOffset: halfOffset(index), as: UInt32.self)))
    }

    @inline(__always)
    private static func setHalf(_ words: UnsafeMutableRawPointer, _ index: Int, _ value: UInt64) {
        words.storeBytes(of: UInt32(truncatingIfNeeded: value), toByteOffset: halfOffset(index), as: UInt32.self)
    }
}

/// The running sum of one column of half-word products, as the sum of their low halves and the
/// sum of their high halves (see ``MontgomeryContext/multiplyHalfWords(_:_:into:modulus:inverse:count:scratch:)``).
struct HalfWordColumn {
    private var lows: UInt64 = 0
    private var highs: UInt64 = 0

    @inline(__always)
    init() {}

    /// Adds x·y for half-words x and y.
    @inline(__always)
    mutating func add(_ x: UInt64, _ y: UInt64) {
        let product = x &* y
        lows &+= product & 0xFFFF_FFFF
        highs &+= product &>> 32
    }

    /// Adds twice another column's sum (the cross products of a square).
    @inline(__always)
    mutating func addTwice(_ other: HalfWordColumn) {
        lows &+= other.lows &<< 1
        highs &+= other.highs &<< 1
    }

    /// The sum's lowest half-word.
    @inline(__always)
    var lowHalf: UInt64 { lows & 0xFFFF_FFFF }

    /// Returns the lowest half-word and moves the rest down by one half-word (the carry into the
    /// next column).
    @inline(__always)
    mutating func shiftHalf() -> UInt64 {
        let half = lows & 0xFFFF_FFFF
        lows = (lows &>> 32) &+ highs
        highs = 0
        return half
    }
}
