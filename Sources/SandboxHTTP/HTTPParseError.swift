/// Why bytes are not an acceptable HTTP/1.x request: the status to answer and why, in words that
/// never quote the request.
package struct HTTPParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The status to answer: 400 malformed, 413 body too large, 431 head too large,
    /// 501 unsupported transfer coding, 505 unsupported HTTP version, 417 unsupported expectation.
    package let status: Int
    /// What was wrong.
    package let reason: String

    /// An error.
    package init(status: Int, reason: String) {
        self.status = status
        self.reason = reason
    }

    package static func malformed(_ reason: String) -> HTTPParseError { HTTPParseError(status: 400, reason: reason) }

    /// Status and reason.
    package var description: String { "\(status): \(reason)" }
}
