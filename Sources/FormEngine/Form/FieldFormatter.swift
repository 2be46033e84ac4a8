import PaymentFormMasking

/// Formatting and editing for a field that may or may not have a mask.
///
/// With a mask it is the mask's own behaviour; without one, values pass through unchanged and
/// edits are plain text edits, so callers never special-case mask-less fields. An expiry date
/// whose mask begins with a two-digit month also gets the month shortcuts (see
/// `expiryShortcuts`).
///
/// ```swift
/// let formatter = FieldFormatter(field: cardNumberField)
/// let result = formatter.apply(.insert("5"), to: "4111 1111", selection: 9..<9)
/// ```
public struct FieldFormatter: Sendable, Hashable {
    /// The mask, or `nil` for plain text.
    public let mask: Mask?
    /// Whether the field holds expiry dates beginning with a two-digit month (an `expirydate`
    /// field, or one with an `expirationDate` validator, whose mask begins with two digits).
    ///
    /// Typing (one character at a time) takes one shortcut: a first digit `2`–`9` becomes `0d`
    /// (`2` → `02`), the only month it can start. A key no month takes is kept, never rewritten
    /// into another month: `1` then `3` is `13`, invalid at once (the message says so); `0` then
    /// `0` is `00`. So a typo never becomes a different valid date (`1330` is `13/30`, not
    /// `01/33`). A value set or pasted over the whole field is read as a request reads it, by
    /// ``ExpiryDateReading`` on a two-digit-year mask (`12/2030` and `1/30` fill `MM/YY` as
    /// `12/30` and `01/30`).
    package let expiryShortcuts: Bool

    /// A formatter for `mask` (`nil`: plain text), without expiry shortcuts.
    public init(mask: Mask?) {
        self.mask = mask
        self.expiryShortcuts = false
    }

    /// A formatter for a field's values: its `effectiveMask` (a mask without
    /// placeholders counts as none, so formatting, editing and unmasking agree), with the expiry
    /// shortcuts for an `expirydate` field whose mask begins with a two-digit month.
    public init(field: PaymentProductField) {
        self.init(mask: field.effectiveMask, expiryShortcuts: field.readsExpiryDates)
    }

    /// A formatter with a mask and, when `expiryShortcuts` is set and the mask holds a value, the
    /// expiry-date shortcuts.
    package init(mask: Mask?, expiryShortcuts: Bool) {
        self.mask = mask
        self.expiryShortcuts = expiryShortcuts && mask?.hasPlaceholders == true
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
        guard let mask else { return edit.applied(to: text, selection: selection) }
        if expiryShortcuts, case .insert(let inserted) = edit {
            return mask.apply(.insert(Self.expiryInsertion(inserted, mask: mask, text: text, selection: selection)),
                              to: text, selection: selection)
        }
        return mask.apply(edit, to: text, selection: selection)
    }

    /// The text a field shows for a whole value set at once (autofill, a stored value, a
    /// programmatic set): the value laid out as a request reads it (an expiry date by
    /// ``ExpiryDateReading``, no typing shortcut), as typing it into an empty field would lay it
    /// out, so the text never ends in a separator.
    package func text(forValue value: String) -> EditResult {
        if value.isEmpty { return EditResult(text: "", cursor: 0, value: "", outcome: .changed) }
        guard let mask else { return edit(.insert(value), intoEmptyWith: nil) }
        let read = expiryShortcuts && mask.capacity == 4 ? ExpiryDateReading.twoDigitForm(of: value.withASCIIDigits) ?? value : value
        return edit(.insert(read), intoEmptyWith: mask)
    }

    /// `edit` applied to an empty field by `mask` alone (plain text without one); an edit that
    /// fits nothing leaves the field empty.
    private func edit(_ edit: TextEdit, intoEmptyWith mask: Mask?) -> EditResult {
        let result = mask.map { $0.apply(edit, to: "", selection: 0..<0) } ?? edit.applied(to: "", selection: 0..<0)
        if result.outcome == .rejected { return EditResult(text: "", cursor: 0, value: "", outcome: .changed) }
        return result
    }

    // MARK: - Expiry shortcuts

    /// `inserted` as it goes into an expiry field: a keystroke (one character) `2`–`9` where the
    /// month begins becomes `0d`; text over the whole field (a paste) is read by
    /// ``ExpiryDateReading`` on a two-digit-year mask; anything else is left to the mask.
    private static func expiryInsertion(_ inserted: String, mask: Mask, text: String, selection: Range<Int>) -> String {
        let mapped = inserted.withASCIIDigits
        let units = Array(text.utf16)
        let lowerOffset = min(max(0, selection.lowerBound), units.count)
        let upperOffset = min(max(lowerOffset, selection.upperBound), units.count)
        let lower = mask.unformat(String(decoding: units[..<lowerOffset], as: UTF16.self)).count
        guard mapped.count == 1 else {
            // A whole `MM/YYYY`, `MMYYYY` or `M/YY` pasted or set over the whole value.
            let upper = mask.unformat(String(decoding: units[..<upperOffset], as: UTF16.self)).count
            guard mask.capacity == 4, lower == 0, upper >= mask.unformat(text).count else { return mapped }
            return ExpiryDateReading.twoDigitForm(of: mapped) ?? mapped
        }
        // A keystroke where the month begins: `2`–`9` can only be the month `0d`.
        if lower == 0, let key = mapped.first, key.isASCIIDigit, key != "0", key != "1" { return "0" + mapped }
        return mapped
    }
}

extension Character {
    /// `0`–`9` (a one-scalar ASCII character that is a number), read from its bytes.
    fileprivate var isASCIIDigit: Bool { utf8.count == 1 && utf8.first.map { (0x30...0x39).contains($0) } == true }
}
