import PaymentFormJSON
import PaymentFormEngine

/// An answer of the sandbox: status, header fields and body, written as HTTP/1.1.
package struct HTTPResponse: Sendable, Hashable, CustomStringConvertible {
    /// The status code.
    package var status: Int
    /// Header fields besides `Content-Length`, `Connection` and the ``securityHeaders``, which
    /// ``bytes(closing:)`` adds.
    package var headers: HTTPHeaders
    /// The body.
    package var body: [UInt8]
    /// Why the answer is what it is, for the sandbox's log line only (never sent): a 401's
    /// explanation, say. Never card data or a secret.
    package var logNote: String?

    /// A response.
    package init(status: Int, headers: HTTPHeaders = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON answer (`application/json; charset=utf-8`).
    package static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [HTTPHeaderField("Content-Type", "application/json; charset=utf-8")],
            body: JSONWriter().bytes(from: value))
    }

    /// A JSON answer whose body is already written.
    package static func json(_ status: Int, body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: [HTTPHeaderField("Content-Type", "application/json; charset=utf-8")], body: body)
    }

    /// The bytes on the wire, with the header fields every answer carries (``securityHeaders``),
    /// `Content-Length` (never on a 1xx or 204 answer, which has no body) and `Connection:
    /// keep-alive` or `close`.
    ///
    /// No header name or value is ever written with a control character: each one (CR, LF, NUL,
    /// any C0 but tab, DEL) is written percent-encoded (`%0D`), so no value, wherever it came
    /// from, can end its line and start a header or a body of its own (response splitting).
    package func bytes(closing: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        for field in headersOnTheWire { head += "\(Self.headerText(field.name)): \(Self.headerText(field.value))\r\n" }
        if status >= 200, status != 204 { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: \(closing ? "close" : "keep-alive")\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// `text` with its control characters percent-encoded (tab kept: it is allowed in values).
    package static func headerText(_ text: String) -> String {
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Status and size; never the body (a payments answer holds card data).
    package var description: String { "HTTPResponse(\(status), \(body.count) bytes)" }

    /// The reason phrase of the statuses the sandbox answers.
    package static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
