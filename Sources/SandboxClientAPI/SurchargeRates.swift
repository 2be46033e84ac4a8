import PaymentFormJSON

/// The sandbox's surcharge rates for `POST services/surchargeCalculation`: made-up figures for
/// tests, **not any acquirer's rates**, that never change.
///
/// | product | surchargeProductTypeId | adValoremRate (%) | specificRate (minor units) |
/// |---|---|---|---|
/// | 1 Visa | `SANDBOX-VISA` | 1.2 | 0 |
/// | 2 American Express | `SANDBOX-AMEX` | 2.5 | 20 |
/// | 3 Mastercard | `SANDBOX-MASTERCARD` | 1.5 | 10 |
///
/// `surchargeProductTypeVersion` is `"1"` for each. Any other card product (Cartes Bancaires 130
/// among them: French law bans card surcharges) answers `NO_SURCHARGE`. The surcharge of `amount`
/// is `amount × adValoremRate / 100`, rounded half away from zero, plus `specificRate`: 1000 EUR
/// cents on Visa → 12, on Mastercard → 25, on American Express → 45.
package enum SurchargeRates {
    /// One product's rate; the ad valorem part in hundredths of a percent, so it is exact.
    package struct Rate: Sendable, Hashable {
        package let productTypeId: String
        package let productTypeVersion: String
        /// 120 = 1.2 %.
        package let adValoremBasisPoints: Int
        package let specificRate: Int

        /// `adValoremRate` as the API writes it: a JSON number in percent (`1.2`).
        package var adValoremRateJSON: JSONValue {
            let whole = adValoremBasisPoints / 100, fraction = adValoremBasisPoints % 100
            guard fraction != 0 else { return .number(String(whole)) }
            let digits = fraction < 10 ? "0\(fraction)" : String(fraction)
            return .number("\(whole).\(digits.hasSuffix("0") ? String(digits.dropLast()) : digits)")
        }

        /// The surcharge on `amount` (minor units).
        package func surcharge(on amount: Int) -> Int {
            let product = amount * adValoremBasisPoints
            let (quotient, remainder) = product.quotientAndRemainder(dividingBy: 10_000)
            return quotient + (remainder * 2 >= 10_000 ? 1 : 0) + specificRate
        }
    }

    /// Rates by payment product id.
    package static let table: [Int: Rate] = [
        1: Rate(productTypeId: "SANDBOX-VISA", productTypeVersion: "1", adValoremBasisPoints: 120, specificRate: 0),
        2: Rate(productTypeId: "SANDBOX-AMEX", productTypeVersion: "1", adValoremBasisPoints: 250, specificRate: 20),
        3: Rate(productTypeId: "SANDBOX-MASTERCARD", productTypeVersion: "1", adValoremBasisPoints: 150, specificRate: 10),
    ]
}
