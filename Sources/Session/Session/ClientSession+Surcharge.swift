internal import PaymentFormJSON
import PaymentFormCore

extension ClientSession {
    /// What paying `amount` with a card costs: one ``Surcharge`` per product the platform names
    /// for it (`POST v1/services/surchargeCalculation`, Online Payments).
    ///
    /// Only the card number's first 8 digits are sent (6 when fewer were typed; spaces and `-`
    /// are ignored); give the product when the form knows it. Kept for the session, keyed by the
    /// digits sent, the product and the amount; concurrent identical calls share one request.
    ///
    /// ```swift
    /// let surcharges = try await session.surcharges(forPartialCardNumber: "4111 1111", paymentProductId: 1,
    ///                                               amount: AmountOfMoney(amount: 1_000, currencyCode: "EUR"))
    /// surcharges.first?.totalAmount.amount   // what the customer pays, surcharge included
    /// ```
    ///
    /// - Throws: ``ClientAPIError``; a ``ClientAPIError/Kind/configuration`` one, before anything
    ///   is sent, for fewer than 6 digits or another character than digits, spaces and `-`.
    public func surcharges(
        forPartialCardNumber number: String, paymentProductId: Int? = nil, amount: AmountOfMoney
    ) async throws(ClientAPIError) -> [Surcharge] {
        let source = try CardSource.card(number, paymentProductId: paymentProductId, call: Self.surchargeCall)
        return try await surchargeCalculation(for: source, amount: amount).surcharges
    }

    /// The whole `surchargeCalculation` answer for a card source (a partial card number or a
    /// stored card's token).
    package func surchargeCalculation(for source: CardSource, amount: AmountOfMoney) async throws(ClientAPIError) -> SurchargeCalculation {
        let body: JSONValue = .object(JSONObject([(key: "cardSource", value: source.json), (key: "amountOfMoney", value: amount.requestJSON)]))
        return try await require(call(SurchargeCalculation.self, "POST", ["services", "surchargeCalculation"], body: body, policy: .keep))
    }

    /// The call's name in errors.
    package static let surchargeCall = "POST services/surchargeCalculation"
}
