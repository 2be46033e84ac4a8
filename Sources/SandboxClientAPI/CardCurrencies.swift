/// The currency of a card, for the sandbox's DCC answers: which currency a cardholder would be
/// offered to pay in. Test data, documented, never changing.
///
/// 1. The card's issuing country, as the IIN answer gives it (an IIN answer file's, or the brand
///    table's for a domestic scheme), in that country's currency: FR, BE, NL, DE, ES, IT, PT, AT,
///    IE, FI → EUR; DK → DKK; SE → SEK; NO → NOK; PL → PLN; CH → CHF; GB → GBP; US → USD;
///    CA → CAD; AU → AUD; BR → BRL; IN → INR; CN → CNY; JP → JPY; TR → TRY; AR → ARS; NG → NGN;
///    RU → RUB; SA → SAR (the last five have no rate in ``ConversionRates``: `NoRate`).
/// 2. Else the test cards' prefixes: `411111` (Visa 4111 1111 1111 1111) → USD, `555555`
///    (Mastercard 5555 5555 5555 4444) → GBP, `371449` and `378282` (American Express) → USD.
/// 3. Else none: the answer is `NotAvailable`.
package enum CardCurrencies {
    /// Currencies by ISO 3166-1 alpha-2 country.
    package static let byCountry: [String: String] = [
        "FR": "EUR", "BE": "EUR", "NL": "EUR", "DE": "EUR", "ES": "EUR", "IT": "EUR", "PT": "EUR", "AT": "EUR", "IE": "EUR", "FI": "EUR",
        "DK": "DKK", "SE": "SEK", "NO": "NOK", "PL": "PLN", "CH": "CHF", "GB": "GBP", "US": "USD", "CA": "CAD", "AU": "AUD",
        "BR": "BRL", "IN": "INR", "CN": "CNY", "JP": "JPY", "TR": "TRY", "AR": "ARS", "NG": "NGN", "RU": "RUB", "SA": "SAR",
    ]

    /// Currencies of the usual test card numbers, by prefix.
    package static let byTestCardPrefix: [(prefix: String, currency: String)] = [
        ("411111", "USD"), ("555555", "GBP"), ("371449", "USD"), ("378282", "USD"),
    ]

    /// The currency of a card with these leading `digits` issued in `country`, or `nil`.
    package static func currency(digits: String, country: String?) -> String? {
        if let country, let currency = byCountry[country] { return currency }
        return byTestCardPrefix.first { digits.hasPrefix($0.prefix) }?.currency
    }
}
