import Foundation
import PaymentFormEncryption
import PaymentFormEngine
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxHTTP

/// The tests' own v1HMAC signer, written from the server SDKs' rule (not from the sandbox's
/// verifier): S = METHOD, Content-Type, Date, the x-gcs headers (lower-cased, sorted), the path
/// and query, each followed by a line feed; the signature is base64 of HMAC-SHA256 under the
/// secret.
struct ServerAPISigner {
    var apiKeyId = SandboxServerAPI.defaultApiKeyId
    var secretApiKey = SandboxServerAPI.defaultSecretApiKey

    /// The headers of a signed request: Date, Content-Type (with a body), the extra ones, and
    /// Authorization last.
    func headers(method: String, target: String, json: Bool, extra: [(String, String)] = [], date: String = ServerAPISigner.now())
        -> [(String, String)] {
        var headers: [(String, String)] = [("Date", date)]
        if json { headers.append(("Content-Type", "application/json")) }
        headers += extra
        var text = method + "\n" + (json ? "application/json" : "") + "\n" + date + "\n"
        for (name, value) in extra.map({ ($0.0.lowercased(), $0.1) }).filter({ $0.0.hasPrefix("x-gcs") }).sorted(by: { $0.0 < $1.0 }) {
            text += "\(name):\(value)\n"
        }
        text += target + "\n"
        let signature = Base64.encode(HMAC<SHA256>.authenticationCode(for: Array(text.utf8), key: Array(secretApiKey.utf8)))
        headers.append(("Authorization", "GCS v1HMAC:\(apiKeyId):\(signature)"))
        return headers
    }

    /// The current time as an RFC 1123 date, as the SDKs send it (the sandbox refuses a `Date`
    /// more than 15 minutes away).
    static func now(offset: TimeInterval = 0) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(offset))
    }

    /// A signed request for the in-process router.
    func request(_ method: String, _ target: String, body: String? = nil, extra: [(String, String)] = []) -> HTTPRequest {
        let fields = headers(method: method, target: target, json: body != nil, extra: extra).map { HTTPHeaderField($0.0, $0.1) }
        return HTTPRequest(method: method, target: target, headers: HTTPHeaders(fields), body: Array((body ?? "").utf8))
    }
}

/// An answer's parts for assertions.
struct ServerAnswer {
    let status: Int
    let headers: HTTPHeaders
    let json: JSONValue

    init(_ response: HTTPResponse) {
        status = response.status
        headers = response.headers
        json = (try? JSONParser().parse(response.body)) ?? .null
    }

    init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
        self.status = status
        self.headers = headers
        json = (try? JSONParser().parse(body)) ?? .null
    }

    /// Member `key` of error `index`.
    func error(_ key: String, at index: Int = 0) -> JSONValue? {
        guard case .array(let errors)? = json["errors"], errors.indices.contains(index) else { return nil }
        return errors[index][key]
    }

    /// Every error's `key`.
    func errors(_ key: String) -> [JSONValue] {
        guard case .array(let errors)? = json["errors"] else { return [] }
        return errors.compactMap { $0[key] }
    }

    /// A string member reached by `path`.
    func string(_ path: String...) -> String? {
        var value: JSONValue? = json
        for key in path { value = value?[key] }
        if case .string(let text)? = value { return text }
        return nil
    }
}
