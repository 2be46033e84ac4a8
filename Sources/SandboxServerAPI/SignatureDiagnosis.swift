import PaymentFormEncryption
import PaymentFormSandboxHTTP

/// Why a Server API request's `v1HMAC` signature was refused, said so that whoever wrote the
/// client can fix it: what the sandbox expected — the string it signed, with every line break
/// shown — and which part most likely differs, found by checking the signature against the
/// mistakes clients make (a `Content-Type` the HTTP library added by itself, as node's `fetch`
/// does with `text/plain;charset=UTF-8`; the string without its last line feed; the path without
/// its query). The secret is never shown, nor any part of it; the string to sign holds only the
/// method, the content type, the date, the `X-GCS-*` headers and the path, which the client sent.
///
/// The platform's own 401 says no more than `MISSING_OR_INVALID_AUTHORIZATION`; the sandbox keeps
/// that code and id and puts this explanation in the message (and its log line), as a test tool
/// should.
package struct SignatureDiagnosis: Sendable, Hashable {
    /// What was wrong, one sentence.
    package let problem: String
    /// What to check or change, when it can be told.
    package let hint: String?
    /// The string the sandbox signed for this request, when the request got that far.
    package let stringToSign: String?

    /// The diagnosis of `request` against the credentials, or `nil` when its signature is valid.
    package static func of(_ request: HTTPRequest, apiKeyId: String, secretApiKey: String) -> SignatureDiagnosis? {
        if V1HMACSignature.verify(request, apiKeyId: apiKeyId, secretApiKey: secretApiKey) { return nil }
        let authorizations = request.headers.values(named: "Authorization")
        guard let authorization = authorizations.first else {
            return SignatureDiagnosis(problem: "the request has no Authorization header", hint: "send Authorization: GCS v1HMAC:<apiKeyId>:<signature>", stringToSign: V1HMACSignature.stringToSign(of: request))
        }
        guard authorizations.count == 1 else {
            return SignatureDiagnosis(problem: "the request has \(authorizations.count) Authorization headers", hint: "send exactly one", stringToSign: nil)
        }
        guard authorization.hasPrefix(V1HMACSignature.scheme) else {
            return SignatureDiagnosis(problem: "the Authorization header is not of the form GCS v1HMAC:<apiKeyId>:<signature>", hint: nil, stringToSign: nil)
        }
        let credentials = authorization.dropFirst(V1HMACSignature.scheme.count)
        guard let colon = credentials.lastIndex(of: ":") else {
            return SignatureDiagnosis(problem: "the Authorization header has no signature after the key id", hint: nil, stringToSign: nil)
        }
        let keyId = String(credentials[..<colon])
        guard let text = V1HMACSignature.stringToSign(of: request) else {
            return SignatureDiagnosis(problem: "the request has no Date header, which is signed", hint: nil, stringToSign: nil)
        }
        guard ConstantTime.equals(Array(keyId.utf8), Array(apiKeyId.utf8)) else {
            return SignatureDiagnosis(problem: "the key id \(Self.shown(keyId)) is not this sandbox's (\(apiKeyId), in its first line's serverApi.apiKeyId)",
                                      hint: nil, stringToSign: text)
        }
        let sent = String(credentials[credentials.index(after: colon)...])
        return SignatureDiagnosis(problem: "the signature does not match the one the sandbox computed",
                                  hint: likelyMistake(request, sent: sent, secretApiKey: secretApiKey), stringToSign: text)
    }

    /// Which common mistake the sent signature matches, if one does.
    private static func likelyMistake(_ request: HTTPRequest, sent: String, secretApiKey: String) -> String? {
        guard let date = request.header("Date") else { return nil }
        let gcs = request.headers.fields.filter { $0.name.lowercased().hasPrefix("x-gcs") }
        let contentType = request.header("Content-Type")
        func matches(contentType: String?, target: String, trailingLineFeed: Bool = true) -> Bool {
            var text = V1HMACSignature.stringToSign(method: request.method, contentType: contentType, date: date, gcsHeaders: gcs, target: target)
            if !trailingLineFeed { text.removeLast() }
            return ConstantTime.equals(Array(V1HMACSignature.signature(of: text, secretApiKey: secretApiKey).utf8), Array(sent.utf8))
        }
        if let contentType, matches(contentType: "application/json", target: request.target) {
            return "the request's Content-Type is \(shown(contentType)) and the signature is of application/json: the Content-Type signed must be the one sent (node's fetch adds text/plain;charset=UTF-8 to a string body unless a Content-Type header is given)"
        }
        if contentType != nil, matches(contentType: nil, target: request.target) {
            return "the signature leaves the Content-Type line empty, but the request has a Content-Type, which is signed"
        }
        if contentType == nil, matches(contentType: "application/json", target: request.target) {
            return "the signature is of application/json, but the request sent no Content-Type header"
        }
        if matches(contentType: contentType, target: request.target, trailingLineFeed: false) {
            return "the string signed lacks its last line feed: every line ends with \\n, the path's too"
        }
        if let query = request.target.firstIndex(of: "?"), matches(contentType: contentType, target: String(request.target[..<query])) {
            return "the signature leaves out the query: the path is signed with its query as sent"
        }
        return "check the secret (serverApi.secretApiKey in the sandbox's first line), the Date and X-GCS-* headers as sent, and the path with its query"
    }

    /// A value the client sent, quoted and cut to a length a message can hold.
    private static func shown(_ value: String) -> String {
        let printable = String(String.UnicodeScalarView(value.unicodeScalars.prefix(80).map { $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?" }))
        return "'" + printable + (value.unicodeScalars.count > 80 ? "…" : "") + "'"
    }

    /// The message of the 401: the problem, the hint, and the string signed with its line feeds shown as `\n`.
    package var message: String {
        var text = "MISSING_OR_INVALID_AUTHORIZATION: " + problem
        if let hint { text += "; " + hint }
        if let stringToSign {
            text += ". The sandbox signed (with the secret, never shown): \"" + stringToSign.replacingOccurrences(of: "\n", with: "\\n") + "\""
        }
        return text
    }
}
