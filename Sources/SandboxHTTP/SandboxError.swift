/// Why the sandbox could not start: unreadable products folder or key, or a socket problem.
package struct SandboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier (the CLI's error code): `unreadable_file`, `input_too_large`,
    /// `malformed_json`, `invalid_private_key`, `socket_error`.
    package let code: String
    /// What was wrong and where (file, JSON path, address).
    package let message: String

    /// An error.
    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    package var description: String { message }
}
