/// The one rule for a link a definition gives (a field's terms-and-conditions `link`): only an
/// absolute `http` or `https` URL with a host, and with no white space, control character, quote,
/// angle bracket, backtick or backslash, may become something a customer can follow.
/// `javascript:`, `data:`, relative and scheme-relative (`//host`) links never do.
///
/// The form model applies it (``FormField/link`` holds only such links), so every renderer, the
/// web form and an app drawing its own controls get the same answer.
package enum WebLink {
    /// `link` when it may be followed, else `nil`.
    package static func checked(_ link: String) -> String? {
        let bytes = Array(link.utf8)
        let scheme: Int
        if hasPrefix(bytes, "https://") {
            scheme = 8
        } else if hasPrefix(bytes, "http://") {
            scheme = 7
        } else {
            return nil
        }
        guard scheme < bytes.count, bytes[scheme] != UInt8(ascii: "/") else { return nil }
        for scalar in link.unicodeScalars where isRefused(scalar) { return nil }
        return link
    }

    /// Whether `bytes` begins with the lower-case ASCII `prefix`, ignoring the case of letters.
    private static func hasPrefix(_ bytes: [UInt8], _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let start = prefix.utf8Start
        for index in 0..<count {
            var byte = bytes[index]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != start[index] { return false }
        }
        return true
    }

    /// White space and controls (C0, DEL, C1), noncharacters, and the characters that could end
    /// an attribute or change how a URL is read.
    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value <= 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
        if (value >= 0xFDD0 && value <= 0xFDEF) || value & 0xFFFE == 0xFFFE { return true }
        switch scalar {
        case "\"", "'", "<", ">", "`", "\\": return true
        default: return false
        }
    }
}
