import Foundation

/// `application/x-www-form-urlencoded` and URL percent-encoding, byte-exact (UTF-8).
package enum PercentEncoding {
    /// `text` with every byte outside `A-Z a-z 0-9 - . _ ~` written `%XX` (upper-case hex).
    package static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`); `nil` for a malformed escape
    /// or bytes that are not UTF-8.
    package static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        var out: [UInt8] = []
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = bytes.next().flatMap(hexValue), let low = bytes.next().flatMap(hexValue) else { return nil }
                out.append(high << 4 | low)
            } else if byte == UInt8(ascii: "+"), plusIsSpace {
                out.append(UInt8(ascii: " "))
            } else {
                out.append(byte)
            }
        }
        return String(data: Data(out), encoding: .utf8)
    }

    /// The name-value pairs of a form-encoded body or query (`a=1&b=2`), decoded; pairs that do not
    /// decode are skipped.
    package static func formFields(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0], plusIsSpace: true) else { return nil }
            let value = parts.count > 1 ? decode(parts[1], plusIsSpace: true) : ""
            return value.map { (name, $0) }
        }
    }

    /// `fields` as a form-encoded body.
    package static func formBody(_ fields: [(name: String, value: String)]) -> String {
        fields.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
