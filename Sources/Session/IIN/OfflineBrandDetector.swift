/// Answers "which card brand could this be?" from a card number's first digits, without a
/// server: what lets a form switch logo and grouping at once, before the IIN lookup answers.
///
/// The engine's `BrandDetector` (module `PaymentFormBrands`) is one, and the default of
/// ``ClientSessionConfiguration/offlineBrandDetector``; plug in another to change it. The session
/// maps the brands to the products offered (``CardBrandProducts``) and the server's answer wins
/// when it arrives.
///
/// ```swift
/// struct VisaOnly: OfflineBrandDetector {
///     func detectBrands(inDigits digits: String) -> OfflineBrandDetection {
///         OfflineBrandDetection(brands: digits.hasPrefix("4") ? ["visa"] : [], isAmbiguous: false)
///     }
/// }
/// ```
package protocol OfflineBrandDetector: Sendable {
    /// The brands `digits` (ASCII digits only, at least one) may belong to.
    func detectBrands(inDigits digits: String) -> OfflineBrandDetection
}

/// An offline detector's answer.
package struct OfflineBrandDetection: Sendable, Hashable {
    /// Brand ids (`visa`, `mastercard`, `american-express`, `dankort`, ...). When not ambiguous:
    /// the brand first, then its co-badge partners. When ambiguous: every candidate.
    package var brands: [String]
    /// Whether more digits are needed to tell the candidates apart.
    package var isAmbiguous: Bool
    /// The Client API product ids of each brand, most common first, when the detector knows
    /// them; brands not in it map through ``CardBrandProducts``.
    package var paymentProductIds: [String: [Int]]

    /// An answer.
    package init(brands: [String], isAmbiguous: Bool, paymentProductIds: [String: [Int]] = [:]) {
        self.brands = brands
        self.isAmbiguous = isAmbiguous
        self.paymentProductIds = paymentProductIds
    }
}
