/// The byte-level reader behind ``JSONParser``: one pass over the document's UTF-8 bytes.
///
/// Why it is shaped this way (each point came out of profiling the Client API samples):
/// - It reads an `UnsafeBufferPointer` with explicit bounds checks, never a `String` or an
///   iterator, and decodes nothing character by character: a string without escapes becomes a
///   `String` straight from its bytes (validated here, so errors keep exact positions).
/// - Members and elements go onto two scratch stacks and each object or array is created once at
///   its final size by moving them off, instead of growing (and re-allocating) arrays per value.
/// - Strings too long to be stored inline are shared through ``JSONStringTable``: a list of 200
///   products repeats the same keys, masks and labels 200 times.
/// Errors are computed only when thrown (line and column need a scan from the start).
struct JSONReader {
    typealias Member = (key: String, value: JSONValue)

    private let bytes: UnsafeBufferPointer<UInt8>
    private let count: Int
    private let maximumDepth: Int
    /// Whether a repeated key is an error (thrown at the repetition) rather than noted.
    private let rejectsDuplicateKeys: Bool
    private var position = 0
    private(set) var hasDuplicateKeys = false

    private var members = JSONScratchStack<Member>()
    private var elements = JSONScratchStack<JSONValue>()
    /// The keys of the members being read, one per open object, until their values complete.
    private var keys = JSONScratchStack<String>()
    /// The keys seen so far by the open objects too large to compare each new key with all of them.
    private var seenKeySets: [Set<String>] = []
    private var strings = JSONStringTable()
    /// Reused buffer for strings with escapes.
    private var unescaped: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, rejectsDuplicateKeys: Bool = false) {
        self.bytes = bytes
        self.count = bytes.count
        self.maximumDepth = maximumDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    /// Frees the scratch stacks (and whatever a thrown error left on them).
    mutating func releaseScratch() {
        members.release()
        elements.release()
        keys.release()
    }

    mutating func readDocument() throws(JSONSyntaxError) -> JSONDocument {
        // A UTF-8 byte order mark is tolerated, as many editors write one.
        if count >= 3, byte(0) == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF { position = 3 }
        skipWhitespace()
        let root = try readValue()
        skipWhitespace()
        if position != count { throw error(.trailingContent, at: position) }
        return JSONDocument(root: root, hasDuplicateKeys: hasDuplicateKeys)
    }

    // MARK: - Bytes and errors

    /// The byte at `index`, which the caller has checked is in bounds.
    @inline(__always)
    private func byte(_ index: Int) -> UInt8 {
        bytes[index]
    }

    private func error(_ reason: JSONSyntaxError.Reason, at offset: Int) -> JSONSyntaxError {
        var line = 1
        var lineStart = 0
        let end = min(offset, count)
        for index in 0..<end where byte(index) == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return JSONSyntaxError(reason: reason, offset: offset, line: line, column: end - lineStart + 1)
    }

    private func unexpected(at offset: Int) -> JSONSyntaxError {
        guard offset < count else { return error(.unexpectedEndOfInput, at: offset) }
        let byte = byte(offset)
        let scalar = byte < 0x80 ? Unicode.Scalar(byte) : Unicode.Scalar(0xFFFD as UInt32) ?? "?"
        return error(.unexpectedCharacter(scalar), at: offset)
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < count {
            switch byte(position) {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    // MARK: - Values

    /// An array or object being read: where its members (or elements) start on the scratch
    /// stack; for an object, where the key whose value comes next starts (the key itself waits on
    /// ``keys``) and which of ``seenKeySets`` is its own, once it has one. Plain numbers only, so
    /// pushing and popping one costs no reference counting.
    private struct OpenContainer {
        let isObject: Bool
        /// The index on ``members`` (objects) or ``elements`` (arrays) of the first child.
        let start: Int
        /// Where the key of the member being read starts (objects only).
        var keyStart = 0
        /// The index of this object's set in ``seenKeySets``, or -1 while it has none.
        var seenKeysSlot = -1
    }

    /// Reads one value, however deeply nested, without recursion: open arrays and objects are on
    /// an explicit stack, so a document as deep as ``maximumDepth`` costs heap, never the thread's
    /// stack, whatever the build (a debug build's frames are several KB).
    private mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        var open: [OpenContainer] = []
        nextValue: while true {
            // A value starts here: a scalar completes it; `{` or `[` opens a container whose first
            // child comes next (or completes an empty one).
            guard position < count else { throw error(.unexpectedEndOfInput, at: position) }
            var value: JSONValue
            switch byte(position) {
            case UInt8(ascii: "\""): value = .string(try readString())
            case UInt8(ascii: "{"):
                if open.count >= maximumDepth { throw error(.nestingTooDeep(limit: maximumDepth), at: position) }
                position += 1  // {
                skipWhitespace()
                if position < count, byte(position) == UInt8(ascii: "}") {
                    position += 1
                    value = .object(JSONObject())
                } else {
                    var container = OpenContainer(isObject: true, start: members.count)
                    container.keyStart = try readKey()
                    open.append(container)
                    continue
                }
            case UInt8(ascii: "["):
                if open.count >= maximumDepth { throw error(.nestingTooDeep(limit: maximumDepth), at: position) }
                position += 1  // [
                skipWhitespace()
                if position < count, byte(position) == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    open.append(OpenContainer(isObject: false, start: elements.count))
                    skipWhitespace()
                    continue
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try readNumber())
            case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
            default: throw unexpected(at: position)
            }
            // The value is complete: it becomes its container's next child. A `,` then starts the
            // next child; a closing bracket completes the container, which is a value in turn.
            while let last = open.indices.last {
                let container = open[last]
                if container.isObject {
                    // Every open object pushed its pending key (`readKey`).
                    let key = keys.popLast() ?? ""
                    noteDuplicate(key, in: &open[last])
                    // The first repetition sets the flag, so in this mode it is this key.
                    if rejectsDuplicateKeys, hasDuplicateKeys { throw error(.duplicateKey(key), at: container.keyStart) }
                    // Moved, not copied: `value` is set again before it is read.
                    members.push((key, consume value))
                } else {
                    elements.push(consume value)
                }
                skipWhitespace()
                guard position < count else { throw error(.unexpectedEndOfInput, at: position) }
                let next = byte(position)
                position += 1
                if next == UInt8(ascii: ",") {
                    if container.isObject { open[last].keyStart = try readKey() } else { skipWhitespace() }
                    continue nextValue
                }
                if container.isObject, next == UInt8(ascii: "}") {
                    value = .object(JSONObject(members.popArray(from: container.start)))
                    if container.seenKeysSlot >= 0 { seenKeySets.removeLast() }
                } else if !container.isObject, next == UInt8(ascii: "]") {
                    value = .array(elements.popArray(from: container.start))
                } else {
                    throw unexpected(at: position - 1)
                }
                open.removeLast()
            }
            // Every container closed: the document's value.
            return value
        }
    }

    /// Reads an object member's key and its `:`, up to the start of its value; the key waits on
    /// ``keys`` for its value. Returns where the key starts.
    private mutating func readKey() throws(JSONSyntaxError) -> Int {
        skipWhitespace()
        guard position < count, byte(position) == UInt8(ascii: "\"") else { throw unexpected(at: position) }
        let keyStart = position
        keys.push(try readString())
        skipWhitespace()
        guard position < count, byte(position) == UInt8(ascii: ":") else { throw unexpected(at: position) }
        position += 1
        skipWhitespace()
        return keyStart
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let length = literal.utf8CodeUnitCount
        for index in 0..<length {
            guard position + index < count, byte(position + index) == literal.utf8Start[index] else {
                throw unexpected(at: position + index)
            }
        }
        position += length
    }

    /// Records whether `key` is already a member of the object `container` (whose members start
    /// at its `start`).
    @inline(__always)
    private mutating func noteDuplicate(_ key: String, in container: inout OpenContainer) {
        let memberCount = members.count - container.start
        if memberCount < 32 {
            if !hasDuplicateKeys, members.containsKey(key, from: container.start) { hasDuplicateKeys = true }
            return
        }
        // A large object: its keys in a set from now on (the sets of open objects nest as they do).
        if container.seenKeysSlot < 0 {
            container.seenKeysSlot = seenKeySets.count
            seenKeySets.append(members.keys(from: container.start))
        }
        if !seenKeySets[container.seenKeysSlot].insert(key).inserted { hasDuplicateKeys = true }
    }

    @inline(__always)
    private func isDigit(_ index: Int) -> Bool {
        index < count && byte(index) &- UInt8(ascii: "0") < 10
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = position
        if byte(position) == UInt8(ascii: "-") { position += 1 }
        guard isDigit(position) else { throw error(.invalidNumber, at: start) }
        if byte(position) == UInt8(ascii: "0") {
            position += 1
        } else {
            while isDigit(position) { position += 1 }
        }
        if position < count, byte(position) == UInt8(ascii: ".") {
            position += 1
            guard isDigit(position) else { throw error(.invalidNumber, at: start) }
            while isDigit(position) { position += 1 }
        }
        if position < count, byte(position) | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < count, byte(position) == UInt8(ascii: "+") || byte(position) == UInt8(ascii: "-") {
                position += 1
            }
            guard isDigit(position) else { throw error(.invalidNumber, at: start) }
            while isDigit(position) { position += 1 }
        }
        return strings.string(UnsafeBufferPointer(rebasing: bytes[start..<position]), isASCII: true)
    }

    // MARK: - Strings

    /// Reads a string starting at its opening quote.
    ///
    /// The common case — no escape before the closing quote — is one scan that validates any
    /// non-ASCII UTF-8 on the way and then makes the `String` from the bytes in place.
    private mutating func readString() throws(JSONSyntaxError) -> String {
        position += 1  // opening quote
        let start = position
        var isASCII = true
        while position < count {
            let byte = byte(position)
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return strings.string(text, isASCII: isASCII)
            }
            if byte == UInt8(ascii: "\\") {
                return try readEscapedString(from: start)
            }
            if byte < 0x20 { throw error(.controlCharacterInString, at: position) }
            if byte < 0x80 {
                position += 1
            } else {
                isASCII = false
                _ = try readMultibyteScalar()
            }
        }
        throw error(.unexpectedEndOfInput, at: position)
    }

    /// Continues a string at its first backslash, unescaping into a scratch buffer.
    private mutating func readEscapedString(from start: Int) throws(JSONSyntaxError) -> String {
        unescaped.removeAll(keepingCapacity: true)
        unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < count {
            let byte = byte(position)
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let scalar = try readEscape()
                UTF8.encode(scalar) { unescaped.append($0) }
            case 0x00..<0x20:
                throw error(.controlCharacterInString, at: position)
            case 0x00..<0x80:
                unescaped.append(byte)
                position += 1
            default:
                let scalarStart = position
                _ = try readMultibyteScalar()
                unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[scalarStart..<position]))
            }
        }
        throw error(.unexpectedEndOfInput, at: position)
    }

    /// Validates one multi-byte UTF-8 scalar (no overlong forms, surrogates or values past
    /// U+10FFFF) and steps over it.
    private mutating func readMultibyteScalar() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = position
        let lead = byte(position)
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: throw error(.invalidUTF8, at: start)
        }
        guard start + length <= count else { throw error(.invalidUTF8, at: start) }
        for index in 1..<length {
            let continuation = byte(start + index)
            guard continuation & 0xC0 == 0x80 else { throw error(.invalidUTF8, at: start + index) }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        let minimum: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw error(.invalidUTF8, at: start) }
        position += length
        return scalar
    }

    private mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let start = position
        position += 1  // backslash
        guard position < count else { throw error(.unexpectedEndOfInput, at: position) }
        let byte = byte(position)
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
            let high = try readHex4(escapeStart: start)
            if (0xD800..<0xDC00).contains(high) {
                guard position + 1 < count, self.byte(position) == UInt8(ascii: "\\"), self.byte(position + 1) == UInt8(ascii: "u") else {
                    throw error(.invalidEscape, at: start)
                }
                position += 2
                let low = try readHex4(escapeStart: start)
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

    private mutating func readHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= count else { throw error(.unexpectedEndOfInput, at: count) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = byte(position)
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
