import Foundation
import PaymentFormJSON

/// A card on file the Server API keeps: made by `POST …/tokens`, by a payment with `tokenize`,
/// or by Connect's `payments/{id}/tokenize`; a payment with `cardPaymentMethodSpecificInput.token`
/// is made with it, as the platform's card-on-file flow. It holds the masked number (first 6,
/// last 4), the expiry date and the cardholder's name; never the full number or the CVV.
package struct ServerAPIToken: Sendable, Hashable {
    /// URL-safe: `sandboxtoken` and 32 hex digits.
    package let id: String
    package let paymentProductId: Int
    package var maskedCardNumber: String
    package var expiryDate: String?
    package var cardholderName: String?
    /// The payment it was made from, if any.
    package let originalPaymentId: String?
    package let created: Date
    /// Whether it is a temporary token (a hosted tokenization's, without the customer's consent):
    /// it pays once, within two hours, and `GET …/tokens/{id}` says `isTemporary: true`.
    package var isTemporary = false
    /// The sandbox's outcome for the test card it was made from, when a card was typed for it
    /// (a hosted tokenization's iframe): a payment with it follows that card's outcome, as a card
    /// payment does (``SandboxTestCards``); `nil`: authorised.
    package var cardOutcome: SandboxTestCards.Outcome?

    /// A fresh id.
    package static func makeId() -> String {
        "sandboxtoken" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    package var byteCost: Int { 256 + id.utf8.count + maskedCardNumber.utf8.count + (cardholderName?.utf8.count ?? 0) + (originalPaymentId?.utf8.count ?? 0) }

    /// The card's data as token answers show it (`cardWithoutCvv`): the masked number (first 6,
    /// last 4), the expiry date and the cardholder's name when known.
    package var cardWithoutCvv: JSONObject {
        var card = JSONObject([(key: "cardNumber", value: .string(maskedCardNumber))])
        if let expiryDate { card.append("expiryDate", .string(expiryDate)) }
        if let cardholderName { card.append("cardholderName", .string(cardholderName)) }
        return card
    }

    /// `GET …/tokens/{id}` as `version` answers it.
    package func json(_ version: ServerAPIVersion) -> JSONValue {
        var token = JSONObject([
            (key: "id", value: .string(id)),
            (key: "paymentProductId", value: .number(String(paymentProductId))),
        ])
        switch version {
        case .v1:
            token.append("card", ["data": ["cardWithoutCvv": .object(cardWithoutCvv)]])
            if let originalPaymentId { token.append("originalPaymentId", .string(originalPaymentId)) }
        case .v2:
            token.append("card", ["data": ["cardWithoutCvv": .object(cardWithoutCvv)]])
            token.append("isTemporary", .bool(isTemporary))
        }
        return .object(token)
    }

    /// The answer of a create (`POST …/tokens`, `payments/{id}/tokenize`).
    package func createdJSON(_ version: ServerAPIVersion, isNew: Bool) -> JSONValue {
        var answer = JSONObject([(key: "token", value: .string(id)), (key: "isNewToken", value: .bool(isNew))])
        switch version {
        case .v1: if let originalPaymentId { answer.append("originalPaymentId", .string(originalPaymentId)) }
        case .v2:
            answer.append("tokenStatus", "CREATED")
            answer.append("card", .object(cardWithoutCvv))
        }
        return .object(answer)
    }
}
