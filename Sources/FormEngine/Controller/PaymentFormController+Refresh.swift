import PaymentFormCards
import PaymentFormLocalization
import PaymentFormMasking
import PaymentFormValidation

extension PaymentFormController {
    /// Runs an event: `body` changes the fields in `scope`, then their states, errors and
    /// messages are worked out again and those that changed are reported. `fieldIndex`: the
    /// event's own field, always reported. `completes`: whether the event can complete the field
    /// and so move the focus on (edits and sets; not focus changes).
    mutating func perform(_ scope: FormEventScope, fieldIndex: Int?, completes: Bool,
                          _ body: (inout PaymentFormController) -> EditOutcome) -> FormUpdate {
        // Any event ends the window of the last auto-advance; the events that follow it (the
        // focus moving on, an over-typed key) open it again.
        autoAdvance = nil
        let wasComplete = fieldIndex.map { fields[$0].complete } ?? false
        let eventFieldId = fieldIndex.map { fields[$0].id }
        let itemBefore = (id: item.id, kind: item.kind)
        var changed: [FormFieldState]
        let outcome: EditOutcome
        switch scope {
        case .fields(let indices):
            // Only the fields in scope can change: keep their states, not a copy of the form's
            // (nor of the event's own field, which is reported whatever it holds).
            let before = indices.map { $0 == fieldIndex ? nil : fields[$0] }
            outcome = body(&self)
            refresh(indices)
            changed = zip(indices, before).compactMap { index, old in
                old.map { fields[index] != $0 } ?? true ? fields[index] : nil
            }
        case .field(let index):
            let before = index == fieldIndex ? nil : fields[index]
            outcome = body(&self)
            refresh(CollectionOfOne(index))
            changed = before.map { fields[index] != $0 } ?? true ? [fields[index]] : []
        case .form:
            let before = fields
            outcome = body(&self)
            refresh()
            changed = changedFields(since: before, always: fieldIndex.map { fields[$0].id })
        }
        // On a group (or a card product with others), the card number decides the product.
        // A switch there and back still rebuilt every field: it counts as a change of item.
        let followed = request.acceptedCards != nil && touchesCardNumber(scope) && followCardNumber()
        var fieldIndex = fieldIndex
        let itemChanged = followed || item.id != itemBefore.id || item.kind != itemBefore.kind
        if itemChanged {
            changed = fields   // other definitions: every field is drawn anew
            fieldIndex = eventFieldId.flatMap { self.fieldIndex.position(of: $0) }
        }
        var advance = false
        var next: String?
        if let fieldIndex, completes, outcome == .changed {
            if fields[fieldIndex].hasFocus, fields[fieldIndex].complete, !wasComplete, fields[fieldIndex].selection.isEmpty,
               fields[fieldIndex].cursor == fields[fieldIndex].text.utf16.count {
                advance = true
                next = Self.nextFieldId(in: fields, after: fieldIndex)
                autoAdvance = next.map { AutoAdvance(from: fields[fieldIndex].id, to: $0) }
            }
        }
        return FormUpdate(fields: changed, outcome: outcome, advance: advance, next: next, isValid: isValid, itemChanged: itemChanged)
    }

    /// Whether an event of `scope` can change what the card number decides: it covers the card
    /// number, the whole form, or no field (a co-badge choice).
    private func touchesCardNumber(_ scope: FormEventScope) -> Bool {
        guard let card = fieldIndex.cardNumber else { return false }
        switch scope {
        case .field(let index): return index == card
        case .fields(let indices): return indices.isEmpty || indices.contains(card)
        case .form: return true
        }
    }

    /// The scope of an event on the field at `index`: the field and the fields reading it.
    func scope(ofEventOnField index: Int) -> FormEventScope {
        guard index == fieldIndex.fiscalNumber, !fieldIndex.fiscalNumberReaders.isEmpty else { return .field(index) }
        return .fields(fieldIndex.affected(by: index))
    }

    /// The fields that differ from `before` (matched by id; new fields count as changed), and
    /// the field `always`, in display order.
    func changedFields(since before: [FormFieldState], always: String?) -> [FormFieldState] {
        var previous: [String: FormFieldState] = [:]
        for state in before { previous[state.id] = state }
        return fields.filter { $0.id == always || previous[$0.id] != $0 }
    }

