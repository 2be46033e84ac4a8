/// SHA-1 (FIPS 180-4 §6.1).
///
/// Broken for collision resistance; it is here only because JOSE `RSA-OAEP` uses it inside OAEP
/// and MGF1, where collisions do not matter. Do not use it to fingerprint or sign anything.
///
/// ```swift
/// let digest = SHA1.hash(Array("abc".utf8))   // a9993e36...
/// ```
package struct SHA1: HashFunction {
    /// 64 bytes.
    package static let blockByteCount = 64
    /// 20 bytes.
    package static let digestByteCount = 20

    private var engine = MerkleDamgard<Compression>()

    /// Creates a hasher in the initial state.
    package init() {}

    /// Feeds more message bytes.
    package mutating func update(_ bytes: some Collection<UInt8>) { engine.update(bytes) }

    /// The 20-byte digest of the bytes fed so far.
    package func finalize() -> [UInt8] { engine.finalize() }

    struct Compression: BlockCompression {
        static let blockByteCount = 64
        static let lengthFieldByteCount = 8
        private var h: (UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)

        init() {}

        mutating func compress(_ block: UnsafeRawBufferPointer) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
                for t in 0..<16 { w[t] = block.loadBigEndianUInt32(at: 4 * t) }
                for t in 16..<80 {
                    w[t] = (w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]).rotatedLeft(by: 1)
                }
                var (a, b, c, d, e) = h
                for t in 0..<80 {
                    let f: UInt32
                    let k: UInt32
                    switch t {
                    case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
                    case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                    case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                    default: f = b ^ c ^ d; k = 0xCA62_C1D6
                    }
                    let temp = a.rotatedLeft(by: 5) &+ f &+ e &+ k &+ w[t]
                    e = d
                    d = c
                    c = b.rotatedLeft(by: 30)
                    b = a
                    a = temp
                }
                h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
            }
        }

        var digest: [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(20)
            for word in [h.0, h.1, h.2, h.3, h.4] { out.appendBigEndian(word) }
            return out
        }
    }
}

extension UInt32 {
    @inline(__always)
    func rotatedLeft(by count: UInt32) -> UInt32 { (self &<< count) | (self &>> (32 &- count)) }

    @inline(__always)
    func rotatedRight(by count: UInt32) -> UInt32 { (self &>> count) | (self &<< (32 &- count)) }
}

extension UInt64 {
    @inline(__always)
    func rotatedRight(by count: UInt64) -> UInt64 { (self &>> count) | (self &<< (64 &- count)) }
}
