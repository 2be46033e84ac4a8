import PaymentFormRendering

/// The lines `payform` writes to stderr: `payform: warning: ...` for tolerated problems and the
/// sandbox's request log.
///
/// What goes into them can come from outside: a product definition (validator names, duplicate
/// keys, regular expressions), a server's answer, a token's header. Every line is escaped
/// (``TerminalText/escape(_:)``: C0 but tab, DEL, C1 and the bidirectional controls become
/// visible `\u{1B}`-style escapes, a line break `\n`), so stderr never carries an escape sequence
/// to the terminal and one diagnostic stays one line. ``CommandResult`` applies the same escaping
/// to whatever a command returns on stderr.
package enum Diagnostics {
    /// One stderr line, escaped: `prefix` followed by `text`, ending in a line feed.
    package static func line(_ text: String, prefix: String = "payform: ") -> String {
        prefix + TerminalText.escape(text) + "\n"
    }

    /// `payform: warning: <warning>` lines, one per warning.
    package static func warnings(_ warnings: [String]) -> String {
        warnings.map { line($0, prefix: "payform: warning: ") }.joined()
    }
}
