/// The AES-256 block cipher (FIPS 197): one 16-byte block at a time under a 32-byte key.
///
/// Use ``AES256CBC`` to encrypt messages; this type is the primitive underneath.
///
/// ```swift
/// let cipher = try AES256(key: key32)
/// let block = try cipher.encrypt(block: sixteenBytes)
/// ```
package struct AES256: Sendable {
    private static let roundCount = 14
    private let encryptionKeys: [UInt32]
    private let decryptionKeys: [UInt32]

    /// Expands a 32-byte key.
    package init(key: some Collection<UInt8>) throws(SymmetricCipherError) {
        let key = Array(key)
        guard key.count == 32 else { throw .invalidKeyLength(key.count) }
        let sBox = AESTables.sBox
        var words = [UInt32](repeating: 0, count: 60)
        for i in 0..<8 {
            words[i] = UInt32(key[4 * i]) << 24 | UInt32(key[4 * i + 1]) << 16 | UInt32(key[4 * i + 2]) << 8 | UInt32(key[4 * i + 3])
        }
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
        encryptionKeys = words

        // Equivalent inverse cipher (FIPS 197 §5.3.5): round keys in reverse order, with
        // InvMixColumns applied to all but the first and last.
        let td = AESTables.decryptionTables
        var inverse = [UInt32](repeating: 0, count: 60)
        for round in 0...Self.roundCount {
            for column in 0..<4 {
                let word = words[4 * (Self.roundCount - round) + column]
                if round == 0 || round == Self.roundCount {
                    inverse[4 * round + column] = word
                } else {
                    inverse[4 * round + column] = td[Int(sBox[Int(word >> 24)])]
                        ^ td[256 + Int(sBox[Int(word >> 16 & 0xFF)])]
                        ^ td[512 + Int(sBox[Int(word >> 8 & 0xFF)])]
                        ^ td[768 + Int(sBox[Int(word & 0xFF)])]
                }
            }
        }
        decryptionKeys = inverse
    }

    /// Encrypts exactly one 16-byte block.
    package func encrypt(block: some Collection<UInt8>) throws(SymmetricCipherError) -> [UInt8] {
        let input = Array(block)
        guard input.count == 16 else { throw .invalidBlockLength(input.count) }
        var output = [UInt8](repeating: 0, count: 16)
        input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { encrypt(source, into: $0) }
        }
        return output
    }

    /// Decrypts exactly one 16-byte block.
    package func decrypt(block: some Collection<UInt8>) throws(SymmetricCipherError) -> [UInt8] {
        let input = Array(block)
        guard input.count == 16 else { throw .invalidBlockLength(input.count) }
        var output = [UInt8](repeating: 0, count: 16)
        input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { decrypt(source, into: $0) }
        }
        return output
    }

    /// Encrypts the 16 bytes at `input` into the 16 bytes at `output` (which may alias).
    func encrypt(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        encryptionKeys.withUnsafeBufferPointer { keys in
            AESTables.encryptionTables.withUnsafeBufferPointer { t in
                AESTables.sBox.withUnsafeBufferPointer { sBox in
                    var s0 = input.loadBigEndianUInt32(at: 0) ^ keys[0]
                    var s1 = input.loadBigEndianUInt32(at: 4) ^ keys[1]
                    var s2 = input.loadBigEndianUInt32(at: 8) ^ keys[2]
                    var s3 = input.loadBigEndianUInt32(at: 12) ^ keys[3]
                    for round in 1..<Self.roundCount {
                        let k = 4 * round
                        let t0 = t[Int(s0 >> 24)] ^ t[256 + Int(s1 >> 16 & 0xFF)] ^ t[512 + Int(s2 >> 8 & 0xFF)] ^ t[768 + Int(s3 & 0xFF)] ^ keys[k]
                        let t1 = t[Int(s1 >> 24)] ^ t[256 + Int(s2 >> 16 & 0xFF)] ^ t[512 + Int(s3 >> 8 & 0xFF)] ^ t[768 + Int(s0 & 0xFF)] ^ keys[k + 1]
                        let t2 = t[Int(s2 >> 24)] ^ t[256 + Int(s3 >> 16 & 0xFF)] ^ t[512 + Int(s0 >> 8 & 0xFF)] ^ t[768 + Int(s1 & 0xFF)] ^ keys[k + 2]
                        let t3 = t[Int(s3 >> 24)] ^ t[256 + Int(s0 >> 16 & 0xFF)] ^ t[512 + Int(s1 >> 8 & 0xFF)] ^ t[768 + Int(s2 & 0xFF)] ^ keys[k + 3]
                        s0 = t0; s1 = t1; s2 = t2; s3 = t3
                    }
                    func last(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ key: UInt32) -> UInt32 {
                        (UInt32(sBox[Int(a >> 24)]) << 24 | UInt32(sBox[Int(b >> 16 & 0xFF)]) << 16
                            | UInt32(sBox[Int(c >> 8 & 0xFF)]) << 8 | UInt32(sBox[Int(d & 0xFF)])) ^ key
                    }
                    let k = 4 * Self.roundCount
                    output.storeBigEndian(last(s0, s1, s2, s3, keys[k]), at: 0)
                    output.storeBigEndian(last(s1, s2, s3, s0, keys[k + 1]), at: 4)
                    output.storeBigEndian(last(s2, s3, s0, s1, keys[k + 2]), at: 8)
                    output.storeBigEndian(last(s3, s0, s1, s2, keys[k + 3]), at: 12)
                }
            }
        }
    }

    /// Decrypts the 16 bytes at `input` into the 16 bytes at `output` (which may alias).
    func decrypt(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        decryptionKeys.withUnsafeBufferPointer { keys in
            AESTables.decryptionTables.withUnsafeBufferPointer { t in
                AESTables.inverseSBox.withUnsafeBufferPointer { box in
                    var s0 = input.loadBigEndianUInt32(at: 0) ^ keys[0]
                    var s1 = input.loadBigEndianUInt32(at: 4) ^ keys[1]
                    var s2 = input.loadBigEndianUInt32(at: 8) ^ keys[2]
                    var s3 = input.loadBigEndianUInt32(at: 12) ^ keys[3]
                    for round in 1..<Self.roundCount {
                        let k = 4 * round
                        let t0 = t[Int(s0 >> 24)] ^ t[256 + Int(s3 >> 16 & 0xFF)] ^ t[512 + Int(s2 >> 8 & 0xFF)] ^ t[768 + Int(s1 & 0xFF)] ^ keys[k]
                        let t1 = t[Int(s1 >> 24)] ^ t[256 + Int(s0 >> 16 & 0xFF)] ^ t[512 + Int(s3 >> 8 & 0xFF)] ^ t[768 + Int(s2 & 0xFF)] ^ keys[k + 1]
                        let t2 = t[Int(s2 >> 24)] ^ t[256 + Int(s1 >> 16 & 0xFF)] ^ t[512 + Int(s0 >> 8 & 0xFF)] ^ t[768 + Int(s3 & 0xFF)] ^ keys[k + 2]
                        let t3 = t[Int(s3 >> 24)] ^ t[256 + Int(s2 >> 16 & 0xFF)] ^ t[512 + Int(s1 >> 8 & 0xFF)] ^ t[768 + Int(s0 & 0xFF)] ^ keys[k + 3]
                        s0 = t0; s1 = t1; s2 = t2; s3 = t3
                    }
                    func last(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ key: UInt32) -> UInt32 {
                        (UInt32(box[Int(a >> 24)]) << 24 | UInt32(box[Int(b >> 16 & 0xFF)]) << 16
                            | UInt32(box[Int(c >> 8 & 0xFF)]) << 8 | UInt32(box[Int(d & 0xFF)])) ^ key
                    }
                    let k = 4 * Self.roundCount
                    output.storeBigEndian(last(s0, s3, s2, s1, keys[k]), at: 0)
                    output.storeBigEndian(last(s1, s0, s3, s2, keys[k + 1]), at: 4)
                    output.storeBigEndian(last(s2, s1, s0, s3, keys[k + 2]), at: 8)
                    output.storeBigEndian(last(s3, s2, s1, s0, keys[k + 3]), at: 12)
                }
            }
        }
    }
}

extension UnsafeMutableRawBufferPointer {
    @inline(__always)
    func storeBigEndian(_ value: UInt32, at offset: Int) {
        storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self)
    }
}
