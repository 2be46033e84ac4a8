/// One unit of text the mask engine walks: a user-perceived character.
///
/// Two representations share the same generic walks: a raw byte for text that is plain ASCII
/// (the common case — card numbers, dates, CVCs — and the fast path), and a `Character` for
/// everything else. Keeping the walks generic means both paths follow exactly the same rules.
protocol MaskUnit {
    /// The unit's byte when it is a single ASCII scalar, else ``MaskElement/notASCII``.
    var maskASCIIByte: UInt8 { get }
    /// Length in UTF-16 code units, the coordinate system of cursors at the API boundary.
    var maskUTF16Length: Int { get }
    /// Length in UTF-8 code units, to size output buffers.
    var maskUTF8Length: Int { get }
    /// Whether the unit is the literal character of `element`, the mask's element at `index`.
    func isLiteral(_ element: MaskElement, at index: Int, literals: MaskLiterals?) -> Bool
    /// Writes the unit's UTF-8 bytes.
    func write<Sink: ByteSink>(to sink: inout Sink)
    /// The units as a string.
    static func string(from units: UnsafeBufferPointer<Self>) -> String
}

extension UInt8: MaskUnit {
    @inline(__always) var maskASCIIByte: UInt8 { self }
    @inline(__always) var maskUTF16Length: Int { 1 }
    @inline(__always) var maskUTF8Length: Int { 1 }

    @inline(__always)
    func isLiteral(_ element: MaskElement, at index: Int, literals: MaskLiterals?) -> Bool { element.asciiByte == self }

    @inline(__always)
    func write<Sink: ByteSink>(to sink: inout Sink) { sink.append(self) }

    static func string(from units: UnsafeBufferPointer<UInt8>) -> String { String(decoding: units, as: UTF8.self) }
}

extension Character: MaskUnit {
    var maskASCIIByte: UInt8 {
        // `Character.asciiValue` maps "\r\n" to 0x0A, which would make it equal a "\n" literal.
        var bytes = utf8.makeIterator()
        guard let first = bytes.next(), first < 0x80, bytes.next() == nil else { return MaskElement.notASCII }
        return first
    }

    var maskUTF16Length: Int { utf16.count }
    var maskUTF8Length: Int { utf8.count }

    func isLiteral(_ element: MaskElement, at index: Int, literals: MaskLiterals?) -> Bool {
        if element.asciiByte != MaskElement.notASCII {
            return maskASCIIByte == element.asciiByte
        }
        return self == literals.character(at: index)
    }

    func write<Sink: ByteSink>(to sink: inout Sink) {
        for byte in utf8 { sink.append(byte) }
    }

    static func string(from units: UnsafeBufferPointer<Character>) -> String { String(units) }
}

/// Whether `bytes` can be walked byte by byte: every byte ASCII and no "\r\n" pair (which is a
/// single character).
///
/// Eight bytes at a time: one test for a set high bit, and one for a line feed (only then is the
/// byte before it looked at).
@inline(__always)
func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var index = 0
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    while index + 8 <= count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if word & high != 0 { return false }
        let xored = word ^ lineFeeds
        // Nonzero exactly when some byte of `xored` is zero, i.e. a byte of `word` is a line feed.
        if (xored &- ones) & ~xored & high != 0 { break }
        index += 8
    }
    var previous: UInt8 = index > 0 ? base[index - 1] : 0
    while index < count {
        let byte = base[index]
        if byte >= 0x80 || (byte == 0x0A && previous == 0x0D) { return false }
        previous = byte
        index += 1
    }
    return true
}

/// Runs `body` on the string's UTF-8 bytes when they are contiguous and plain ASCII; otherwise nil,
/// and the caller takes the `Character` path.
@inline(__always)
func withPlainASCII<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
    let outcome: Result?? = text.utf8.withContiguousStorageIfAvailable { bytes in
        isPlainASCII(bytes) ? body(bytes) : nil
    }
    return outcome ?? nil
}

/// Runs `body` on the text's units: its bytes when plain ASCII, else its `Character`s.
@inline(__always)
func withUnits<Result>(
    of text: String,
    ascii: (UnsafeBufferPointer<UInt8>) -> Result,
    characters: (UnsafeBufferPointer<Character>) -> Result
) -> Result {
    if let result = withPlainASCII(text, ascii) { return result }
    return Array(text).withUnsafeBufferPointer(characters)
}
