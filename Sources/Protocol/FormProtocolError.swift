/// An event the form protocol refuses (`bad_event`): malformed, out of step with the form, or
/// one the form cannot take. The message names the member at fault, never a value.
package struct FormProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier (`bad_event`).
    package let code: String
    /// What was wrong and where.
    package let message: String

    /// An error with a code and message.
    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
