import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// `POST /client/v2/<customerId>/services/dccrate` (an Online Payments call): a dynamic currency
/// conversion offer.
extension ClientAPIRouter {
    /// `{"cardSource": …, "transaction": {"amount": {"amount", "currencyCode"}}}` →
    /// `{"dccSessionId", "docSessionId", "result": {"result", "resultReason"}, "proposal"?}`
    /// (the session id under both names: the Online Payments SDK's type reads `dccSessionId`,
    /// the answers measured against it carried `docSessionId`).
    ///
    /// The card's currency comes from ``CardCurrencies``; the offer converts the transaction's
    /// amount with the fixed rates of ``ConversionRates`` (those of `services/convert/amount`), with
    /// no mark-up. Results: `Allowed` with a proposal when the two currencies differ and both have a
    /// rate; `NotAvailable` when they are the same or the card's currency is unknown; `NoRate` when
    /// either currency has no rate; `InvalidCard` when no card product matches the number. Only
    /// `Allowed` has a `dccSessionId` (empty otherwise, as the API does) and a `proposal`.
    package func dccRate(_ body: [UInt8]) -> HTTPResponse {
        do {
            let json = try Self.serviceBody(body, shape: #"{"cardSource": {...}, "transaction": {"amount": {"amount", "currencyCode"}}}"#)
            let source = try SandboxCardSource(json["cardSource"])
            guard case .object? = json["transaction"] else {
                return SandboxErrorBody.badRequest("transaction is required: {\"amount\": {\"amount\", \"currencyCode\"}}", property: "transaction")
            }
            let money = try Self.amountOfMoney(json["transaction"]?["amount"], at: "transaction.amount")
            let digits: String
            switch source {
            case .token(let token):
                let (account, _) = try account(forToken: token)
                // The digits the stored card number shows before its hidden part (`555555XXXXXX4444` → `555555`).
                digits = String((account.attribute(forField: "cardNumber")?.value ?? "").prefix { $0.isASCII && $0.isNumber })
            case .card(let number, let id):
                if let id { _ = try cardProduct(withId: id) }
                digits = number
            }
            let card = digits.count >= 6 ? cardProducts(digits) : nil
            if case .card = source, card == nil {
                return Self.dccAnswer(result: "InvalidCard", reason: "no card product matches this card number")
            }
            guard let target = CardCurrencies.currency(digits: digits, country: card?.countryCode) else {
                return Self.dccAnswer(result: "NotAvailable", reason: "the sandbox knows no currency for this card")
            }
            guard target != money.currencyCode else {
                return Self.dccAnswer(result: "NotAvailable", reason: "the card's currency is the transaction's (\(target))")
            }
            guard let from = ConversionRates.table[money.currencyCode], let to = ConversionRates.table[target],
                  let converted = ConversionRates.convert(money.amount, from: money.currencyCode, to: target)
            else {
                return Self.dccAnswer(result: "NoRate", reason: "the sandbox has no rate between \(money.currencyCode) and \(target)")
            }
            let rate = Double(to.perEURMillionths) / Double(from.perEURMillionths)
            let proposal: JSONValue = .object(JSONObject([
                (key: "baseAmount", value: ["amount": .number(String(money.amount)), "currencyCode": .string(money.currencyCode)]),
                (key: "targetAmount", value: ["amount": .number(String(converted)), "currencyCode": .string(target)]),
                (key: "rate", value: .object(JSONObject([
                    (key: "exchangeRate", value: .number(Self.decimal(rate))),
                    (key: "invertedExchangeRate", value: .number(Self.decimal(1 / rate))),
                    (key: "markUpRate", value: .number("0")),
                    (key: "quotationDateTime", value: .string(Self.timestamp(Date()))),
                    (key: "source", value: "SANDBOX"),
                ]))),
                (key: "disclaimerReceipt", value: .string("Sandbox test offer: fixed made-up rates, not market rates. No payment is made.")),
                (key: "disclaimerDisplay", value: .string(
                    "Pay \(Self.major(converted, target)) \(target) instead of \(Self.major(money.amount, money.currencyCode)) \(money.currencyCode)? (sandbox test rate, no mark-up)")),
            ]))
            let session = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            return .json(200, .object(JSONObject([
                (key: "dccSessionId", value: .string(session)),
                // The same id under the name the measured answers carried, for clients that read it.
                (key: "docSessionId", value: .string(session)),
                (key: "result", value: ["result": "Allowed"]),
                (key: "proposal", value: proposal),
            ])))
        } catch {
            return error.response
        }
    }

    private static func dccAnswer(result: String, reason: String) -> HTTPResponse {
        .json(200, .object(JSONObject([
            (key: "dccSessionId", value: ""),
            (key: "docSessionId", value: ""),
            (key: "result", value: ["result": .string(result), "resultReason": .string(reason)]),
        ])))
    }

    /// `value` with at most 6 decimals, trailing zeros dropped (`1.1`, `0.909091`, `160`).
    package static func decimal(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `amount` minor units of `currency` in major units (`1100` USD → `11.00`; `1600` JPY → `1600`).
    package static func major(_ amount: Int, _ currency: String) -> String {
        let decimals = ConversionRates.table[currency]?.decimals ?? 2
        guard decimals > 0 else { return String(amount) }
        var divisor = 1
        for _ in 0..<decimals { divisor *= 10 }
        let fraction = String(amount % divisor)
        return "\(amount / divisor).\(String(repeating: "0", count: max(0, decimals - fraction.count)))\(fraction)"
    }

    /// `date` as ISO 8601 in UTC with seconds (`2026-11-24T10:15:00Z`).
    package static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