    /// Works out everything again: the request, every field's validation, state, error,
    /// completeness and message (what an event on the whole form needs).
    mutating func refresh() {
        if validationMemos.count != definitions.count { validationMemos = Array(repeating: .notValidated, count: definitions.count) }
        if inputStateMemos.count != definitions.count { inputStateMemos = Array(repeating: nil, count: definitions.count) }
        refresh(definitions.indices)
        fieldsWithErrors = validationMemos.reduce(0) { $0 + ($1.errors.isEmpty ? 0 : 1) }
    }

    /// Works out the fields at `indices` again from their values and flags: the request's
    /// values, their validation (see ``validateField(at:value:fiscalNumber:budget:)``), state, error,
    /// completeness and message; then the co-badge choice, which follows the card number.
    ///
    /// Regular expressions that run on ICU draw from one budget for the whole event (the
    /// validation and every field's as-you-type state), as one ``PaymentRequest/validate(in:)``
    /// does.
    mutating func refresh(_ indices: some Collection<Int>) {
        var budget = RegularExpressionBudget.perRequest
        // The request's fields are the controller's definitions, position for position.
        for index in indices {
            request.setValue(requestValue(ofFieldAt: index), atDisplayPosition: index)
        }
        let fiscalNumber = fiscalNumberValue
        for index in indices {
            validateField(at: index, value: requestValue(ofFieldAt: index), fiscalNumber: fiscalNumber, budget: &budget)
        }
        for index in indices {
            refreshField(at: index, firstError: validationMemos[index].errors.first, fiscalNumber: fiscalNumber, budget: &budget)
        }
        lastEventBudget = budget
        // The co-badge choice follows the card number and the server's IIN answer (see
        // `updateBrandChoice()`); the choice travels with the request.
        if let card = fieldIndex.cardNumber, indices.contains(card) { updateBrandChoice(cardAt: card) }
        request.selectedBrand = brandChoice.selected
    }

    /// The value the request holds for the field at `index`: what the customer entered, `nil`
    /// for a read-only field, an unchanged prefilled one or an empty one.
    private func requestValue(ofFieldAt index: Int) -> String? {
        fields[index].readOnly || fields[index].prefilled || fields[index].value.isEmpty ? nil : fields[index].value
    }

    /// The fiscal number as the request validates it, for `boletoBancarioRequiredness` rules;
    /// `nil` when no field has such a rule (the rule is then never asked).
    private var fiscalNumberValue: String? {
        guard let index = fieldIndex.fiscalNumber, !fieldIndex.fiscalNumberReaders.isEmpty,
              let value = request.value(atDisplayPosition: index) else { return nil }
        return definitions[index].unmask(value)
    }

    /// Works out the field's requiredness, brands, state, completeness and shown message. The
    /// state is changed in place (a copy of a field's state retains each of its parts).
    private mutating func refreshField(at index: Int, firstError: FieldError?, fiscalNumber: String?,
                                       budget: inout RegularExpressionBudget) {
        let status = accountOnFile?.attribute(forField: definitions[index].id)?.status
        var required = definitions[index].dataRestrictions.isRequired
            || definitions[index].dataRestrictions.validators.contains { $0.makesFieldRequired(fiscalNumber: fiscalNumber) }
        var usesStoredValue = false
        switch status {
        case .readOnly?, .other?:
            required = false
            usesStoredValue = true
        case .canWrite?:
            required = false
            usesStoredValue = fields[index].prefilled || fields[index].value.isEmpty
        case .mustWrite?:
            required = true
        case nil:
            break
        }
        fields[index].required = required

        if usesStoredValue {
            if isCardNumber(at: index) {
                fields[index].brands = .unknown
                cardNumberFormatMemo = nil   // the brands are no longer those of any value
            }
            fields[index].state = .valid
            fields[index].firstError = nil
            fields[index].complete = false
        } else {
            let value = fields[index].value
            if isCardNumber(at: index) {
                // Usually the edit that changed the value detected its brands already.
                updateCardNumberFormat(at: index, value: value, includingFormatter: false)
            }
            let maximumLength = maximumLength(ofFieldAt: index)
            // A value the validation passed is valid as it stands: the validators need not run
            // again to say so.
            var state = !value.isEmpty && firstError == nil ? .valid
                : inputState(ofFieldAt: index, value: value, required: required, maximumLength: maximumLength, budget: &budget)
            // A card the platform refuses in this context, or of a brand the form takes no
            // product for, cannot become valid by typing on.
            if firstError?.error == .allowedInContext || firstError?.error == .cardNotAccepted { state = .invalid }
            // A number that names no product of the form yet waits (for the IIN lookup): it can
            // still become valid, and it is not complete, so the form does not move on.
            if firstError?.error == .cardUndecided, state == .valid { state = .incomplete }
            // Complete when valid and full: no further character can be accepted (for a card
            // number, the resolved brand's longest length: ``CardNumberLayout/isComplete(digitCount:)``).
            let length = Self.characterCount(of: value)
            let full = maximumLength.map { length >= $0 } ?? false
            fields[index].state = state
            fields[index].firstError = firstError
            fields[index].complete = state == .valid && length > 0 && full
        }

        fields[index].showError(isSubmitted: isSubmitted, localizer: localizer)
    }
}

