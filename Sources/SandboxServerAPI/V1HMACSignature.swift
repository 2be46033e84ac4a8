import Foundation
import PaymentFormEncryption
import PaymentFormEngine
import PaymentFormSandboxHTTP

/// The platform's Server API request signature, `v1HMAC`, as the official server SDKs compute it:
///
/// ```
/// Authorization: GCS v1HMAC:<apiKeyId>:<base64(HMAC-SHA256(key: secretApiKey, data: S))>
/// S = METHOD "\n" Content-Type "\n" Date "\n"
///     (x-gcs-* headers, lower-cased names, sorted: "name:value\n" each)
///     path and query as sent "\n"
/// ```
///
/// Content-Type is empty when the request has none; `Date` is required (the sandbox checks no
/// clock skew). The body, `Host` and every other header are not signed. Verification rebuilds
/// `S` from the request as received and compares the signatures in constant time.
///
/// ```swift
/// let text = V1HMACSignature.stringToSign(method: "GET", contentType: nil, date: "Fri, 06 Jun 2014 13:39:43 GMT",
///                                         gcsHeaders: [], target: "/v1/9991/tokens/123456789")
/// V1HMACSignature.signature(of: text, secretApiKey: "6Kj5HT0MQKC6D8eb7W3lTg71kVKVDSt1")
/// // "9ond5EIN05dBXJGCLRK5om9pxHsyrh/12pZJ7bvmwNM="
/// ```
package enum V1HMACSignature {
    /// The prefix of the `Authorization` value.
    package static let scheme = "GCS v1HMAC:"

    /// The text the signature covers.
    ///
    /// - Parameter gcsHeaders: every header whose name starts with `x-gcs` (any case), in any
    ///   order: they are signed with lower-cased names, sorted by name, each value with its line
    ///   breaks (and the blanks after them) read as one space and trimmed.
    package static func stringToSign(method: String, contentType: String?, date: String, gcsHeaders: [HTTPHeaderField], target: String) -> String {
        var text = method.uppercased() + "\n" + (contentType ?? "") + "\n" + date + "\n"
        let canonical = gcsHeaders.map { (name: $0.name.lowercased(), value: canonicalValue($0.value)) }
            .enumerated().sorted { $0.element.name != $1.element.name ? $0.element.name < $1.element.name : $0.offset < $1.offset }
        for (_, header) in canonical {
            text += header.name + ":" + header.value + "\n"
        }
        return text + target + "\n"
    }

    /// Standard base64 of HMAC-SHA256(key: the secret's UTF-8, data: `text`'s UTF-8).
    package static func signature(of text: String, secretApiKey: String) -> String {
        Base64.encode(HMAC<SHA256>.authenticationCode(for: Array(text.utf8), key: Array(secretApiKey.utf8)))
    }

    /// The text `request` signs, or `nil` when it has no `Date` header.
    package static func stringToSign(of request: HTTPRequest) -> String? {
        guard let date = request.header("Date") else { return nil }
        let gcsHeaders = request.headers.fields.filter { $0.name.lowercased().hasPrefix("x-gcs") }
        return stringToSign(method: request.method, contentType: request.header("Content-Type"), date: date, gcsHeaders: gcsHeaders,
                            target: request.target)
    }

    /// Whether `request` carries a valid signature of `apiKeyId` with `secretApiKey`: one
    /// `Authorization` header `GCS v1HMAC:<apiKeyId>:<signature>`, a `Date` header, and the
    /// signature of the request as received (compared in constant time).
    package static func verify(_ request: HTTPRequest, apiKeyId: String, secretApiKey: String) -> Bool {
        let authorizations = request.headers.values(named: "Authorization")
        guard authorizations.count == 1, let authorization = authorizations.first, authorization.hasPrefix(scheme),
              let text = stringToSign(of: request)
        else { return false }
        let credentials = authorization.dropFirst(scheme.count)
        guard let colon = credentials.lastIndex(of: ":") else { return false }
        let keyMatches = ConstantTime.equals(Array(credentials[..<colon].utf8), Array(apiKeyId.utf8))
        let expected = signature(of: text, secretApiKey: secretApiKey)
        let signatureMatches = ConstantTime.equals(Array(credentials[credentials.index(after: colon)...].utf8), Array(expected.utf8))
        return keyMatches && signatureMatches
    }

    /// A header value as signed: each line break with the blanks after it read as one space,
    /// then trimmed of surrounding white space.
    package static func canonicalValue(_ value: String) -> String {
        var result = ""
        var scalars = value.unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "\r", scalars.first == "\n" { continue }
            if scalar == "\n" {
                while let next = scalars.first, next == " " || next == "\t" { scalars = scalars.dropFirst() }
                result.unicodeScalars.append(" ")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
