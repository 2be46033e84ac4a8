import Foundation

/// The normalised Client API base URL: `<scheme>://<host>[:port]/client`, from what *Create
/// Session* returns; calls go below a version, `…/client/v1/…` (and `…/client/v2/…` for the
/// calls the API versions so, such as `services/dccrate`).
///
/// An empty path, `/client` and `/client/v1` are accepted (trailing slashes ignored); any other
/// path, a query or a fragment is a configuration error, found when the session is created rather
/// than on the first call.
struct ClientAPIBaseURL: Sendable, Hashable {
    /// `…/client`, without a trailing slash.
    let root: URL

    /// `…/client/v1`: where most calls go.
    var url: URL { root.appendingPathComponent("v1") }

    init(_ text: String) throws(ClientAPIError) {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = components.host, !host.isEmpty
        else {
            throw ClientAPIError(configuration: "the client API URL is not an http or https URL with a host")
        }
        guard components.query == nil, components.fragment == nil, components.user == nil, components.password == nil else {
            throw ClientAPIError(configuration: "the client API URL must not have a query, a fragment or credentials")
        }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        switch path {
        case "", "/client", "/client/v1": path = "/client"
        default:
            throw ClientAPIError(configuration: "the client API URL's path must be empty, /client or /client/v1, not \(path)")
        }
        var normalised = URLComponents()
        normalised.scheme = scheme
        normalised.host = components.host
        normalised.port = components.port
        normalised.path = path
        guard let url = normalised.url else {
            throw ClientAPIError(configuration: "the client API URL cannot be normalised")
        }
        root = url
    }

    /// The URL of `segments` below `…/client/v<version>/`, each percent-encoded, with `query`
    /// items in the given order.
    func url(_ segments: [String], query: [(String, String)] = [], version: Int = 1) -> URL? {
        var text = root.absoluteString + "/v\(version)"
        for segment in segments { text += "/" + Self.encodePathSegment(segment) }
        if !query.isEmpty {
            text += "?" + query.map { Self.encodeQueryComponent($0.0) + "=" + Self.encodeQueryComponent($0.1) }.joined(separator: "&")
        }
        return URL(string: text)
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters, so an id can never add a
    /// path segment or a query; dots too, so `..` can never climb out of the customer's path.
    static func encodePathSegment(_ text: String) -> String { encode(text, keepingDots: false) }

    static func encodeQueryComponent(_ text: String) -> String { encode(text, keepingDots: true) }

    private static func encode(_ text: String, keepingDots: Bool) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: ".") where keepingDots:
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                output.unicodeScalars.append("%")
                output.unicodeScalars.append(hex[Int(byte >> 4)])
                output.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return output
    }
}
