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

    /// `definition` with its card number checked the way this `getCardData` answer says:
    ///
    /// - **Length** (`panLengthMin`, `panLengthMax`): the card number's `length` validator becomes
    ///   the answer's range (one is added when the definition has none), so a 19-digit number for
    ///   a card whose answer says 16 to 16 fails `length` and is never sent. For a co-badged card
    ///   the range spans its entries (the smallest minimum, the largest maximum). A bound that is
    ///   absent, not a whole number from 1 to 19, or a minimum above the maximum says nothing; when
    ///   no entry says anything, the definition's length is kept.
    /// - **Check digit** (`panCheckAlgorithm`): when every entry says `N` (no check), the card
    ///   number's Luhn check is dropped; when any says `L` (Luhn), or the algorithm is not known
    ///   (`V`, empty, absent), the Luhn check is kept.
    ///
    /// Any other answer than `getCardData`'s leaves the definition as it is.
    ///
    /// ```swift
    /// let cardData = try SipsResponse(.getCardData, jsonEncoded: sdkAnswer)
    /// let form = PaymentFormController(item: cardData.cardForm(from: cardOrderDefinition), localizer: localizer, context: .current())
    /// ```
    public func cardForm(from definition: PaymentProduct) -> PaymentProduct {
        let entries = objects(.cardDataList)
        guard !entries.isEmpty else { return definition }
        var form = definition
        let algorithms = entries.map { $0.text(.panCheckAlgorithm)?.uppercased() ?? "" }
        let dropsLuhn = algorithms.allSatisfy { $0 == Self.noCheck }
        let lengths = Self.panLengths(of: entries)
        for index in form.fields.indices where form.fields[index].id == Self.cardNumberFieldId {
            var validators = form.fields[index].dataRestrictions.validators
            if dropsLuhn { validators.removeAll { $0 == .luhn } }
            if let lengths {
                // In the place of the definition's length validator (errors keep their order), else last.
                let isLength: (Validator) -> Bool = { if case .length = $0 { true } else { false } }
                let position = validators.firstIndex(where: isLength)
                validators.removeAll(where: isLength)
                validators.insert(.length(minLength: lengths.lowerBound, maxLength: lengths.upperBound), at: position ?? validators.count)
            }
            form.fields[index].dataRestrictions.validators = validators
        }
        return form
    }

    /// The card-number lengths the entries allow together (the smallest `panLengthMin` to the
    /// largest `panLengthMax` among the entries that give a usable range), or `nil` when none does.
    /// An entry with only one bound takes the other from the card-number limits (1 to 19).
    static func panLengths(of entries: [SipsResponse]) -> ClosedRange<Int>? {
        var union: ClosedRange<Int>?
        for entry in entries {
            let minimumText = entry.text(.panLengthMin)
            let maximumText = entry.text(.panLengthMax)
            guard minimumText != nil || maximumText != nil else { continue }
            // A bound sent but unusable makes the entry say nothing.
            var low = panLengthLimits.lowerBound
            var high = panLengthLimits.upperBound
            if let minimumText {
                guard let minimum = panLength(minimumText) else { continue }
                low = minimum
            }
            if let maximumText {
                guard let maximum = panLength(maximumText) else { continue }
                high = maximum
            }
            guard low <= high else { continue }
            union = union.map { min($0.lowerBound, low)...max($0.upperBound, high) } ?? low...high
        }
        return union
    }

    /// A `panLengthMin` or `panLengthMax` as sent (`"16"`): a whole number within
    /// ``panLengthLimits``, else `nil`.
    static func panLength(_ text: String) -> Int? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= 2, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(trimmed),
              panLengthLimits.contains(value)
        else { return nil }
        return value
    }

    /// The lengths a card number (PAN) can have: at most 19 digits (ISO/IEC 7812).
    static let panLengthLimits = 1...19

    /// `panCheckAlgorithm` for a card number without check digit.
    static let noCheck = "N"

    /// The card-number field of the Sips definitions.
    static let cardNumberFieldId = "cardNumber"
}
