internal import PaymentFormCryptoKernels

/// SHA-1 (FIPS 180-4 §6.1).
///
/// Broken for collision resistance; it is here only because JOSE `RSA-OAEP` uses it inside OAEP
/// and MGF1, where collisions do not matter. Do not use it to fingerprint or sign anything.
///
/// Blocks are compressed by the CPU's SHA instructions where it has them (x86-64 SHA extensions;
/// see ``PrimitiveImplementation``), else by the Swift code below, the reference.
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

    /// The 20-byte digest of the bytes fed so far.
    package func finalize() -> [UInt8] { engine.finalize() }

    struct Compression: BlockCompression {
        static let blockByteCount = 64
        static let lengthFieldByteCount = 8
        private var h0: UInt32 = 0x6745_2301, h1: UInt32 = 0xEFCD_AB89, h2: UInt32 = 0x98BA_DCFE
        private var h3: UInt32 = 0x1032_5476, h4: UInt32 = 0xC3D2_E1F0
        var implementation = PrimitiveImplementation.fastestSHA

        init() {}

        mutating func compress(_ blocks: UnsafeRawPointer, count: Int) {
            if implementation == .hardware {
                compressWithInstructions(blocks, count: count)
            } else {
                compressInSwift(blocks, count: count)
            }
        }

        /// The C kernel on the SHA extensions (only when the CPU has them: see `implementation`).
        private mutating func compressWithInstructions(_ blocks: UnsafeRawPointer, count: Int) {
            var state = SIMD8<UInt32>(h0, h1, h2, h3, h4, 0, 0, 0)
            withUnsafeMutableBytes(of: &state) { raw in
                pfe_sha1_compress(
                    raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt32.self),
                    blocks.assumingMemoryBound(to: UInt8.self), count)
            }
            h0 = state[0]; h1 = state[1]; h2 = state[2]; h3 = state[3]; h4 = state[4]
        }

        /// The reference: FIPS 180-4 §6.1.2 in Swift.
        private mutating func compressInSwift(_ blocks: UnsafeRawPointer, count: Int) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { schedule in
                let w = schedule.baseAddress.unsafelyUnwrapped
                for blockIndex in 0..<count {
                    let block = blocks + 64 * blockIndex
                    for t in 0..<16 { w[t] = block.loadBigEndianUInt32(at: 4 * t) }
                    for t in 16..<80 {
                        w[t] = (w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]).rotatedLeft(by: 1)
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4
                    // Five rounds per step with the variables in rotated roles (FIPS 180-4 §6.1.2).
                    @inline(__always)
                    func steps(_ range: Range<Int>, _ k: UInt32, _ f: (UInt32, UInt32, UInt32) -> UInt32) {
                        var t = range.lowerBound
                        while t < range.upperBound {
                            e &+= a.rotatedLeft(by: 5) &+ f(b, c, d) &+ k &+ w[t]; b = b.rotatedLeft(by: 30)
                            d &+= e.rotatedLeft(by: 5) &+ f(a, b, c) &+ k &+ w[t + 1]; a = a.rotatedLeft(by: 30)
                            c &+= d.rotatedLeft(by: 5) &+ f(e, a, b) &+ k &+ w[t + 2]; e = e.rotatedLeft(by: 30)
                            b &+= c.rotatedLeft(by: 5) &+ f(d, e, a) &+ k &+ w[t + 3]; d = d.rotatedLeft(by: 30)
                            a &+= b.rotatedLeft(by: 5) &+ f(c, d, e) &+ k &+ w[t + 4]; c = c.rotatedLeft(by: 30)
                            t += 5
                        }
                    }
                    steps(0..<20, 0x5A82_7999) { b, c, d in d ^ (b & (c ^ d)) }
                    steps(20..<40, 0x6ED9_EBA1) { b, c, d in b ^ c ^ d }
                    steps(40..<60, 0x8F1B_BCDC) { b, c, d in (b & c) | (d & (b | c)) }
                    steps(60..<80, 0xCA62_C1D6) { b, c, d in b ^ c ^ d }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e
                }
            }
        }

        var digest: [UInt8] {
            [UInt8](unsafeUninitializedCapacity: 20) { buffer, count in
                let raw = UnsafeMutableRawBufferPointer(buffer)
                raw.storeBytes(of: h0.bigEndian, toByteOffset: 0, as: UInt32.self)
                raw.storeBytes(of: h1.bigEndian, toByteOffset: 4, as: UInt32.self)
                raw.storeBytes(of: h2.bigEndian, toByteOffset: 8, as: UInt32.self)
                raw.storeBytes(of: h3.bigEndian, toByteOffset: 12, as: UInt32.self)
                raw.storeBytes(of: h4.bigEndian, toByteOffset: 16, as: UInt32.self)
                count = 20
            }
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
