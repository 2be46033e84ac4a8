/// Makes definition texts (labels, placeholders, tooltips, account labels) safe to print on a
/// terminal.
///
/// A label from a definition could carry an escape sequence (`ESC [ 2 J` clears the screen,
/// OSC sequences set the window title or write to the clipboard) or bidirectional overrides that
/// make the output read differently from what it is. Control characters (C0 other than tab, DEL,
/// C1) and the bidirectional embedding, override and isolate controls are replaced by U+FFFD;
/// line breaks become spaces so one value stays on its line.
package enum TerminalText {
    /// `text` with every control character neutralised.
    package static func sanitize(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D: result.append(" ")
            case 0x09: result.append(scalar)
            case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x061C, 0x200E, 0x200F:
                result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
