import Testing
import PaymentFormMasking

/// The editing engine, rule by rule (semantics §5). Field states use `|` for the caret and
/// `[` `]` for a selection (see `FieldState`).
struct MaskEditingTests {
    static let card19 = Mask("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}")
    static let card16 = Mask("{{9999}} {{9999}} {{9999}} {{9999}}")
    static let expiry = Mask("{{99}}/{{99}}")
    static let phone = Mask("({{999}}) {{999}}-{{9999}}")
    static let prefixed = Mask("+{{99}} {{999}}")
    static let freeText = Mask("{{****}}-{{****}}")

    /// Applies `edit` to the state `before` and returns the resulting state in notation, or nil when
    /// the edit was rejected (after checking a rejected edit left text and value alone).
    static func run(_ mask: Mask, _ edit: TextEdit, _ before: String) -> String? {
        let state = FieldState(before)
        let result = mask.apply(edit, to: state.text, selection: state.selection)
        #expect(result.cursor >= 0 && result.cursor <= result.text.utf16.count)
        if result.outcome == .rejected {
            #expect(result.text == state.text)
            #expect(result.value == mask.unformat(state.text))
            return nil
        }
        #expect(result.value == mask.unformat(result.text))
        return FieldState.notation(result.text, cursor: result.cursor)
    }

    // MARK: Rule 3 — typing, keystroke by keystroke

    @Test(arguments: [
        ("|", "1", "1|"),
        ("1|", "2", "12|"),
        ("12|", "3", "123|"),
        ("123|", "4", "1234|"),
        ("1234|", "5", "1234 5|"),
        ("1234 5|", "6", "1234 56|"),
        ("1234 56|", "7", "1234 567|"),
        ("1234 567|", "8", "1234 5678|"),
        ("1234 5678|", "9", "1234 5678 9|"),
        ("1234 5678 9|", "0", "1234 5678 90|"),
        ("1234 5678 90|", "1", "1234 5678 901|"),
        ("1234 5678 901|", "2", "1234 5678 9012|"),
        ("1234 5678 9012|", "3", "1234 5678 9012 3|"),
        ("1234 5678 9012 3|", "4", "1234 5678 9012 34|"),
        ("1234 5678 9012 34|", "5", "1234 5678 9012 345|"),
        ("1234 5678 9012 345|", "6", "1234 5678 9012 3456|"),
        ("1234 5678 9012 3456|", "7", "1234 5678 9012 3456 7|"),
        ("1234 5678 9012 3456 7|", "8", "1234 5678 9012 3456 78|"),
        ("1234 5678 9012 3456 78|", "9", "1234 5678 9012 3456 789|"),
    ])
    func typesCardNumberKeystrokeByKeystroke(before: String, key: String, after: String) {
        #expect(Self.run(Self.card19, .insert(key), before) == after)
    }

    @Test func typingWholeCardNumberFromEmptyBuildsEveryPrefix() {
        var state = FieldState(text: "", selection: 0..<0)
        let digits = Array("4111111111111111111")
        for (count, digit) in digits.enumerated() {
            let result = Self.card19.apply(.insert(String(digit)), to: state.text, selection: state.selection)
            #expect(result.outcome == .changed)
            #expect(result.value == String(digits[...count]))
            #expect(result.cursor == result.text.utf16.count)
            #expect(!result.text.hasSuffix(" "))
            state = FieldState(text: result.text, selection: result.cursor..<result.cursor)
        }
        #expect(state.text == "4111 1111 1111 1111 111")
        // The field is full now: one more digit is rejected, at the end or in the middle.
        #expect(Self.run(Self.card19, .insert("5"), "4111 1111 1111 1111 111|") == nil)
        #expect(Self.run(Self.card19, .insert("5"), "4111 11|11 1111 1111 111") == nil)
    }

    @Test(arguments: [
        ("|1234 5678 9012", "7|123 4567 8901 2"),
        ("1|234 5678 9012", "17|23 4567 8901 2"),
        ("12|34 5678 9012", "127|3 4567 8901 2"),
        ("123|4 5678 9012", "1237 |4567 8901 2"),
        ("1234| 5678 9012", "1234 7|567 8901 2"),
        ("1234 |5678 9012", "1234 7|567 8901 2"),
        ("1234 5|678 9012", "1234 57|67 8901 2"),
        ("1234 56|78 9012", "1234 567|7 8901 2"),
        ("1234 567|8 9012", "1234 5677 |8901 2"),
        ("1234 5678| 9012", "1234 5678 7|901 2"),
        ("1234 5678 |9012", "1234 5678 7|901 2"),
        ("1234 5678 9|012", "1234 5678 97|01 2"),
        ("1234 5678 90|12", "1234 5678 907|1 2"),
        ("1234 5678 901|2", "1234 5678 9017 |2"),
        ("1234 5678 9012|", "1234 5678 9012 7|"),
    ])
    func insertsInTheMiddleAndJumpsTheFollowingSeparator(before: String, after: String) {
        #expect(Self.run(Self.card19, .insert("7"), before) == after)
    }

