import Testing
import PaymentFormMasking

/// `format`, its cursor variant, `unformat` and `isComplete` (semantics §1). The Connect examples
/// are the verified ones of research/client-sdks.md §3.2, with our corrected cursors.
struct MaskFormattingTests {
    static let card16 = "{{9999}} {{9999}} {{9999}} {{9999}}"
    static let card19 = "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"
    static let expiry = "{{99}}/{{99}}"
    static let phone = "({{999}}) {{999}}-{{9999}}"

    struct FormatCase: Sendable, CustomTestStringConvertible {
        let mask: String
        let input: String
        let output: String
        var testDescription: String { "\(mask) + \(input)" }
    }

    static let formatCases: [FormatCase] = [
        .init(mask: card16, input: "1234", output: "1234 "),
        .init(mask: card16, input: "", output: ""),
        .init(mask: card16, input: "12345678", output: "1234 5678 "),
        .init(mask: card16, input: "12a34", output: "1234 "),
        .init(mask: card16, input: "1234 5678 9", output: "1234 5678 9"),
        .init(mask: card16, input: "12345678901234567890", output: "1234 5678 9012 3456"),
        .init(mask: card16, input: "4111-1111-1111-1111", output: "4111 1111 1111 1111"),
        .init(mask: card19, input: "1111222233334444", output: "1111 2222 3333 4444 "),
        .init(mask: card19, input: "1111222233334444555", output: "1111 2222 3333 4444 555"),
        .init(mask: expiry, input: "1230", output: "12/30"),
        .init(mask: expiry, input: "12", output: "12/"),
        .init(mask: expiry, input: "12/30", output: "12/30"),
        .init(mask: expiry, input: "1", output: "1"),
        .init(mask: phone, input: "", output: "("),
        .init(mask: phone, input: "555", output: "(555) "),
        .init(mask: phone, input: "5551234567", output: "(555) 123-4567"),
        .init(mask: phone, input: "(555) 123-4567", output: "(555) 123-4567"),
        .init(mask: "{{AA}}", input: "ab", output: ""),
        .init(mask: "{{99}}-{{99}}", input: "12", output: "12-"),
        .init(mask: "+{{99}}", input: "", output: "+"),
        .init(mask: "+{{99}}", input: "12", output: "+12"),
        .init(mask: "+{{99}}", input: "+12", output: "+12"),
        .init(mask: "{{99}}-/{{99}}", input: "12-", output: "12-/"),
        .init(mask: "{{**}}-{{**}}", input: "ab-cd", output: "ab-cd"),
        .init(mask: "{{**}}-{{**}}", input: "a-bcd", output: "a--bc"),
        .init(mask: "{{*}}", input: "👨‍👩‍👧x", output: "👨‍👩‍👧"),
        .init(mask: "{{**}}", input: "e\u{301}🇩🇪x", output: "e\u{301}🇩🇪"),
        .init(mask: "{{9}}", input: "\r\n5", output: "5"),
        .init(mask: "\n{{9}}", input: "\r\n5", output: "\n5"),
        // format does not map other scripts' digits (only editing does), like Connect.
        .init(mask: "{{9}}", input: "٥", output: ""),
    ]

    @Test(arguments: formatCases)
    func formats(_ example: FormatCase) {
        #expect(Mask(example.mask).format(example.input) == example.output)
    }

    struct CursorCase: Sendable, CustomTestStringConvertible {
        let mask: String
        let input: String
        let cursor: Int
        let output: String
        let outputCursor: Int
        var testDescription: String { "\(mask) + \(input) @\(cursor)" }
    }

