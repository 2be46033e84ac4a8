
/// One field's last whole-request validation, kept while its input stays the same.
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

extension PaymentFormController {
    /// The whole-request validation after an event, validating again only the fields whose
    /// input changed (see ``PaymentRequest/FieldValidationInput``) and reusing the others'
    /// results: an event costs the validation of what it changed, however large the form.
    ///
    /// The result equals ``PaymentRequest/validate(in:)`` of the same request, with one
    /// difference by design: a value whose regular expression was refused for lack of budget
    /// stays refused until it changes, instead of costing the budget again at every event.
    mutating func validateChangedFields(budget: inout RegularExpressionBudget) -> ValidationReport {
        if validationMemos.count != definitions.count { validationMemos = Array(repeating: nil, count: definitions.count) }
        var errors: [FieldError] = []
        var sent: [(fieldId: String, value: String)] = []
        let fiscalNumber = request.unmaskedValue(forField: "fiscalNumber")
        for index in definitions.indices {
            let input = request.validationInput(ofField: definitions, at: index, fiscalNumber: fiscalNumber)
            let memo: FieldValidationMemo
            if let kept = validationMemos[index], kept.input == input {
                memo = kept
            } else {
                var fieldErrors: [FieldError] = []
                let value = PaymentRequest.validateField(definitions, at: index, input, in: context, budget: &budget, errors: &fieldErrors)
                memo = FieldValidationMemo(input: input, errors: fieldErrors, sentValue: value)
                validationMemos[index] = memo
            }
            errors += memo.errors
            if let value = memo.sentValue { sent.append((definitions[index].id, value)) }
        }
        return ValidationReport(errors: errors, values: sent)
    }

    /// The as-you-type state of field `index` for `value`, computed again only when the value,
    /// requiredness or length limit changed since the last event.
    mutating func inputState(ofFieldAt index: Int, value: String, required: Bool, maximumLength: Int?,
                             budget: inout RegularExpressionBudget) -> InputState {
        if inputStateMemos.count != definitions.count { inputStateMemos = Array(repeating: nil, count: definitions.count) }
        if let kept = inputStateMemos[index], kept.value == value, kept.required == required, kept.maximumLength == maximumLength {
            return kept.state
        }
        let state = definitions[index].inputState(of: value, in: context, required: required, maximumLength: maximumLength, budget: &budget)
        inputStateMemos[index] = InputStateMemo(value: value, required: required, maximumLength: maximumLength, state: state)
        return state
    }
}
