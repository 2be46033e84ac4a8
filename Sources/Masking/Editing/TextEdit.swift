/// One edit a user makes in a text field, applied to the field's current selection.
///
/// Because inserted text may be a card number, `description`, `debugDescription` and the mirror
/// show only its length.
public enum TextEdit: Sendable, Hashable {
    /// Typing, paste or autofill: the text replaces the selection.
    case insert(String)
    /// Backspace: deletes the selection, or the nearest value character before a collapsed caret.
    case deleteBackward
    /// Forward delete: deletes the selection, or the nearest value character after a collapsed caret.
    case deleteForward
}

extension TextEdit: CustomStringConvertible {
    /// The kind of edit and, for an insert, only the length of its text.
    public var description: String {
        switch self {
        case .insert(let text): return "insert(<redacted, \(text.count) characters>)"
        case .deleteBackward: return "deleteBackward"
        case .deleteForward: return "deleteForward"
        }
    }

}
