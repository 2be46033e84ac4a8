// TEMPORARY contract stub so FormEngine compiles before the Masking branch merges. Deleted at merge.
public struct Mask: Sendable, Hashable {
    public let pattern: String
    public init(_ pattern: String) { self.pattern = pattern }
    public var capacity: Int { 0 }
    public var hasPlaceholders: Bool { pattern.contains("{{") }
    public func format(_ input: String) -> String { input }
    public func format(_ input: String, cursor: Int) -> FormattedText { FormattedText(text: input, cursor: cursor) }
    public func unformat(_ text: String) -> String { text }
    public var relaxed: Mask { self }
    public func isComplete(_ value: String) -> Bool { false }
    public func apply(_ edit: TextEdit, to text: String, selection: Range<Int>) -> EditResult {
        EditResult(text: text, cursor: 0, value: text, outcome: .rejected)
    }
}
public struct FormattedText: Sendable, Hashable { public var text: String; public var cursor: Int; public init(text: String, cursor: Int) { self.text = text; self.cursor = cursor } }
public enum TextEdit: Sendable, Hashable { case insert(String), deleteBackward, deleteForward }
public enum EditOutcome: String, Sendable { case changed, rejected }
public struct EditResult: Sendable, Hashable { public var text: String; public var cursor: Int; public var value: String; public var outcome: EditOutcome; public init(text: String, cursor: Int, value: String, outcome: EditOutcome) { self.text = text; self.cursor = cursor; self.value = value; self.outcome = outcome } }
extension TextEdit { public func applied(to text: String, selection: Range<Int>) -> EditResult { EditResult(text: text, cursor: 0, value: text, outcome: .rejected) } }
