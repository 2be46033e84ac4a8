import Testing
@testable import PaymentFormMasking

/// The grammar: which patterns give which slots, literals and runs.
struct MaskTests {
    struct GrammarCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let capacity: Int
        let input: String
        let formatted: String
        var testDescription: String { "\(pattern) + \(input)" }
    }

    static let grammar: [GrammarCase] = [
        // Each placeholder kind.
        .init(pattern: "{{9}}", capacity: 1, input: "x5", formatted: "5"),
        .init(pattern: "{{a}}", capacity: 1, input: "AéB1b", formatted: "b"),
        .init(pattern: "{{A}}", capacity: 1, input: "aéB", formatted: "B"),
        .init(pattern: "{{*}}", capacity: 1, input: "é9", formatted: "é"),
        .init(pattern: "{{9aA*}}", capacity: 4, input: "1bC?", formatted: "1bC?"),
        .init(pattern: "{{9aA*}}", capacity: 4, input: "xx1ZbQC!", formatted: "1bQC"),
        // Any other character inside braces accepts nothing and swallows the rest (Connect behaviour).
        .init(pattern: "{{x}}", capacity: 1, input: "123", formatted: ""),
        .init(pattern: "{{9x9}}", capacity: 3, input: "123", formatted: "1"),
        // 9 a A * outside braces are literals.
        .init(pattern: "9a-A*", capacity: 0, input: "", formatted: "9a-A*"),
        .init(pattern: "9a-A*", capacity: 0, input: "zzz", formatted: "9a-A*"),
        .init(pattern: "9{{9}}a", capacity: 1, input: "5", formatted: "95a"),
        .init(pattern: "9{{9}}a", capacity: 1, input: "95a", formatted: "95a"),
        // Lone braces are ordinary text.
        .init(pattern: "{9}", capacity: 0, input: "", formatted: "{9}"),
        .init(pattern: "{{9}}}", capacity: 1, input: "1", formatted: "1}"),
        .init(pattern: "{{{9}}", capacity: 2, input: "12", formatted: ""),
        .init(pattern: "}{{9}}{", capacity: 1, input: "7", formatted: "}7{"),
        // Empty mask, no placeholders, empty group.
        .init(pattern: "", capacity: 0, input: "abc", formatted: ""),
        .init(pattern: "12345", capacity: 0, input: "12345", formatted: "12345"),
        .init(pattern: "{{}}", capacity: 0, input: "1", formatted: ""),
        // An unclosed {{ runs to the end of the pattern.
        .init(pattern: "{{99", capacity: 2, input: "123", formatted: "12"),
        .init(pattern: "-{{99", capacity: 2, input: "", formatted: "-"),
        // A nested {{ changes nothing; literals split by an empty group or a stray }} are one run.
        .init(pattern: "{{99{{99}}", capacity: 4, input: "12345", formatted: "1234"),
        .init(pattern: "a}}b{{9}}", capacity: 1, input: "", formatted: "ab"),
        .init(pattern: "a{{}}b{{9}}", capacity: 1, input: "a", formatted: "ab"),
        // Non-BMP literals are measured as characters, not UTF-16 (a Connect tokeniser bug).
        .init(pattern: "😀{{99}}😀", capacity: 2, input: "12", formatted: "😀12😀"),
    ]

    @Test(arguments: grammar)
    func parsesPattern(_ example: GrammarCase) {
        let mask = Mask(example.pattern)
        #expect(mask.pattern == example.pattern)
        #expect(mask.capacity == example.capacity)
        #expect(mask.hasPlaceholders == (example.capacity > 0))
        #expect(mask.format(example.input) == example.formatted)
    }

    @Test(arguments: [
        ("{{9999}}/{{aaaa}}+{{****}}", "{{****}}/{{****}}+{{****}}"),
        ("{{99}}/{{99}}", "{{**}}/{{**}}"),
        ("9{{x}}9", "9{{*}}9"),
        ("{{99", "{{**"),
        ("{9}", "{9}"),
        ("", ""),
        ("{{{9}}}", "{{**}}}"),
    ])
    func relaxesEveryPlaceholder(pattern: String, relaxed: String) {
        #expect(Mask(pattern).relaxed.pattern == relaxed)
        #expect(Mask(pattern).relaxed.capacity == Mask(pattern).capacity)
    }

    @Test func relaxedMaskFormatsHiddenAccountOnFileValues() {
        let mask = Mask("{{9999}} {{9999}} {{9999}} {{9999}}")
        #expect(mask.format("************4242") == "4242 ")
        #expect(mask.relaxed.format("************4242") == "**** **** **** 4242")
        #expect(mask.relaxed.format("4012XXXXXXXX0026") == "4012 XXXX XXXX 0026")
    }

    @Test func equalityAndDescriptionFollowThePattern() {
        #expect(Mask("{{99}}/{{99}}") == Mask("{{99}}/{{99}}"))
        #expect(Mask("{{99}}/{{99}}") != Mask("{{99}}-{{99}}"))
        #expect(Set([Mask("{{9}}"), Mask("{{9}}"), Mask("{{a}}")]).count == 2)
        #expect(Mask("{{99}}/{{99}}").description == "{{99}}/{{99}}")
        #expect(String(reflecting: Mask("{{9}}")) == #"Mask("{{9}}")"#)
    }
}

