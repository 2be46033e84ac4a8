import PaymentFormJSON

/// The engine's first JSON parser, kept as an oracle for the fast one: it decodes every string
/// scalar by scalar and grows every array as it goes, simple enough to trust. The differential
/// tests feed both the same documents (valid, truncated, mutated) and require the same value or
/// the same error at the same position.
struct ReferenceJSONParser {
    let maximumDepth: Int
    let maximumBytes: Int

    init(limits: JSONParser.Limits = .standard) {
        maximumDepth = limits.maximumDepth
        maximumBytes = limits.maximumBytes
    }

    func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        if bytes.count > maximumBytes {
            throw Cursor(bytes: [], maximumDepth: maximumDepth).error(.documentTooLarge(limit: maximumBytes), at: 0)
        }
        var cursor = Cursor(bytes: bytes, maximumDepth: maximumDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { cursor.position = 3 }
        cursor.skipWhitespace()
        let value = try cursor.parseValue(depth: 0)
        cursor.skipWhitespace()
        if cursor.position != bytes.count {
            throw cursor.error(.trailingContent, at: cursor.position)
        }
        return value
    }
}

extension ReferenceJSONParser {
    fileprivate struct Cursor {
        let bytes: [UInt8]
        let maximumDepth: Int
        var position = 0

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        func error(_ reason: JSONSyntaxError.Reason, at offset: Int) -> JSONSyntaxError {
            var line = 1
            var lineStart = 0
            let end = min(offset, bytes.count)
            for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            return JSONSyntaxError(reason: reason, offset: offset, line: line, column: end - lineStart + 1)
        }

        func unexpected(at offset: Int) -> JSONSyntaxError {
            guard offset < bytes.count else { return error(.unexpectedEndOfInput, at: offset) }
            let byte = bytes[offset]
            let scalar = byte < 0x80 ? Unicode.Scalar(byte) : Unicode.Scalar(0xFFFD as UInt32) ?? "?"
            return error(.unexpectedCharacter(scalar), at: offset)
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            guard position < bytes.count else { throw error(.unexpectedEndOfInput, at: position) }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
            case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default: throw unexpected(at: position)
            }
        }

        mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
            let count = literal.utf8CodeUnitCount
            for index in 0..<count {
                let expected = literal.utf8Start[index]
                guard position + index < bytes.count, bytes[position + index] == expected else {
                    throw unexpected(at: position + index)
                }
            }
            position += count
        }

        mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            if depth > maximumDepth { throw error(.nestingTooDeep(limit: maximumDepth), at: position) }
            position += 1  // {
            var object = JSONObject()
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(object)
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw unexpected(at: position) }
                let key = try parseString()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw unexpected(at: position) }
                position += 1
                skipWhitespace()
                let value = try parseValue(depth: depth)
                object.append(key, value)
                skipWhitespace()
                guard position < bytes.count else { throw error(.unexpectedEndOfInput, at: position) }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .object(object)
                } else {
                    throw unexpected(at: position)
                }
            }
        }

        mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            if depth > maximumDepth { throw error(.nestingTooDeep(limit: maximumDepth), at: position) }
            position += 1  // [
            var elements: [JSONValue] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try parseValue(depth: depth))
                skipWhitespace()
                guard position < bytes.count else { throw error(.unexpectedEndOfInput, at: position) }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(elements)
                } else {
                    throw unexpected(at: position)
                }
            }
        }

        mutating func parseNumber() throws(JSONSyntaxError) -> String {
            let start = position
            func isDigit(_ index: Int) -> Bool {
                index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
            }
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard isDigit(position) else { throw error(.invalidNumber, at: start) }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
            } else {
                while isDigit(position) { position += 1 }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard isDigit(position) else { throw error(.invalidNumber, at: start) }
                while isDigit(position) { position += 1 }
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                    position += 1
                }
                guard isDigit(position) else { throw error(.invalidNumber, at: start) }
                while isDigit(position) { position += 1 }
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func parseString() throws(JSONSyntaxError) -> String {
            position += 1  // opening quote
            var scalars = String.UnicodeScalarView()
            while true {
                guard position < bytes.count else { throw error(.unexpectedEndOfInput, at: position) }
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    scalars.append(try parseEscape())
                case 0x00..<0x20:
                    throw error(.controlCharacterInString, at: position)
                case 0x00..<0x80:
                    scalars.append(Unicode.Scalar(byte))
                    position += 1
                default:
                    scalars.append(try parseMultibyteScalar())
                }
            }
        }

        mutating func parseMultibyteScalar() throws(JSONSyntaxError) -> Unicode.Scalar {
            let start = position
            let lead = bytes[position]
            let length: Int
            var value: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
            default: throw error(.invalidUTF8, at: start)
            }
            guard start + length <= bytes.count else { throw error(.invalidUTF8, at: start) }
            for index in 1..<length {
                let continuation = bytes[start + index]
                guard continuation & 0xC0 == 0x80 else { throw error(.invalidUTF8, at: start + index) }
                value = value << 6 | UInt32(continuation & 0x3F)
            }
            // Reject overlong forms and surrogates; Unicode.Scalar rejects the latter and > 10FFFF.
            let minimum: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80
            guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw error(.invalidUTF8, at: start) }
            position += length
            return scalar
        }

        mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
            let start = position
            position += 1  // backslash
            guard position < bytes.count else { throw error(.unexpectedEndOfInput, at: position) }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let high = try parseHex4(escapeStart: start)
                if (0xD800..<0xDC00).contains(high) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error(.invalidEscape, at: start)
                    }
                    position += 2
                    let low = try parseHex4(escapeStart: start)
                    guard (0xDC00..<0xE000).contains(low) else { throw error(.invalidEscape, at: start) }
                    let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    guard let scalar = Unicode.Scalar(combined) else { throw error(.invalidEscape, at: start) }
                    return scalar
                }
                guard let scalar = Unicode.Scalar(high) else { throw error(.invalidEscape, at: start) }
                return scalar
            default:
                throw error(.invalidEscape, at: start)
            }
        }

        mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error(.unexpectedEndOfInput, at: bytes.count) }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error(.invalidEscape, at: escapeStart)
                }
                value = value << 4 | UInt32(digit)
                position += 1
            }
            return value
        }
    }
}
