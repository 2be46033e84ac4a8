import Testing
import PaymentFormValidation

@Suite("fixedList")
struct FixedListRuleTests {
    static let cards = Validator.fixedList(allowedValues: ["visa", "mastercard", "é"])

    @Test(arguments: [
        ("visa", true),
        ("mastercard", true),
        ("VISA", false),
        ("Visa", false),
        ("visa ", false),
        (" visa", false),
        ("vis", false),
        ("", false),
        ("é", true),                 // U+00E9, as listed
        ("e\u{301}", false),         // canonically equivalent but not the same value on the wire
        ("😀", false),
    ])
    func exactMatch(value: String, valid: Bool) {
        #expect(passes(Self.cards, value) == valid)
    }

    @Test(arguments: ["", "a", "visa", "😀"])
    func emptyListAcceptsNothing(value: String) {
        #expect(!passes(.fixedList(allowedValues: []), value))
        #expect(Validator.fixedList(allowedValues: []).inputState(of: value, in: anyContext) == .invalid)
    }

    @Test func emptyStringIsAcceptedWhenListed() {
        #expect(passes(.fixedList(allowedValues: [""]), ""))
    }

    @Test(arguments: [
        ("", InputState.incomplete),
        ("v", .incomplete),
        ("mast", .incomplete),
        ("visa", .valid),
        ("visas", .invalid),
        ("x", .invalid),
    ])
    func inputStates(value: String, state: InputState) {
        #expect(Self.cards.inputState(of: value, in: anyContext) == state)
    }
}
