package import PaymentFormJSON

/// An amount in minor units (cents) and its ISO 4217 currency.
public struct AmountOfMoney: ClientAPIModel, JSONModel, Hashable {
    /// The amount in minor units (1234 = 12.34 EUR).
    public var amount: Int
    /// The ISO 4217 currency code (`EUR`).
    public var currencyCode: String

    /// `amount` minor units of `currencyCode` (`AmountOfMoney(amount: 1000, currencyCode: "EUR")` is 10.00 EUR).
    public init(amount: Int, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        amount = try object.required("amount").int()
        currencyCode = try object.required("currencyCode").string()
    }

    package var json: JSONValue {
        jsonObject([("amount", .from(amount)), ("currencyCode", .string(currencyCode))])
    }
}

/// What the customer is paying: amount, country and whether it is recurring.
public struct PaymentContext: ClientAPIModel, JSONModel, Hashable {
    /// The amount to pay.
    public var amountOfMoney: AmountOfMoney
    /// The customer's country (ISO 3166-1 alpha-2).
    public var countryCode: String
    /// Whether the payment starts a series of recurring payments.
    public var isRecurring: Bool
    /// A locale such as `en_US`, when known.
    public var locale: String?

    /// A payment of `amountOfMoney` by a customer in `countryCode`, one-off unless `isRecurring`;
    /// `locale` (`en_US`) is the language product and group calls ask for.
    public init(amountOfMoney: AmountOfMoney, countryCode: String, isRecurring: Bool = false, locale: String? = nil) {
        self.amountOfMoney = amountOfMoney
        self.countryCode = countryCode
        self.isRecurring = isRecurring
        self.locale = locale
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        let amount = try object.required("amountOfMoney")
        amountOfMoney = try AmountOfMoney(json: amount.value, at: amount.path, diagnostics: &diagnostics)
        countryCode = try object.required("countryCode").string()
        isRecurring = try object.bool("isRecurring") ?? false
        locale = try object.string("locale")
    }

    package var json: JSONValue {
        jsonObject([
            ("amountOfMoney", amountOfMoney.json),
            ("countryCode", .string(countryCode)),
            ("isRecurring", .bool(isRecurring)),
            ("locale", .from(locale)),
        ])
    }
}
