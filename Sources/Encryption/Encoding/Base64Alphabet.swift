/// The two base64 alphabets (RFC 4648 §4 and §5) and the decoding core they share.
enum Base64Alphabet {
    case standard
    case url

    var characters: [UInt8] {
        switch self {
        case .standard: Self.standardCharacters
        case .url: Self.urlCharacters
        }
    }

    private static let standardCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Maps an ASCII byte to its 6-bit value, or 0xFF for bytes outside the alphabet.
    var decodingTable: [UInt8] {
        switch self {
        case .standard: Self.standardTable
        case .url: Self.urlTable
        }
    }

    private static let standardTable = makeTable(standardCharacters)
    private static let urlTable = makeTable(urlCharacters)

    private static func makeTable(_ characters: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in characters.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }

    func encode(_ bytes: some Collection<UInt8>, padded: Bool) -> String {
        let encoded: String? = bytes.withContiguousStorageIfAvailable { encode(UnsafeRawBufferPointer($0), padded: padded) }
        return encoded ?? Array(bytes).withUnsafeBytes { encode($0, padded: padded) }
    }

    /// Encodes into one buffer of the exact output size.
    private func encode(_ input: UnsafeRawBufferPointer, padded: Bool) -> String {
        let whole = input.count / 3, rest = input.count % 3
        let outputCount = 4 * whole + (rest == 0 ? 0 : padded ? 4 : rest + 1)
        return characters.withUnsafeBufferPointer { characters in
            String(unsafeUninitializedCapacity: outputCount) { output in
                var o = 0
                var index = 0
                for _ in 0..<whole {
                    let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                    output[o] = characters[Int(group >> 18)]
                    output[o + 1] = characters[Int(group >> 12 & 0x3F)]
                    output[o + 2] = characters[Int(group >> 6 & 0x3F)]
                    output[o + 3] = characters[Int(group & 0x3F)]
                    index += 3
                    o += 4
                }
                if rest > 0 {
                    let group = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
                    output[o] = characters[Int(group >> 18)]
                    output[o + 1] = characters[Int(group >> 12 & 0x3F)]
                    o += 2
                    if rest == 2 {
                        output[o] = characters[Int(group >> 6 & 0x3F)]
                        o += 1
                    }
                    if padded {
                        while o < outputCount {
                            output[o] = UInt8(ascii: "=")
                            o += 1
                        }
                    }
                }
                return o
            }
        }
    }

    /// Decodes the UTF-8 bytes of base64 text in two passes over the text and one output buffer
    /// of exactly the decoded size: no copy of the text, no per-character records, so the peak
    /// memory is the text plus three quarters of it.
    ///
    /// The first pass checks what ``Base64`` and ``Base64URL`` allow around the characters (where
    /// whitespace and `=` padding may be) and counts the significant ones; the second decodes them
    /// and checks each against the alphabet. Errors are reported in the order of the rules, each
    /// at the offending character's UTF-8 offset.
    func decode(_ text: some Collection<UInt8>, whitespace: Bool, padding: Bool) throws(Base64Error) -> [UInt8] {
        // Native strings are contiguous UTF-8: decode from the raw buffer (several times faster
        // than walking a string view's indices).
        let fast: Result<[UInt8], Base64Error>? = text.withContiguousStorageIfAvailable { buffer in
            Result { () throws(Base64Error) in try decodeBytes(buffer, whitespace: whitespace, padding: padding) }
        }
        if let fast { return try fast.get() }
        return try decodeBytes(text, whitespace: whitespace, padding: padding)
    }

    private func decodeBytes(_ text: some Collection<UInt8>, whitespace: Bool, padding: Bool) throws(Base64Error) -> [UInt8] {
        // Pass 1: layout (whitespace, padding, nothing after padding) and the significant count.
        var significantCount = 0
        var paddingCount = 0
        var offset = 0
        for character in text {
            switch character {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                guard whitespace else { throw .invalidCharacter(offset: offset) }
            case UInt8(ascii: "=") where padding:
                paddingCount += 1
                guard paddingCount <= 2 else { throw .invalidCharacter(offset: offset) }
            default:
                // Nothing significant may follow padding.
                guard paddingCount == 0 else { throw .invalidCharacter(offset: offset) }
                significantCount += 1
            }
            offset += 1
        }
        if paddingCount > 0, (significantCount + paddingCount) % 4 != 0 {
            throw .invalidLength(count: significantCount + paddingCount)
        }
        // Pass 2: decode into the one output buffer.
        let table = decodingTable
        var output = [UInt8](repeating: 0, count: significantCount * 3 / 4)
        var failure: Base64Error?
        var accumulator: UInt32 = 0
        var bitCount = 0
        var lastOffset = 0
        output.withUnsafeMutableBufferPointer { output in
            table.withUnsafeBufferPointer { table in
                var written = 0
                var offset = 0
                for character in text {
                    defer { offset += 1 }
                    switch character {
                    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                        continue
                    case UInt8(ascii: "=") where padding:
                        continue
                    default:
                        break
                    }
                    let value = table[Int(character)]
                    guard value != 0xFF else {
                        failure = .invalidCharacter(offset: offset)
                        return
                    }
                    lastOffset = offset
                    accumulator = (accumulator << 6 | UInt32(value)) & 0xFFFF
                    bitCount += 6
                    if bitCount >= 8 {
                        bitCount -= 8
                        // The count of significant characters bounds the writes.
                        if written < output.count { output[written] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)) }
                        written += 1
                    }
                }
            }
        }
        if let failure { throw failure }
        // Checked after the characters so a stray character is reported as itself, not as a length.
        if significantCount % 4 == 1 {
            throw .invalidLength(count: significantCount)
        }
        // Leftover bits (2 or 4) must be zero in a canonical encoding.
        if bitCount > 0, accumulator & ((1 << UInt32(bitCount)) - 1) != 0 {
            throw .nonZeroTrailingBits(offset: lastOffset)
        }
        return output
    }
}
