internal import PaymentFormJSON
import PaymentFormCards
import PaymentFormCore

/// The card a surcharge or currency-conversion call is about: the first digits of a card number
/// (with the product, when known), or a stored card's token (`cardSource` in the request body).
package enum CardSource: Sendable, Hashable {
    /// The first 8 digits of a card number (6 when fewer were typed), and its product if known.
    case partialCard(digits: String, paymentProductId: Int?)
    /// The token of a stored card.
    case token(String)

    /// The card source for a card number as typed: spaces and `-` are ignored, and only the
    /// first 8 digits are kept (6 when fewer than 8 were typed), as an IIN lookup sends them.
    ///
    /// - Throws: a ``ClientAPIError/Kind/configuration`` error, naming `call`, for another
    ///   character (never repeated) or fewer than 6 digits; nothing is sent.
    package static func card(_ number: String, paymentProductId: Int?, call: String) throws(ClientAPIError) -> CardSource {
        guard let digits = CardNumberDigits.digits(of: number) else {
            throw ClientAPIError(kind: .configuration, call: call, reason: "the card number holds a character other than digits, spaces and -")
        }
        guard let prefix = CardNumberDigits.lookupPrefix(of: digits) else {
            throw ClientAPIError(kind: .configuration, call: call, reason: "the call needs at least the card number's first 6 digits")
        }
        return .partialCard(digits: prefix, paymentProductId: paymentProductId)
    }

    /// The token of a stored card.
    ///
    /// - Throws: a ``ClientAPIError/Kind/configuration`` error, naming `call`, for an empty token.
    package static func storedCard(token: String, call: String) throws(ClientAPIError) -> CardSource {
        guard !token.isEmpty else { throw ClientAPIError(kind: .configuration, call: call, reason: "the token is empty") }
        return .token(token)
    }

    /// `{"card": {"cardNumber", "paymentProductId"}}` or `{"token": ...}`.
    var json: JSONValue {
        switch self {
        case .partialCard(let digits, let productId):
            var card = JSONObject([(key: "cardNumber", value: .string(digits))])
            if let productId { card.append("paymentProductId", .number(String(productId))) }
            return .object(JSONObject([(key: "card", value: .object(card))]))
        case .token(let token):
            return .object(JSONObject([(key: "token", value: .string(token))]))
        }
    }
}

extension AmountOfMoney {
    /// `{"amount", "currencyCode"}` for a request body.
    var requestJSON: JSONValue {
        .object(JSONObject([(key: "amount", value: .number(String(amount))), (key: "currencyCode", value: .string(currencyCode))]))
    }
}
