/// The AES-256 block cipher (FIPS 197): one 16-byte block at a time under a 32-byte key.
///
/// Use ``AES256CBC`` to encrypt messages; this type is the primitive underneath. The key schedule
/// is expanded once per key into inline storage (no heap allocation); the round function uses
/// the lookup tables of ``AESTables`` (see there for why tables are acceptable here).
///
/// ```swift
/// let cipher = try AES256(key: key32)
/// let block = try cipher.encrypt(block: sixteenBytes)
/// ```
package struct AES256: Sendable {
    static let roundCount = 14
    /// The 60 round-key words of FIPS 197 §5.2 (4 spare).
    let encryptionKeys: SIMD64<UInt32>
    /// The equivalent inverse cipher's round keys (FIPS 197 §5.3.5).
    let decryptionKeys: SIMD64<UInt32>

    /// Expands a 32-byte key.
    package init(key: some Collection<UInt8>) throws(SymmetricCipherError) {
        encryptionKeys = try Self.expand(Array(key))
        decryptionKeys = Self.inverseKeys(encryptionKeys)
    }

    /// FIPS 197 §5.2 for Nk = 8.
    static func expand(_ key: [UInt8]) throws(SymmetricCipherError) -> SIMD64<UInt32> {
        guard key.count == 32 else { throw .invalidKeyLength(key.count) }
        var words = SIMD64<UInt32>()
        var index = 0
        var word: UInt32 = 0
        for byte in key {
            word = word << 8 | UInt32(byte)
            if index % 4 == 3 { words[index / 4] = word }
            index += 1
        }
        AESTables.sBox.withUnsafeBufferPointer { sBox in
            func substitute(_ word: UInt32) -> UInt32 {
                UInt32(sBox[Int(word >> 24)]) << 24 | UInt32(sBox[Int(word >> 16 & 0xFF)]) << 16
                    | UInt32(sBox[Int(word >> 8 & 0xFF)]) << 8 | UInt32(sBox[Int(word & 0xFF)])
            }
            var roundConstant: UInt8 = 1
            for i in 8..<60 {
                var temp = words[i - 1]
                if i % 8 == 0 {
                    temp = substitute(temp.rotatedLeft(by: 8)) ^ UInt32(roundConstant) << 24
                    roundConstant = AESTables.multiply(roundConstant, 2)
                } else if i % 8 == 4 {
                    temp = substitute(temp)
                }
                words[i] = words[i - 8] ^ temp
            }
        }
        return words
    }

    /// Round keys in reverse order, with InvMixColumns applied to all but the first and last.
    static func inverseKeys(_ words: SIMD64<UInt32>) -> SIMD64<UInt32> {
        var inverse = SIMD64<UInt32>()
        AESTables.decryptionTables.withUnsafeBufferPointer { td in
            AESTables.sBox.withUnsafeBufferPointer { sBox in
                for round in 0...roundCount {
                    for column in 0..<4 {
                        let word = words[4 * (roundCount - round) + column]
                        if round == 0 || round == roundCount {
                            inverse[4 * round + column] = word
                        } else {
                            inverse[4 * round + column] = td[Int(sBox[Int(word >> 24)])]
                                ^ td[256 + Int(sBox[Int(word >> 16 & 0xFF)])]
                                ^ td[512 + Int(sBox[Int(word >> 8 & 0xFF)])]
                                ^ td[768 + Int(sBox[Int(word & 0xFF)])]
                        }
                    }
                }
            }
        }
        return inverse
    }

    /// Encrypts exactly one 16-byte block.
    package func encrypt(block: some Collection<UInt8>) throws(SymmetricCipherError) -> [UInt8] {
        let input = Array(block)
        guard input.count == 16 else { throw .invalidBlockLength(input.count) }
        var output = [UInt8](repeating: 0, count: 16)
        var keys = encryptionKeys
        input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                Self.withEncryptionTables(&keys) { rounds in
                    rounds.encrypt(source.baseAddress.unsafelyUnwrapped, into: destination.baseAddress.unsafelyUnwrapped)
                }
            }
        }
        return output
    }

    /// Decrypts exactly one 16-byte block.
    package func decrypt(block: some Collection<UInt8>) throws(SymmetricCipherError) -> [UInt8] {
        let input = Array(block)
        guard input.count == 16 else { throw .invalidBlockLength(input.count) }
        var output = [UInt8](repeating: 0, count: 16)
        var keys = decryptionKeys
        input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                Self.withDecryptionTables(&keys) { rounds in
                    rounds.decrypt(source.baseAddress.unsafelyUnwrapped, into: destination.baseAddress.unsafelyUnwrapped)
                }
            }
        }
        return output
    }

    /// Runs `body` with the round function for `keys` (pointers into the keys and the tables,
    /// taken once for a whole message).
    @inline(__always)
    static func withEncryptionTables<Result>(_ keys: inout SIMD64<UInt32>, _ body: (Rounds) -> Result) -> Result {
        withUnsafeBytes(of: &keys) { keys in
            AESTables.encryptionTables.withUnsafeBufferPointer { tables in
                AESTables.sBox.withUnsafeBufferPointer { box in
                    body(Rounds(
                        keys: keys.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt32.self),
                        tables: tables.baseAddress.unsafelyUnwrapped, box: box.baseAddress.unsafelyUnwrapped))
                }
            }
        }
    }

    /// The same for decryption.
    @inline(__always)
    static func withDecryptionTables<Result>(_ keys: inout SIMD64<UInt32>, _ body: (Rounds) -> Result) -> Result {
        withUnsafeBytes(of: &keys) { keys in
            AESTables.decryptionTables.withUnsafeBufferPointer { tables in
                AESTables.inverseSBox.withUnsafeBufferPointer { box in
                    body(Rounds(
                        keys: keys.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt32.self),
                        tables: tables.baseAddress.unsafelyUnwrapped, box: box.baseAddress.unsafelyUnwrapped))
                }
            }
        }
    }

    /// The round function over raw pointers, valid inside ``withEncryptionTables(_:_:)`` or
    /// ``withDecryptionTables(_:_:)``.
    struct Rounds {
        let keys: UnsafePointer<UInt32>
        let tables: UnsafePointer<UInt32>
        let box: UnsafePointer<UInt8>

        /// Encrypts the 16 bytes at `input` into `output` (which may alias).
        @inline(__always)
        func encrypt(_ input: UnsafeRawPointer, into output: UnsafeMutableRawPointer) {
            let t = tables, keys = keys
            var s0 = input.loadBigEndianUInt32(at: 0) ^ keys[0]
            var s1 = input.loadBigEndianUInt32(at: 4) ^ keys[1]
            var s2 = input.loadBigEndianUInt32(at: 8) ^ keys[2]
            var s3 = input.loadBigEndianUInt32(at: 12) ^ keys[3]
            var k = 4
            for _ in 1..<AES256.roundCount {
                let t0 = t[Int(s0 >> 24)] ^ t[256 + Int(s1 >> 16 & 0xFF)] ^ t[512 + Int(s2 >> 8 & 0xFF)] ^ t[768 + Int(s3 & 0xFF)] ^ keys[k]
                let t1 = t[Int(s1 >> 24)] ^ t[256 + Int(s2 >> 16 & 0xFF)] ^ t[512 + Int(s3 >> 8 & 0xFF)] ^ t[768 + Int(s0 & 0xFF)] ^ keys[k + 1]
                let t2 = t[Int(s2 >> 24)] ^ t[256 + Int(s3 >> 16 & 0xFF)] ^ t[512 + Int(s0 >> 8 & 0xFF)] ^ t[768 + Int(s1 & 0xFF)] ^ keys[k + 2]
                let t3 = t[Int(s3 >> 24)] ^ t[256 + Int(s0 >> 16 & 0xFF)] ^ t[512 + Int(s1 >> 8 & 0xFF)] ^ t[768 + Int(s2 & 0xFF)] ^ keys[k + 3]
                s0 = t0; s1 = t1; s2 = t2; s3 = t3
                k += 4
            }
            output.storeBytes(of: last(s0, s1, s2, s3, keys[k]).bigEndian, toByteOffset: 0, as: UInt32.self)
            output.storeBytes(of: last(s1, s2, s3, s0, keys[k + 1]).bigEndian, toByteOffset: 4, as: UInt32.self)
            output.storeBytes(of: last(s2, s3, s0, s1, keys[k + 2]).bigEndian, toByteOffset: 8, as: UInt32.self)
            output.storeBytes(of: last(s3, s0, s1, s2, keys[k + 3]).bigEndian, toByteOffset: 12, as: UInt32.self)
        }

        /// Decrypts the 16 bytes at `input` into `output` (which may alias).
        @inline(__always)
        func decrypt(_ input: UnsafeRawPointer, into output: UnsafeMutableRawPointer) {
            let t = tables, keys = keys
            var s0 = input.loadBigEndianUInt32(at: 0) ^ keys[0]
            var s1 = input.loadBigEndianUInt32(at: 4) ^ keys[1]
            var s2 = input.loadBigEndianUInt32(at: 8) ^ keys[2]
            var s3 = input.loadBigEndianUInt32(at: 12) ^ keys[3]
            var k = 4
            for _ in 1..<AES256.roundCount {
                let t0 = t[Int(s0 >> 24)] ^ t[256 + Int(s3 >> 16 & 0xFF)] ^ t[512 + Int(s2 >> 8 & 0xFF)] ^ t[768 + Int(s1 & 0xFF)] ^ keys[k]
                let t1 = t[Int(s1 >> 24)] ^ t[256 + Int(s0 >> 16 & 0xFF)] ^ t[512 + Int(s3 >> 8 & 0xFF)] ^ t[768 + Int(s2 & 0xFF)] ^ keys[k + 1]
                let t2 = t[Int(s2 >> 24)] ^ t[256 + Int(s1 >> 16 & 0xFF)] ^ t[512 + Int(s0 >> 8 & 0xFF)] ^ t[768 + Int(s3 & 0xFF)] ^ keys[k + 2]
                let t3 = t[Int(s3 >> 24)] ^ t[256 + Int(s2 >> 16 & 0xFF)] ^ t[512 + Int(s1 >> 8 & 0xFF)] ^ t[768 + Int(s0 & 0xFF)] ^ keys[k + 3]
                s0 = t0; s1 = t1; s2 = t2; s3 = t3
                k += 4
            }
            output.storeBytes(of: last(s0, s3, s2, s1, keys[k]).bigEndian, toByteOffset: 0, as: UInt32.self)
            output.storeBytes(of: last(s1, s0, s3, s2, keys[k + 1]).bigEndian, toByteOffset: 4, as: UInt32.self)
            output.storeBytes(of: last(s2, s1, s0, s3, keys[k + 2]).bigEndian, toByteOffset: 8, as: UInt32.self)
            output.storeBytes(of: last(s3, s2, s1, s0, keys[k + 3]).bigEndian, toByteOffset: 12, as: UInt32.self)
        }

        /// The last round: the (inverse) S-box alone, no MixColumns.
        @inline(__always)
        private func last(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ key: UInt32) -> UInt32 {
            (UInt32(box[Int(a >> 24)]) << 24 | UInt32(box[Int(b >> 16 & 0xFF)]) << 16
                | UInt32(box[Int(c >> 8 & 0xFF)]) << 8 | UInt32(box[Int(d & 0xFF)])) ^ key
        }
    }
}