    // MARK: Rule 4 — backspace and forward delete around every separator

    @Test(arguments: [
        ("|1234 5678 9012", nil),
        ("1|234 5678 9012", "|2345 6789 012"),
        ("12|34 5678 9012", "1|345 6789 012"),
        ("123|4 5678 9012", "12|45 6789 012"),
        ("1234| 5678 9012", "123|5 6789 012"),
        ("1234 |5678 9012", "123|5 6789 012"),
        ("1234 5|678 9012", "1234| 6789 012"),
        ("1234 56|78 9012", "1234 5|789 012"),
        ("1234 567|8 9012", "1234 56|89 012"),
        ("1234 5678| 9012", "1234 567|9 012"),
        ("1234 5678 |9012", "1234 567|9 012"),
        ("1234 5678 9|012", "1234 5678| 012"),
        ("1234 5678 90|12", "1234 5678 9|12"),
        ("1234 5678 901|2", "1234 5678 90|2"),
        ("1234 5678 9012|", "1234 5678 901|"),
    ] as [(String, String?)])
    func deletesBackward(before: String, after: String?) {
        #expect(Self.run(Self.card19, .deleteBackward, before) == after)
    }

    @Test(arguments: [
        ("|1234 5678 9012", "|2345 6789 012"),
        ("1|234 5678 9012", "1|345 6789 012"),
        ("12|34 5678 9012", "12|45 6789 012"),
        ("123|4 5678 9012", "123|5 6789 012"),
        ("1234| 5678 9012", "1234| 6789 012"),
        ("1234 |5678 9012", "1234| 6789 012"),
        ("1234 5|678 9012", "1234 5|789 012"),
        ("1234 56|78 9012", "1234 56|89 012"),
        ("1234 567|8 9012", "1234 567|9 012"),
        ("1234 5678| 9012", "1234 5678| 012"),
        ("1234 5678 |9012", "1234 5678| 012"),
        ("1234 5678 9|012", "1234 5678 9|12"),
        ("1234 5678 90|12", "1234 5678 90|2"),
        ("1234 5678 901|2", "1234 5678 901|"),
        ("1234 5678 9012|", nil),
    ] as [(String, String?)])
    func deletesForward(before: String, after: String?) {
        #expect(Self.run(Self.card19, .deleteForward, before) == after)
    }

    /// Adyen's cursor table (research/peers.md §3.1), under our rules. Two rows differ on purpose:
    /// after a selection replace the caret jumps a separator when a digit follows (rule 3), and a
    /// backspace right after a separator deletes the digit before it (rule 4).
    @Test(arguments: [
        ("1234|", TextEdit.insert("5"), "1234 5|"),
        ("1234 56|31 0", .insert("7"), "1234 567|3 10"),
        ("1234 567|3 10", .insert("8"), "1234 5678 |310"),
        ("1234 5678 9|310", .deleteBackward, "1234 5678| 310"),
        ("1234 5|", .deleteBackward, "1234|"),
        ("123[4 5]6", .insert("9"), "1239 |6"),
        ("1234 [5]6", .insert("999"), "1234 999|6"),
        ("1234 |56", .deleteBackward, "123|5 6"),
    ])
    func followsAdyenTableWhereSpecAgrees(before: String, edit: TextEdit, after: String) {
        #expect(Self.run(Self.card19, edit, before) == after)
    }

    @Test(arguments: [
        // Value characters in the selection are deleted, whatever the direction.
        ("12[34 56]78", TextEdit.deleteBackward, "12|78"),
        ("12[34 56]78", .deleteForward, "12|78"),
        ("[1234 5678]", .deleteBackward, "|"),
        ("[1234] 5678", .deleteForward, "|5678"),
        // A selection of literals only (what a text field reports for backspace after a separator)
        // acts as a caret at its start (backward) or its end (forward).
        ("1234[ ]5678", .deleteBackward, "123|5 678"),
        ("1234[ ]5678", .deleteForward, "1234| 678"),
        // Selection replace.
        ("1[234 5]678", .insert("0"), "10|67 8"),
        ("[1234 5678]", .insert("42"), "42|"),
        ("1234 [5678]", .insert("4111-2222"), "1234 4111 2222|"),
        // An insert that fits nothing is rejected, and the selection survives.
        ("12[34]", .insert("x"), nil),
        ("1234|", .insert(" "), nil),
        ("1234|", .insert(""), nil),
        ("|", .deleteBackward, nil),
        ("|", .deleteForward, nil),
    ] as [(String, TextEdit, String?)])
    func editsSelections(before: String, edit: TextEdit, after: String?) {
        #expect(Self.run(Self.card19, edit, before) == after)
    }

