import PaymentFormMasking

/// How the form controller keeps every character the customer typed.
///
/// A mask cuts what it cannot hold (the Connect SDKs' rule, which ``FieldFormatter/apply(_:to:selection:)``
/// keeps for the masking tools). The controller must not: a value it sends is never shorter than
/// what was typed. So when an event brings more than the mask holds (a value set or pasted whole,
/// a product switch from a 16-digit Visa number to the 15-digit American Express mask) the field
/// keeps it all: its text is the mask's layout of what the mask holds followed by the rest as
/// typed, and its validators judge the whole value (`length`, `expirationDate`, ...).
extension FieldFormatter {
    /// What a request keeps of `text` (``PaymentProductField/unmask(_:)``'s rule): the value
    /// without the mask's literals, followed by whatever the mask cannot hold; an expiry date on
    /// a two-digit-year mask read by ``ExpiryDateReading`` first (`12/2030` is `1230`). Plain
    /// text is kept whole.
    package func keptValue(of text: String) -> String {
        guard let mask else { return text }
        if expiryShortcuts, mask.capacity == 4 { return ExpiryDateReading.unmask(text.withASCIIDigits, mask: mask) }
        return mask.unformatKeepingOverflow(text)
    }

    /// The text a field shows for a kept value (see ``keptValue(of:)``): the mask's layout of the
    /// characters it holds, then the characters beyond its capacity as they are. The result's
    /// `value` is the whole value; its cursor is the end of the text.
    func layOut(keptValue value: String) -> EditResult {
        guard let mask else { return EditResult(text: value, cursor: value.utf16.count, value: value, outcome: .changed) }
        let held = Self.plainLayout(of: value, mask: mask)
        let overflow = mask.overflow(of: value)
        guard !overflow.isEmpty else { return held }
        let text = held.text + overflow
        return EditResult(text: text, cursor: text.utf16.count, value: held.value + overflow, outcome: .changed)
    }

    /// Whether `text` holds characters beyond the mask's capacity.
    func overflows(_ text: String) -> Bool {
        guard let mask else { return false }
        return !mask.overflow(of: text).isEmpty
    }

    /// The UTF-16 offset in ``layOut(keptValue:)``'s text just after the first `count` characters
    /// of `value`; with `pastLiterals`, past the mask's literals that follow when a value
    /// character comes after them.
    func offset(afterValueCharacters count: Int, inKeptValue value: String, pastLiterals: Bool) -> Int {
        let characters = Array(value)
        let count = min(max(0, count), characters.count)
        guard let mask else { return String(characters[..<count]).utf16.count }
        let overflow = Array(mask.overflow(of: value))
        let heldCount = characters.count - overflow.count
        let held = String(characters[..<heldCount])
        if count > heldCount || (count == heldCount && !overflow.isEmpty) {
            let heldText = Self.plainLayout(of: held, mask: mask).text
            return heldText.utf16.count + String(characters[heldCount..<count]).utf16.count
        }
        let plain = FieldFormatter(mask: mask)
        return PaymentFormController.offset(afterValueCharacters: count, in: held, formatter: plain, pastLiterals: pastLiterals)
    }

    /// An edit in value space that keeps every character: for a field whose text already holds
    /// more than its mask. The selection becomes "characters of the value before its ends", the
    /// edit applies to the value (a collapsed backspace or forward delete removes one character
    /// across any literal), and the result is laid out again. Inserted characters that no slot
    /// takes where they land are filtered as the mask filters them; `.rejected` when nothing changed.
    func applyKeepingEveryCharacter(_ edit: TextEdit, to text: String, value: String, selection: Range<Int>) -> EditResult {
        let characters = Array(value)
        func valueCount(before offset: Int) -> Int {
            min(characters.count, keptValue(of: String(decoding: text.utf16.prefix(offset), as: UTF16.self)).count)
        }
        var lower = valueCount(before: selection.lowerBound)
        var upper = max(lower, valueCount(before: selection.upperBound))
        let rejected = EditResult(text: text, cursor: selection.upperBound, value: value, outcome: .rejected)
        var edited: [Character]
        var caret: Int
        switch edit {
        case .insert(let inserted):
            let typed = Array(inserted.withASCIIDigits)
            edited = Array(characters[..<lower]) + typed + Array(characters[upper...])
            caret = lower + typed.count
        case .deleteBackward:
            if lower == upper {
                guard lower > 0 else { return rejected }
                lower -= 1
            }
            edited = Array(characters[..<lower]) + Array(characters[upper...])
            caret = lower
        case .deleteForward:
            if lower == upper {
                guard upper < characters.count else { return rejected }
                upper += 1
            }
            edited = Array(characters[..<lower]) + Array(characters[upper...])
            caret = lower
        }
        let kept = keptValue(of: String(edited))
        guard kept != value else { return rejected }
        // The walk decides each character's fate from the ones before it, so the prefix up to
        // the caret keeps exactly the characters the whole value keeps before it.
        let keptBeforeCaret = keptValue(of: String(edited[..<caret])).count
        let laidOut = layOut(keptValue: kept)
        let isInsert = if case .insert = edit { true } else { false }
        let cursor = offset(afterValueCharacters: keptBeforeCaret, inKeptValue: laidOut.value, pastLiterals: isInsert)
        return EditResult(text: laidOut.text, cursor: min(cursor, laidOut.text.utf16.count), value: laidOut.value, outcome: .changed)
    }

    /// An insertion's result with what the mask cut put back: when the request would keep more
    /// of the text with `inserted` in it than the edit placed (a paste beyond the capacity, a
    /// pasted month the expiry shortcuts refuse), the kept value laid out, the caret after the
    /// inserted characters. `nil` when nothing was cut.
    func keepingCutCharacters(of result: EditResult, inserting inserted: String, into text: String,
                              selection: Range<Int>) -> EditResult? {
        let before = PaymentFormController.text(text, utf16Prefix: selection.lowerBound)
        let after = PaymentFormController.text(text, utf16From: selection.upperBound)
        let kept = keptValue(of: before + inserted + after)
        guard kept.count > result.value.count else { return nil }
        let laidOut = layOut(keptValue: kept)
        let caret = offset(afterValueCharacters: keptValue(of: before + inserted).count, inKeptValue: laidOut.value, pastLiterals: true)
        return EditResult(text: laidOut.text, cursor: min(caret, laidOut.text.utf16.count), value: laidOut.value, outcome: .changed)
    }

    /// `value` laid out by the mask alone, as typed into an empty field without the expiry
    /// shortcuts: a kept value is already what the customer meant, so no month rule rewrites it.
    private static func plainLayout(of value: String, mask: Mask) -> EditResult {
        if value.isEmpty { return EditResult(text: "", cursor: 0, value: "", outcome: .changed) }
        let result = mask.apply(.insert(value), to: "", selection: 0..<0)
        if result.outcome == .rejected { return EditResult(text: "", cursor: 0, value: "", outcome: .changed) }
        return result
    }
}
