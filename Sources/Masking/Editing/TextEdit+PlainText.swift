extension TextEdit {
    /// Applies the edit to plain text: for a field without a mask, or one whose mask has no
    /// placeholders (such a mask holds no value, so masking would make the field uneditable).
    ///
    /// `selection` is in UTF-16 offsets, clamped and widened to whole characters. Inserted text is
    /// kept as typed (no digit mapping: without a mask nothing says the field is numeric).
    /// Backspace / forward delete remove the selection or one character. Inserting `""` and
    /// deleting at the text's edge are `.rejected`. The value is the text itself.
    ///
    /// ```swift
    /// let result = TextEdit.insert("é").applied(to: "Jos", selection: 3..<3)
    /// // result.text == "José", result.cursor == 4
    /// ```
    package func applied(to text: String, selection: Range<Int>) -> EditResult {
        let length = text.utf16.count
        let lowerOffset = Swift.min(Swift.max(0, selection.lowerBound), length)
        let upperOffset = Swift.min(Swift.max(lowerOffset, selection.upperBound), length)

        // Character boundaries around the selection: a collapsed caret inside a character moves to
        // its end; a selection grows to cover every character it touches.
        let collapsed = lowerOffset == upperOffset
        var lower = text.startIndex
        var upper = text.startIndex
        var index = text.startIndex
        var offset = 0
        while index < text.endIndex, offset < upperOffset {
            let next = text.index(after: index)
            let nextOffset = offset + text[index].utf16.count
            if collapsed ? offset < lowerOffset : nextOffset <= lowerOffset { lower = next }
            upper = next
            index = next
            offset = nextOffset
        }

        func rejected() -> EditResult {
            EditResult(text: text, cursor: upperOffset, value: text, outcome: .rejected)
        }
        func replacing(_ range: Range<String.Index>, with replacement: String) -> EditResult {
            var edited = text
            edited.replaceSubrange(range, with: replacement)
            let caret = text.utf16Offset(clamping: range.lowerBound) + replacement.utf16.count
            return EditResult(text: edited, cursor: caret, value: edited, outcome: .changed)
        }

        switch self {
        case .insert(let string):
            if string.isEmpty { return rejected() }
            return replacing(lower..<upper, with: string)
        case .deleteBackward:
            if lower < upper { return replacing(lower..<upper, with: "") }
            guard lower > text.startIndex else { return rejected() }
            return replacing(text.index(before: lower)..<lower, with: "")
        case .deleteForward:
            if lower < upper { return replacing(lower..<upper, with: "") }
            guard upper < text.endIndex else { return rejected() }
            return replacing(upper..<text.index(after: upper), with: "")
        }
    }
}