    static let cursorCases: [CursorCase] = [
        // The verified Connect examples; where Connect was wrong the comment says what it returned.
        .init(mask: card16, input: "1234", cursor: 4, output: "1234 ", outputCursor: 5),
        .init(mask: card16, input: "", cursor: 0, output: "", outputCursor: 0),
        .init(mask: card16, input: "12345678", cursor: 8, output: "1234 5678 ", outputCursor: 10),
        .init(mask: card16, input: "12345678", cursor: 2, output: "1234 5678 ", outputCursor: 2),
        .init(mask: card16, input: "12345678", cursor: 4, output: "1234 5678 ", outputCursor: 5),
        .init(mask: card16, input: "123456789", cursor: 7, output: "1234 5678 9", outputCursor: 8), // Connect: 9
        .init(mask: card16, input: "12a34", cursor: 5, output: "1234 ", outputCursor: 5), // Connect: 6
        .init(mask: card16, input: "1234 5678 9", cursor: 11, output: "1234 5678 9", outputCursor: 11),
        .init(mask: card16, input: "12345678901234567890", cursor: 20,
              output: "1234 5678 9012 3456", outputCursor: 19), // Connect: 23
        .init(mask: expiry, input: "1230", cursor: 4, output: "12/30", outputCursor: 5),
        .init(mask: expiry, input: "12", cursor: 2, output: "12/", outputCursor: 3),
        .init(mask: phone, input: "", cursor: 0, output: "(", outputCursor: 1),
        // Dropped characters before the cursor do not count; the dropped character itself maps to
        // where the next output goes.
        .init(mask: card16, input: "12a34", cursor: 2, output: "1234 ", outputCursor: 2),
        .init(mask: card16, input: "12a34", cursor: 3, output: "1234 ", outputCursor: 2),
        .init(mask: "{{99}}-{{99}}", input: "12a34", cursor: 2, output: "12-34", outputCursor: 3),
        // A consumed literal maps to its own position.
        .init(mask: expiry, input: "12/30", cursor: 2, output: "12/30", outputCursor: 2),
        .init(mask: expiry, input: "12/30", cursor: 3, output: "12/30", outputCursor: 3),
        .init(mask: "+{{99}}", input: "12", cursor: 0, output: "+12", outputCursor: 1),
        // Characters cut at capacity are never reached: the end of the output.
        .init(mask: expiry, input: "123456", cursor: 5, output: "12/34", outputCursor: 5),
        // Out-of-range cursors are clamped.
        .init(mask: card16, input: "1234", cursor: 99, output: "1234 ", outputCursor: 5),
        .init(mask: card16, input: "1234", cursor: -3, output: "1234 ", outputCursor: 0),
        // UTF-16 offsets: an emoji is two units; an offset inside it means that character.
        .init(mask: "{{*}}-{{*}}", input: "😀a", cursor: 2, output: "😀-a", outputCursor: 3),
        .init(mask: "{{*}}-{{*}}", input: "😀a", cursor: 1, output: "😀-a", outputCursor: 0),
        .init(mask: "{{*}}-{{*}}", input: "😀a", cursor: 3, output: "😀-a", outputCursor: 4),
    ]

    @Test(arguments: cursorCases)
    func formatsWithCursor(_ example: CursorCase) {
        let result = Mask(example.mask).format(example.input, cursor: example.cursor)
        #expect(result.text == example.output)
        #expect(result.cursor == example.outputCursor)
        #expect(result.cursor <= result.text.utf16.count)
        #expect(result.text == Mask(example.mask).format(example.input))
    }

    @Test(arguments: [
        (card16, "1234 5678 9", "123456789"),
        (card16, "12 34 5", "12345"),
        (card16, "1234abcd5678", "12345678"),
        (card16, "1234567890123456789", "1234567890123456"),
        (card16, "123456789", "123456789"),
        ("12345", "12345", ""),
        ("", "abc", ""),
        ("{{}}", "abc", ""),
        (expiry, "12/30", "1230"),
        (expiry, "1230", "1230"),
        (phone, "(555) 123-4567", "5551234567"),
        (phone, "5551234567", "5551234567"),
        ("{{**}}-{{**}}", "ab-cd", "abcd"),
        ("+{{99}}", "+12", "12"),
        ("{{*}}{{*}}", "e\u{301}😀", "e\u{301}😀"),
        ("{{AAaa}}", "ABcd", "ABcd"),
        ("{{AAaa}}", "abCD", "CD"),
    ])
    func unformats(mask: String, text: String, value: String) {
        let mask = Mask(mask)
        #expect(mask.unformat(text) == value)
        // Unformatting an unformatted value returns it.
        #expect(mask.unformat(value) == value)
    }

    @Test(arguments: [
        (expiry, "1230", true),
        (expiry, "123", false),
        (expiry, "12/30", true),
        (expiry, "", false),
        (card19, "4111111111111111", false),
        (card19, "4111111111111111111", true),
        (card19, "41111111111111111119999", true),
        ("12345", "", true),
        ("{{a}}", "1", false),
        ("{{a}}", "z", true),
    ])
    func tellsWhetherValueIsComplete(mask: String, value: String, complete: Bool) {
        #expect(Mask(mask).isComplete(value) == complete)
    }

    @Test func formattedTextRedactsItsText() {
        let result = Mask(Self.card16).format("4111111111111111", cursor: 16)
        for shown in [result.description, String(describing: result),
                      String(reflecting: result), "\(Mirror(reflecting: result).children.map { "\($0)" })"] {
            #expect(!shown.contains("4111"))
            #expect(!shown.contains("1111"))
        }
        #expect(result.description.contains("19"))
        #expect(result.cursorIndex == result.text.endIndex)
    }
}