/// `formattedCapacity`: placeholders count one UTF-16 unit, literals their own length, and
/// literals after the last placeholder not at all; the ASCII and the non-ASCII literal storage
/// agree.
struct MaskFormattedCapacityTests {
    @Test("formattedCapacity", arguments: [
        ("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", 23),
        ("{{99}}/{{99}}", 5),
        ("{{9999}}", 4),
        ("{{99}}/{{99}} ", 5),
        ("(+{{99}}) {{999}}", 9),
        ("{{99}} → {{99}}", 7),
        ("{{99}}😀{{99}}", 6),
        ("9a-A*", 0),
        ("", 0),
        ("{{*}}€", 1),
    ])
    func formattedCapacity(pattern: String, expected: Int) {
        #expect(Mask(pattern).formattedCapacity == expected)
    }
}

/// `unformatKeepingOverflow` and `overflow(of:)`: the request path's unmask, which keeps what the
/// mask cannot hold, as typed; `unformat` itself still cuts (the Connect-compatible masking).
struct MaskOverflowTests {
    @Test("known answers", arguments: [
        // pattern, text, unformat, overflow
        ("{{9999}} {{999999}} {{99999}}", "3782822463100051", "378282246310005", "1"),
        ("{{99}}/{{99}}", "12/300", "1230", "0"),
        ("{{99}}/{{99}}", "12/30/1", "1230", "/1"),
        ("{{99}}/{{99}}", "12-35", "1235", ""),
        ("{{99}}/{{99}}", "12/3", "123", ""),
        ("{{9999}} {{9999}} {{9999}} {{9999}}", "4111 1111 1111 1111 ", "4111111111111111", " "),
        ("{{9999}}", "12345678", "1234", "5678"),
        ("{{9999}}", "١٢٣٤٥", "", ""),                  // non-ASCII digits fit no slot: filtered as before
        ("{{**}}", "é😀🇩🇪x", "é😀", "🇩🇪x"),              // characters, not code units
        ("+{{99}})", "+12)3", "12", "3"),
        ("no placeholders", "abc", "", "bc"),        // the literal `a` consumes the `a`
    ])
    func knownAnswers(pattern: String, text: String, unformatted: String, overflow: String) {
        let mask = Mask(pattern)
        #expect(mask.unformat(text) == unformatted)
        #expect(mask.overflow(of: text) == overflow)
        #expect(mask.unformatKeepingOverflow(text) == unformatted + overflow)
    }
}