extension PaymentFormController {
    /// The most value characters the field at `index` takes: the tightest of its mask's capacity,
    /// its `length` validator's `maxLength` and, for a card number, the detected brand's longest
    /// length (``CardNumberLayout/maximumLength``); `nil` when nothing limits it. A field whose
    /// value has this many characters is full: it is complete when valid, and a keystroke into
    /// it is `.rejected`.
    func maximumLength(ofFieldAt index: Int) -> Int? {
        let maximum = definitions.withUnsafeBufferPointer { $0[index].maximumValueLength }
        guard isCardNumber(at: index), let layout = fields[index].cardLayout else { return maximum }
        return min(maximum ?? layout.maximumLength, layout.maximumLength)
    }
}

extension FormFieldState {
    /// Shows the error the display policy picks (see ``shownError(isSubmitted:)``), in the
    /// localizer's language. Changed in place, as part of the field's refresh.
    mutating func showError(isSubmitted: Bool, localizer: Localizer) {
        let shown = shownError(isSubmitted: isSubmitted)
        if shown != nil {
            // A field that shows a message is invalid as it stands (a 16-digit number failing
            // Luhn could grow to 19 digits, but after blur or submit the customer is done).
            state = .invalid
            complete = false
        }
        if error != shown {
            error = shown
            message = shown.map { localizer.message(for: $0) }
        }
    }

    /// The display policy: which error, if any, the field shows now.
    func shownError(isSubmitted: Bool) -> FieldError? {
        guard !readOnly, let error = firstError else { return nil }
        // More than the mask holds (a value set or pasted whole, a product switch): the customer
        // sees every character, and at once what is wrong with them.
        if overflowsMask { return error }
        if hasFocus { return state == .invalid || showsSubmitError ? error : nil }
        if isSubmitted { return error }
        guard wasBlurred else { return nil }
        if value.isEmpty { return required && wasEdited ? error : nil }
        return state == .valid ? nil : error
    }
}

extension FormFieldState {
    /// Whether the text holds characters beyond the mask's capacity.
    ///
    /// The text of a field the customer edited (or that a set or product switch filled) is the
    /// layout of its value: every event stores both from one layout, the mask's layout of what
    /// it holds and then the rest as typed. The mask's walk leaves text over only once every
    /// slot is filled, so such a text overflows exactly when the value is longer than the
    /// capacity, which the value's length answers without walking the text; this runs twice per
    /// keystroke. A prefilled or read-only value (the mask's cut of a stored one) says
    /// nothing about its text, and neither does a value that is not printable ASCII (where a
    /// character and a unit of the walk may differ): those texts are walked.
    var overflowsMask: Bool {
        guard let mask = formatter.mask else { return false }
        guard !prefilled, !readOnly, let count = PaymentFormController.printableASCIICount(of: value) else {
            return formatter.overflows(text)
        }
        return count > mask.capacity
    }
}

extension PaymentFormController {
    /// The length of `value` when it is printable ASCII (every byte one character, one unit of
    /// a mask's walk), else `nil`.
    static func printableASCIICount(of value: String) -> Int? {
        let printableASCII = value.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }
        return printableASCII == true ? value.utf8.count : nil
    }

    /// `value.count` without the grapheme walk for printable ASCII, where every byte is one
    /// character (a card number, a date, a code): this runs on every keystroke. Anything else,
    /// including a CR LF pair (one character of two bytes), is counted by `String`.
    static func characterCount(of value: String) -> Int {
        printableASCIICount(of: value) ?? value.count
    }
}
