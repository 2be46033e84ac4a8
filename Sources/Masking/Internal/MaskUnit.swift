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
    /// Whether the unit is the literal character `element` holds.
    func isLiteral(_ element: MaskElement, literals: MaskLiterals) -> Bool
    /// Appends the unit's UTF-8 bytes.
    func appendUTF8(to output: inout [UInt8])
    /// The units as a string.
    static func string(from units: [Self]) -> String
}

extension UInt8: MaskUnit {
    var maskASCIIByte: UInt8 { self }
    var maskUTF16Length: Int { 1 }

    @inline(__always)
    func isLiteral(_ element: MaskElement, literals: MaskLiterals) -> Bool { element.asciiByte == self }

    @inline(__always)
    func appendUTF8(to output: inout [UInt8]) { output.append(self) }

    static func string(from units: [UInt8]) -> String { String(decoding: units, as: UTF8.self) }
}

extension Character: MaskUnit {
    var maskASCIIByte: UInt8 {
        // `Character.asciiValue` maps "\r\n" to 0x0A, which would make it equal a "\n" literal.
        var bytes = utf8.makeIterator()
        guard let first = bytes.next(), first < 0x80, bytes.next() == nil else { return MaskElement.notASCII }
        return first
    }

    var maskUTF16Length: Int { utf16.count }

    func isLiteral(_ element: MaskElement, literals: MaskLiterals) -> Bool {
        if element.asciiByte != MaskElement.notASCII {
            return maskASCIIByte == element.asciiByte
        }
        return self == literals.character(of: element)
    }

    func appendUTF8(to output: inout [UInt8]) { output.append(contentsOf: utf8) }

    static func string(from units: [Character]) -> String { String(units) }
}

/// Whether `bytes` can be walked byte by byte: every byte ASCII and no "\r\n" pair (which is a
/// single character).
@inline(__always)
func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var previous: UInt8 = 0
    for byte in bytes {
        if byte >= 0x80 || (byte == 0x0A && previous == 0x0D) { return false }
        previous = byte
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
