import PaymentFormRendering
import PaymentFormJSON

/// What a `payform` command printed and its exit status.
package struct CommandResult: Sendable, Hashable {
    /// Standard output: JSON unless a text or HTML format was asked for.
    package var stdout: String
    /// Standard error: diagnostics only, lines without control characters (the initializer
    /// escapes them: see ``Diagnostics``).
    package var stderr: String
    /// 0 success / valid, 1 invalid input (validation errors), 2 usage error or unusable input.
    package var exitCode: Int32

    /// A result.
    package init(stdout: String = "", stderr: String = "", exitCode: Int32 = 0) {
        self.stdout = stdout
        self.stderr = TerminalText.escapeLines(stderr)
        self.exitCode = exitCode
    }

    /// The exit-2 result for `error`: the error JSON on stdout, one line on stderr.
    package static func failure(_ error: CLIError) -> CommandResult {
        let json: JSONValueBuilder = ["error": ["code": .string(error.code), "message": .string(error.message)]]
        return CommandResult(stdout: json.prettyText + "\n", stderr: "payform: \(error.message)\n", exitCode: 2)
    }
}
