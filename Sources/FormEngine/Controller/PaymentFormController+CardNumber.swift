import PaymentFormBrands
import PaymentFormMasking

/// How a card-number field formats and when it is full, for the digits it holds.
struct CardNumberFormat {
    /// The formatter for the value: a generic card field takes the brand's grouping.
    var formatter: FieldFormatter
    /// The brand's grouping and lengths, within the field's own limits.
    var layout: CardNumberLayout
    /// The offline detection of the digits.
    var detection: BrandDetection
}

extension PaymentFormController {
    /// The format of a card-number field for `value` (unmasked digits; anything else detects as
    /// no brand, and validation reports it).
    static func cardNumberFormat(field: PaymentProductField, value: String, detector: BrandDetector) -> CardNumberFormat {
        let detection = (try? detector.detect(value)) ?? .unknown
        let layout = field.cardNumberLayout(for: detection)
        let formatter = isGenericCardNumberMask(field.effectiveMask) ? FieldFormatter(mask: layout.mask) : FieldFormatter(field: field)
        return CardNumberFormat(formatter: formatter, layout: layout, detection: detection)
    }

    /// Whether a card-number field's mask is a generic one (none, or groups of four digits, the
    /// last possibly shorter), which the detected brand's grouping replaces (`3782 822463 10005`
    /// for American Express). A brand-specific mask (Amex's own 4-6-5) is kept.
    static func isGenericCardNumberMask(_ mask: Mask?) -> Bool {
        guard let pattern = mask?.pattern else { return true }
        let groups = pattern.split(separator: " ", omittingEmptySubsequences: false)
        for (index, group) in groups.enumerated() {
            guard group.hasPrefix("{{"), group.hasSuffix("}}"), group.count > 4 else { return false }
            let digits = group.dropFirst(2).dropLast(2)
            guard digits.allSatisfy({ $0 == "9" }) else { return false }
            let isLast = index == groups.count - 1
            guard isLast ? (1...4).contains(digits.count) : digits.count == 4 else { return false }
        }
        return true
    }

    /// Whether the field is a card number (the field that brand detection follows).
    static func isCardNumber(_ field: PaymentProductField) -> Bool {
        field.id == PaymentRequest.cardNumberFieldId
    }
}

extension FormFieldState {
    /// Card-number fields: the ids of the brands detected offline (empty when none); `nil` for
    /// other fields.
    package var brandIds: [String]? { brands?.brandIds }
}
