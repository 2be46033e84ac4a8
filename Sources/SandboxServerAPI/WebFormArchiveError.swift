/// Why a web form archive at the end of an executable cannot be used (damaged, cut, too large).
package struct WebFormArchiveError: Error, Equatable, Sendable {
    /// What is wrong, and where.
    package let message: String

    /// An error saying `message`.
    package init(_ message: String) {
        self.message = message
    }
}
