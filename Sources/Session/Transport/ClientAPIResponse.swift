internal import PaymentFormJSON

/// The answer to a ``ClientAPIRequest``: status, headers and body, whatever the status.
package struct ClientAPIResponse: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status code.
    package var statusCode: Int
    /// The header fields.
    package var headers: HTTPHeaders
    /// The body bytes.
    package var body: [UInt8]

    /// The most body bytes ``URLSessionTransport`` reads of one answer, counted after any
    /// decompression: 32 MiB, the largest JSON document the engine parses, so a longer answer
    /// could not be used anyway.
    package static let maximumBodyByteCount = JSONParser.Limits.standard.maximumBytes

    /// A response.
    package init(statusCode: Int, headers: HTTPHeaders = [], body: [UInt8] = []) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// The value of the first header field named `name` (ASCII case-insensitive).
    package func header(_ name: String) -> String? {
        headers[name]
    }

    /// Status and size; never the body (a sandbox payment answer holds card data).
    package var description: String { "ClientAPIResponse(status: \(statusCode), \(body.count) bytes)" }
}
