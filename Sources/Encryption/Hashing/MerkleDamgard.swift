/// The compression step of a Merkle–Damgård hash (SHA-1, SHA-2): a fixed-size state updated by
/// whole blocks.
protocol BlockCompression: Sendable {
    /// Block size in bytes (at most 128).
    static var blockByteCount: Int { get }
    /// Size of the big-endian message-length field that ends the padding (8 or 16 bytes).
    static var lengthFieldByteCount: Int { get }
    /// The initial state.
    init()
    /// Absorbs `count` whole blocks starting at `blocks`.
    mutating func compress(_ blocks: UnsafeRawPointer, count: Int)
    /// The digest bytes of the current state.
    var digest: [UInt8] { get }
}

/// Buffering and padding shared by SHA-1, SHA-256 and SHA-512: feeds whole blocks straight from
/// the caller's memory and keeps only a partial block between calls, inline (a hasher value
/// allocates nothing, so copying one to hash several messages with a common prefix is cheap).
struct MerkleDamgard<Compression: BlockCompression>: Sendable {
    private var state = Compression()
    /// The partial block (up to 128 bytes, SHA-512's block).
    private var pending = SIMD16<UInt64>()
    private var pendingCount = 0
    /// Message length in bytes, modulo 2^64 (the bit length of SHA-1/256 is defined modulo 2^64).
    private var byteCount: UInt64 = 0

    init() {}

    /// Starts from `state` (a compression configured for one implementation).
    init(state: Compression) { self.state = state }

    mutating func update(_ bytes: some Collection<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            absorb(UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { absorb($0) }
        }
    }

    mutating func absorb(_ input: UnsafeRawBufferPointer) {
        guard let base = input.baseAddress, input.count > 0 else { return }
        let blockSize = Compression.blockByteCount
        byteCount &+= UInt64(truncatingIfNeeded: input.count)
        var offset = 0
        if pendingCount > 0 {
            let take = min(blockSize - pendingCount, input.count)
            let count = pendingCount
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress.unsafelyUnwrapped.advanced(by: count).copyMemory(from: base, byteCount: take) }
            pendingCount += take
            offset = take
            guard pendingCount == blockSize else { return }
            var block = pending
            withUnsafeBytes(of: &block) { state.compress($0.baseAddress.unsafelyUnwrapped, count: 1) }
            pendingCount = 0
        }
        let whole = (input.count - offset) / blockSize
        if whole > 0 {
            state.compress(base + offset, count: whole)
            offset += whole * blockSize
        }
        if offset < input.count {
            let rest = input.count - offset
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress.unsafelyUnwrapped.copyMemory(from: base + offset, byteCount: rest) }
            pendingCount = rest
        }
    }

    func finalize() -> [UInt8] {
        var copy = state
        let blockSize = Compression.blockByteCount
        let lengthSize = Compression.lengthFieldByteCount
        // The last one or two blocks: pending ‖ 0x80 ‖ zeros ‖ length (big-endian bits).
        var tail = (SIMD16<UInt64>(), SIMD16<UInt64>())
        let tailCount = pendingCount + 1 + lengthSize <= blockSize ? blockSize : 2 * blockSize
        withUnsafeMutableBytes(of: &tail) { tail in
            var pending = pending
            withUnsafeBytes(of: &pending) { tail.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<pendingCount])) }
            tail[pendingCount] = 0x80
            // The bit length: the top bits of a 128-bit field come from the 3 bits a 64-bit byte
            // count loses when multiplied by 8.
            tail.storeBytes(of: (byteCount &<< 3).bigEndian, toByteOffset: tailCount - 8, as: UInt64.self)
            if lengthSize == 16 {
                tail.storeBytes(of: (byteCount >> 61).bigEndian, toByteOffset: tailCount - 16, as: UInt64.self)
            }
            copy.compress(tail.baseAddress.unsafelyUnwrapped, count: tailCount / blockSize)
        }
        return copy.digest
    }
}

extension UnsafeRawPointer {
    @inline(__always)
    func loadBigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always)
    func loadBigEndianUInt64(at offset: Int) -> UInt64 {
        UInt64(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

extension UnsafeRawBufferPointer {
    @inline(__always)
    func loadBigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always)
    func loadBigEndianUInt64(at offset: Int) -> UInt64 {
        UInt64(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendBigEndian(_ value: UInt64) {
        appendBigEndian(UInt32(truncatingIfNeeded: value >> 32))
        appendBigEndian(UInt32(truncatingIfNeeded: value))
    }
}