    // MARK: Rule 3 — paste and autofill

    @Test(arguments: [
        ("4111-1111-1111-1111", "4111 1111 1111 1111|"),
        ("4111 1111 1111 1111", "4111 1111 1111 1111|"),
        ("4111.1111.1111.1111", "4111 1111 1111 1111|"),
        ("\u{00A0}4111\u{200B}1111 1111 1111\u{200E}", "4111 1111 1111 1111|"),
        ("٤١١١١١١١١١١١١١١١", "4111 1111 1111 1111|"),          // Arabic-Indic
        ("۴۱۱۱۱۱۱۱", "4111 1111|"),                              // Extended Arabic-Indic (Persian)
        ("४१११ १२३४", "4111 1234|"),                              // Devanagari
        ("４１１１－１１１１", "4111 1111|"),                          // full-width
        ("12345678901234567890123", "1234 5678 9012 3456 789|"), // cut at capacity
        ("card: 4111 1111", "4111 1111|"),
    ])
    func pastesIntoEmptyCardField(pasted: String, after: String) {
        #expect(Self.run(Self.card19, .insert(pasted), "|") == after)
    }

    @Test func pasteAtCapacityKeepsTheDigitsAfterTheCaret() {
        // 14 digits in a 16-digit field: only two of the pasted digits fit, the rest is cut.
        #expect(Self.run(Self.card16, .insert("999"), "|1234 5678 9012 34") == "99|12 3456 7890 1234")
        #expect(Self.run(Self.card16, .insert("999"), "1234 5678 9012 34|") == "1234 5678 9012 3499|")
        #expect(Self.run(Self.card16, .insert("999"), "1234 5678 9012 3456|") == nil)
    }

    @Test(arguments: [
        (expiry, TextEdit.insert("12/30"), "|", "12/30|"),
        (expiry, .insert("1230"), "|", "12/30|"),
        (expiry, .insert("12 / 30"), "|", "12/30|"),
        (expiry, .insert("3"), "12|", "12/3|"),
        (expiry, .insert("/"), "12|", nil),
        (expiry, .deleteBackward, "12/3|", "12|"),
        (expiry, .deleteBackward, "12/|3", "1|3"),
        (expiry, .deleteBackward, "1|", "|"),
        (phone, .insert("5"), "|", "(5|"),
        (phone, .insert("1"), "(555|", "(555) 1|"),
        (phone, .insert("(555) 123-4567"), "|", "(555) 123-4567|"),
        (phone, .deleteBackward, "(5|", "|"),
        (phone, .deleteForward, "|(55", "(|5"),
        (prefixed, .insert("4"), "|", "+4|"),
        (prefixed, .insert("+"), "|", nil),
        (prefixed, .insert("+41 123"), "|", "+41 123|"),
        (prefixed, .deleteBackward, "+4|", "|"),
        (prefixed, .deleteBackward, "+41 |1", "+4|1"),
    ] as [(Mask, TextEdit, String, String?)])
    func editsOtherShapes(mask: Mask, edit: TextEdit, before: String, after: String?) {
        #expect(Self.run(mask, edit, before) == after)
    }

    // MARK: Characters beyond ASCII, measured in UTF-16

    @Test(arguments: [
        (TextEdit.insert("😀"), "|", "😀|"),
        (.insert("é"), "😀ab|", "😀abé|"),
        (.insert("e\u{301}"), "😀ab|", "😀abe\u{301}|"),
        (.insert("x"), "😀abé|", "😀abé-x|"),
        (.insert("👨‍👩‍👧"), "😀abé-x|", "😀abé-x👨‍👩‍👧|"),
        (.insert("🇩🇪"), "😀|ab", "😀🇩🇪|ab"),
        (.deleteBackward, "😀abé-x|", "😀abé|"),
        (.deleteBackward, "😀|ab", "|ab"),
        (.deleteBackward, "😀abe\u{301}|", "😀ab|"),
        (.deleteForward, "|😀ab", "|ab"),
        (.deleteForward, "😀ab|é-x", "😀ab|x"),
        (.insert("y"), "😀abé|-x", "😀abé-y|x"),
    ])
    func editsFreeTextWithEmojiAndCombiningMarks(edit: TextEdit, before: String, after: String) {
        #expect(Self.run(Self.freeText, edit, before) == after)
    }

