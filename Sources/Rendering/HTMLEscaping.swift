/// Escaping for HTML element content and double- or single-quoted attribute values.
///
/// It works on Unicode scalars, not `Character`s: a `"` followed by a combining mark (U+0301) is
/// one grapheme cluster that is not `"`, yet an HTML parser sees the quote, so a walk over
/// characters would let it end an attribute. Control characters (other than tab, line feed and
/// carriage return) and noncharacters are replaced by U+FFFD: they are parse errors in HTML and
/// have no business in a form.
package enum HTMLEscaping {
    /// `text` safe inside element content and inside quoted attribute values.
    package static func escape(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "'": result.append(contentsOf: "&#39;".unicodeScalars)
            case "`": result.append(contentsOf: "&#96;".unicodeScalars)
            case "\t", "\n", "\r": result.append(scalar)
            default:
                result.append(isDisallowed(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return String(result)
    }

    /// A display text (a label, placeholder, tooltip, message) safe inside element content and
    /// quoted attribute values, with its bidirectional controls isolated (``BidiControls/isolate(_:)``)
    /// so they cannot reorder the rest of the page. Values (what the customer typed, option
    /// values, ids) go through ``escape(_:)``, which keeps them as they are.
    package static func escapeText(_ text: String) -> String {
        escape(BidiControls.isolate(text))
    }

    /// C0 and C1 controls (except tab, line feed, carriage return), DEL and noncharacters.
    static func isDisallowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
        if value >= 0x7F && value <= 0x9F { return true }
        if value >= 0xFDD0 && value <= 0xFDEF { return true }
        return value & 0xFFFE == 0xFFFE
    }
}
