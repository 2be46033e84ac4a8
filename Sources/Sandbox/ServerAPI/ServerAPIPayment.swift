import Foundation
import PaymentFormJSON

/// A payment the Server API created: what `GET .../payments/{id}` answers, kept in the sandbox's
/// bounded memory. It never holds card data beyond the masked number (first 6, last 4) and the
/// expiry date; never the CVV.
struct ServerAPIPayment: Sendable {
    /// Where a payment stands.
    enum State: Sendable, Hashable {
        /// Authorised, waiting for the merchant.
        case authorized
        /// Declined (or its authentication failed), with the errors that say why.
        case rejected([SandboxErrorBody.Item])
        /// Waiting for the customer's 3-D Secure authentication on the sandbox's page.
        case redirected
    }

    /// URL-safe: `sandbox` and 32 hex digits.
    let id: String
    var state: State
    let amount: Int
    let currencyCode: String
    let paymentProductId: Int
    /// The product's `paymentMethod` (`card`, `redirect`, ...).
    let paymentMethod: String
    /// First 6 and last 4 digits, the rest `*`; `nil` for a product without a card number.
    let maskedCardNumber: String?
    let expiryDate: String?
    let merchantReference: String?
    /// Where the 3-D Secure page sends the customer back (challenge cards only).
    let returnURL: String?
    /// What authenticates the way back from the 3-D Secure page.
    let returnMAC: String?
    /// When the status last changed.
    var statusChanged: Date

    /// A fresh URL-safe id.
    static func makeId() -> String {
        "sandbox" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// `411111******1111`: the first 6 and last 4 digits of a number of 13 or more, else only
    /// the last 4.
    static func mask(_ number: String) -> String {
        let characters = Array(number)
        guard characters.count > 4 else { return String(repeating: "*", count: characters.count) }
        let shown = characters.count >= 13 ? 6 : 0
        return String(characters.prefix(shown)) + String(repeating: "*", count: characters.count - shown - 4) + String(characters.suffix(4))
    }

    /// The `payment` object (`GET` answers it; a create answer carries it) as `version` names it.
    func json(_ version: ServerAPIVersion) -> JSONValue {
        let status: String
        let statusCode: Int
        let category: String
        var errors: [SandboxErrorBody.Item] = []
        switch state {
        case .authorized:
            (status, statusCode) = version.authorizedStatus
            category = "PENDING_MERCHANT"
        case .rejected(let reasons):
            (status, statusCode, category) = ("REJECTED", version.rejectedStatusCode, "UNSUCCESSFUL")
            errors = reasons
        case .redirected:
            (status, statusCode, category) = ("REDIRECTED", version.redirectedStatusCode, "PENDING_PAYMENT")
        }
        let authorized = state == .authorized
        var statusOutput = JSONObject([
            (key: "isCancellable", value: .bool(authorized)),
            (key: "isAuthorized", value: .bool(authorized)),
            (key: "isRefundable", value: .bool(false)),
            (key: "statusCategory", value: .string(category)),
            (key: "statusCode", value: .number(String(statusCode))),
            (key: "statusCodeChangeDateTime", value: .string(Self.compactTimestamp(statusChanged))),
        ])
        if !errors.isEmpty { statusOutput.append("errors", .array(errors.map { $0.json(status: 402) })) }

        var output = JSONObject([
            (key: "amountOfMoney", value: ["amount": .number(String(amount)), "currencyCode": .string(currencyCode)]),
            (key: "paymentMethod", value: .string(paymentMethod)),
        ])
        if let merchantReference { output.append("references", ["merchantReference": .string(merchantReference)]) }
        var specific = JSONObject([(key: "paymentProductId", value: .number(String(paymentProductId)))])
        if authorized, paymentMethod == "card" { specific.append("authorisationCode", "SANDBOX") }
        if let maskedCardNumber {
            var card = JSONObject([(key: "cardNumber", value: .string(maskedCardNumber))])
            if let expiryDate { card.append("expiryDate", .string(expiryDate)) }
            specific.append("card", .object(card))
        }
        output.append("\(paymentMethod)PaymentMethodSpecificOutput", .object(specific))

        return .object(JSONObject([
            (key: "id", value: .string(id)),
            (key: "status", value: .string(status)),
            (key: "statusOutput", value: .object(statusOutput)),
            (key: "paymentOutput", value: .object(output)),
        ]))
    }

    /// `YYYYMMDDhhmmss` in UTC, as the platform's `statusCodeChangeDateTime`.
    static func compactTimestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let text = String(value ?? 0); return text.count == 1 ? "0" + text : text }
        return String(parts.year ?? 0) + two(parts.month) + two(parts.day) + two(parts.hour) + two(parts.minute) + two(parts.second)
    }
}
