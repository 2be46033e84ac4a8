extension Mask {
    /// Applies a user's edit to a masked text field (semantics §5).
    ///
    /// `selection` is in UTF-16 offsets into `text` (what UIKit, AppKit and browsers report); it is
    /// clamped to the text and widened to whole characters, so nothing traps. The edit works on the
    /// unmasked value and lays it out again:
    /// - `.insert` replaces the selected value characters. Decimal digits of any script become ASCII;
    ///   the text is walked through the mask from the caret as `format` does, so pasted `4111-1111-…`,
    ///   `4111 1111 …` or `12/30` land correctly and characters that fit nowhere are dropped. At
    ///   capacity the inserted text is cut; value characters after the caret stay. The caret goes
    ///   after the last inserted value character, and past the literals that follow it when another
    ///   value character comes after them.
    /// - `.deleteBackward` / `.deleteForward` delete the selected value characters; with a collapsed
    ///   caret, or a selection of literals only, they delete the nearest value character before /
    ///   after it, even across a separator. The caret stays where the deleted characters were,
    ///   before any following literal.
    ///
    /// The text never ends in a literal (except a leading one such as `+` once there is a value) and
    /// an empty value shows as empty text. An edit that changes nothing — no character fitted, the
    /// field is full, nothing to delete — is `.rejected`, with `text` unchanged and the caret at the
    /// selection's end. A mask without placeholders edits the text as plain text (see
    /// `TextEdit.applied(to:selection:)`).
    ///
    /// ```swift
    /// let card = Mask("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}")
    /// let typed = card.apply(.insert("5"), to: "1234", selection: 4..<4)
    /// // typed.text == "1234 5", typed.cursor == 6, typed.value == "12345"
    /// let erased = card.apply(.deleteBackward, to: "1234 5678", selection: 5..<5)
    /// // erased.text == "1235 678", erased.cursor == 3 (the "4" before the space went)
    /// ```
    public func apply(_ edit: TextEdit, to text: String, selection: Range<Int>) -> EditResult {
        apply(edit, to: text, selection: selection, byCharacters: false)
    }

    /// The edit, on the `Character` path when `byCharacters` (else on bytes when the texts are
    /// plain ASCII).
    func apply(_ edit: TextEdit, to text: String, selection: Range<Int>, byCharacters: Bool) -> EditResult {
        guard hasPlaceholders else { return edit.applied(to: text, selection: selection) }
        let length = text.utf16.count
        let lower = Swift.min(Swift.max(0, selection.lowerBound), length)
        let upper = Swift.min(Swift.max(lower, selection.upperBound), length)
        let clamped = lower..<upper

        let inserted: String
        let action: MaskedEdit.Action
        switch edit {
        case .insert(let string): inserted = string.withASCIIDigits; action = .insert
        case .deleteBackward: inserted = ""; action = .deleteBackward
        case .deleteForward: inserted = ""; action = .deleteForward
        }

        if !byCharacters {
            let fast: EditResult?? = withPlainASCII(text) { textBytes in
                withPlainASCII(inserted) { insertedBytes in
                    MaskedEdit.apply(action, inserted: insertedBytes, mask: storage,
                                     text: text, textUnits: textBytes, selection: clamped)
                }
            }
            if let result = fast ?? nil { return result }
        }

        return Array(text).withUnsafeBufferPointer { textUnits in
            Array(inserted).withUnsafeBufferPointer { insertedUnits in
                MaskedEdit.apply(action, inserted: insertedUnits, mask: storage,
                                 text: text, textUnits: textUnits, selection: clamped)
            }
        }
    }

    /// Applies an edit with the selection given as indices into `text`; see
    /// ``apply(_:to:selection:)-(_,_,Range<Int>)``. Indices beyond the text are clamped. Read the
    /// caret back as an index with ``EditResult/cursorIndex``.
    ///
    /// ```swift
    /// let mask = Mask("{{9999}} {{9999}}")
    /// let text = "4111 1"
    /// let result = mask.apply(.insert("4"), to: text, selection: text.endIndex..<text.endIndex)
    /// let caret: String.Index = result.cursorIndex
    /// ```
    public func apply(_ edit: TextEdit, to text: String, selection: Range<String.Index>) -> EditResult {
        let lower = text.utf16Offset(clamping: selection.lowerBound)
        let upper = Swift.max(lower, text.utf16Offset(clamping: selection.upperBound))
        return apply(edit, to: text, selection: lower..<upper)
    }
}
