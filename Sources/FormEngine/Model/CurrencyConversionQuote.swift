package import PaymentFormJSON

/// A dynamic currency conversion (DCC) offer: the amount in the card's own currency, at a rate
/// the customer may accept (`POST v2/services/dccrate`, Online Payments).
///
/// ```swift
/// if let quote = try await session.currencyConversionQuote(forPartialCardNumber: "4111 1111", amount: paymentContext.amountOfMoney) {
///     // "Pay 11.00 USD instead of 10.00 EUR (1 EUR = 1.1 USD, 2 % mark-up)?" + quote.disclaimerDisplay
///     // then hand quote.dccSessionId to your server with the customer's answer
/// }
/// ```
///
/// The session hands out a quote only when the platform makes an offer (result `Allowed`);
/// the rest of the answer (the result and its reason, the inverted rate, the quotation time, the
/// rate's source, the receipt disclaimer) stays in the value's Client API JSON.
public struct CurrencyConversionQuote: ClientAPIModel, JSONModel, Hashable {
    /// The DCC session the offer belongs to: the merchant's server sends it with the payment when
    /// the customer accepts. Read from `dccSessionId` (or `docSessionId`, as one SDK spells it).
    public var dccSessionId: String?
    /// The amount in the card's currency, when there is an offer.
    public var targetAmount: AmountOfMoney?
    /// How many units of the target currency one unit of the amount's currency buys, when there
    /// is an offer.
    public var exchangeRate: Double? { rate?.exchangeRate.flatMap(Double.init) }
    /// The mark-up on the rate, in percent, when the platform says (EU Regulation 2019/518 asks
    /// for it to be shown).
    public var markUpRate: Double? { rate?.markUpRate.flatMap(Double.init) }
    /// The text the card scheme asks to show with the offer, when there is one.
    public var disclaimerDisplay: String?

    /// `Allowed`, `InvalidCard`, `InvalidMerchant`, `NoRate`, `NotAvailable` (or another name).
    package var result: String
    /// Why, when the platform says.
    package var resultReason: String?
    /// The amount asked for, when there is an offer.
    package var baseAmount: AmountOfMoney?
    /// The rate's details, as numbers' JSON text.
    package var rate: Rate?
    /// The text the card scheme asks to print on the receipt.
    package var disclaimerReceipt: String?

    /// The rate of an offer; numbers kept as their JSON text (no precision lost).
    package struct Rate: Sendable, Hashable {
        package var exchangeRate: String?
        package var invertedExchangeRate: String?
        package var markUpRate: String?
        package var quotationDateTime: String?
        package var source: String?

        /// A rate.
        package init(exchangeRate: String?, invertedExchangeRate: String? = nil, markUpRate: String? = nil,
                     quotationDateTime: String? = nil, source: String? = nil) {
            self.exchangeRate = exchangeRate
            self.invertedExchangeRate = invertedExchangeRate
            self.markUpRate = markUpRate
            self.quotationDateTime = quotationDateTime
            self.source = source
        }
    }

    /// Whether the platform makes an offer (`Allowed`, with an amount in the card's currency).
    package var isOffer: Bool { result == "Allowed" && targetAmount != nil }

    /// A quote.
    package init(dccSessionId: String?, result: String, resultReason: String? = nil, baseAmount: AmountOfMoney? = nil,
                 targetAmount: AmountOfMoney? = nil, rate: Rate? = nil, disclaimerReceipt: String? = nil, disclaimerDisplay: String? = nil) {
        self.dccSessionId = dccSessionId
        self.result = result
        self.resultReason = resultReason
        self.baseAmount = baseAmount
        self.targetAmount = targetAmount
        self.rate = rate
        self.disclaimerReceipt = disclaimerReceipt
        self.disclaimerDisplay = disclaimerDisplay
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        dccSessionId = try (object.optional("dccSessionId") ?? object.optional("docSessionId"))?.identifier()
        let outcome = try object.required("result").object()
        result = try outcome.required("result").string()
        resultReason = try outcome.string("resultReason")
        guard let proposal = try object.optional("proposal")?.object() else { return }
        func amount(_ key: String) throws(DefinitionError) -> AmountOfMoney? {
            guard let node = proposal.optional(key) else { return nil }
            return try AmountOfMoney(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
        baseAmount = try amount("baseAmount")
        targetAmount = try amount("targetAmount")
        if let rate = try proposal.optional("rate")?.object() {
            self.rate = Rate(
                exchangeRate: try rate.optional("exchangeRate")?.number(), invertedExchangeRate: try rate.optional("invertedExchangeRate")?.number(),
                markUpRate: try rate.optional("markUpRate")?.number(), quotationDateTime: try rate.string("quotationDateTime"),
                source: try rate.string("source"))
        }
        disclaimerReceipt = try proposal.string("disclaimerReceipt")
        disclaimerDisplay = try proposal.string("disclaimerDisplay")
    }

    package var json: JSONValue {
        let rateJSON = rate.map { rate in
            jsonObject([
                ("exchangeRate", rate.exchangeRate.map { .number($0) }), ("invertedExchangeRate", rate.invertedExchangeRate.map { .number($0) }),
                ("markUpRate", rate.markUpRate.map { .number($0) }), ("quotationDateTime", .from(rate.quotationDateTime)),
                ("source", .from(rate.source)),
            ])
        }
        let hasProposal = baseAmount != nil || targetAmount != nil || rate != nil || disclaimerReceipt != nil || disclaimerDisplay != nil
        return jsonObject([
            ("dccSessionId", .from(dccSessionId)),
            ("result", jsonObject([("result", .string(result)), ("resultReason", .from(resultReason))])),
            ("proposal", hasProposal ? jsonObject([
                ("baseAmount", baseAmount?.json), ("targetAmount", targetAmount?.json), ("rate", rateJSON),
                ("disclaimerReceipt", .from(disclaimerReceipt)), ("disclaimerDisplay", .from(disclaimerDisplay)),
            ]) : nil),
        ])
    }
}
