import PaymentFormCards
import PaymentFormMasking

extension PaymentProductField {
    /// The grouping and length limits of a card-number field for a detection: the brand's
    /// (`CardNumberLayout`), within the field's own limits — its `length` validator and its
    /// mask's capacity, whichever is tighter.
    ///
    /// ```swift
    /// let detection = try BrandDetector.shipped.detect("3782")
    /// let layout = cardNumberField.cardNumberLayout(for: detection)   // a Visa product's card number field
    /// // layout.mask.pattern == "{{9999}} {{999999}} {{99999}}"
    /// ```
    public func cardNumberLayout(for detection: BrandDetection) -> CardNumberLayout {
        var minimum = 0
        var maximum = effectiveMask?.capacity
        for validator in dataRestrictions.validators {
            guard case .length(let minLength, let maxLength) = validator else { continue }
            minimum = max(minimum, minLength)
            if let maxLength { maximum = min(maximum ?? maxLength, maxLength) }
        }
        return CardNumberLayout(detection: detection, productMinimumLength: minimum, productMaximumLength: maximum)
    }
}
