/// Test notation for a text field: `|` marks a collapsed caret, `[` … `]` a selection.
///
/// `"1234 |5"` is the text `"1234 5"` with the caret at UTF-16 offset 5;
/// `"12[34] 5"` selects `"34"`. Tests only use masks in which these three characters are not literals.
struct FieldState: Equatable, CustomStringConvertible {
    var text: String
    var selection: Range<Int>

    init(text: String, selection: Range<Int>) {
        self.text = text
        self.selection = selection
    }

    init(_ notation: String) {
        var text = ""
        var lower = 0
        var upper = 0
        var sawMarker = false
        for character in notation {
            switch character {
            case "|": lower = text.utf16.count; upper = lower; sawMarker = true
            case "[": lower = text.utf16.count; sawMarker = true
            case "]": upper = text.utf16.count
            default: text.append(character)
            }
        }
        if !sawMarker { lower = text.utf16.count; upper = lower }
        self.text = text
        self.selection = lower..<upper
    }

    /// The notation for a text with a collapsed caret.
    static func notation(_ text: String, cursor: Int) -> String {
        let utf16 = Array(text.utf16)
        let cut = Swift.min(Swift.max(0, cursor), utf16.count)
        return String(decoding: utf16[..<cut], as: UTF16.self) + "|" + String(decoding: utf16[cut...], as: UTF16.self)
    }

    var description: String {
        if selection.isEmpty { return FieldState.notation(text, cursor: selection.lowerBound) }
        return "\(text) [\(selection)]"
    }
}
