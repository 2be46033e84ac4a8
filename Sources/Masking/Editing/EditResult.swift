/// The field's state after a ``TextEdit``: the text to display, the caret and the unmasked value.
///
/// Positions are UTF-16 offsets. The text and value can hold card data, so `description`,
/// `debugDescription` and the mirror show only lengths, the caret and the outcome.
public struct EditResult: Sendable, Hashable {
    /// The text to display.
    public var text: String
    /// The caret, in UTF-16 code units from the start of `text` (`0...text.utf16.count`).
    /// For a rejected edit: the end of the selection that was passed in (clamped), so a UI may
    /// simply keep its own selection.
    public var cursor: Int
    /// The unmasked value of `text`.
    public var value: String
    /// Whether the edit was applied.
    public var outcome: EditOutcome

    /// Creates an edit result.
    package init(text: String, cursor: Int, value: String, outcome: EditOutcome) {
        self.text = text
        self.cursor = cursor
        self.value = value
        self.outcome = outcome
    }

    /// The caret as an index into `text` (clamped to the text).
    public var cursorIndex: String.Index { text.index(atUTF16Offset: cursor) }
}

extension EditResult: CustomStringConvertible {
    /// Outcome, lengths and caret only: text and value may be a card number.
    public var description: String {
        "EditResult(\(outcome.rawValue), text: <redacted, \(text.utf16.count) UTF-16 units>, "
            + "cursor: \(cursor), value: <redacted, \(value.count) characters>)"
    }

}
