/// The compression step of a Merkle–Damgård hash (SHA-1, SHA-2): a fixed-size state updated by
/// whole blocks.
protocol BlockCompression: Sendable {
    /// Block size in bytes.
    static var blockByteCount: Int { get }
    /// Size of the big-endian message-length field that ends the padding (8 or 16 bytes).
    static var lengthFieldByteCount: Int { get }
    /// The initial state.
    init()
    /// Absorbs one block of exactly `blockByteCount` bytes.
    mutating func compress(_ block: UnsafeRawBufferPointer)
    /// The digest bytes of the current state.
    var digest: [UInt8] { get }
}

/// Buffering and padding shared by SHA-1, SHA-256 and SHA-512: feeds whole blocks straight from
/// the caller's memory and keeps only a partial block between calls.
struct MerkleDamgard<Compression: BlockCompression>: Sendable {
    private var state = Compression()
    private var pending: [UInt8] = []
    /// Message length in bytes, modulo 2^64 (the bit length of SHA-1/256 is defined modulo 2^64).
    private var byteCount: UInt64 = 0

    init() {
        pending.reserveCapacity(Compression.blockByteCount)
    }

    mutating func update(_ bytes: some Collection<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            absorb(UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { absorb($0) }
        }
    }

    private mutating func absorb(_ input: UnsafeRawBufferPointer) {
        let blockSize = Compression.blockByteCount
        byteCount &+= UInt64(truncatingIfNeeded: input.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(blockSize - pending.count, input.count)
            pending.append(contentsOf: input[0..<take])
            offset = take
            guard pending.count == blockSize else { return }
            pending.withUnsafeBytes { state.compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while input.count - offset >= blockSize {
            state.compress(UnsafeRawBufferPointer(rebasing: input[offset..<(offset + blockSize)]))
            offset += blockSize
        }
        if offset < input.count {
            pending.append(contentsOf: input[offset...])
        }
    }

    func finalize() -> [UInt8] {
        var copy = self
        let blockSize = Compression.blockByteCount
        let lengthSize = Compression.lengthFieldByteCount
        var tail = copy.pending
        tail.append(0x80)
        while (tail.count + lengthSize) % blockSize != 0 { tail.append(0) }
        // Length in bits, big-endian: the top bits of a 128-bit field come from the 3 bits a
        // 64-bit byte count loses when multiplied by 8.
        if lengthSize == 16 {
            tail.append(contentsOf: bigEndianBytes(byteCount >> 61))
        }
        tail.append(contentsOf: bigEndianBytes(byteCount &<< 3))
        tail.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                copy.state.compress(UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + blockSize)]))
                offset += blockSize
            }
        }
        return copy.state.digest
    }
}

@inline(__always)
func bigEndianBytes(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) }
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
