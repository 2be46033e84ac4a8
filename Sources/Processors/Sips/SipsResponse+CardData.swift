import PaymentFormEngine

/// One brand the customer may choose for a co-badged card.
public struct SipsBrandChoice: Sendable, Hashable, Codable {
    /// The brand's Sips name, sent as `paymentMeanBrand` (`CB`).
    public var sipsName: String
    /// The engine's brand id (`cartes-bancaires`), when it has one.
    public var brandId: String?

    /// A choice (``SipsResponse/brandChoices`` makes them; an app only reads them).
    package init(sipsName: String, brandId: String?) {
        self.sipsName = sipsName
        self.brandId = brandId
    }
}

extension SipsResponse {
    /// A `getCardData` answer's brands, in the order Sips listed them, without repeats: more than
    /// one means a co-badged card, whose brand the customer chooses (none is pre-selected). Any
    /// other answer has none.
    public var brandChoices: [SipsBrandChoice] {
        var seen = Set<String>()
        var choices: [SipsBrandChoice] = []
        for data in objects(.cardDataList) {
            guard let name = data.text(.cardBrand)?.uppercased(), !name.isEmpty, seen.insert(name).inserted else { continue }
            choices.append(SipsBrandChoice(sipsName: name, brandId: SipsBrand.brandId(forSipsName: name)))
        }
        return choices
    }

    /// `definition` with its card number checked the way this `getCardData` answer says
    /// (`panCheckAlgorithm`): when every entry of the card says `N` (no check), the card number's
    /// Luhn check is dropped; when any says `L` (Luhn), or the algorithm is not known (`V`, empty,
    /// absent, or not a `getCardData` answer), the definition is kept as it is.
    ///
    /// ```swift
    /// let cardData = try SipsResponse(.getCardData, jsonEncoded: sdkAnswer)
    /// let form = PaymentFormController(item: cardData.cardForm(from: cardOrderDefinition), localizer: localizer, context: .current())
    /// ```
    public func cardForm(from definition: PaymentProduct) -> PaymentProduct {
        let algorithms = objects(.cardDataList).map { $0.text(.panCheckAlgorithm)?.uppercased() ?? "" }
        guard !algorithms.isEmpty, algorithms.allSatisfy({ $0 == Self.noCheck }) else { return definition }
        var form = definition
        for index in form.fields.indices where form.fields[index].id == Self.cardNumberFieldId {
            form.fields[index].dataRestrictions.validators.removeAll { $0 == .luhn }
        }
        return form
    }

    /// `panCheckAlgorithm` for a card number without check digit.
    static let noCheck = "N"

    /// The card-number field of the Sips definitions.
    static let cardNumberFieldId = "cardNumber"
}
