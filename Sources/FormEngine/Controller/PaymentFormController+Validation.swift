import PaymentFormValidation
import PaymentFormCards
/// One field's last validation, kept while its input stays the same.
///
/// Not optional in its array: reading a part of an optional element copies the whole memo
/// (retaining each of its parts), and every keystroke reads one.
struct FieldValidationMemo: Sendable {
    /// What the validation was for; `nil` before the field's first validation.
    var input: PaymentRequest.FieldValidationInput?
    var errors: [FieldError]
    var sentValue: String?

    /// A field not validated yet.
    static let notValidated = FieldValidationMemo(input: nil, errors: [], sentValue: nil)
}

/// One field's last as-you-type state, kept while what decides it stays the same.
struct InputStateMemo: Sendable, Hashable {
    let value: String
    let required: Bool
    let maximumLength: Int?
    var state: InputState
}

/// Which value the card-number field's brands and layout were last detected for. The field
/// holds them (and its formatter) itself: a memo holding a copy would retain every part of them
/// on each keystroke, and the keystroke is the path a screen waits on.
struct CardNumberFormatMemo: Sendable {
    let index: Int
    let value: String
    /// Whether the field's formatter goes with its layout too: an edit brings all three up to
    /// date, a refresh only the brands and layout (the formatter changes with the text, which
    /// only an edit lays out again).
    var formatterFollows: Bool
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
            let memo = validationMemos[index]
            guard memo.input != nil else { continue }
            errors += memo.errors
            if let value = memo.sentValue { sent.append((definitions[index].id, value)) }
        }
        return ValidationReport(errors: errors, values: sent)
    }

    /// Validates the field at `index` again when its input (see
    /// ``PaymentRequest/FieldValidationInput``) changed since its last validation; else keeps
    /// that result. Keeps ``fieldsWithErrors`` in step. `value` is the field's value as the
    /// request holds it (`nil` when it holds none).
    mutating func validateField(at index: Int, value: String?, fiscalNumber: String?, budget: inout RegularExpressionBudget) {
        let input = request.validationInput(ofField: definitions, at: index, fiscalNumber: fiscalNumber, value: value)
        if let kept = validationMemos[index].input, kept == input { return }
        var errors: [FieldError] = []
        let value = PaymentRequest.validateField(definitions, at: index, input, of: request.item.id, in: context, budget: &budget,
                                                 errors: &errors)
        if !validationMemos[index].errors.isEmpty { fieldsWithErrors -= 1 }
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
        // Through the buffer: the definition is read in place, not copied.
        let context = context
        let state = definitions.withUnsafeBufferPointer { definitions in
            definitions[index].inputState(of: value, in: context, required: required, maximumLength: maximumLength, budget: &budget)
        }
        inputStateMemos[index] = InputStateMemo(value: value, required: required, maximumLength: maximumLength, state: state)
        return state
    }

    /// Gives the card-number field at `index` the brands and layout of `value`, detected once per
    /// value; with `includingFormatter`, the formatter that goes with the layout too. When the
    /// brands are the ones the field has, its layout and formatter stay (a layout parses a mask:
    /// most keystrokes keep the brand, so they skip that work).
    ///
    /// - Returns: the formatter the field had, when this changed it (the text must then be laid
    ///   out again); `nil` when the formatter stayed.
    @discardableResult
    mutating func updateCardNumberFormat(at index: Int, value: String, includingFormatter: Bool) -> FieldFormatter? {
        if let memo = cardNumberFormatMemo, memo.index == index, memo.value == value {
            if !includingFormatter || memo.formatterFollows { return nil }
        } else {
            let detection = (try? brandDetector.detect(value)) ?? .unknown
            if fields[index].cardLayout != nil, let brands = fields[index].brands, Self.sameBrands(brands, detection) {
                fields[index].brands = detection
                cardNumberFormatMemo = CardNumberFormatMemo(index: index, value: value, formatterFollows: true)
                return nil
            }
            fields[index].brands = detection
            fields[index].cardLayout = definitions[index].cardNumberLayout(for: detection)
            cardNumberFormatMemo = CardNumberFormatMemo(index: index, value: value, formatterFollows: false)
            guard includingFormatter else { return nil }
        }
        guard let layout = fields[index].cardLayout else { return nil }
        let formatter = Self.cardNumberFormatter(field: definitions[index], layout: layout)
        cardNumberFormatMemo?.formatterFollows = true
        guard formatter != fields[index].formatter else { return nil }
        let previous = fields[index].formatter
        fields[index].formatter = formatter
        return previous
    }

    /// Forgets every kept result: the next ``refresh()`` works everything out from scratch.
    mutating func dropMemos() {
        validationMemos = []
        inputStateMemos = []
        cardNumberFormatMemo = nil
        fieldsWithErrors = 0
    }
}
