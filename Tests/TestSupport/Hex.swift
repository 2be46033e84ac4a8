/// Hex helpers for test vectors.
package enum Hex {
    /// Bytes of a hex string; whitespace is ignored so long vectors can wrap. Traps on bad hex,
    /// which is a bug in the test itself.
    package static func bytes(_ text: String) -> [UInt8] {
        let digits = text.utf8.filter { !$0.isWhitespaceByte }
        precondition(digits.count % 2 == 0, "odd hex length in a test vector")
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            out.append(nibble(digits[index]) << 4 | nibble(digits[index + 1]))
            index += 2
        }
        return out
    }

    package static func string(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func nibble(_ c: UInt8) -> UInt8 {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: preconditionFailure("bad hex digit in a test vector")
        }
    }
}

extension UInt8 {
    fileprivate var isWhitespaceByte: Bool { self == 0x20 || self == 0x0A || self == 0x09 || self == 0x0D }
}
