/// Fixed-size conversions between big-endian bytes (as RSA transmits integers) and little-endian
/// 64-bit words (as the Montgomery code computes). Unlike ``BigUInt``, nothing is trimmed, so the
/// work depends only on the sizes, never on leading zeros of a secret value.
enum WordEncoding {
    /// The `count` words of the big-endian integer `bytes` (which must fit: `bytes.count ≤ 8·count`).
    static func words(bigEndian bytes: some Collection<UInt8>, count: Int) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: count)
        var shift: UInt64 = 0
        var index = 0
        for byte in bytes.reversed() {
            words[index] |= UInt64(byte) &<< shift
            shift += 8
            if shift == 64 {
                shift = 0
                index += 1
            }
        }
        return words
    }

    /// The low `byteCount` bytes of the integer in `words`, big-endian (higher bytes are dropped:
    /// callers pass values known to fit).
    static func bigEndianBytes(_ words: UnsafePointer<UInt64>, wordCount: Int, byteCount: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            for index in 0..<byteCount {
                let word = index / 8 < wordCount ? words[index / 8] : 0
                buffer[byteCount - 1 - index] = UInt8(truncatingIfNeeded: word &>> UInt64(8 * (index % 8)))
            }
            initialized = byteCount
        }
    }

    /// 1 when the `count`-word value `a` is below `b`, otherwise 0, examining every word.
    static func isLess(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, count: Int) -> UInt64 {
        var borrow: UInt64 = 0
        for index in 0..<count {
            (_, borrow) = LimbArithmetic.subtract(a[index], b[index], borrow: borrow)
        }
        return borrow
    }
}
