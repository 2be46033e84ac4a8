import Foundation
import PaymentFormEngine
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP
import PaymentFormSandboxServerAPI

/// The checks every request passes before the router sees it, on the connection (they need the
/// address the sandbox is bound to):
///
/// - **Host** (DNS rebinding): a web page on `http://evil.example:PORT` whose name the attacker
///   points at 127.0.0.1 reaches the sandbox from the customer's browser, as the same origin.
///   Its requests carry `Host: evil.example:PORT`, so the sandbox answers only requests whose
///   `Host` names it: `localhost`, `127.0.0.1`, `[::1]`, the address it listens on, or a name
///   given with `--allowed-host`, with any port or none (`NAME:PORT` given to `--allowed-host`:
///   that port only). The guard needs the name, not the port: a dev-server proxy that keeps the
///   browser's `Host: localhost:5173` is still the customer's own machine, while a rebinding page
///   always carries its own name. Anything else is 421 Misdirected Request (JSON).
/// - **Content-Encoding**: only `identity` (a gzip body would be read as JSON); else 415. The
///   Server API also takes `gzip` (the Online Payments SDKs send it), which it inflates itself
///   within its body bound (``GzipInflater``).
/// - **Content-Type** of a POST to the JSON APIs (the Client API, `/sandbox/v1/payments`):
///   `application/json` (parameters such as `; charset=utf-8` allowed), else 415. The Server API
///   checks it itself after routing and its signature (``ServerAPI``): its requests come from
///   servers, signed, and a bodiless POST there needs no type.
///   A web page can send a cross-origin POST without asking first only as `text/plain`, a form
///   or without a type; requiring JSON keeps every such request out. The form posts of the
///   Saferpay stand-in, the 3-D Secure page and the mandate signing page are not JSON APIs.
///
/// ```swift
/// let admission = SandboxAdmission(boundHost: "127.0.0.1", allowedHosts: [])
/// admission.refusal(of: request)   // nil: on to the router
/// ```
package struct SandboxAdmission: Sendable {
    /// Host names accepted, lower-cased, with the port each must carry (`nil`: any or none).
    private let names: [(name: String, port: Int?)]

    /// The checks of a sandbox bound to `boundHost`, also answering `allowedHosts`
    /// (`NAME` or `NAME:PORT`, IPv6 addresses in brackets).
    package init(boundHost: String, allowedHosts: [String]) {
        var names: [(name: String, port: Int?)] = [("localhost", nil), ("127.0.0.1", nil), ("[::1]", nil)]
        let bound = boundHost.contains(":") ? "[\(boundHost.lowercased())]" : boundHost.lowercased()
        names.append((bound, nil))
        for host in allowedHosts {
            if let parsed = Self.split(host.lowercased()) { names.append(parsed) }
        }
        self.names = names
    }

    /// Whether `host` is what `--allowed-host` takes: a name or address (IPv6 in brackets),
    /// optionally `:PORT`; letters, digits, `.`, `-`, `_` only.
    package static func isValidAllowedHost(_ host: String) -> Bool {
        guard let (name, _) = split(host.lowercased()), !name.isEmpty else { return false }
        if name.hasPrefix("[") {
            return name.count > 2 && name.dropFirst().dropLast().unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." }
        }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-._".unicodeScalars.contains($0) }
    }

    /// `name[:port]` (an IPv6 address in brackets) split, or `nil` when the port is not a number.
    private static func split(_ host: String) -> (name: String, port: Int?)? {
        var name = Substring(host)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            name = host[...close]
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = host.firstIndex(of: ":") {
            name = host[..<colon]
            portText = host[host.index(after: colon)...]
        }
        guard let portText else { return (String(name), nil) }
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCII), let port = Int(portText), (0...65_535).contains(port) else {
            return nil
        }
        return (String(name), port)
    }

    /// The answer refusing `request`, or `nil` when it may go on to the router.
    package func refusal(of request: HTTPRequest) -> HTTPResponse? {
        if let refused = hostRefusal(request) { return refused }
        if let encoding = request.header("Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased(), encoding != "identity",
           !(encoding == "gzip" && Self.isServerAPI(request.path)) {
            return SandboxErrorBody.response(
                415, code: "SANDBOX_UNSUPPORTED_CONTENT_ENCODING", id: "SANDBOX_UNSUPPORTED_CONTENT_ENCODING",
                message: "Content-Encoding \(LogRedaction.loggable(encoding)) is not supported: send the body as it is (identity; the Server API also takes gzip)")
        }
        if request.method == "POST", Self.takesJSON(request.path), !SandboxJSONBody.isJSON(request.header("Content-Type")) {
            return SandboxErrorBody.response(
                415, code: "SANDBOX_UNSUPPORTED_MEDIA_TYPE", id: "SANDBOX_UNSUPPORTED_MEDIA_TYPE",
                message: "a POST needs Content-Type: application/json")
        }
        return nil
    }

    private func hostRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        if let host = request.header("Host"), let (name, given) = Self.split(host.lowercased()) {
            let accepted = names.contains { allowed in
                guard allowed.name == name else { return false }
                guard let required = allowed.port else { return true }
                return given == required
            }
            if accepted { return nil }
        }
        return SandboxErrorBody.response(
            421, code: "SANDBOX_MISDIRECTED_REQUEST", id: "SANDBOX_MISDIRECTED_REQUEST",
            message: "the Host header does not name this sandbox: use localhost, 127.0.0.1, [::1] or the address it listens on, "
                + "with any port (a name of your own: --allowed-host NAME)")
    }

    /// Whether `path` is the Server API's (which inflates a gzip body itself, bounded).
    static func isServerAPI(_ path: String) -> Bool {
        path.hasPrefix("/v1/") || path.hasPrefix("/v2/") || path.hasPrefix("/files/")
    }

    /// Whether a POST to `path` must be JSON here: everything but the form posts and the Server
    /// API, which checks the type itself once the route is known (an unknown route is 404 first,
    /// and a bodiless POST such as `payments/{id}/cancel` needs no type), behind its signature.
    private static func takesJSON(_ path: String) -> Bool {
        !(path.hasPrefix("/saferpay/") || path.hasPrefix(ThreeDSecurePage.pathPrefix) || path.hasPrefix(MandateSigningPage.pathPrefix)
            || path.hasPrefix("/v1/") || path.hasPrefix("/v2/") || path.hasPrefix("/files/"))
    }
}
