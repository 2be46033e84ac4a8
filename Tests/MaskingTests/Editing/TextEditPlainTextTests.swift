import Testing
import PaymentFormMasking

/// Plain-text editing, for fields without a mask (or with a mask that has no placeholders).
struct TextEditPlainTextTests {
    @Test(arguments: [
        (TextEdit.insert("é"), "Jos|", "José|"),
        (.insert("ab"), "x[y]z", "xab|z"),
        (.insert("٣"), "|", "٣|"),                 // no digit mapping without a mask
        (.deleteBackward, "a|bc", "|bc"),
        (.deleteBackward, "a😀|b", "a|b"),
        (.deleteBackward, "[ab]c", "|c"),
        (.deleteForward, "a|😀b", "a|b"),
        (.deleteForward, "a[bc]", "a|"),
        (.deleteForward, "ab|e\u{301}", "ab|"),
    ])
    func editsPlainText(edit: TextEdit, before: String, after: String) {
        let state = FieldState(before)
        let result = edit.applied(to: state.text, selection: state.selection)
        #expect(result.outcome == .changed)
        #expect(FieldState.notation(result.text, cursor: result.cursor) == after)
        #expect(result.value == result.text)
    }

    @Test(arguments: [
        (TextEdit.insert(""), "ab|"),
        (.insert(""), "[ab]"),
        (.deleteBackward, "|ab"),
        (.deleteForward, "ab|"),
        (.deleteBackward, "|"),
    ])
    func rejectsEditsThatChangeNothing(edit: TextEdit, before: String) {
        let state = FieldState(before)
        let result = edit.applied(to: state.text, selection: state.selection)
        #expect(result.outcome == .rejected)
        #expect(result.text == state.text)
    }

    @Test func clampsAndWidensSelections() {
        #expect(TextEdit.insert("x").applied(to: "ab", selection: -4..<99).text == "x")
        // A caret inside a surrogate pair counts the emoji as before it.
        let inside = TextEdit.deleteBackward.applied(to: "a😀b", selection: 2..<2)
        #expect(inside.text == "ab")
        #expect(inside.cursor == 1)
    }
}
