internal import PaymentFormJSON
import PaymentFormCore

extension ClientSession {
    /// The platform's dynamic currency conversion offer for paying `amount` with a card: the
    /// amount in the card's own currency, or `nil` when it makes none (its result is not
    /// `Allowed`: the card or merchant does not take part, no rate, the same currency)
    /// (`POST v2/services/dccrate`, Online Payments).
    ///
    /// Only the card number's first 8 digits are sent (6 when fewer were typed; spaces and `-`
    /// are ignored). Not kept: a quote is for one payment, and rates move; concurrent identical
    /// calls share one request.
    ///
    /// ```swift
    /// if let quote = try await session.currencyConversionQuote(forPartialCardNumber: "4111 1111",
    ///                                                          amount: AmountOfMoney(amount: 1_000, currencyCode: "EUR")) {
    ///     quote.targetAmount     // the amount in the card's currency
    ///     quote.dccSessionId     // for the merchant's server, when the customer accepts
    /// }
    /// ```
    ///
    /// - Throws: ``ClientAPIError``; a ``ClientAPIError/Kind/configuration`` one, before anything
    ///   is sent, for fewer than 6 digits or another character than digits, spaces and `-`.
    public func currencyConversionQuote(
        forPartialCardNumber number: String, paymentProductId: Int? = nil, amount: AmountOfMoney
    ) async throws(ClientAPIError) -> CurrencyConversionQuote? {
        let source = try CardSource.card(number, paymentProductId: paymentProductId, call: Self.currencyConversionCall)
        let quote = try await currencyConversion(for: source, amount: amount)
        return quote.isOffer ? quote : nil
    }

    /// The whole `dccrate` answer for a card source (a partial card number or a stored card's
    /// token), offer or not.
    package func currencyConversion(for source: CardSource, amount: AmountOfMoney) async throws(ClientAPIError) -> CurrencyConversionQuote {
        let transaction: JSONValue = .object(JSONObject([(key: "amount", value: amount.requestJSON)]))
        let body: JSONValue = .object(JSONObject([(key: "cardSource", value: source.json), (key: "transaction", value: transaction)]))
        return try await require(call(
            CurrencyConversionQuote.self, "POST", ["services", "dccrate"], body: body, policy: .shareInFlight, version: 2))
    }

    /// The call's name in errors.
    package static let currencyConversionCall = "POST v2/services/dccrate"
}
