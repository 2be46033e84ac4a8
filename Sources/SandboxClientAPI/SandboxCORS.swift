import Foundation
import PaymentFormEngine
import PaymentFormSandboxHTTP

/// Cross-origin access for web pages: which origins may call the sandbox's Client API and
/// fetch its assets from a browser.
///
/// A Client API call from a page is never a "simple" request: it carries `Authorization`,
/// `X-GCS-ClientMetaInfo` and `Content-Type: application/json`, so the browser first sends a
/// preflight (`OPTIONS` with `Origin`, `Access-Control-Request-Method` and
/// `Access-Control-Request-Headers`, and never `Authorization`). The router answers it before it
/// checks anything else:
///
/// - `204`, `Vary: Origin`, `Access-Control-Allow-Origin: <the Origin>` when the origin is allowed,
///   `Access-Control-Allow-Methods: GET, POST`, `Access-Control-Allow-Headers:` the requested
///   headers among ``allowedHeaders`` (a request for any other header gets the list without it, so
///   the browser refuses the call), `Access-Control-Max-Age: 600`.
/// - Every other Client API or asset answer (errors included, so a page can read them) to a
///   request from an allowed origin carries `Access-Control-Allow-Origin` and `Vary: Origin`.
///
/// The sandbox's own endpoints (`/sandbox/v1/...`, the merchant server's calls) and the Saferpay
/// stand-in get no CORS headers: a browser page can never read them.
package struct SandboxCORS: Sendable, Hashable {
    /// The origins allowed, lower-cased, or `nil` for any origin (the default: the sandbox is a
    /// loopback test tool).
    package let allowedOrigins: Set<String>?

    /// The request headers a page may send: those the Client API uses.
    package static let allowedHeaders = ["Authorization", "Content-Type", "X-GCS-ClientMetaInfo", "Accept"]

    /// The methods of the Client API.
    package static let allowedMethods = "GET, POST"

    /// How long a browser may keep a preflight's answer, in seconds.
    package static let maximumAge = 600

    /// A policy; `nil` (or no origin at all) allows any origin.
    package init(allowedOrigins: [String]? = nil) {
        if let allowedOrigins, !allowedOrigins.isEmpty {
            self.allowedOrigins = Set(allowedOrigins.map { $0.lowercased() })
        } else {
            self.allowedOrigins = nil
        }
    }

    /// Why `--allow-origin` refuses `origin` although it reads as one, or `nil`: `null`, the
    /// origin of every page from a `file:` URL and every sandboxed frame (any site can make one),
    /// so allowing it would let any web page read the Client API's answers.
    package static func refusal(ofAllowedOrigin origin: String) -> String? {
        guard origin.trimmingCharacters(in: .whitespaces).lowercased() == "null" else { return nil }
        return "--allow-origin null is refused: every sandboxed frame and file: page has the origin null, so any web page could "
            + "read the sandbox's answers; serve your page from http://127.0.0.1:PORT and allow that origin"
    }

    /// `origin` as `--allow-origin` takes it: `scheme://host[:port]` (a trailing `/` dropped,
    /// lower-cased); `nil` when it is not an origin (a path, a query, a user, no scheme,
    /// characters a browser never sends) or is `null` (see ``refusal(ofAllowedOrigin:)``).
    package static func normalizedOrigin(_ origin: String) -> String? {
        var text = origin.lowercased()
        if text.hasSuffix("/") { text.removeLast() }
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        let authority = text[separator.upperBound...]
        guard !scheme.isEmpty, scheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }),
              !authority.isEmpty,
              authority.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-.:[]_".unicodeScalars.contains($0) })
        else { return nil }
        return text
    }

    /// The request's `Origin` when it is allowed, else `nil` (also when it sent none).
    package func allowedOrigin(of request: HTTPRequest) -> String? {
        guard let origin = request.header("Origin"), !origin.isEmpty else { return nil }
        guard let allowedOrigins else { return origin }
        return allowedOrigins.contains(origin.lowercased()) ? origin : nil
    }

    /// Whether `request` is a CORS preflight: `OPTIONS` (with or without `Origin`: answering a
    /// bare `OPTIONS` the same way costs nothing and tells a person what is allowed).
    package static func isPreflight(_ request: HTTPRequest) -> Bool {
        request.method == "OPTIONS"
    }

    /// The answer to a preflight.
    package func preflight(_ request: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = [HTTPHeaderField("Vary", "Origin")]
        if let origin = allowedOrigin(of: request) {
            headers.append(HTTPHeaderField("Access-Control-Allow-Origin", origin))
        }
        headers.append(HTTPHeaderField("Access-Control-Allow-Methods", Self.allowedMethods))
        let requested = (request.header("Access-Control-Request-Headers") ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let granted = requested.filter { name in Self.allowedHeaders.contains { $0.lowercased() == name.lowercased() } }
        if !granted.isEmpty {
            headers.append(HTTPHeaderField("Access-Control-Allow-Headers", granted.joined(separator: ", ")))
        }
        headers.append(HTTPHeaderField("Access-Control-Max-Age", String(Self.maximumAge)))
        return HTTPResponse(status: 204, headers: headers)
    }

    /// `response` with the CORS headers an answer to `request` carries.
    package func decorate(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        var response = response
        response.headers.append(HTTPHeaderField("Vary", "Origin"))
        if let origin = allowedOrigin(of: request) {
            response.headers.append(HTTPHeaderField("Access-Control-Allow-Origin", origin))
        }
        return response
    }
}
