/// Whether an edit changed the field.
public enum EditOutcome: String, Sendable {
    /// The edit was applied.
    case changed
    /// Nothing fitted, the field is full, or there was nothing to delete: text and caret are
    /// unchanged, so a UI can give feedback (a haptic, a shake).
    case rejected
}
