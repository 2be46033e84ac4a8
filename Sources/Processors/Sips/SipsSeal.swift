import PaymentFormEncryption
import PaymentFormEngine
import PaymentFormJSON

/// The seal of Sips JSON messages: an HMAC-SHA-256 the merchant's server computes over a request
/// and checks on an answer, with the secret key Sips gives the merchant.
///
/// The sealed text is the values of all non-null members concatenated in alphabetical order of
/// their names, without separators or names; nested objects contribute their own values the same
/// way, arrays their elements' texts sorted, then concatenated. `keyVersion`, `seal` and
/// `sealAlgorithm` are left out (at the top level). Numbers are their JSON text, booleans `true`
/// or `false`. The seal is the lower-case hex of the HMAC.
///
/// The secret key stays on the merchant's server: an app never computes a seal.
public enum SipsSeal {
    /// The seal of a JSON object (a request body or an answer).
    public static func compute(jsonEncoded bytes: some Collection<UInt8>, secretKey: String) throws(SipsError) -> String {
        let message = try ProcessorJSON.object(bytes, what: "sealed message")
        let text = sealedText(.object(message.object), topLevel: true)
        let mac = HMAC<SHA256>.authenticationCode(for: Array(text.utf8), key: Array(secretKey.utf8))
        return hex(mac)
    }

    /// Whether an answer's `seal` member matches the seal of its other members (compared in
    /// constant time).
    public static func isValid(jsonEncoded bytes: some Collection<UInt8>, secretKey: String) throws(SipsError) -> Bool {
        let message = try ProcessorJSON.object(bytes, what: "sealed message")
        guard case .string(let sent)? = message.object["seal"] else { throw .missingField("seal") }
        let expected = try compute(jsonEncoded: bytes, secretKey: secretKey)
        return ConstantTime.equals(Array(expected.utf8), Array(sent.lowercased().utf8))
    }

    /// The concatenated text of a value.
    static func sealedText(_ value: JSONValue, topLevel: Bool = false) -> String {
        switch value {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text), .string(let text): return text
        case .array(let elements): return elements.map { sealedText($0) }.sorted().joined()
        case .object(let object):
            var last: [String: JSONValue] = [:]
            for member in object.members { last[member.key] = member.value }
            return last.keys
                .filter { !(topLevel && excluded.contains($0)) }
                .sorted()
                .map { sealedText(last[$0] ?? .null) }
                .joined()
        }
    }

    /// Members never sealed.
    static let excluded: Set<String> = ["keyVersion", "seal", "sealAlgorithm"]

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
        return String(decoding: out, as: UTF8.self)
    }
}
