import PaymentFormCards
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
        cardNumberFormat(field: field, detection: (try? detector.detect(value)) ?? .unknown)
    }

    /// The format of a card-number field for what detection said about its digits.
    static func cardNumberFormat(field: PaymentProductField, detection: BrandDetection) -> CardNumberFormat {
        let layout = field.cardNumberLayout(for: detection)
        return CardNumberFormat(formatter: cardNumberFormatter(field: field, layout: layout), layout: layout, detection: detection)
    }

    /// The formatter of a card-number field laid out as `layout`: a generic card field takes the
    /// brand's grouping, a brand-specific mask stays.
    static func cardNumberFormatter(field: PaymentProductField, layout: CardNumberLayout) -> FieldFormatter {
        isGenericCardNumberMask(field.effectiveMask) ? FieldFormatter(mask: layout.mask) : FieldFormatter(field: field)
    }

    /// Whether two detections name the same brands the same way (ambiguous or not), so the same
    /// layout and formatter serve both. Compared by id, without copying the brands.
    static func sameBrands(_ lhs: BrandDetection, _ rhs: BrandDetection) -> Bool {
        guard lhs.isAmbiguous == rhs.isAmbiguous, lhs.brands.count == rhs.brands.count else { return false }
        for index in lhs.brands.indices where lhs.brands[index].id != rhs.brands[index].id { return false }
        return true
    }

    /// Whether a card-number field's mask is a generic one (none, or groups of four digits, the
    /// last possibly shorter), which the detected brand's grouping replaces (`3782 822463 10005`
    /// for American Express). A brand-specific mask (Amex's own 4-6-5) is kept.
    static func isGenericCardNumberMask(_ mask: Mask?) -> Bool {
        guard let pattern = mask?.pattern else { return true }
        // `{{9999}}` groups joined by single spaces, the last one of 1 to 4 nines.
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            guard index + 4 < bytes.count, bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else { return false }
            index += 2
            var nines = 0
            while index < bytes.count, bytes[index] == UInt8(ascii: "9") {
                nines += 1
                index += 1
            }
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "}"), bytes[index + 1] == UInt8(ascii: "}") else { return false }
            index += 2
            let isLast = index == bytes.count
            guard isLast ? (1...4).contains(nines) : nines == 4 && bytes[index] == UInt8(ascii: " ") else { return false }
            if !isLast { index += 1 }
        }
        return bytes.last == UInt8(ascii: "}")   // not ending in a separator
    }

    /// Whether the field is a card number (the field that brand detection follows).
    static func isCardNumber(_ field: PaymentProductField) -> Bool {
        field.id == PaymentRequest.cardNumberFieldId
    }

    /// Whether the field at `index` is the card number: the index knows where it is, so no id is
    /// compared (three times per keystroke; comparing two different ids walks their bytes).
    func isCardNumber(at index: Int) -> Bool {
        index == fieldIndex.cardNumber
    }
}

extension FormFieldState {
    /// Card-number fields: the ids of the brands detected offline (empty when none); `nil` for
    /// other fields.
    package var brandIds: [String]? { brands?.brandIds }
}
