/// The sandbox's fixed exchange rates for `GET /services/convert/amount`: made-up round figures
/// for tests, **not market rates**, that never change.
///
/// Units of each currency per 1 EUR, and its minor-unit exponent:
///
/// | currency | per EUR | decimals |
/// |---|---|---|
/// | EUR | 1 | 2 |
/// | USD | 1.10 | 2 |
/// | GBP | 0.85 | 2 |
/// | CHF | 0.95 | 2 |
/// | JPY | 160 | 0 |
/// | SEK | 11.50 | 2 |
/// | NOK | 11.70 | 2 |
/// | DKK | 7.46 | 2 |
/// | PLN | 4.30 | 2 |
/// | AUD | 1.65 | 2 |
/// | CAD | 1.50 | 2 |
/// | BRL | 5.50 | 2 |
/// | CNY | 7.80 | 2 |
/// | INR | 90 | 2 |
///
/// `amount` (minor units of the source) converts to `amount / 10^sourceDecimals / rate(source)
/// × rate(target) × 10^targetDecimals`, rounded half away from zero: 1000 EUR cents → 1100 USD
/// cents; 1000 EUR cents → 1600 JPY.
package enum ConversionRates {
    /// Rate per EUR in millionths, and decimals.
    package static let table: [String: (perEURMillionths: Int, decimals: Int)] = [
        "EUR": (1_000_000, 2), "USD": (1_100_000, 2), "GBP": (850_000, 2), "CHF": (950_000, 2), "JPY": (160_000_000, 0),
        "SEK": (11_500_000, 2), "NOK": (11_700_000, 2), "DKK": (7_460_000, 2), "PLN": (4_300_000, 2), "AUD": (1_650_000, 2),
        "CAD": (1_500_000, 2), "BRL": (5_500_000, 2), "CNY": (7_800_000, 2), "INR": (90_000_000, 2),
    ]

    /// The currencies the table knows, sorted.
    package static var currencies: [String] { table.keys.sorted() }

    /// The largest amount converted: 12 digits, as the API's integer(12).
    package static let maximumAmount = 999_999_999_999

    /// `amount` of `source` in minor units of `target`, or `nil` for an unknown currency or an
    /// amount outside 0...``maximumAmount``.
    package static func convert(_ amount: Int, from source: String, to target: String) -> Int? {
        guard let from = table[source], let to = table[target], (0...maximumAmount).contains(amount) else { return nil }
        // amount × rate(to) × 10^to.decimals / (rate(from) × 10^from.decimals), in full width.
        let numeratorFactor = to.perEURMillionths * power10(to.decimals)
        let denominator = from.perEURMillionths * power10(from.decimals)
        let product = amount.multipliedFullWidth(by: numeratorFactor)
        guard product.high < denominator else { return nil }
        let (quotient, remainder) = denominator.dividingFullWidth(product)
        return remainder * 2 >= denominator ? quotient + 1 : quotient
    }

    private static func power10(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }
}
