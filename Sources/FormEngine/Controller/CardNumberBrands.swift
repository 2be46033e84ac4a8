import PaymentFormMasking

/// The seam between the form controller and offline card-brand detection: what a card-number
/// field needs to know about the brands of its digits.
struct CardBrands: Sendable, Hashable {
    /// The brand ids: the resolved brand then its co-badge partners, or every candidate.
    var brandIds: [String]
    /// Whether several brands are still possible.
    var isAmbiguous: Bool
    /// The resolved brand's lengths; empty unless resolved.
    var lengths: [Int]

    static let unknown = CardBrands(brandIds: [], isAmbiguous: false, lengths: [])
}

/// How a card-number field formats and when it is full, for the digits it holds.
struct CardNumberFormat {
    /// The formatter for the value (a generic card field takes the brand's grouping).
    var formatter: FieldFormatter
    /// The most digits the field takes now (the brand's longest length within the field's own
    /// limits), or `nil` for the field's own limits.
    var maximumLength: Int?
    /// Lengths that count as complete from 15 digits on (the brand's, within the field's limits).
    var completeLengths: [Int]
    /// The brands of the digits.
    var brands: CardBrands
}

extension PaymentFormController {
    /// The id of the card-number field in Client API card products and groups.
    static let cardNumberFieldId = "cardNumber"

    /// The format of a card-number field for `value`.
    static func cardNumberFormat(field: PaymentProductField, value: String) -> CardNumberFormat {
        CardNumberFormat(formatter: FieldFormatter(field: field), maximumLength: nil, completeLengths: [], brands: .unknown)
    }
}

extension FormFieldState {
    /// Card-number fields: the ids of the brands detected offline (empty when none); `nil` for
    /// other fields.
    package var brandIds: [String]? { cardBrands?.brandIds }
}
