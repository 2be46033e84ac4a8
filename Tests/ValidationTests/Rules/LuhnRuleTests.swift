import Testing
import PaymentFormValidation

@Suite("luhn")
struct LuhnRuleTests {
    @Test(arguments: [
        ("4111111111111111", true),
        ("4111 1111 1111 1111", true),
        (" 4111111111111111 ", true),
        ("4111111111111112", false),
        ("4111-1111-1111-1111", false),
        ("0", true),
        ("00", true),
        ("", false),
        (" ", false),
        ("   ", false),
        ("79927398713", true),          // the classic Luhn example
        ("79927398710", false),
        ("5555555555554444", true),     // Mastercard test PAN
        ("378282246310005", true),      // American Express test PAN (15 digits)
        ("6011111111111117", true),     // Discover test PAN
        ("4111111111111111x", false),
        ("x4111111111111111", false),
        ("٤١١١١١١١١١١١١١١١", false),  // Arabic-Indic digits
        ("４１１１１１１１１１１１１１１１", false), // full-width digits
        ("4111111111111111😀", false),
        ("4\u{301}111111111111111", false),
        ("4111\t1111 1111 1111", false), // only spaces are ignored
        ("4111\u{0}111111111111", false),
    ])
    func checksum(value: String, valid: Bool) {
        #expect(passes(.luhn, value) == valid)
    }

    @Test func longInputsDoNotOverflow() {
        #expect(passes(.luhn, String(repeating: "9", count: 99_999)) == false)  // 18 per pair + 9
        #expect(passes(.luhn, String(repeating: "9", count: 100_000)))          // 18 per pair
        #expect(passes(.luhn, String(repeating: "0", count: 100_000)))
    }

    @Test(arguments: [
        ("", InputState.incomplete),
        ("4", .incomplete),
        ("4111", .incomplete),
        ("4111 ", .incomplete),
        ("4111x", .invalid),
        ("4111-", .invalid),
        ("4111111111111111", .valid),
        ("4111111111111112", .incomplete), // another digit could still complete it
        ("٤", .invalid),
    ])
    func inputStates(value: String, state: InputState) {
        #expect(Validator.luhn.inputState(of: value, in: anyContext) == state)
    }
}
