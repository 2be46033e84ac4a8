internal import PaymentFormCryptoKernels

/// AES-256 in CBC mode (NIST SP 800-38A §6.2), with PKCS#7 padding (RFC 5652 §6.3) by default.
///
/// CBC alone is malleable: authenticate the ciphertext (as ``A256CBCHS512`` does) and check the
/// tag before decrypting.
///
/// The blocks go through the CPU's AES instructions where it has them (AES-NI on x86-64, chosen
/// once per process; see ``PrimitiveImplementation``): faster, and with no table lookups, so no
/// timing that depends on the key or the data. Elsewhere the Swift ``AES256`` rounds run (the
/// reference the hardware path is tested against), which use lookup tables: see ``AESTables``.
///
/// ```swift
/// let ciphertext = try AES256CBC.encrypt(plaintext, key: key32, iv: iv16)
/// let plaintext = try AES256CBC.decrypt(ciphertext, key: key32, iv: iv16)
/// ```
package enum AES256CBC {
    /// How the last block is completed.
    package enum Padding: Sendable, Hashable {
        /// PKCS#7: 1 to 16 bytes, each holding the pad length (always added on encryption).
        case pkcs7
        /// No padding: the input must be a whole number of 16-byte blocks (for raw test vectors
        /// and protocols that pad themselves).
        case none
    }

    /// Encrypts `plaintext` under a 32-byte key and a 16-byte IV. Allocates the ciphertext and
    /// nothing else (the key schedule stays in registers or inline, the blocks are chained in
    /// place).
    /// `implementation` is for tests (`.hardware` falls back to `.portable` on a CPU without AES-NI).
    package static func encrypt(
        _ plaintext: some Collection<UInt8>, key: some Collection<UInt8>, iv: some Collection<UInt8>,
        padding: Padding = .pkcs7, implementation: PrimitiveImplementation = .fastestAES
    ) throws(SymmetricCipherError) -> [UInt8] {
        // Arrays from here on: other modules call this unspecialized, where generic byte loops
        // would cost more than the cipher (`Array` of an array is free).
        try encrypt(Array(plaintext), key: Array(key), iv: Array(iv), padding: padding, implementation: implementation)
    }

    /// The same for arrays: other modules calling with arrays get this one directly, without the
    /// generic entry's conversions.
    package static func encrypt(
        _ plaintext: [UInt8], key: [UInt8], iv: [UInt8], padding: Padding = .pkcs7, implementation: PrimitiveImplementation = .fastestAES
    ) throws(SymmetricCipherError) -> [UInt8] {
        let implementation = implementation.availableForAES
        guard key.count == 32 else { throw .invalidKeyLength(key.count) }
        guard iv.count == 16 else { throw .invalidIVLength(iv.count) }
        let count = plaintext.count
        let outputCount: Int
        switch padding {
        case .pkcs7: outputCount = (count / 16 + 1) * 16
        case .none:
            guard count % 16 == 0 else { throw .invalidInputLength(count) }
            outputCount = count
        }
        let padByte = UInt8(truncatingIfNeeded: outputCount - count)
        if implementation == .hardware {
            // One allocation, written once: one kernel call expands the key in registers and
            // encrypts the whole blocks straight from the plaintext, then the last block (the
            // plaintext's tail and the padding, put together on the stack).
            let wholeBlocks = count / 16
            var last = (UInt64(0), UInt64(0))
            return [UInt8](unsafeUninitializedCapacity: outputCount) { buffer, initialized in
                withUnsafeMutableBytes(of: &last) { last in
                    let tail = count - 16 * wholeBlocks
                    plaintext.withUnsafeBytes { source in
                        if tail > 0 { last.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[(16 * wholeBlocks)...])) }
                    }
                    for index in tail..<16 { last[index] = padByte }
                    let lastBlock = outputCount > 16 * wholeBlocks ? last.baseAddress?.assumingMemoryBound(to: UInt8.self) : nil
                    plaintext.withUnsafeBufferPointer { input in
                        key.withUnsafeBufferPointer { key in
                            iv.withUnsafeBufferPointer { iv in
                                pfe_aes256_cbc_encrypt_key(key.baseAddress, iv.baseAddress, input.baseAddress, wholeBlocks, lastBlock, buffer.baseAddress)
                            }
                        }
                    }
                    // The last block held plaintext: clear it.
                    last.storeBytes(of: 0, as: UInt64.self)
                    last.storeBytes(of: 0, toByteOffset: 8, as: UInt64.self)
                }
                initialized = outputCount
            }
        }
        // One buffer: the padding bytes, then the plaintext copied over the front (in bulk: this
        // function is called unspecialized from other modules, where a byte loop would be slow).
        var data = [UInt8](repeating: padByte, count: outputCount)
        data.withUnsafeMutableBytes { buffer in
            let copied: Void? = plaintext.withContiguousStorageIfAvailable { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(source))
            }
            if copied == nil {
                Array(plaintext).withUnsafeBytes { buffer.copyMemory(from: $0) }
            }
        }
        var keys = try AES256.expand(key)
        defer { keys = SIMD64() }
        var chain = loadIV(iv)
        data.withUnsafeMutableBytes { buffer in
            let base = buffer.baseAddress.unsafelyUnwrapped
            AES256.withEncryptionTables(&keys) { rounds in
                var offset = 0
                while offset < outputCount {
                    let block = base + offset
                    block.storeBytes(of: block.loadUnaligned(as: UInt64.self) ^ chain.0, as: UInt64.self)
                    block.storeBytes(of: block.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ chain.1, toByteOffset: 8, as: UInt64.self)
                    rounds.encrypt(block, into: block)
                    chain = (block.loadUnaligned(as: UInt64.self), block.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                    offset += 16
                }
            }
        }
        return data
    }

    /// Decrypts `ciphertext` under a 32-byte key and a 16-byte IV and removes the padding.
    ///
    /// The PKCS#7 check examines every padding byte whatever their values, then fails with the
    /// single error ``SymmetricCipherError/invalidPadding``.
    /// `implementation` is for tests (`.hardware` falls back to `.portable` on a CPU without AES-NI).
    package static func decrypt(
        _ ciphertext: some Collection<UInt8>, key: some Collection<UInt8>, iv: some Collection<UInt8>,
        padding: Padding = .pkcs7, implementation: PrimitiveImplementation = .fastestAES
    ) throws(SymmetricCipherError) -> [UInt8] {
        try decrypt(Array(ciphertext), key: Array(key), iv: Array(iv), padding: padding, implementation: implementation)
    }

    /// The same for arrays, called directly with arrays (no generic conversions).
    package static func decrypt(
        _ ciphertext: [UInt8], key: [UInt8], iv: [UInt8], padding: Padding = .pkcs7, implementation: PrimitiveImplementation = .fastestAES
    ) throws(SymmetricCipherError) -> [UInt8] {
        let implementation = implementation.availableForAES
        guard key.count == 32 else { throw .invalidKeyLength(key.count) }
        guard iv.count == 16 else { throw .invalidIVLength(iv.count) }
        var data = Array(ciphertext)
        guard data.count % 16 == 0, padding == .none || !data.isEmpty else {
            throw .invalidInputLength(data.count)
        }
        if implementation == .hardware {
            var schedules = (SIMD64<UInt32>(), SIMD64<UInt32>())
            defer { schedules = (SIMD64(), SIMD64()) }
            withUnsafeMutableBytes(of: &schedules) { schedules in
                let base = schedules.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
                let encryptionKeys = base, decryptionKeys = base + 256
                key.withUnsafeBufferPointer { pfe_aes256_expand_key($0.baseAddress, encryptionKeys, decryptionKeys) }
                iv.withUnsafeBufferPointer { iv in
                    data.withUnsafeMutableBufferPointer { pfe_aes256_cbc_decrypt(decryptionKeys, iv.baseAddress, $0.baseAddress, $0.count / 16) }
                }
            }
            return try removePadding(data, padding)
        }
        var keys = AES256.inverseKeys(try AES256.expand(key))
        defer { keys = SIMD64() }
        var chain = loadIV(iv)
        data.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            AES256.withDecryptionTables(&keys) { rounds in
                var offset = 0
                while offset < buffer.count {
                    let block = base + offset
                    let next = (block.loadUnaligned(as: UInt64.self), block.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                    rounds.decrypt(block, into: block)
                    block.storeBytes(of: block.loadUnaligned(as: UInt64.self) ^ chain.0, as: UInt64.self)
                    block.storeBytes(of: block.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ chain.1, toByteOffset: 8, as: UInt64.self)
                    chain = next
                    offset += 16
                }
            }
        }
        return try removePadding(data, padding)
    }

    /// `data` without its PKCS#7 padding (checked), or unchanged for `.none`.
    private static func removePadding(_ data: [UInt8], _ padding: Padding) throws(SymmetricCipherError) -> [UInt8] {
        guard padding == .pkcs7 else { return data }
        var data = data
        let padLength = try pkcs7PadLength(data)
        data.removeLast(padLength)
        return data
    }

    /// The IV as two native-endian words (XORed onto the first block as words).
    private static func loadIV(_ iv: [UInt8]) -> (UInt64, UInt64) {
        var words = (UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &words) { raw in
            for (index, byte) in iv.prefix(16).enumerated() { raw[index] = byte }
        }
        return words
    }

    /// The PKCS#7 pad length of a non-empty whole-block buffer, checked without data-dependent
    /// branches over the last block.
    private static func pkcs7PadLength(_ data: [UInt8]) throws(SymmetricCipherError) -> Int {
        guard let last = data.last else { throw .invalidPadding }
        // bad != 0 when last is 0 or greater than 16.
        var bad: UInt8 = ConstantTime.isZero(last) | (UInt8(truncatingIfNeeded: (16 &- Int(last)) >> 8) & 1)
        let tail = data.count - 16
        for index in 0..<16 {
            // Position counted from the end: 1 for the last byte ... 16 for the first.
            let fromEnd = UInt8(16 - index)
            // inPad = 1 when fromEnd <= last.
            let inPad = UInt8(truncatingIfNeeded: (Int(last) &- Int(fromEnd)) >> 8) & 1 ^ 1
            bad |= inPad & (1 ^ ConstantTime.isEqual(data[tail + index], last))
        }
        guard bad == 0 else { throw .invalidPadding }
        return Int(last)
    }
}
