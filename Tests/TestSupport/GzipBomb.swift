/// A gzip member (RFC 1952) that inflates to `count` zero bytes from a small fraction of that:
/// one fixed-Huffman deflate block (RFC 1951) of a literal zero and then back-references of 258
/// bytes at distance 1, 13 bits each — 256 MiB from 1.7 MB. For tests of clients that must count
/// inflated bytes; nothing here needs zlib.
package enum GzipBomb {
    /// The gzip bytes, with a correct CRC-32 and size in the trailer.
    package static func zeros(count: Int) -> [UInt8] {
        precondition(count > 0)
        var writer = BitWriter()
        writer.bytes.reserveCapacity(count / 150 + 64)
        writer.write(1, bits: 1)                          // BFINAL
        writer.write(1, bits: 2)                          // BTYPE 01: fixed Huffman codes
        writer.writeCode(0x30, length: 8)                 // literal 0
        var remaining = count - 1
        // Length 258 is symbol 285 (8-bit code 0xC5, no extra bits); distance 1 is code 0 (5 bits).
        // Eight matches are 104 bits, 13 whole bytes, and leave the writer as it was: after the
        // first eight, the rest are those 13 bytes repeated (fast even in a debug build).
        let match = BitWriter.reversed(0xC5, length: 8)
        func writeMatches(_ matches: Int) {
            for _ in 0..<matches {
                writer.write(match, bits: 8)
                writer.write(0, bits: 5)
            }
            remaining -= 258 * matches
        }
        if remaining >= 16 * 258 {
            writeMatches(8)
            let start = writer.bytes.count
            writeMatches(8)
            let period = Array(writer.bytes[start...])
            let groups = remaining / (8 * 258)
            writer.bytes.reserveCapacity(writer.bytes.count + groups * period.count + 64)
            for _ in 0..<groups { writer.bytes.append(contentsOf: period) }
            remaining -= groups * 8 * 258
        }
        writeMatches(remaining / 258)
        for _ in 0..<remaining { writer.writeCode(0x30, length: 8) }
        writer.writeCode(0, length: 7)                    // end of block (symbol 256)
        writer.flush()
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        return header + writer.bytes + littleEndian(crc32OfZeros(count)) + littleEndian(UInt32(truncatingIfNeeded: count))
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// CRC-32 (the gzip polynomial) of `count` zero bytes, in O(log count): the register's update
    /// for a zero byte is linear, so it is raised to the power `count` by squaring its 32×32 bit
    /// matrix (the method of zlib's `crc32_combine`).
    package static func crc32OfZeros(_ count: Int) -> UInt32 {
        func times(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
            var sum: UInt32 = 0
            var vector = vector
            var row = 0
            while vector != 0 {
                if vector & 1 != 0 { sum ^= matrix[row] }
                vector >>= 1
                row += 1
            }
            return sum
        }
        func square(_ matrix: [UInt32]) -> [UInt32] { matrix.map { times(matrix, $0) } }
        // One zero bit, then two, four, eight: one zero byte.
        var oneBit = [UInt32](repeating: 0, count: 32)
        oneBit[0] = 0xEDB8_8320
        for row in 1..<32 { oneBit[row] = 1 << (row - 1) }
        var power = square(square(square(oneBit)))
        var register: UInt32 = 0xFFFF_FFFF
        var remaining = count
        while remaining > 0 {
            if remaining & 1 != 0 { register = times(power, register) }
            remaining >>= 1
            if remaining > 0 { power = square(power) }
        }
        return ~register
    }

    /// Bits in deflate's order: values from the least significant bit, Huffman codes from the most.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var pending: UInt64 = 0
        private var pendingCount = 0

        mutating func write(_ value: UInt32, bits count: Int) {
            pending |= UInt64(value) << pendingCount
            pendingCount += count
            while pendingCount >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                pendingCount -= 8
            }
        }

        mutating func writeCode(_ code: UInt32, length: Int) {
            write(Self.reversed(code, length: length), bits: length)
        }

        mutating func flush() {
            if pendingCount > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
            pending = 0
            pendingCount = 0
        }

        static func reversed(_ code: UInt32, length: Int) -> UInt32 {
            var result: UInt32 = 0
            for bit in 0..<length where code & (1 << bit) != 0 { result |= 1 << (length - 1 - bit) }
            return result
        }
    }
}
