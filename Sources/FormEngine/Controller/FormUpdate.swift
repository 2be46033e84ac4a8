import PaymentFormMasking

/// What a ``PaymentFormController`` event changed: the fields to redraw, whether an edit was
/// applied, whether to move the focus on, and whether the whole form is valid now.
///
/// ```swift
/// let update = try controller.replace("cardNumber", range: selection, with: typed)
/// for field in update.fields { redraw(field) }
/// if update.advance, let next = update.next { focus(next) }
/// ```
///
/// It is `Codable`: `{"fields": [...], "outcome": "changed", "advance": false, "next": "cvv",
/// "isValid": false}`, the fields as ``FormFieldState`` encodes them (card data included).
public struct FormUpdate: Sendable, Hashable {
    /// The fields whose state changed, in display order; a field event always includes its field.
    public var fields: [FormFieldState]
    /// `.changed`, or `.rejected` when an edit changed nothing (nothing fitted, the field is full
    /// or read-only, an empty replacement over an empty range).
    public var outcome: EditOutcome
    /// Whether the event completed the focused field with the caret at its end: move the focus
    /// to ``next``.
    public var advance: Bool
    /// With ``advance``: the next field the customer can edit, or `nil` after the last one.
    public var next: String?
    /// Whether the whole request validates now.
    public var isValid: Bool
    /// Whether the event switched the form to another product or group (``PaymentFormController/selectProduct(_:)``,
    /// or the card number named a card product, or stopped naming one): ``PaymentFormController/item``
    /// says which, and every field is in ``fields``; redraw the whole form (its fields, masks and
    /// texts) from ``PaymentFormController/form``.
    public var itemChanged: Bool

    /// An update.
    package init(fields: [FormFieldState], outcome: EditOutcome, advance: Bool, next: String?, isValid: Bool, itemChanged: Bool = false) {
        self.fields = fields
        self.outcome = outcome
        self.advance = advance
        self.next = next
        self.isValid = isValid
        self.itemChanged = itemChanged
    }

    /// The new state of a field, when the event changed it.
    public subscript(fieldId: String) -> FormFieldState? {
        fields.first { $0.id == fieldId }
    }
}

extension FormUpdate: CustomStringConvertible {
    /// The outcome, flags and changed fields (redacted as ``FormFieldState`` is).
    public var description: String {
        "FormUpdate(\(outcome.rawValue), advance: \(advance), next: \(next ?? "nil"), isValid: \(isValid)"
            + (itemChanged ? ", itemChanged" : "") + ", fields: \(fields))"
    }

}
