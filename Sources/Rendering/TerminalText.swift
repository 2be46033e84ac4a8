/// Makes text safe to print on a terminal: definition texts in previews, and every diagnostic
/// line `payform` writes to stderr (remote error bodies, definition warnings, token headers).
///
/// A text could carry an escape sequence (`ESC [ 2 J` clears the screen, OSC sequences set the
/// window title or write to the clipboard, BEL rings) or bidirectional overrides that make the
/// output read differently from what it is. The characters at risk (``isUnsafe(_:)``) are C0
/// controls other than tab, DEL, C1 controls, the bidirectional embedding, override and isolate
/// controls (U+202A–U+202E, U+2066–U+2069) and the implicit direction marks (U+061C, U+200E,
/// U+200F). One classification, two presentations: a preview replaces them (``sanitize(_:)``),
/// a diagnostic shows them as escapes (``escape(_:)``) so the reader learns what was there.
package enum TerminalText {
    /// `text` with every unsafe character replaced by U+FFFD; line breaks become spaces so one
    /// value stays on its line (for previews of definition texts).
    package static func sanitize(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D: result.append(" ")
            default: result.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return String(result)
    }

    /// `text` as one line of a diagnostic: every unsafe character written as a visible escape
    /// (`\n`, `\r`, `\u{1B}`, `\u{202E}`), tab kept. The result holds no control character, so
    /// escaping it again changes nothing.
    package static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                result.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": result.append(contentsOf: #"\r"#.unicodeScalars)
            default: result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(result)
    }

    /// `text` made of lines: each line escaped as by ``escape(_:)``, the line feeds between them
    /// kept (for whole stderr texts).
    package static func escapeLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && $0 != "\n" }) else { return text }
        // Split on scalars: "\r\n" is one `Character`, which a split on "\n" would not see.
        return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { escape(String(String.UnicodeScalarView($0))) }.joined(separator: "\n")
    }

    /// Whether a terminal could act on `scalar` instead of showing it, or it could reorder what
    /// follows: C0 but tab, DEL, C1, and the bidirectional controls and marks.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00..<0x20, 0x7F...0x9F: true
        default: BidiControls.isControl(scalar) || BidiControls.isMark(scalar)
        }
    }
}
