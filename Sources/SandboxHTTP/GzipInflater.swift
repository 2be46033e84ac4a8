/// Inflates a gzip member (RFC 1952, DEFLATE of RFC 1951) into at most a given number of bytes:
/// what the Server API does with a `Content-Encoding: gzip` body (the Online Payments SDKs
/// compress a call with `CallContext(gzip=True)`, and always the merchant-batch submission).
///
/// Bounded and bomb-safe: the output stops at `limit` (a body that would inflate past it is
/// refused, however small it is compressed), every code and distance is checked, and the
/// trailer's CRC-32 and size must match. A decoder of canonical Huffman codes, bit by bit (the
/// bodies are at most 64 KiB: no tables worth building).
///
/// ```swift
/// let body = try GzipInflater.inflate(compressed, limit: 64 << 10)
/// ```
package enum GzipInflater {
    /// Why the bytes were not inflated.
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Not a gzip member, or a broken one (the reason in words).
        case malformed(String)
        /// It inflates to more than the limit.
        case tooLarge

        package var description: String {
            switch self {
            case .malformed(let reason): reason
            case .tooLarge: "it inflates past the limit"
            }
        }
    }

    /// The inflated bytes of the gzip member `input`, at most `limit` of them.
    package static func inflate(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        guard input.count >= 18, input[0] == 0x1F, input[1] == 0x8B, input[2] == 8 else { throw .malformed("not a gzip member") }
        let flags = input[3]
        guard flags & 0xE0 == 0 else { throw .malformed("reserved gzip flags") }
        var position = 10
        if flags & 0x04 != 0 {
            guard position + 2 <= input.count else { throw .malformed("truncated extra field") }
            position += 2 + Int(input[position]) | Int(input[position + 1]) << 8
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
            while position < input.count, input[position] != 0 { position += 1 }
            position += 1
        }
        if flags & 0x02 != 0 { position += 2 }
        guard position < input.count - 8 else { throw .malformed("truncated gzip header") }
        var reader = BitReader(bytes: input, position: position, end: input.count - 8)
        var output: [UInt8] = []
        var final = false
        while !final {
            final = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try stored(&reader, into: &output, limit: limit)
            case 1: try codes(&reader, into: &output, limit: limit, literals: fixedLiterals, distances: fixedDistances)
            case 2:
                let (literals, distances) = try dynamicCodes(&reader)
                try codes(&reader, into: &output, limit: limit, literals: literals, distances: distances)
            default: throw .malformed("invalid block type")
            }
        }
        let trailer = input.count - 8
        func word(_ at: Int) -> UInt32 { UInt32(input[at]) | UInt32(input[at + 1]) << 8 | UInt32(input[at + 2]) << 16 | UInt32(input[at + 3]) << 24 }
        guard word(trailer) == crc32(output) else { throw .malformed("CRC-32 mismatch") }
        guard word(trailer + 4) == UInt32(truncatingIfNeeded: output.count) else { throw .malformed("size mismatch") }
        return output
    }

    /// Bits of the input, least significant first.
    private struct BitReader {
        package let bytes: [UInt8]
        package var position: Int
        package let end: Int
        package var buffer = 0
        package var count = 0

        package mutating func bits(_ needed: Int) throws(Failure) -> Int {
            while count < needed {
                guard position < end else { throw .malformed("truncated deflate data") }
                buffer |= Int(bytes[position]) << count
                position += 1
                count += 8
            }
            let value = buffer & ((1 << needed) - 1)
            buffer >>= needed
            count -= needed
            return value
        }
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    private struct Huffman {
        package var counts = [Int](repeating: 0, count: 16)
        package var symbols: [Int] = []

        /// The code of these lengths, or a failure when they oversubscribe it.
        package static func make(lengths: [Int]) throws(Failure) -> Huffman {
            let code = Huffman(lengths: lengths)
            var left = 1
            for length in 1..<16 {
                left = left * 2 - code.counts[length]
                guard left >= 0 else { throw .malformed("oversubscribed Huffman code") }
            }
            return code
        }

        /// The code of these lengths (0 to 15 each), unchecked.
        package init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
            counts[0] = 0
        }

        package func decode(_ reader: inout BitReader) throws(Failure) -> Int {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw .malformed("invalid Huffman code")
        }
    }

    private static func stored(_ reader: inout BitReader, into output: inout [UInt8], limit: Int) throws(Failure) {
        reader.buffer = 0
        reader.count = 0
        guard reader.position + 4 <= reader.end else { throw .malformed("truncated stored block") }
        let length = Int(reader.bytes[reader.position]) | Int(reader.bytes[reader.position + 1]) << 8
        let complement = Int(reader.bytes[reader.position + 2]) | Int(reader.bytes[reader.position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw .malformed("stored block length mismatch") }
        reader.position += 4
        guard reader.position + length <= reader.end else { throw .malformed("truncated stored block") }
        guard output.count + length <= limit else { throw .tooLarge }
        output.append(contentsOf: reader.bytes[reader.position..<(reader.position + length)])
        reader.position += length
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                       4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static let fixedLiterals = Huffman(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8))
    private static let fixedDistances = Huffman(lengths: [Int](repeating: 5, count: 30))

    private static func codes(_ reader: inout BitReader, into output: inout [UInt8], limit: Int, literals: Huffman, distances: Huffman)
        throws(Failure)
    {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < limit else { throw .tooLarge }
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw .malformed("invalid length code") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let distanceSymbol = try distances.decode(&reader)
                guard distanceSymbol < distanceBase.count else { throw .malformed("invalid distance code") }
                let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard distance <= output.count else { throw .malformed("distance too far back") }
                guard output.count + length <= limit else { throw .tooLarge }
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }

    private static func dynamicCodes(_ reader: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .malformed("too many codes") }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = try reader.bits(3) }
        let lengthCode = try Huffman.make(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try lengthCode.decode(&reader)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let last = lengths.last else { throw .malformed("repeat with no length") }
                lengths += [Int](repeating: last, count: 3 + (try reader.bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount, lengths[256] != 0 else { throw .malformed("invalid code lengths") }
        return (try Huffman.make(lengths: Array(lengths[..<literalCount])), try Huffman.make(lengths: Array(lengths[literalCount...])))
    }

    /// CRC-32 (ISO-HDLC, reflected 0xEDB88320), as the gzip trailer carries it.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
