/// One field's last validation, kept while its input stays the same.
struct FieldValidationMemo: Sendable {
    let input: PaymentRequest.FieldValidationInput
    let errors: [FieldError]
    let sentValue: String?
}

/// One field's last as-you-type state, kept while what decides it stays the same.
struct InputStateMemo: Sendable, Hashable {
    let value: String
    let required: Bool
    let maximumLength: Int?
    var state: InputState
}

/// The card number's last format (brands, layout, formatter), kept for the value it was
/// detected on: an edit detects the brands to lay the digits out, and the state that follows
/// reuses that detection instead of running it again.
struct CardNumberFormatMemo: Sendable {
    let index: Int
    let value: String
    let format: CardNumberFormat
}

extension PaymentFormController {
    /// The whole-request validation as of the last event, assembled from each field's kept
    /// result: it equals ``PaymentRequest/validate(in:)`` of the same request, with one
    /// difference by design: a value whose regular expression was refused for lack of budget
    /// stays refused until it changes, instead of costing the budget again at every event.
    var report: ValidationReport {
        var errors: [FieldError] = []
        var sent: [(fieldId: String, value: String)] = []
        for index in validationMemos.indices {
            guard let memo = validationMemos[index] else { continue }
            errors += memo.errors
            if let value = memo.sentValue { sent.append((definitions[index].id, value)) }
        }
        return ValidationReport(errors: errors, values: sent)
    }

    /// Validates the field at `index` again when its input (see
    /// ``PaymentRequest/FieldValidationInput``) changed since its last validation; else keeps
    /// that result. Keeps ``fieldsWithErrors`` in step.
    mutating func validateField(at index: Int, fiscalNumber: String?, budget: inout RegularExpressionBudget) {
        let input = request.validationInput(ofField: definitions, at: index, fiscalNumber: fiscalNumber)
        if validationMemos[index]?.input == input { return }
        var errors: [FieldError] = []
        let value = PaymentRequest.validateField(definitions, at: index, input, in: context, budget: &budget, errors: &errors)
        if validationMemos[index]?.errors.isEmpty == false { fieldsWithErrors -= 1 }
        if !errors.isEmpty { fieldsWithErrors += 1 }
        validationMemos[index] = FieldValidationMemo(input: input, errors: errors, sentValue: value)
    }

    /// The as-you-type state of field `index` for `value`, computed again only when the value,
    /// requiredness or length limit changed since the last event.
    mutating func inputState(ofFieldAt index: Int, value: String, required: Bool, maximumLength: Int?,
                             budget: inout RegularExpressionBudget) -> InputState {
        if let kept = inputStateMemos[index], kept.value == value, kept.required == required, kept.maximumLength == maximumLength {
            return kept.state
        }
        let state = definitions[index].inputState(of: value, in: context, required: required, maximumLength: maximumLength, budget: &budget)
        inputStateMemos[index] = InputStateMemo(value: value, required: required, maximumLength: maximumLength, state: state)
        return state
    }

    /// The format of the card-number field at `index` for `value`, detected once per value. When
    /// the brands are the ones the field has now, its layout and formatter are kept (a layout
    /// parses a mask: most keystrokes keep the brand, so they skip that work).
    mutating func cardNumberFormat(at index: Int, value: String) -> CardNumberFormat {
        if let memo = cardNumberFormatMemo, memo.index == index, memo.value == value { return memo.format }
        let detection = (try? brandDetector.detect(value)) ?? .unknown
        let format: CardNumberFormat
        if let layout = fields[index].cardLayout, let brands = fields[index].brands, Self.sameBrands(brands, detection) {
            format = CardNumberFormat(formatter: fields[index].formatter, layout: layout, detection: detection)
        } else {
            format = Self.cardNumberFormat(field: definitions[index], detection: detection)
        }
        cardNumberFormatMemo = CardNumberFormatMemo(index: index, value: value, format: format)
        return format
    }

    /// Forgets every kept result: the next ``refresh()`` works everything out from scratch.
    mutating func dropMemos() {
        validationMemos = []
        inputStateMemos = []
        cardNumberFormatMemo = nil
        fieldsWithErrors = 0
    }
}
