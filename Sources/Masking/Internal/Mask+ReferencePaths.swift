extension Mask {
    // The `Character` path of each operation, whatever the text. Plain ASCII text normally takes
    // the byte paths (`ASCIIFormat`, `ASCIIEdit`, the byte walks); the tests and the mask-editing
    // fuzz target hold those to these on every ASCII input, so the fast paths can never drift from
    // the one definition of the behaviour.

    /// ``format(_:)`` on the `Character` path.
    package func formatByCharacters(_ input: String) -> String {
        Array(input).withUnsafeBufferPointer { characterFormat($0) }
    }

    /// ``format(_:cursor:)`` on the `Character` path.
    package func formatByCharacters(_ input: String, cursor: Int) -> FormattedText {
        Array(input).withUnsafeBufferPointer { characterFormat($0, cursor: Swift.max(0, cursor)) }
    }

    /// ``unformat(_:)`` on the `Character` path.
    package func unformatByCharacters(_ text: String) -> String {
        Array(text).withUnsafeBufferPointer { characterUnformat($0) }
    }

    /// ``isComplete(_:)`` on the `Character` path.
    package func isCompleteByCharacters(_ value: String) -> Bool {
        capacity == 0 || Array(value).withUnsafeBufferPointer { characterPlacedCount($0) } == capacity
    }

    /// ``apply(_:to:selection:)-(_,_,Range<Int>)`` on the `Character` path.
    package func applyByCharacters(_ edit: TextEdit, to text: String, selection: Range<Int>) -> EditResult {
        apply(edit, to: text, selection: selection, byCharacters: true)
    }
}
