import Testing
import PaymentFormValidation

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
