/// Helpers for the ASCII digits `0`...`9`, which several validators require (and which are the
/// only digits they accept: Arabic-Indic or full-width digits are not digits here).
package enum ASCIIDigits {
    /// The digit's value when `byte` is an ASCII digit, else `nil`.
    @inline(__always)
    package static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte &- UInt8(ascii: "0")) : nil
    }

    /// Whether every character of `text` is an ASCII digit (`true` for empty text). Reads the
    /// UTF-8 bytes in place, in one pass: the check runs on every keystroke.
    package static func areAll(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte &- UInt8(ascii: "0") >= 10 { return false }
            return true
        }
    }

    /// The value of a short run of ASCII digits (at most 9, so it cannot overflow), or `nil` when
    /// the run is empty, too long or holds anything else.
    static func value<Bytes: Collection<UInt8>>(of bytes: Bytes) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        var value = 0
        for byte in bytes {
            guard let digit = digit(byte) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
