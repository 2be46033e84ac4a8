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
    /// Whether typing follows the expiry-date shortcuts: a first digit `2`–`9` becomes `0d`
    /// (`2` → `02`); a key `3`–`9` typed after a first `1` makes the month `01` and starts the
    /// year (`1` then `3` → `01/3`: no typed digit is dropped, where a month `13` cannot exist);
    /// and a pasted `MM/YYYY` or `MMYYYY` (year 20xx) fills a two-digit-year mask as `MM/YY`. A
    /// pasted month that cannot exist (`13/30`, `00/30`) is left as it is, for validation to
    /// refuse. On for `expirydate` fields whose mask begins with two digits.
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
        self.init(mask: field.effectiveMask, expiryShortcuts: field.type == .expiryDate
                  && field.effectiveMask?.pattern.hasPrefix("{{99") == true)
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
            let rewritten = Self.expiryInsertion(inserted, mask: mask, text: text, selection: selection)
            // A month `1` already in the field that becomes `01`: the insertion covers it.
            let from = rewritten.coversMonthDigit ? 0 : selection.lowerBound
            return mask.apply(.insert(rewritten.text), to: text, selection: from..<max(from, selection.upperBound))
        }
        return mask.apply(edit, to: text, selection: selection)
    }

    /// The text a field shows for a whole value set at once (autofill, a stored value, a
    /// programmatic set): the value laid out as typing it into an empty field would, so the
    /// expiry shortcuts apply and the text never ends in a separator.
    package func text(forValue value: String) -> EditResult {
        if value.isEmpty { return EditResult(text: "", cursor: 0, value: "", outcome: .changed) }
        let result = apply(.insert(value), to: "", selection: 0..<0)
        if result.outcome == .rejected { return EditResult(text: "", cursor: 0, value: "", outcome: .changed) }
        return result
    }

    // MARK: - Expiry shortcuts

    /// `inserted` rewritten for the expiry shortcuts, given where it lands in the value, and
    /// whether it replaces the month digit `1` before it (`1` then `3` → `01` then `3`).
    private static func expiryInsertion(_ inserted: String, mask: Mask, text: String, selection: Range<Int>)
        -> (text: String, coversMonthDigit: Bool) {
        let mapped = inserted.withASCIIDigits
        let units = Array(text.utf16)
        let lowerOffset = min(max(0, selection.lowerBound), units.count)
        let upperOffset = min(max(lowerOffset, selection.upperBound), units.count)
        let value = Array(mask.unformat(text))
        let lower = mask.unformat(String(decoding: units[..<lowerOffset], as: UTF16.self)).count
        let upper = max(lower, mask.unformat(String(decoding: units[..<upperOffset], as: UTF16.self)).count)

        // A whole `MM/YYYY` or `MMYYYY` (20xx) pasted or set over the whole value of an `MM/YY` mask.
        if mask.capacity == 4, lower == 0, upper >= value.count, let twoDigitYear = FourDigitExpiryYear.twoDigitForm(of: mapped) {
            return (twoDigitYear, false)
        }

        // Month rules, character by character from where the insertion lands.
        var output = ""
        var coversMonthDigit = false
        var position = lower
        var previous: Character? = lower > 0 && lower <= value.count ? value[lower - 1] : nil
        let characters = Array(mapped)
        for (index, character) in characters.enumerated() {
            guard character.isASCIIDigit else {
                output.append(character)  // separators and other text: the mask decides
                continue
            }
            switch position {
            case 0:
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let endsMonth = next.map { !$0.isASCIIDigit && ($0 == "/" || $0 == "-" || $0 == " " || $0 == ".") } ?? false
                if ("2"..."9").contains(character) || (character != "0" && endsMonth) {
                    output += "0" + String(character)  // `2` → `02`; `1/` → `01/`
                    position = 2
                    previous = character
                    continue
                }
            case 1:
                // A key no month takes after a first `1` (13–19): the month was 01, and this
                // digit starts the year. (Pasted, the month is left as it is, for validation.)
                if previous == "1", ("3"..."9").contains(character), characters.count == 1 {
                    guard lower == 1, value.first == "1" else { break }
                    coversMonthDigit = true
                    output = "01"
                    output.append(character)
                    previous = character
                    position = 3
                    continue
                }
            default:
                break
            }
            output.append(character)
            previous = character
            position += 1
        }
        return (output, coversMonthDigit)
    }
}

extension Character {
    /// `0`–`9` (a one-scalar ASCII character that is a number), read from its bytes.
    fileprivate var isASCIIDigit: Bool { utf8.count == 1 && utf8.first.map { (0x30...0x39).contains($0) } == true }
}
