/// JSON string literals (RFC 8259 §7): the quotation mark, the reverse solidus and the control
/// characters U+0000–U+001F are escaped, everything else is copied as UTF-8 (including `/`, as
/// Foundation's `JSONEncoder` does with `.withoutEscapingSlashes`). Also used by the core to write
/// the payment payload and the client meta info without `JSONEncoder`.
package enum JSONStringEscaping {
    /// Appends `"text"`, escaped, to `output`.
    package static func append(_ text: String, to output: inout [UInt8]) {
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
        output.append(reverseSolidus)
        if byte == quotationMark || byte == reverseSolidus {
            output.append(byte)
        } else if byte == 0x08 {
            output.append(0x62) // b
        } else if byte == 0x0C {
            output.append(0x66) // f
        } else if byte == 0x0A {
            output.append(0x6E) // n
        } else if byte == 0x0D {
            output.append(0x72) // r
        } else if byte == 0x09 {
            output.append(0x74) // t
        } else {
            output.append(0x75) // u
            output.append(0x30)
            output.append(0x30)
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0x0F))
        }
    }

    private static let quotationMark: UInt8 = 0x22
    private static let reverseSolidus: UInt8 = 0x5C

    /// The lower-case hexadecimal digit of `value` (0...15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x57 + value
    }
}
