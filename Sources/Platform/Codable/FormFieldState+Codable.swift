import PaymentFormCards
import PaymentFormMasking
import PaymentFormValidation
import PaymentFormCore
extension FormFieldState: Codable {
    private enum CodingKeys: String, CodingKey {
        case field, text, selection, value, state, message, error, complete, prefilled, required
        case brands, ambiguous, focused, edited, blurred, submitError, firstError, editingMask, expiryShortcuts, cardLayout
    }

    private enum LayoutKeys: String, CodingKey {
        case gaps, maximumLength, allowedLengths
    }

    /// Encodes what a front end draws, and what the controller needs to go on from the value:
    ///
    /// ```
    /// {"field": {...}, "text": "4111 1", "selection": [6, 6], "value": "41111", "state": "incomplete",
    ///  "message": null, "error": null, "complete": false, "prefilled": false, "required": true,
    ///  "brands": ["visa"], "ambiguous": false,
    ///  "focused": true, "edited": true, "blurred": false, ("submitError": true, after a submit until the field is edited,) "firstError": {...} | null,
    ///  "editingMask": "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", "expiryShortcuts": false,
    ///  "cardLayout": {"gaps": [4, 8, 12], "maximumLength": 19, "allowedLengths": [16, 18, 19]}}
    /// ```
    ///
    /// `field` is the ``FormField``; `error` and `firstError` are encoded as ``FieldError`` is;
    /// `editingMask` is the mask the field edits with now (a card number's follows its brand),
    /// `null` for plain text; `brands`, `ambiguous` and `cardLayout` are only there for card
    /// numbers. The text and value are what the customer typed: card data. Send the encoded state
    /// only where the card data may go.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(field, forKey: .field)
        try container.encode(text, forKey: .text)
        try container.encode([selection.lowerBound, selection.upperBound], forKey: .selection)
        try container.encode(value, forKey: .value)
        try container.encode(state, forKey: .state)
        try container.encode(message, forKey: .message)
        try container.encode(error, forKey: .error)
        try container.encode(complete, forKey: .complete)
        try container.encode(prefilled, forKey: .prefilled)
        try container.encode(required, forKey: .required)
        if let brands {
            try container.encode(brands.brandIds, forKey: .brands)
            try container.encode(brands.isAmbiguous, forKey: .ambiguous)
        }
        try container.encode(hasFocus, forKey: .focused)
        try container.encode(wasEdited, forKey: .edited)
        try container.encode(wasBlurred, forKey: .blurred)
        if showsSubmitError { try container.encode(true, forKey: .submitError) }
        try container.encode(firstError, forKey: .firstError)
        try container.encode(formatter.mask?.pattern, forKey: .editingMask)
        try container.encode(formatter.expiryShortcuts, forKey: .expiryShortcuts)
        if let cardLayout {
            var layout = container.nestedContainer(keyedBy: LayoutKeys.self, forKey: .cardLayout)
            try layout.encode(cardLayout.gaps, forKey: .gaps)
            try layout.encode(cardLayout.maximumLength, forKey: .maximumLength)
            try layout.encode(cardLayout.allowedLengths, forKey: .allowedLengths)
        }
    }

    /// Decodes the shape ``encode(to:)`` writes, to an equal state.
    ///
    /// A saved state is input like any other, so it is checked as it is read, and anything a
    /// controller cannot have produced throws `DecodingError` naming the member:
    /// - the selection is two UTF-16 offsets `[start, end]` with 0 ≤ start ≤ end ≤ the text's length;
    /// - brand ids are those of the shipped brand table;
    /// - a card layout holds at most 19 digits (the longest card number), its gaps and
    ///   lengths inside that;
    /// - the value is what the field keeps of its text (empty for a read-only field), so a
    ///   state cannot claim a value it does not show;
    /// - the flags agree: a complete field is valid, a valid field has no first error, a shown
    ///   error is the field's first error and has its message, a read-only field is valid and
    ///   shows nothing, and errors name this field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func refuse(_ key: CodingKeys, _ reason: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: reason)
        }
        let text = try container.decode(String.self, forKey: .text)
        let offsets = try container.decode([Int].self, forKey: .selection)
        guard offsets.count == 2, offsets[0] >= 0, offsets[0] <= offsets[1], offsets[1] <= text.utf16.count else {
            throw refuse(.selection, "the selection is [start, end] with 0 <= start <= end <= the text's UTF-16 length")
        }
        var detection: BrandDetection?
        if let ids = try container.decodeIfPresent([String].self, forKey: .brands) {
            var brands: [Brand] = []
            for id in ids {
                guard let brand = BrandTable.shipped.brand(withId: id) else {
                    throw refuse(.brands, "the shipped brand table has no brand with that id")
                }
                brands.append(brand)
            }
            detection = BrandDetection(brands: brands, isAmbiguous: try container.decodeIfPresent(Bool.self, forKey: .ambiguous) ?? false)
        }
        var layout: CardNumberLayout?
        if container.contains(.cardLayout) {
            let nested = try container.nestedContainer(keyedBy: LayoutKeys.self, forKey: .cardLayout)
            let longest = Brand.longestCardNumber
            let maximumLength = try nested.decode(Int.self, forKey: .maximumLength)
            guard (1...longest).contains(maximumLength) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .maximumLength, in: nested, debugDescription: "a card number has 1 to \(longest) digits")
            }
            let gaps = try nested.decode([Int].self, forKey: .gaps)
            guard gaps.count < maximumLength, gaps.allSatisfy({ (1..<maximumLength).contains($0) }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .gaps, in: nested, debugDescription: "gaps are digit indexes between 1 and the maximum length")
            }
            let lengths = try nested.decode([Int].self, forKey: .allowedLengths)
            guard lengths.count <= maximumLength, lengths.allSatisfy({ (1...maximumLength).contains($0) }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .allowedLengths, in: nested, debugDescription: "allowed lengths are between 1 and the maximum length")
            }
            layout = CardNumberLayout(gaps: gaps, maximumLength: maximumLength, allowedLengths: lengths)
        }
        let mask = try container.decodeIfPresent(String.self, forKey: .editingMask).map(Mask.init)
        let state = FormFieldState(
            field: try container.decode(FormField.self, forKey: .field), text: text,
            selection: offsets[0]..<offsets[1], value: try container.decode(String.self, forKey: .value),
            state: try container.decode(InputState.self, forKey: .state), message: try container.decodeIfPresent(String.self, forKey: .message),
            error: try container.decodeIfPresent(FieldError.self, forKey: .error), complete: try container.decode(Bool.self, forKey: .complete),
            prefilled: try container.decode(Bool.self, forKey: .prefilled), hasFocus: try container.decode(Bool.self, forKey: .focused),
            wasEdited: try container.decode(Bool.self, forKey: .edited), wasBlurred: try container.decode(Bool.self, forKey: .blurred),
            brands: detection, firstError: try container.decodeIfPresent(FieldError.self, forKey: .firstError),
            formatter: FieldFormatter(mask: mask, expiryShortcuts: try container.decode(Bool.self, forKey: .expiryShortcuts)),
            cardLayout: layout, required: try container.decode(Bool.self, forKey: .required))
        var decoded = state
        decoded.showsSubmitError = try container.decodeIfPresent(Bool.self, forKey: .submitError) ?? false
        if let (key, reason) = decoded.inconsistency { throw refuse(key, reason) }
        self = decoded
    }

    /// The first way the state contradicts itself, as the member to blame and why; `nil` when
    /// it is one a controller can produce.
    private var inconsistency: (CodingKeys, String)? {
        if readOnly {
            if !value.isEmpty { return (.value, "a read-only field holds no value") }
            if state != .valid || error != nil || message != nil { return (.state, "a read-only field is valid and shows nothing") }
        } else if !valueMatchesText {
            return (.value, "the value is not what the field keeps of its text")
        }
        if complete && state != .valid { return (.complete, "a complete field is valid") }
        if state == .valid && firstError != nil { return (.firstError, "a valid field has no first error") }
        if let firstError, firstError.fieldId != id { return (.firstError, "the first error names another field") }
        if let error, error != firstError { return (.error, "the error shown is the field's first error") }
        if (error == nil) != (message == nil) { return (.message, "a message is shown exactly when an error is") }
        return nil
    }

    /// Whether ``value`` is what the controller stores for an editable field showing ``text``:
    /// what a prefilled field's stored text unmasks to; else what the mask keeps of the text,
    /// every character (an expiry field may hold a typed four-digit year as typed, or read as
    /// two digits, depending on how it was entered).
    private var valueMatchesText: Bool {
        if prefilled { return value == formatter.unformat(text) }
        if value == formatter.keptValue(of: text) { return true }
        return formatter.expiryShortcuts && value == formatter.mask.map { $0.unformatKeepingOverflow(text) }
    }

    /// Whether no two of `states` are of the same field.
    static func idsAreUnique(_ states: [FormFieldState]) -> Bool {
        var seen = Set<String>()
        return states.allSatisfy { seen.insert($0.id).inserted }
    }
}
