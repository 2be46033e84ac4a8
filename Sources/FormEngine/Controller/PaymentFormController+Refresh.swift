
extension PaymentFormController {
    /// Runs an event: `body` changes the fields, then states, errors and messages are worked out
    /// again and the fields that changed are reported. `completes`: whether the event can complete
    /// the field and so move the focus on (edits and sets; not focus changes).
    mutating func perform(fieldIndex: Int?, completes: Bool, _ body: (inout PaymentFormController) -> EditOutcome) -> FormUpdate {
        let before = fields
        let wasComplete = fieldIndex.map { fields[$0].complete } ?? false
        let outcome = body(&self)
        refresh()
        var advance = false
        var next: String?
        if let fieldIndex, completes, outcome == .changed {
            let field = fields[fieldIndex]
            if field.hasFocus, field.complete, !wasComplete, field.selection.isEmpty, field.cursor == field.text.utf16.count {
                advance = true
                next = self.next(after: field.id)
            }
        }
        return FormUpdate(fields: changedFields(since: before, always: fieldIndex.map { fields[$0].id }),
                          outcome: outcome, advance: advance, next: next, isValid: isValid)
    }

    /// The fields that differ from `before` (matched by id; new fields count as changed), and
    /// the field `always`, in display order.
    func changedFields(since before: [FormFieldState], always: String?) -> [FormFieldState] {
        var previous: [String: FormFieldState] = [:]
        for state in before { previous[state.id] = state }
        return fields.filter { $0.id == always || previous[$0.id] != $0 }
    }

    /// Works out the request, the whole-request validation and every field's state, error,
    /// completeness and message from the fields' values and flags.
    ///
    /// Regular expressions that run on ICU draw from one budget for the whole event (the
    /// validation and every field's as-you-type state), as one ``PaymentRequest/validate(in:)``
    /// does; and only what the event changed is validated again.
    mutating func refresh() {
        var budget = RegularExpressionBudget.perRequest
        for state in fields {
            if state.readOnly || state.prefilled || state.value.isEmpty {
                request.removeValue(forField: state.id)
            } else {
                try? request.setValue(state.value, forField: state.id)
            }
        }
        report = validateChangedFields(budget: &budget)
        let fiscalNumber = request.unmaskedValue(forField: "fiscalNumber")
        var firstErrors: [String: FieldError] = [:]
        for error in report.errors where firstErrors[error.fieldId] == nil {
            firstErrors[error.fieldId] = error
        }
        for index in fields.indices {
            refreshField(at: index, firstError: firstErrors[fields[index].id], fiscalNumber: fiscalNumber, budget: &budget)
        }
        lastEventBudget = budget
        // The co-badge choice follows the card number and the server's IIN answer (see
        // `updateBrandChoice()`); the choice travels with the request.
        updateBrandChoice()
        request.selectedBrand = brandChoice.selected
    }

    private mutating func refreshField(at index: Int, firstError: FieldError?, fiscalNumber: String?,
                                       budget: inout RegularExpressionBudget) {
        let definition = definitions[index]
        var state = fields[index]
        let status = accountOnFile?.attribute(forField: definition.id)?.status
        var required = definition.dataRestrictions.isRequired
            || definition.dataRestrictions.validators.contains { $0.makesFieldRequired(fiscalNumber: fiscalNumber) }
        var usesStoredValue = false
        switch status {
        case .readOnly?, .other?:
            required = false
            usesStoredValue = true
        case .canWrite?:
            required = false
            usesStoredValue = state.prefilled || state.value.isEmpty
        case .mustWrite?:
            required = true
        case nil:
            break
        }
        state.required = required

        var maximumLength = definition.maximumValueLength
        var layout: CardNumberLayout?
        if Self.isCardNumber(definition) {
            if usesStoredValue {
                state.brands = .unknown
            } else {
                let format = Self.cardNumberFormat(field: definition, value: state.value, detector: brandDetector,
                                                   previous: state.cardNumberFormat)
                state.brands = format.detection
                state.cardLayout = format.layout
                layout = format.layout
                maximumLength = min(maximumLength ?? format.layout.maximumLength, format.layout.maximumLength)
            }
        }

        if usesStoredValue {
            state.state = .valid
            state.firstError = nil
            state.complete = false
        } else {
            // A value the whole-request validation passed is valid as it stands: the validators
            // need not run again to say so.
            state.state = !state.value.isEmpty && firstError == nil ? .valid
                : inputState(ofFieldAt: index, value: state.value, required: required, maximumLength: maximumLength, budget: &budget)
            // A card the platform refuses in this context cannot become valid by typing on.
            if firstError?.error == .allowedInContext { state.state = .invalid }
            state.firstError = firstError
            let length = state.value.count
            let full = maximumLength.map { length >= $0 } ?? false
            let brandComplete = layout?.isComplete(digitCount: length) ?? false
            state.complete = state.state == .valid && length > 0 && (full || brandComplete)
        }

        let shown = shownError(of: state)
        if shown != nil {
            // A field that shows a message is invalid as it stands (a 16-digit number failing
            // Luhn could grow to 19 digits, but after blur or submit the customer is done).
            state.state = .invalid
            state.complete = false
        }
        state.error = shown
        state.message = shown.map { localizer.message(for: $0) }
        fields[index] = state
    }

    /// The display policy: which error, if any, a field shows now.
    private func shownError(of state: FormFieldState) -> FieldError? {
        guard !state.readOnly, let error = state.firstError else { return nil }
        // More than the mask holds (a value set or pasted whole, a product switch): the customer
        // sees every character, and at once what is wrong with them.
        if state.formatter.overflows(state.text) { return error }
        if state.hasFocus { return state.state == .invalid ? error : nil }
        if isSubmitted { return error }
        guard state.wasBlurred else { return nil }
        if state.value.isEmpty { return state.required && state.wasEdited ? error : nil }
        return state.state == .valid ? nil : error
    }
}
