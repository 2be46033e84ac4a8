import Foundation

/// What the ACS sends back to the `TermUrl` after 3-D Secure: `PaRes` and `MD`, read from a
/// callback URL (`https://shop.example/3ds?PaRes=…&MD=…`, or the Sips sample's
/// `putpares:<PaRes>`) or a form-encoded POST body.
///
/// ```swift
/// let result = try SipsAuthenticationResult(callback: url.absoluteString)
/// // pass result.paResForSDK to cardValidateAuthenticationAndOrder
/// ```
public struct SipsAuthenticationResult: Sendable, Hashable, CustomStringConvertible {
    /// The PaRes as the ACS sent it, decoded.
    public let paRes: String
    /// The merchant data echoed back, decoded (`nil` when absent).
    public let merchantData: String?

    /// Reads a callback URL or a form-encoded body.
    public init(callback: String) throws(SipsError) {
        let text = callback.trimmingCharacters(in: .whitespacesAndNewlines)
        var fields: [(name: String, value: String)] = []
        if text.lowercased().hasPrefix("putpares:") {
            let rest = text.dropFirst("putpares:".count)
            let value = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? rest
            if let decoded = PercentEncoding.decode(value, plusIsSpace: false) { fields.append(("PaRes", decoded)) }
        } else if let question = text.firstIndex(of: "?") {
            var query = text[text.index(after: question)...]
            if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
            fields = PercentEncoding.formFields(query)
        } else {
            fields = PercentEncoding.formFields(text[...])
        }
        func field(_ name: String) -> String? {
            fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        guard let paRes = field("PaRes"), !paRes.isEmpty else { throw .missingPaRes }
        self.paRes = paRes
        merchantData = field("MD")
    }

    /// `PaRes` URL-encoded, as the SDK's continuation call (`paResMessage`) takes it.
    public var paResForSDK: String { PercentEncoding.encode(paRes) }

    /// Sizes only.
    public var description: String { "SipsAuthenticationResult(PaRes: \(paRes.utf8.count) bytes, MD: \(merchantData == nil ? "absent" : "present"))" }
}
