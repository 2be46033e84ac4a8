/// SHA-512 (FIPS 180-4 §6.4). Used by HMAC-SHA-512 in the JWE content encryption A256CBC-HS512.
///
/// ```swift
/// let digest = SHA512.hash(Array("abc".utf8))   // ddaf35a1...
/// ```
package struct SHA512: HashFunction {
    /// 128 bytes.
    package static let blockByteCount = 128
    /// 64 bytes.
    package static let digestByteCount = 64

    private var engine = MerkleDamgard<Compression>()

    /// Creates a hasher in the initial state.
    package init() {}

    /// Feeds more message bytes.
    package mutating func update(_ bytes: some Collection<UInt8>) { engine.update(bytes) }

    /// The 64-byte digest of the bytes fed so far.
    package func finalize() -> [UInt8] { engine.finalize() }

    struct Compression: BlockCompression {
        static let blockByteCount = 128
        static let lengthFieldByteCount = 16
        private var h0: UInt64 = 0x6A09E667F3BCC908, h1: UInt64 = 0xBB67AE8584CAA73B
        private var h2: UInt64 = 0x3C6EF372FE94F82B, h3: UInt64 = 0xA54FF53A5F1D36F1
        private var h4: UInt64 = 0x510E527FADE682D1, h5: UInt64 = 0x9B05688C2B3E6C1F
        private var h6: UInt64 = 0x1F83D9ABFB41BD6B, h7: UInt64 = 0x5BE0CD19137E2179

        init() {}

        /// One round (FIPS 180-4 §6.4.2 step 3), working variables in rotated roles.
        @inline(__always)
        private static func round(
            _ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: inout UInt64,
            _ e: UInt64, _ f: UInt64, _ g: UInt64, _ h: inout UInt64, _ kw: UInt64
        ) {
            let t1 = h &+ (e.rotatedRight(by: 14) ^ e.rotatedRight(by: 18) ^ e.rotatedRight(by: 41))
                &+ (g ^ (e & (f ^ g))) &+ kw
            let t2 = (a.rotatedRight(by: 28) ^ a.rotatedRight(by: 34) ^ a.rotatedRight(by: 39))
                &+ ((a & b) | (c & (a | b)))
            d &+= t1
            h = t1 &+ t2
        }

        mutating func compress(_ blocks: UnsafeRawPointer, count: Int) {
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 80) { schedule in
                let w = schedule.baseAddress.unsafelyUnwrapped
                Self.roundConstantTable.withUnsafeBufferPointer { constants in
                    let k = constants.baseAddress.unsafelyUnwrapped
                    for blockIndex in 0..<count {
                        let block = blocks + 128 * blockIndex
                        for t in 0..<16 { w[t] = block.loadBigEndianUInt64(at: 8 * t) }
                        for t in 16..<80 {
                            let x = w[t - 15], y = w[t - 2]
                            let s0 = x.rotatedRight(by: 1) ^ x.rotatedRight(by: 8) ^ (x >> 7)
                            let s1 = y.rotatedRight(by: 19) ^ y.rotatedRight(by: 61) ^ (y >> 6)
                            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                        }
                        var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                        var t = 0
                        while t < 80 {
                            Self.round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
                            Self.round(h, a, b, &c, d, e, f, &g, k[t + 1] &+ w[t + 1])
                            Self.round(g, h, a, &b, c, d, e, &f, k[t + 2] &+ w[t + 2])
                            Self.round(f, g, h, &a, b, c, d, &e, k[t + 3] &+ w[t + 3])
                            Self.round(e, f, g, &h, a, b, c, &d, k[t + 4] &+ w[t + 4])
                            Self.round(d, e, f, &g, h, a, b, &c, k[t + 5] &+ w[t + 5])
                            Self.round(c, d, e, &f, g, h, a, &b, k[t + 6] &+ w[t + 6])
                            Self.round(b, c, d, &e, f, g, h, &a, k[t + 7] &+ w[t + 7])
                            t += 8
                        }
                        h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
                        h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                    }
                }
            }
        }

        var digest: [UInt8] {
            [UInt8](unsafeUninitializedCapacity: 64) { buffer, count in
                let raw = UnsafeMutableRawBufferPointer(buffer)
                raw.storeBytes(of: h0.bigEndian, toByteOffset: 0, as: UInt64.self)
                raw.storeBytes(of: h1.bigEndian, toByteOffset: 8, as: UInt64.self)
                raw.storeBytes(of: h2.bigEndian, toByteOffset: 16, as: UInt64.self)
                raw.storeBytes(of: h3.bigEndian, toByteOffset: 24, as: UInt64.self)
                raw.storeBytes(of: h4.bigEndian, toByteOffset: 32, as: UInt64.self)
                raw.storeBytes(of: h5.bigEndian, toByteOffset: 40, as: UInt64.self)
                raw.storeBytes(of: h6.bigEndian, toByteOffset: 48, as: UInt64.self)
                raw.storeBytes(of: h7.bigEndian, toByteOffset: 56, as: UInt64.self)
                count = 64
            }
        }

        /// First 64 bits of the fractional parts of the cube roots of the first 80 primes.
        private static let roundConstantTable: [UInt64] = [
        0x428A2F98D728AE22, 0x7137449123EF65CD, 0xB5C0FBCFEC4D3B2F, 0xE9B5DBA58189DBBC,
        0x3956C25BF348B538, 0x59F111F1B605D019, 0x923F82A4AF194F9B, 0xAB1C5ED5DA6D8118,
        0xD807AA98A3030242, 0x12835B0145706FBE, 0x243185BE4EE4B28C, 0x550C7DC3D5FFB4E2,
        0x72BE5D74F27B896F, 0x80DEB1FE3B1696B1, 0x9BDC06A725C71235, 0xC19BF174CF692694,
        0xE49B69C19EF14AD2, 0xEFBE4786384F25E3, 0x0FC19DC68B8CD5B5, 0x240CA1CC77AC9C65,
        0x2DE92C6F592B0275, 0x4A7484AA6EA6E483, 0x5CB0A9DCBD41FBD4, 0x76F988DA831153B5,
        0x983E5152EE66DFAB, 0xA831C66D2DB43210, 0xB00327C898FB213F, 0xBF597FC7BEEF0EE4,
        0xC6E00BF33DA88FC2, 0xD5A79147930AA725, 0x06CA6351E003826F, 0x142929670A0E6E70,
        0x27B70A8546D22FFC, 0x2E1B21385C26C926, 0x4D2C6DFC5AC42AED, 0x53380D139D95B3DF,
        0x650A73548BAF63DE, 0x766A0ABB3C77B2A8, 0x81C2C92E47EDAEE6, 0x92722C851482353B,
        0xA2BFE8A14CF10364, 0xA81A664BBC423001, 0xC24B8B70D0F89791, 0xC76C51A30654BE30,
        0xD192E819D6EF5218, 0xD69906245565A910, 0xF40E35855771202A, 0x106AA07032BBD1B8,
        0x19A4C116B8D2D0C8, 0x1E376C085141AB53, 0x2748774CDF8EEB99, 0x34B0BCB5E19B48A8,
        0x391C0CB3C5C95A63, 0x4ED8AA4AE3418ACB, 0x5B9CCA4F7763E373, 0x682E6FF3D6B2B8A3,
        0x748F82EE5DEFB2FC, 0x78A5636F43172F60, 0x84C87814A1F0AB72, 0x8CC702081A6439EC,
        0x90BEFFFA23631E28, 0xA4506CEBDE82BDE9, 0xBEF9A3F7B2C67915, 0xC67178F2E372532B,
        0xCA273ECEEA26619C, 0xD186B8C721C0C207, 0xEADA7DD6CDE0EB1E, 0xF57D4F7FEE6ED178,
        0x06F067AA72176FBA, 0x0A637DC5A2C898A6, 0x113F9804BEF90DAE, 0x1B710B35131C471B,
        0x28DB77F523047D84, 0x32CAAB7B40C72493, 0x3C9EBE0A15C9BEBC, 0x431D67C49C100D4C,
        0x4CC5D4BECB3E42B6, 0x597F299CFC657E2A, 0x5FCB6FAB3AD6FAEC, 0x6C44198C4A475817,
        ]
    }
}
