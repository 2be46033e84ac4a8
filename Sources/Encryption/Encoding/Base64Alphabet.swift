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
        let input = Array(bytes)
        let characters = characters
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output.append(characters[Int(group >> 18)])
            output.append(characters[Int(group >> 12 & 0x3F)])
            output.append(characters[Int(group >> 6 & 0x3F)])
            output.append(characters[Int(group & 0x3F)])
            index += 3
        }
        switch input.count - index {
        case 1:
            let group = UInt32(input[index]) << 16
            output.append(characters[Int(group >> 18)])
            output.append(characters[Int(group >> 12 & 0x3F)])
            if padded { output.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "=")]) }
        case 2:
            let group = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output.append(characters[Int(group >> 18)])
            output.append(characters[Int(group >> 12 & 0x3F)])
            output.append(characters[Int(group >> 6 & 0x3F)])
            if padded { output.append(UInt8(ascii: "=")) }
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes significant characters (already stripped of padding and, where allowed,
    /// whitespace) given with their offsets in the original text.
    func decode(significant: [(character: UInt8, offset: Int)]) throws(Base64Error) -> [UInt8] {
        let table = decodingTable
        var output: [UInt8] = []
        output.reserveCapacity(significant.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for (character, offset) in significant {
            let value = table[Int(character)]
            guard value != 0xFF else { throw .invalidCharacter(offset: offset) }
            accumulator = (accumulator << 6 | UInt32(value)) & 0xFFFF
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
            }
        }
        // Checked after the characters so a stray character is reported as itself, not as a length.
        if significant.count % 4 == 1 {
            throw .invalidLength(count: significant.count)
        }
        // Leftover bits (2 or 4) must be zero in a canonical encoding.
        if bitCount > 0, accumulator & ((1 << UInt32(bitCount)) - 1) != 0, let last = significant.last {
            throw .nonZeroTrailingBits(offset: last.offset)
        }
        return output
    }
}
