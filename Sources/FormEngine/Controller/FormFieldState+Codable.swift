extension FormFieldState {
    private enum CodingKeys: String, CodingKey {
        case field, text, selection, value, state, message, error, complete, prefilled, required
        case brands, ambiguous, focused, edited, blurred, firstError, editingMask, expiryShortcuts, cardLayout
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
    ///  "focused": true, "edited": true, "blurred": false, "firstError": {...} | null,
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

    /// Decodes the shape ``encode(to:)`` writes, to an equal state. Brand ids are read from the
    /// shipped brand table: an id it does not have, a selection that is not two offsets
    /// `[start, end]` with 0 ≤ start ≤ end, or a missing member throws `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let offsets = try container.decode([Int].self, forKey: .selection)
        guard offsets.count == 2, offsets[0] >= 0, offsets[0] <= offsets[1] else {
            throw DecodingError.dataCorruptedError(
                forKey: .selection, in: container, debugDescription: "the selection is [start, end] with 0 <= start <= end")
        }
        var detection: BrandDetection?
        if let ids = try container.decodeIfPresent([String].self, forKey: .brands) {
            var brands: [Brand] = []
            for id in ids {
                guard let brand = BrandTable.shipped.brand(withId: id) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .brands, in: container, debugDescription: "the shipped brand table has no brand with that id")
                }
                brands.append(brand)
            }
            detection = BrandDetection(brands: brands, isAmbiguous: try container.decodeIfPresent(Bool.self, forKey: .ambiguous) ?? false)
        }
        var layout: CardNumberLayout?
        if container.contains(.cardLayout) {
            let nested = try container.nestedContainer(keyedBy: LayoutKeys.self, forKey: .cardLayout)
            layout = CardNumberLayout(
                gaps: try nested.decode([Int].self, forKey: .gaps), maximumLength: try nested.decode(Int.self, forKey: .maximumLength),
                allowedLengths: try nested.decode([Int].self, forKey: .allowedLengths))
        }
        let mask = try container.decodeIfPresent(String.self, forKey: .editingMask).map(Mask.init)
        self.init(
            field: try container.decode(FormField.self, forKey: .field), text: try container.decode(String.self, forKey: .text),
            selection: offsets[0]..<offsets[1], value: try container.decode(String.self, forKey: .value),
            state: try container.decode(InputState.self, forKey: .state), message: try container.decodeIfPresent(String.self, forKey: .message),
            error: try container.decodeIfPresent(FieldError.self, forKey: .error), complete: try container.decode(Bool.self, forKey: .complete),
            prefilled: try container.decode(Bool.self, forKey: .prefilled), hasFocus: try container.decode(Bool.self, forKey: .focused),
            wasEdited: try container.decode(Bool.self, forKey: .edited), wasBlurred: try container.decode(Bool.self, forKey: .blurred),
            brands: detection, firstError: try container.decodeIfPresent(FieldError.self, forKey: .firstError),
            formatter: FieldFormatter(mask: mask, expiryShortcuts: try container.decode(Bool.self, forKey: .expiryShortcuts)),
            cardLayout: layout, required: try container.decode(Bool.self, forKey: .required))
    }
}
