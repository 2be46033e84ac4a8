import Foundation
import PaymentFormEngine

/// One HTTP/1.x request as the sandbox's parser read it.
///
/// Its description names the method and path only: bodies may hold encrypted card data and
/// headers the client session id.
package struct HTTPRequest: Sendable, Hashable, CustomStringConvertible {
    /// The method (`GET`, `POST`, ...), case-sensitive as sent.
    package var method: String
    /// The request target as sent: path and query (`/client/v1/c/products?countryCode=NL`).
    package var target: String
    /// The minor version of HTTP/1 (`1` for HTTP/1.1, `0` for HTTP/1.0).
    package var minorVersion: Int
    /// The header fields in the order sent, values without surrounding whitespace.
    package var headers: HTTPHeaders
    /// The body (empty without `Content-Length`).
    package var body: [UInt8]

    /// A request.
    package init(method: String, target: String, minorVersion: Int = 1, headers: HTTPHeaders = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
        self.body = body
    }

    /// The target's path, without the query.
    package var path: String {
        guard let question = target.firstIndex(of: "?") else { return target }
        return String(target[..<question])
    }

    /// The target's query (after `?`), or `nil`.
    package var query: String? {
        guard let question = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: question)...])
    }

    /// The value of the first header field named `name` (ASCII case-insensitive).
    package func header(_ name: String) -> String? {
        headers[name]
    }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`.
    package var keepsAlive: Bool {
        let tokens = headers.values(named: "Connection")
            .flatMap { $0.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) } }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    /// The path's segments, percent-decoded, or `nil` when an escape is malformed or decodes to
    /// something that is not UTF-8. `/a/b/` gives `["a", "b"]` (one trailing slash is ignored).
    package var pathSegments: [String]? {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if parts.count > 1, parts.last == "" { parts = parts.dropLast() }
        var segments: [String] = []
        for part in parts {
            guard let decoded = percentDecode(part, plusIsSpace: false) else { return nil }
            segments.append(decoded)
        }
        return segments
    }

    /// The query's `name=value` pairs, percent-decoded (`+` is a space), or `nil` when an escape
    /// is malformed.
    package var queryItems: [(name: String, value: String)]? {
        guard let query, !query.isEmpty else { return [] }
        var items: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecode(parts[0], plusIsSpace: true),
                  let value = parts.count > 1 ? percentDecode(parts[1], plusIsSpace: true) : ""
            else { return nil }
            items.append((name, value))
        }
        return items
    }

    /// Method and path; never the query, the headers or the body.
    package var description: String { "\(method) \(path)" }
}

/// Decodes `%XX` escapes (and `+` when `plusIsSpace`); `nil` for a malformed escape or bytes
/// that are not UTF-8.
package func percentDecode(_ text: Substring, plusIsSpace: Bool) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
        switch byte {
        case UInt8(ascii: "%"):
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        case UInt8(ascii: "+") where plusIsSpace:
            bytes.append(UInt8(ascii: " "))
        default:
            bytes.append(byte)
        }
    }
    let decoded = String(decoding: bytes, as: UTF8.self)
    return decoded.utf8.elementsEqual(bytes) ? decoded : nil
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
