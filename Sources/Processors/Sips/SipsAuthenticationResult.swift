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
    ///
    /// The query or body must be form encoding, every part `NAME=VALUE` with a name of letters,
    /// digits, `_`, `.`, `-`, `[` or `]`: a part without `=`, with another name or with a value
    /// that starts with `=` is refused (`invalid_value`). Such a part is what a raw `&` inside the
    /// PaRes leaves behind (`PaRes=eJzN&Bw==`), which would otherwise cut the PaRes without a word.
    /// A raw `&` followed by what reads as one more parameter (`PaRes=eJzN&Bw=`) cannot be told
    /// apart from one: the ACS sends PaRes URL-encoded.
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
            try Self.checkFormEncoding(query)
            fields = PercentEncoding.formFields(query)
        } else {
            try Self.checkFormEncoding(text[...])
            fields = PercentEncoding.formFields(text[...])
        }
        func field(_ name: String) -> String? {
            fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        guard let paRes = field("PaRes"), !paRes.isEmpty else { throw .missingPaRes }
        self.paRes = paRes
        merchantData = field("MD")
    }

    /// Refuses a query or body with a part that is not `NAME=VALUE` (see ``init(callback:)``).
    private static func checkFormEncoding(_ text: Substring) throws(SipsError) {
        for part in text.split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = part.firstIndex(of: "=") else {
                throw .invalidField("PaRes", reason: "the callback has a part without '=': a raw '&' inside the PaRes? It must be URL-encoded")
            }
            let name = part[..<equals]
            let wellFormed = !name.isEmpty && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"):
                    true
                default: false
                }
            }
            guard wellFormed, part[part.index(after: equals)...].first != "=" else {
                throw .invalidField("PaRes", reason: "the callback has a part that is not NAME=VALUE: a raw '&' inside the PaRes? It must be URL-encoded")
            }
        }
    }

    /// `PaRes` URL-encoded, as the SDK's continuation call (`paResMessage`) takes it.
    public var paResForSDK: String { PercentEncoding.encode(paRes) }

    /// Sizes only.
    public var description: String { "SipsAuthenticationResult(PaRes: \(paRes.utf8.count) bytes, MD: \(merchantData == nil ? "absent" : "present"))" }
}
