/// A strict reader of the DER subset that RSA keys use (X.690 §10): definite minimal lengths,
/// minimal non-negative INTEGERs, and every byte accounted for.
struct DERReader {
    enum Tag {
        static let integer: UInt8 = 0x02
        static let bitString: UInt8 = 0x03
        static let octetString: UInt8 = 0x04
        static let null: UInt8 = 0x05
        static let objectIdentifier: UInt8 = 0x06
        static let sequence: UInt8 = 0x30
    }

    private let bytes: [UInt8]
    /// Offset of the next unread byte, in the outermost input.
    private(set) var offset: Int
    private let end: Int

    init(_ bytes: [UInt8]) {
        self.init(bytes: bytes, offset: 0, end: bytes.count)
    }

    private init(bytes: [UInt8], offset: Int, end: Int) {
        self.bytes = bytes
        self.offset = offset
        self.end = end
    }

    var isAtEnd: Bool { offset >= end }

    /// The tag of the next element, without consuming it.
    func peekTag() throws(KeyError) -> UInt8 {
        guard offset < end else { throw .truncated(offset: offset) }
        return bytes[offset]
    }

    /// Reads one element with the given tag and returns a reader over its contents.
    mutating func read(_ tag: UInt8) throws(KeyError) -> DERReader {
        let start = offset
        let found = try peekTag()
        guard found == tag else { throw .unexpectedTag(expected: tag, found: found, offset: start) }
        var cursor = offset + 1
        guard cursor < end else { throw .truncated(offset: start) }
        let first = bytes[cursor]
        cursor += 1
        var length: Int
        if first < 0x80 {
            length = Int(first)
        } else {
            let lengthBytes = Int(first & 0x7F)
            // 0x80 is the indefinite form (BER only); more than 4 length bytes is no key.
            guard (1...4).contains(lengthBytes) else { throw .invalidLength(offset: start + 1) }
            guard end - cursor >= lengthBytes else { throw .truncated(offset: start) }
            length = 0
            for index in 0..<lengthBytes { length = length << 8 | Int(bytes[cursor + index]) }
            cursor += lengthBytes
            // Minimal: no leading zero byte, and the long form only for lengths >= 128.
            guard bytes[cursor - lengthBytes] != 0, length >= 0x80 else { throw .invalidLength(offset: start + 1) }
        }
        guard end - cursor >= length else { throw .truncated(offset: start) }
        offset = cursor + length
        return DERReader(bytes: bytes, offset: cursor, end: cursor + length)
    }

    /// The remaining content bytes of this reader (consumes them).
    mutating func readRemainingBytes() -> ArraySlice<UInt8> {
        defer { offset = end }
        return bytes[offset..<end]
    }

    /// Reads a non-negative, minimally encoded INTEGER.
    mutating func readUnsignedInteger() throws(KeyError) -> BigUInt {
        let start = offset
        var content = try read(Tag.integer)
        let value = content.readRemainingBytes()
        guard let first = value.first else { throw .invalidInteger(offset: start) }
        if first & 0x80 != 0 { throw .invalidInteger(offset: start) }
        if first == 0, value.count > 1, value[value.startIndex + 1] & 0x80 == 0 { throw .invalidInteger(offset: start) }
        return BigUInt(bigEndianBytes: value)
    }

    /// Reads a small non-negative INTEGER such as a version number.
    mutating func readSmallInteger() throws(KeyError) -> Int {
        let start = offset
        let value = try readUnsignedInteger()
        guard value.bitWidth <= 31 else { throw .invalidInteger(offset: start) }
        return Int(value.limbs.first ?? 0)
    }

    /// Fails unless every byte has been read.
    func expectEnd() throws(KeyError) {
        guard offset == end else { throw .trailingBytes(offset: offset) }
    }

    /// The dotted form of OBJECT IDENTIFIER content bytes, for error messages.
    static func dottedObjectIdentifier(_ content: ArraySlice<UInt8>) -> String {
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        for byte in content {
            value = (value << 7) | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 {
                arcs.append(value)
                value = 0
            }
            if arcs.count > 32 || value > UInt64(UInt32.max) { return "(malformed)" }
        }
        guard let first = arcs.first, value == 0, content.last.map({ $0 & 0x80 == 0 }) ?? false else { return "(malformed)" }
        let head = first < 80 ? [first / 40, first % 40] : [2, first - 80]
        return (head + arcs.dropFirst()).map(String.init).joined(separator: ".")
    }
}
