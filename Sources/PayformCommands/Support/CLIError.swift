import PaymentFormRendering

/// A problem that makes `payform` exit with status 2: bad usage or unusable input.
///
/// Printed as one line on stderr and as `{"error": {"code": ..., "message": ...}}` on stdout.
/// Messages name the file, JSON path or flag at fault, never a value the customer typed. A message
/// may quote what a server, a definition or a token said: its control characters are escaped
/// (``TerminalText/escape(_:)``), so the line cannot drive the terminal and stays one line.
package struct CLIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier scripts can match on (`usage`, `unreadable_file`, `malformed_json`, ...).
    package let code: String
    /// What was wrong and where.
    package let message: String

    /// An error with a code and message.
    package init(code: String, message: String) {
        self.code = code
        self.message = TerminalText.escape(message)
    }

    /// A usage error (unknown flag, missing value, conflicting options).
    package static func usage(_ message: String) -> CLIError {
        CLIError(code: "usage", message: message)
    }

    package var description: String { message }
}
