import Testing
import PaymentFormValidation
import PaymentFormTestSupport

@Suite("length")
struct LengthRuleTests {
    static let twoToFive = Validator.length(minLength: 2, maxLength: 5)

    @Test(arguments: [
        ("", false),
        ("a", false),
        ("ab", true),
        ("abcde", true),
        ("abcdef", false),
        ("😀😀", true),                 // two characters, four UTF-16 units
        ("👨‍👩‍👧‍👦", false),          // one grapheme cluster, many scalars
        ("e\u{301}e\u{301}", true),     // two characters with combining marks
        ("\u{0}\u{0}", true),
        ("١٢٣", true),                  // Arabic-Indic digits are characters like any other
    ])
    func countsCharacters(value: String, valid: Bool) {
        #expect(passes(Self.twoToFive, value) == valid)
    }

    /// ASCII text is counted without walking grapheme clusters; CR LF must still be one character.
    @Test(arguments: ["\r\n", "a\r\nb", "\n\r", "\r\r\n", "\r\n\r\n", "\r", "\n", "ab\r", "é\r\n", "\r\ne\u{301}", "\r\n\n"])
    func lineBreaksCountAsCharactersDo(value: String) {
        let count = value.count
        #expect(passes(.length(minLength: count, maxLength: count), value))
        #expect(!passes(.length(minLength: count + 1, maxLength: nil), value))
        #expect(!passes(.length(minLength: 0, maxLength: count - 1), value))
    }

    /// Random text of ASCII, line breaks and combining marks: the rule counts as `String.count`.
    @Test func countsAsStringCountOnRandomText() {
        var random = SeededGenerator(seed: 0x4C45_4E47)
        let pieces = ["a", " ", "\r", "\n", "\r\n", "é", "e\u{301}", "\u{301}", "😀", "\u{0}"]
        for _ in 0..<2_000 {
            let value = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
            let count = value.count
            #expect(passes(.length(minLength: count, maxLength: count), value), "\(value.unicodeScalars.map(\.value))")
            #expect(!passes(.length(minLength: count + 1, maxLength: nil), value))
        }
    }

    @Test(arguments: [
        (Validator.length(minLength: 0, maxLength: nil), "", true),
        (.length(minLength: 0, maxLength: nil), String(repeating: "x", count: 10_000), true),
        (.length(minLength: 3, maxLength: nil), "ab", false),
        (.length(minLength: 0, maxLength: 0), "", true),
        (.length(minLength: 0, maxLength: 0), "a", false),
        (.length(minLength: 5, maxLength: 3), "abcd", false),
    ])
    func absentBounds(validator: Validator, value: String, valid: Bool) {
        #expect(passes(validator, value) == valid)
    }

    @Test(arguments: [
        ("", InputState.incomplete),
        ("a", .incomplete),
        ("ab", .valid),
        ("abcde", .valid),
        ("abcdef", .invalid),
    ])
    func inputStates(value: String, state: InputState) {
        #expect(Self.twoToFive.inputState(of: value, in: anyContext) == state)
    }

    @Test func boundsThatAdmitNothingAreInvalidWhileTyping() {
        #expect(Validator.length(minLength: 5, maxLength: 3).inputState(of: "a", in: anyContext) == .invalid)
    }
}
