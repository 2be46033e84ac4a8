
/// A strict reader of the protected header's JSON (RFC 8259): an object whose member names are
/// unique (RFC 7515 §4: "The Header Parameter names within the object MUST be unique";
/// a parser that kept the first or the last of two `alg` members would let two readers of one
/// token disagree about it), with values of any JSON type.
///
/// Foundation's `JSONDecoder` silently keeps one of two duplicates, so the header is read here:
/// names are compared after unescaping (`"alg"` and `"\u0061lg"` are the same name), strings
/// must be valid UTF-8 without raw control characters, nesting is limited to
/// ``maximumDepth`` levels, and nothing may follow the object.
struct JOSEHeaderParser {
    /// A top-level member's value, as far as the header's checks need it.
    enum Value: Equatable {
        case string(String)
        case other
    }

    /// Why the header is not acceptable JSON.
    enum Failure: Error, Equatable {
        /// Not a JSON object (or not JSON).
        case malformed
        /// A member name appears twice.
        case duplicateName(String)
    }

    /// Deeper nesting is refused (headers are flat; `epk` and `jwk` nest one level).
    static let maximumDepth = 16

    private let bytes: [UInt8]
    private var position = 0

    /// The top-level members of `bytes` in order, names unique.
    static func members(of bytes: [UInt8]) throws(Failure) -> [(name: String, value: Value)] {
        var parser = JOSEHeaderParser(bytes: bytes)
        parser.skipWhitespace()
        let members = try parser.object(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw .malformed }
        return members
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        guard current == byte else { throw .malformed }
        position += 1
    }

    private mutating func object(depth: Int) throws(Failure) -> [(name: String, value: Value)] {
        guard depth < Self.maximumDepth else { throw .malformed }
        try expect(UInt8(ascii: "{"))
        var members: [(name: String, value: Value)] = []
        var names = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return members
        }
        while true {
            skipWhitespace()
            let name = try string()
            guard names.insert(name).inserted else { throw .duplicateName(name) }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            members.append((name, try value(depth: depth + 1)))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return members
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> Value {
        switch current {
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "{"):
            _ = try object(depth: depth)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw .malformed }
            position += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                position += 1
            } else {
                while true {
                    skipWhitespace()
                    _ = try value(depth: depth + 1)
                    skipWhitespace()
                    if current == UInt8(ascii: ",") {
                        position += 1
                        continue
                    }
                    try expect(UInt8(ascii: "]"))
                    break
                }
            }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
        return .other
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - position >= expected.count, bytes[position..<(position + expected.count)].elementsEqual(expected) else {
            throw .malformed
        }
        position += expected.count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(Failure) {
        func digits() -> Int {
            let start = position
            while let byte = current, byte >= 0x30, byte <= 0x39 { position += 1 }
            return position - start
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else {
            guard digits() > 0 else { throw .malformed }
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw .malformed }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw .malformed }
        }
    }

    /// A string's unescaped text.
    private mutating func string() throws(Failure) -> String {
        try expect(UInt8(ascii: "\""))
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw .malformed }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                // Decoding repairs ill-formed UTF-8 with U+FFFD; text that does not come back
                // byte for byte was not UTF-8.
                let decoded = String(decoding: text, as: UTF8.self)
                guard decoded.utf8.elementsEqual(text) else { throw .malformed }
                return decoded
            case UInt8(ascii: "\\"):
                guard let escape = current else { throw .malformed }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hexQuad()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by an escaped low surrogate.
                        try expect(UInt8(ascii: "\\"))
                        try expect(UInt8(ascii: "u"))
                        let low = try hexQuad()
                        guard (0xDC00..<0xE000).contains(low) else { throw .malformed }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw .malformed }
                    text.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw .malformed
                }
            case 0x00..<0x20:
                throw .malformed
            default:
                text.append(byte)
            }
        }
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw .malformed }
            position += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw .malformed
            }
            value = value << 4 | digit
        }
        return value
    }
}
