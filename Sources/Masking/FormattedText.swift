/// Text formatted by a ``Mask`` together with a cursor position in it.
///
/// The cursor is a UTF-16 offset (what UIKit, AppKit and browsers report) and never exceeds
/// `text.utf16.count`. Because the text can hold card data, `description`, `debugDescription` and
/// the mirror show only lengths and the cursor.
public struct FormattedText: Sendable, Hashable {
    /// The formatted text.
    public var text: String
    /// The cursor, in UTF-16 code units from the start of `text`.
    public var cursor: Int

    /// Creates a formatted text with a cursor.
    package init(text: String, cursor: Int) {
        self.text = text
        self.cursor = cursor
    }

    /// The cursor as an index into `text` (clamped to the text).
    public var cursorIndex: String.Index { text.index(atUTF16Offset: cursor) }
}

extension FormattedText: CustomStringConvertible {
    /// Lengths and cursor only: the text may be a card number.
    public var description: String {
        "FormattedText(text: <redacted, \(text.utf16.count) UTF-16 units>, cursor: \(cursor))"
    }

}
