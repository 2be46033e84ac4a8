import PaymentFormMasking

/// Formatting and editing for a field that may or may not have a mask.
///
/// With a mask it is the mask's own behaviour; without one, values pass through unchanged and
/// edits are plain text edits, so callers never special-case mask-less fields.
///
/// ```swift
/// let formatter = FieldFormatter(field: field)
/// let result = formatter.apply(.insert("5"), to: "4111 1111", selection: 9..<9)
/// ```
public struct FieldFormatter: Sendable, Hashable {
    /// The mask, or `nil` for plain text.
    public let mask: Mask?

    /// A formatter for `mask` (`nil`: plain text).
    public init(mask: Mask?) {
        self.mask = mask
    }

    /// A formatter for a field's values: its ``PaymentProductField/effectiveMask`` (a mask without
    /// placeholders counts as none, so formatting, editing and unmasking agree).
    public init(field: PaymentProductField) {
        self.mask = field.effectiveMask
    }

    /// `value` formatted, with the caret (a UTF-16 offset into `value`) carried along.
    public func format(_ value: String, cursor: Int) -> FormattedText {
        if let mask { return mask.format(value, cursor: cursor) }
        return FormattedText(text: value, cursor: min(max(cursor, 0), value.utf16.count))
    }

    /// `text` without the mask's literals.
    public func unformat(_ text: String) -> String {
        mask.map { $0.unformat(text) } ?? text
    }

    /// Applies one text-field edit (selection in UTF-16 offsets, clamped).
    public func apply(_ edit: TextEdit, to text: String, selection: Range<Int>) -> EditResult {
        if let mask { return mask.apply(edit, to: text, selection: selection) }
        return edit.applied(to: text, selection: selection)
    }
}
