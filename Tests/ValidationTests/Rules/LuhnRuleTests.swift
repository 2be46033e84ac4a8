import Testing
import PaymentFormValidation
import PaymentFormTestSupport

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

    /// Random digit strings with spaces against the textbook definition: double every second
    /// digit from the right, subtract 9 from a doubled digit above 9, sum, test the sum mod 10.
    @Test func agreesWithTheTextbookDefinitionOnRandomNumbers() {
        var random = SeededGenerator(seed: 0x4C55_484E)
        var valid = 0
        for _ in 0..<3_000 {
            let value = (0..<Int.random(in: 1...24, using: &random)).map { _ -> String in
                Int.random(in: 0..<8, using: &random) == 0 ? " " : String(Int.random(in: 0...9, using: &random))
            }.joined()
            let digits = value.compactMap(\.wholeNumberValue).reversed()
            let sum = digits.enumerated().reduce(0) { sum, pair in
                let doubled = pair.offset % 2 == 1 ? pair.element * 2 : pair.element
                return sum + (doubled > 9 ? doubled - 9 : doubled)
            }
            let expected = !digits.isEmpty && sum % 10 == 0
            if expected { valid += 1 }
            #expect(passes(.luhn, value) == expected, "\(value)")
        }
        #expect(valid > 200)
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
