/// An answer whose body is longer than a transport reads: it stopped reading at the limit and
/// dropped the connection, so the rest never reached memory.
///
/// ``URLSessionTransport`` throws it past ``ClientAPIResponse/maximumBodyByteCount`` (counted
/// after any decompression, so a small compressed answer that inflates past the limit is cut off
/// too). A ``ClientSession`` reports it as a ``ClientAPIError`` of kind
/// ``ClientAPIError/Kind/decoding(path:)`` (`malformed_answer`).
package struct AnswerTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The answer's HTTP status.
    package let statusCode: Int
    /// The most body bytes the transport reads.
    package let limit: Int

    /// An error for an answer with `statusCode` whose body passed `limit` bytes.
    package init(statusCode: Int, limit: Int) {
        self.statusCode = statusCode
        self.limit = limit
    }

    /// The limit in words: `32 MiB`, or a byte count when it is not a whole number of MiB.
    package var limitText: String {
        limit > 0 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
    }

    /// A sentence naming the status and the limit (never any of the body).
    package var description: String {
        "the answer (HTTP \(statusCode)) is larger than \(limitText); reading stopped there"
    }
}
