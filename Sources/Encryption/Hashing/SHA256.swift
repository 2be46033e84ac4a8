/// SHA-256 (FIPS 180-4 §6.2).
///
/// ```swift
/// let digest = SHA256.hash(Array("abc".utf8))   // ba7816bf...
/// ```
package struct SHA256: HashFunction {
    /// 64 bytes.
    package static let blockByteCount = 64
    /// 32 bytes.
    package static let digestByteCount = 32

    private var engine = MerkleDamgard<Compression>()

    /// Creates a hasher in the initial state.
    package init() {}

    /// Feeds more message bytes.
    package mutating func update(_ bytes: some Collection<UInt8>) { engine.update(bytes) }

    /// The 32-byte digest of the bytes fed so far.
    package func finalize() -> [UInt8] { engine.finalize() }

    struct Compression: BlockCompression {
        static let blockByteCount = 64
        static let lengthFieldByteCount = 8
        private var h: [UInt32] = initialHash

        init() {}

        mutating func compress(_ block: UnsafeRawBufferPointer) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for t in 0..<16 { w[t] = block.loadBigEndianUInt32(at: 4 * t) }
                for t in 16..<64 {
                    let s0 = w[t - 15].rotatedRight(by: 7) ^ w[t - 15].rotatedRight(by: 18) ^ (w[t - 15] >> 3)
                    let s1 = w[t - 2].rotatedRight(by: 17) ^ w[t - 2].rotatedRight(by: 19) ^ (w[t - 2] >> 10)
                    w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                }
                h.withUnsafeMutableBufferPointer { h in
                    Self.roundConstantTable.withUnsafeBufferPointer { k in
                        var a = h[0], b = h[1], c = h[2], d = h[3]
                        var e = h[4], f = h[5], g = h[6], hh = h[7]
                        for t in 0..<64 {
                            let s1 = e.rotatedRight(by: 6) ^ e.rotatedRight(by: 11) ^ e.rotatedRight(by: 25)
                            let choice = (e & f) ^ (~e & g)
                            let t1 = hh &+ s1 &+ choice &+ k[t] &+ w[t]
                            let s0 = a.rotatedRight(by: 2) ^ a.rotatedRight(by: 13) ^ a.rotatedRight(by: 22)
                            let majority = (a & b) ^ (a & c) ^ (b & c)
                            let t2 = s0 &+ majority
                            hh = g; g = f; f = e; e = d &+ t1
                            d = c; c = b; b = a; a = t1 &+ t2
                        }
                        h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d
                        h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
                    }
                }
            }
        }

        var digest: [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(32)
            for word in h { out.appendBigEndian(word) }
            return out
        }

        /// First 32 bits of the fractional parts of the square roots of the first 8 primes.
        private static let initialHash: [UInt32] = [
        0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19,
        ]

        /// First 32 bits of the fractional parts of the cube roots of the first 64 primes.
        private static let roundConstantTable: [UInt32] = [
        0x428A2F98, 0x71374491, 0xB5C0FBCF, 0xE9B5DBA5, 0x3956C25B, 0x59F111F1, 0x923F82A4, 0xAB1C5ED5,
        0xD807AA98, 0x12835B01, 0x243185BE, 0x550C7DC3, 0x72BE5D74, 0x80DEB1FE, 0x9BDC06A7, 0xC19BF174,
        0xE49B69C1, 0xEFBE4786, 0x0FC19DC6, 0x240CA1CC, 0x2DE92C6F, 0x4A7484AA, 0x5CB0A9DC, 0x76F988DA,
        0x983E5152, 0xA831C66D, 0xB00327C8, 0xBF597FC7, 0xC6E00BF3, 0xD5A79147, 0x06CA6351, 0x14292967,
        0x27B70A85, 0x2E1B2138, 0x4D2C6DFC, 0x53380D13, 0x650A7354, 0x766A0ABB, 0x81C2C92E, 0x92722C85,
        0xA2BFE8A1, 0xA81A664B, 0xC24B8B70, 0xC76C51A3, 0xD192E819, 0xD6990624, 0xF40E3585, 0x106AA070,
        0x19A4C116, 0x1E376C08, 0x2748774C, 0x34B0BCB5, 0x391C0CB3, 0x4ED8AA4A, 0x5B9CCA4F, 0x682E6FF3,
        0x748F82EE, 0x78A5636F, 0x84C87814, 0x8CC70208, 0x90BEFFFA, 0xA4506CEB, 0xBEF9A3F7, 0xC67178F2,
        ]
    }
}
