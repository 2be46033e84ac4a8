/// JSON string literals (RFC 8259 §7), the one escaper of the package: the quotation mark, the
/// reverse solidus and the control characters U+0000–U+001F are escaped, everything else is
/// copied as UTF-8 (including `/`, as Foundation's `JSONEncoder` does with
/// `.withoutEscapingSlashes`). ``JSONWriter`` writes with it, and so do the payment payload, the
/// client meta info and the JWE header.
package enum JSONStringEscaping {
    /// Appends `"text"`, escaped, to `output`. With `escapingLineSeparators`, U+2028 and U+2029
    /// are written `\u2028` and `\u2029` too (valid JSON either way; escaped, the text can also
    /// stand inside a JavaScript string literal of an engine older than ES2019).
    package static func append(_ text: String, to output: inout [UInt8], escapingLineSeparators: Bool = false) {
        output.append(quotationMark)
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape go in whole: appending byte by byte checked the
            // array's capacity and uniqueness per byte, a tenth of a WebAssembly `prepare`
            // (which writes a JWE of about a kilobyte into its answer).
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // Plain comparisons and arithmetic only: the Embedded Swift build for wasm32 wrote
                // a quotation mark as a truncated `\u00` escape from an earlier switch over
                // `UInt8(ascii:)` patterns and a lookup table (found by running the command-line
                // tests through the WebAssembly engine); this form is the same natively.
                if byte >= 0x20, byte != quotationMark, byte != reverseSolidus {
                    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                    if escapingLineSeparators, byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                       bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                        appendUnicodeEscape(0x20, bytes[index + 2] == 0xA8 ? 0x28 : 0x29, to: &output)
                        index += 3
                        runStart = index
                        continue
                    }
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(of: byte, to: &output)
                index += 1
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        }
        output.append(quotationMark)
    }

    /// Appends the escape sequence of a quotation mark, a reverse solidus or a control character.
    private static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
        let letter: UInt8
        if byte == quotationMark || byte == reverseSolidus {
            letter = byte
        } else if byte == 0x08 {
            letter = 0x62 // b
        } else if byte == 0x0C {
            letter = 0x66 // f
        } else if byte == 0x0A {
            letter = 0x6E // n
        } else if byte == 0x0D {
            letter = 0x72 // r
        } else if byte == 0x09 {
            letter = 0x74 // t
        } else {
            appendUnicodeEscape(0x00, byte, to: &output)
            return
        }
        output.append(reverseSolidus)
        output.append(letter)
    }

    /// Appends `\uHHLL`: the code unit `high << 8 | low` in four lower-case hexadecimal digits.
    private static func appendUnicodeEscape(_ high: UInt8, _ low: UInt8, to output: inout [UInt8]) {
        output.append(reverseSolidus)
        output.append(0x75) // u
        output.append(hexDigit(high >> 4))
        output.append(hexDigit(high & 0x0F))
        output.append(hexDigit(low >> 4))
        output.append(hexDigit(low & 0x0F))
    }

    private static let quotationMark: UInt8 = 0x22
    private static let reverseSolidus: UInt8 = 0x5C

    /// The lower-case hexadecimal digit of `value` (0...15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x57 + value
    }
}
