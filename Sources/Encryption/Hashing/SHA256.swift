internal import PaymentFormCryptoKernels

/// SHA-256 (FIPS 180-4 §6.2).
///
/// Blocks are compressed by the CPU's SHA instructions where it has them (x86-64 SHA extensions,
/// chosen once per process; see ``PrimitiveImplementation``), else by the Swift code below, which is
/// the reference the hardware path is tested against.
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

    /// Creates a hasher in the initial state, on the fastest implementation this CPU has.
    package init() {}

    /// Creates a hasher in the initial state on `implementation` (`.hardware` falls back to
    /// `.portable` on a CPU without the SHA instructions).
    package init(implementation: PrimitiveImplementation) {
        var compression = Compression()
        compression.implementation = implementation.availableForSHA
        engine = MerkleDamgard(state: compression)
    }

    /// Feeds more message bytes.
    package mutating func update(_ bytes: some Collection<UInt8>) { engine.update(bytes) }

    /// The 32-byte digest of the bytes fed so far.
    package func finalize() -> [UInt8] { engine.finalize() }

    struct Compression: BlockCompression {
        static let blockByteCount = 64
        static let lengthFieldByteCount = 8
        private var h0: UInt32 = 0x6A09E667, h1: UInt32 = 0xBB67AE85, h2: UInt32 = 0x3C6EF372, h3: UInt32 = 0xA54FF53A
        private var h4: UInt32 = 0x510E527F, h5: UInt32 = 0x9B05688C, h6: UInt32 = 0x1F83D9AB, h7: UInt32 = 0x5BE0CD19
        var implementation = PrimitiveImplementation.fastestSHA

        init() {}

        /// One round (FIPS 180-4 §6.2.2 step 3) with the working variables passed in their
        /// rotated roles, so eight calls in a row need no shuffling of values.
        @inline(__always)
        private static func round(
            _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
            _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
        ) {
            let t1 = h &+ (e.rotatedRight(by: 6) ^ e.rotatedRight(by: 11) ^ e.rotatedRight(by: 25))
                &+ (g ^ (e & (f ^ g))) &+ kw
            let t2 = (a.rotatedRight(by: 2) ^ a.rotatedRight(by: 13) ^ a.rotatedRight(by: 22))
                &+ ((a & b) | (c & (a | b)))
            d &+= t1
            h = t1 &+ t2
        }

        mutating func compress(_ blocks: UnsafeRawPointer, count: Int) {
            if implementation == .hardware {
                compressWithInstructions(blocks, count: count)
            } else {
                compressInSwift(blocks, count: count)
            }
        }

        /// The C kernel on the SHA extensions (only when the CPU has them: see `implementation`).
        private mutating func compressWithInstructions(_ blocks: UnsafeRawPointer, count: Int) {
            var state = SIMD8<UInt32>(h0, h1, h2, h3, h4, h5, h6, h7)
            withUnsafeMutableBytes(of: &state) { raw in
                pfe_sha256_compress(
                    raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt32.self),
                    blocks.assumingMemoryBound(to: UInt8.self), count)
            }
            h0 = state[0]; h1 = state[1]; h2 = state[2]; h3 = state[3]
            h4 = state[4]; h5 = state[5]; h6 = state[6]; h7 = state[7]
        }

        /// The reference: FIPS 180-4 §6.2.2 in Swift.
        private mutating func compressInSwift(_ blocks: UnsafeRawPointer, count: Int) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                let w = schedule.baseAddress.unsafelyUnwrapped
                Self.roundConstantTable.withUnsafeBufferPointer { constants in
                    let k = constants.baseAddress.unsafelyUnwrapped
                    for blockIndex in 0..<count {
                        let block = blocks + 64 * blockIndex
                        for t in 0..<16 { w[t] = block.loadBigEndianUInt32(at: 4 * t) }
                        for t in 16..<64 {
                            let x = w[t - 15], y = w[t - 2]
                            let s0 = x.rotatedRight(by: 7) ^ x.rotatedRight(by: 18) ^ (x >> 3)
                            let s1 = y.rotatedRight(by: 17) ^ y.rotatedRight(by: 19) ^ (y >> 10)
                            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                        }
                        var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                        var t = 0
                        while t < 64 {
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
            [UInt8](unsafeUninitializedCapacity: 32) { buffer, count in
                let raw = UnsafeMutableRawBufferPointer(buffer)
                raw.storeBytes(of: h0.bigEndian, toByteOffset: 0, as: UInt32.self)
                raw.storeBytes(of: h1.bigEndian, toByteOffset: 4, as: UInt32.self)
                raw.storeBytes(of: h2.bigEndian, toByteOffset: 8, as: UInt32.self)
                raw.storeBytes(of: h3.bigEndian, toByteOffset: 12, as: UInt32.self)
                raw.storeBytes(of: h4.bigEndian, toByteOffset: 16, as: UInt32.self)
                raw.storeBytes(of: h5.bigEndian, toByteOffset: 20, as: UInt32.self)
                raw.storeBytes(of: h6.bigEndian, toByteOffset: 24, as: UInt32.self)
                raw.storeBytes(of: h7.bigEndian, toByteOffset: 28, as: UInt32.self)
                count = 32
            }
        }

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
