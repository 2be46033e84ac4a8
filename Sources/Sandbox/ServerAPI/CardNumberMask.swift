import PaymentFormJSON

/// How each platform shows a card number in its answers, from the number the sandbox keeps
/// (first 6 and last 4 digits, the rest `*`: ``ServerAPIPayment/mask(_:)``), as recorded
/// answers show it: every digit but the last 4 as `*`, the length kept (`************1111`) on
/// both platforms; Online Payments also gives the first 6 digits in `bin`.
enum CardNumberMask {
    /// The number as `version` shows it: all but the last 4 characters `*`.
    static func shown(_ kept: String, _ version: ServerAPIVersion) -> String {
        let characters = Array(kept)
        guard characters.count > 4 else { return String(repeating: "*", count: characters.count) }
        return String(repeating: "*", count: characters.count - 4) + String(characters.suffix(4))
    }

    /// The first 6 digits, when the kept mask has them.
    static func bin(_ kept: String) -> String? {
        let first = kept.prefix(6)
        return first.count == 6 && first.allSatisfy({ $0.isASCII && $0.isNumber }) ? String(first) : nil
    }

    /// The members of a `card` object for the kept mask: `cardNumber`, and `bin` on Online Payments.
    static func card(_ kept: String, _ version: ServerAPIVersion) -> JSONObject {
        var card = JSONObject([(key: "cardNumber", value: .string(shown(kept, version)))])
        if version == .v2, let bin = bin(kept) { card.append("bin", .string(bin)) }
        return card
    }
}
