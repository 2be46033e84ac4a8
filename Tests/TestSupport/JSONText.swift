/// JSON text for test fixtures built around hostile values.
package enum JSONText {
    /// `text` as a JSON string literal (UTF-8 bytes), escaping quotes, backslashes and controls.
    package static func quote(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array(#"\""#.utf8)
            case "\\": out += Array(#"\\"#.utf8)
            case _ where scalar.value < 0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array(#"\u00"#.utf8) + [hex[Int(scalar.value >> 4)], hex[Int(scalar.value & 0xF)]]
            default: out += Array(String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
