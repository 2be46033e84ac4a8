import PaymentFormCards

extension PaymentRequest {
    /// The id of the card-number field in Client API card products.
    package static let cardNumberFieldId = "cardNumber"

    /// The offline brand detection of the value entered in the `cardNumber` field:
    /// `BrandDetection.unknown` when the product has no such field, nothing is entered, or the
    /// value holds characters a card number cannot (validation reports those).
    package func brandDetection(using detector: BrandDetector = .shipped) -> BrandDetection {
        guard let value = unmaskedValue(forField: Self.cardNumberFieldId) else { return .unknown }
        return (try? detector.detect(value)) ?? .unknown
    }
}

extension PaymentRequest {
    /// The brands the entered card number can carry, to check a brand chosen for it (Sips'
    /// `paymentMeanBrand`); `nil` when nothing can be said: no card number, or no brand has its
    /// digits.
    ///
    /// A server IIN lookup that holds for the number (see `applyIINLookup(_:)`) and names allowed
    /// brands decides. Otherwise offline detection: the brands it finds (with their co-badge
    /// partners), and, on a Visa or Mastercard number, the brands only a server lookup can tell
    /// (Cartes Bancaires, eftpos, Interac: no public prefix ranges, and they are co-badged on Visa
    /// and Mastercard cards), since offline the number may carry one of them.
    package func possibleBrands(using detector: BrandDetector = .shipped) -> [Brand]? {
        guard let number = value(forField: Self.cardNumberFieldId), !number.isEmpty else { return nil }
        if let answer = iinAnswer, answer.applies(to: number) {
            let offered = answer.brandOptions(in: detector.table).map { $0.brand }
            if !offered.isEmpty { return offered }
        }
        let detected = brandDetection(using: detector).brands
        guard !detected.isEmpty else { return nil }
        guard detected.contains(where: { Self.serverOnlyBrandPartners.contains($0.id) }) else { return detected }
        return detected + detector.table.brands.filter { $0.prefixRanges.isEmpty && !detected.contains($0) }
    }

    /// The brands that carry a brand without prefix ranges co-badged (Cartes Bancaires + Visa or
    /// Mastercard; eftpos and Interac the same).
    static let serverOnlyBrandPartners: Set<String> = ["visa", "mastercard"]
}
