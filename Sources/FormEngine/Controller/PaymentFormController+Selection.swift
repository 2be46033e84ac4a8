import PaymentFormCards
import PaymentFormMasking

extension PaymentFormController {
    /// Selects one of the item's accounts on file, or none with `nil`.
    ///
    /// The account's values fill their fields: read-only ones (shown, valid, never sent), and
    /// `CAN_WRITE` ones until the customer changes them; `MUST_WRITE` fields become required.
    /// Leaving an account clears the values it filled; what the customer typed elsewhere stays.
    ///
    /// - Throws: ``PaymentRequestError/unknownAccountOnFile(_:)`` when the item has no such account.
    @discardableResult
    public mutating func selectAccountOnFile(id: String?) throws(PaymentRequestError) -> FormUpdate {
        try request.selectAccountOnFile(withId: id)
        return perform(.form, fieldIndex: nil, completes: false) { controller in
            controller.rebuildForm()
            return .changed
        }
    }

    /// Switches to another product or group (the one a card's brand or an IIN lookup names),
    /// keeping the values of the fields whose id the new item also has, formatted with its masks.
    /// The account on file stays selected when the new item has it.
    @discardableResult
    public mutating func selectProduct(_ newItem: some PaymentItem) -> FormUpdate {
        // The item left behind stays reachable by id; the new one is no longer an "other".
        let previousItem = item
        let newItem = newItem.eraseToAnyPaymentItem()
        func same(_ lhs: AnyPaymentItem, _ rhs: AnyPaymentItem) -> Bool {
            lhs.id == rhs.id && lhs.kind == rhs.kind
        }
        otherItems.removeAll { same($0, newItem) }
        if !same(previousItem, newItem), !otherItems.contains(where: { same($0, previousItem) }) {
            otherItems.append(previousItem)
        }
        return perform(.form, fieldIndex: nil, completes: false) { controller in
            // The customer's choice: the number no longer chose the item.
            controller.itemBeforeCardNumber = nil
            controller.switchItem(to: newItem)
            return .changed
        }
    }

    /// Switches to one of ``otherItems`` by id (see ``selectProduct(_:)``).
    ///
    /// - Throws: ``PaymentRequestError/unknownProduct(_:)`` when no such item was given.
    @discardableResult
    public mutating func selectProduct(id: String) throws(PaymentRequestError) -> FormUpdate {
        if id == item.id { return perform(.fields([]), fieldIndex: nil, completes: false) { _ in .changed } }
        guard let newItem = otherItems.first(where: { $0.id == id }) else { throw .unknownProduct(id) }
        return selectProduct(newItem)
    }

    /// The customer's brand choice for a co-badged card (EU Regulation 2015/751, Art. 8), or
    /// `nil` to clear it. Nothing is chosen for the customer; the choice travels with the
    /// request (``PaymentRequest/selectedBrand``) and survives typing while the card offers it.
    ///
    /// - Throws: ``PaymentRequestError/brandNotOffered(_:)`` when the card number does not offer
    ///   that brand (see `BrandChoice.options`).
    @discardableResult
    public mutating func selectBrand(_ brandId: String?) throws(PaymentRequestError) -> FormUpdate {
        do {
            try brandChoice.select(brandId: brandId)
        } catch {
            throw .brandNotOffered(brandId ?? "")
        }
        // The choice travels with the request; no field's state depends on it.
        return perform(.fields([]), fieldIndex: nil, completes: false) { _ in .changed }
    }

    /// The id of the brand the customer chose for a co-badged card, if any.
    package var selectedBrandId: String? { brandChoice.selected?.id }

    // MARK: - Internals

    /// Rebuilds the drawn form for the current item and account, and fills or clears the values
    /// the account provides.
    mutating func rebuildForm() {
        let account = request.accountOnFile
        form = PaymentForm(item: item, accountOnFile: account, localizer: localizer, assetBaseURL: assetBaseURL)
        for (index, drawn) in form.fields.enumerated() where index < fields.count {
            var state = fields[index]
            let wasFromAccount = state.readOnly || state.prefilled
            state.field = drawn
            if let stored = drawn.value, drawn.readOnly || (state.value.isEmpty || wasFromAccount) && account?.attribute(forField: drawn.id)?.status == .canWrite {
                state.text = stored
                state.value = drawn.readOnly ? "" : state.formatter.unformat(stored)
                state.prefilled = true
            } else if wasFromAccount {
                state.text = ""
                state.value = ""
                state.prefilled = false
            }
            state.selection = Self.clamped(state.selection, to: state.text)
            fields[index] = state
        }
    }

    /// Replaces the item, carrying values over by field id.
    mutating func switchItem(to newItem: AnyPaymentItem) {
        var previous: [String: FormFieldState] = [:]
        for state in fields { previous[state.id] = state }
        let accountId = request.accountOnFile?.id
        var newRequest = PaymentRequest(item: newItem, tokenize: request.tokenize)
        newRequest.iinAnswers = request.iinAnswers   // still the same card number
        newRequest.acceptedCards = request.acceptedCards
        newRequest.brandDetector = request.brandDetector
        newRequest.selectedBrand = request.selectedBrand
        if let accountId, newItem.accountOnFile(withId: accountId) != nil {
            try? newRequest.selectAccountOnFile(withId: accountId)
        }
        item = newItem
        request = newRequest
        useDefinitions(request.fieldsInDisplayOrder)   // other definitions: nothing validated before holds
        form = PaymentForm(item: newItem, accountOnFile: request.accountOnFile, localizer: localizer, assetBaseURL: assetBaseURL)
        fields = zip(definitions, form.fields).map { definition, drawn in
            var state = Self.emptyState(definition: definition, field: drawn, detector: brandDetector)
            guard let old = previous[definition.id] else { return state }
            state.hasFocus = old.hasFocus
            state.wasEdited = old.wasEdited
            state.showsSubmitError = old.showsSubmitError
            state.wasBlurred = old.wasBlurred
            if !old.readOnly, !old.prefilled, !old.value.isEmpty {
                let formatter = Self.isCardNumber(definition)
                    ? Self.cardNumberFormat(field: definition, value: old.value, detector: brandDetector).formatter : state.formatter
                // Every character carries over: what the new mask cannot hold stays after it,
                // and the field's validation says what is wrong (`length`).
                let laidOut = formatter.layOut(keptValue: formatter.keptValue(of: old.value))
                state.formatter = formatter
                state.text = laidOut.text
                state.value = laidOut.value
                state.selection = laidOut.cursor..<laidOut.cursor
            }
            return state
        }
        focusedIndex = fields.firstIndex(where: { $0.hasFocus })
        rebuildForm()
    }
}
