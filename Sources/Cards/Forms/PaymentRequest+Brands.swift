
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