    @Test func caretInsideASurrogatePairCoversThatCharacter() {
        let result = Self.freeText.apply(.deleteBackward, to: "😀ab", selection: 1..<1)
        #expect(result.text == "ab")
        #expect(result.cursor == 0)
        let widened = Self.freeText.apply(.insert("z"), to: "😀ab", selection: 1..<3)
        #expect(widened.text == "zb")
        #expect(widened.cursor == 1)
    }

    // MARK: Rule 5 — out-of-range selections are clamped

    @Test(arguments: [
        (TextEdit.insert("5"), 10..<20, "1234 5", 6),
        (.insert("5"), -7 ..< -2, "5123 4", 1),
        (.deleteBackward, -5..<2, "34", 0),
        (.deleteBackward, 100..<200, "123", 3),
        (.deleteForward, -3 ..< -1, "234", 0),
        (.deleteForward, Int.min..<Int.max, "", 0),
        (.insert("9"), Int.max..<Int.max, "1234 9", 6),
    ])
    func clampsOutOfRangeSelections(edit: TextEdit, selection: Range<Int>, text: String, cursor: Int) {
        let result = Self.card19.apply(edit, to: "1234", selection: selection)
        #expect(result.outcome == .changed)
        #expect(result.text == text)
        #expect(result.cursor == cursor)
    }

    @Test func rejectedEditReportsTheSelectionEnd() {
        let result = Self.card19.apply(.insert("x"), to: "1234 5678", selection: 2..<7)
        #expect(result.outcome == .rejected)
        #expect(result.text == "1234 5678")
        #expect(result.cursor == 7)
        #expect(result.value == "12345678")
    }

    @Test func acceptsUnformattedText() {
        // A field whose text was set raw still edits in value space.
        let result = Self.card19.apply(.insert("9"), to: "41111111", selection: 8..<8)
        #expect(result.text == "4111 1111 9")
        #expect(result.cursor == 11)
        let trailing = Self.card19.apply(.deleteBackward, to: "1234 ", selection: 5..<5)
        #expect(trailing.text == "123")
        #expect(trailing.cursor == 3)
    }

    // MARK: The String.Index form

    @Test func editsWithStringIndices() {
        let text = "1234 5678"
        let result = Self.card19.apply(.insert("9"), to: text, selection: text.endIndex..<text.endIndex)
        #expect(result.text == "1234 5678 9")
        #expect(result.cursorIndex == result.text.endIndex)

        let space = text.firstIndex(of: " ") ?? text.endIndex
        let afterSpace = text.index(after: space)
        let backspace = Self.card19.apply(.deleteBackward, to: text, selection: afterSpace..<afterSpace)
        #expect(backspace.text == "1235 678")
        #expect(backspace.text[..<backspace.cursorIndex] == "123")

        // Indices from a longer string are clamped, never trap.
        let longer = "1234 5678 9012 3456"
        let foreign = longer.index(longer.startIndex, offsetBy: 15)
        let clamped = Self.card19.apply(.deleteBackward, to: text, selection: foreign..<longer.endIndex)
        #expect(clamped.text == "1234 567")
    }

    // MARK: A mask without placeholders edits plain text

    @Test(arguments: ["", "12345", "{{}}", "+-"])
    func maskWithoutPlaceholdersEditsPlainText(pattern: String) {
        let mask = Mask(pattern)
        let typed = mask.apply(.insert("ab"), to: "xy", selection: 1..<1)
        #expect(typed == EditResult(text: "xaby", cursor: 3, value: "xaby", outcome: .changed))
        let erased = mask.apply(.deleteBackward, to: "xaby", selection: 3..<3)
        #expect(erased == EditResult(text: "xay", cursor: 2, value: "xay", outcome: .changed))
    }

    // MARK: Card data never reaches descriptions

    @Test func editResultAndEditRedactCardData() {
        let edit = TextEdit.insert("4111111111111111")
        let result = Self.card19.apply(edit, to: "", selection: 0..<0)
        #expect(result.value == "4111111111111111")
        let shown = [
            result.description, String(describing: result), String(reflecting: result),
            "\(Mirror(reflecting: result).children.map { "\($0)" })",
            edit.description, String(reflecting: edit), "\(Mirror(reflecting: edit).children.map { "\($0)" })",
        ]
        for text in shown {
            #expect(!text.contains("4111"))
            #expect(!text.contains("1111"))
        }
        #expect(result.description.contains("changed"))
        #expect(TextEdit.deleteBackward.description == "deleteBackward")
    }
}
