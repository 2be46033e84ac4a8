import PaymentFormJSON

/// How the sandbox shows a card number in its answers: the number it keeps, the first 6 and
/// last 4 digits with the rest `*` (``ServerAPIPayment/mask(_:)``, `411111******1111`), on both
/// platforms, as the project's Server API contract says; Online Payments also gives the first 6
/// digits in `bin`, as its answers do. (Recorded platform answers also show every digit but the
/// last 4 as `*`; docs/backend-tests.md says so.)
package enum CardNumberMask {
    /// The first 6 digits, when the kept mask has them.
    package static func bin(_ kept: String) -> String? {
        let first = kept.prefix(6)
        return first.count == 6 && first.allSatisfy({ $0.isASCII && $0.isNumber }) ? String(first) : nil
    }

    /// The members of a `card` object for the kept mask: `cardNumber`, and `bin` on Online Payments.
    package static func card(_ kept: String, _ version: ServerAPIVersion) -> JSONObject {
        var card = JSONObject([(key: "cardNumber", value: .string(kept))])
        if version == .v2, let bin = bin(kept) { card.append("bin", .string(bin)) }
        return card
    }
}
