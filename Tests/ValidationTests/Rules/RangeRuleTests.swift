import Testing
import PaymentFormValidation

@Suite("range")
struct RangeRuleTests {
    static let oneToHundred = Validator.range(minValue: 1, maxValue: 100)
    static let fullInt = Validator.range(minValue: Int.min, maxValue: Int.max)

    @Test(arguments: [
        ("", false),
        ("1", true),
        ("100", true),
        ("0", false),
        ("101", false),
        ("+5", true),
        ("-5", false),
        ("007", true),
        ("45abc", false),
        (" 45", false),
        ("45 ", false),
        ("4.5", false),
        ("1e3", false),
        ("1,000", false),
        ("+", false),
        ("-", false),
        ("+-5", false),
        ("٤٥", false),             // Arabic-Indic digits
        ("４５", false),            // full-width digits
        ("4\u{301}", false),        // digit with a combining mark
        ("😀", false),
        ("000000000000000000000000000042", true), // leading zeros beyond 64 bits of digits
    ])
    func integerLiteralsOnly(value: String, valid: Bool) {
        #expect(passes(Self.oneToHundred, value) == valid)
    }

    @Test(arguments: [
        ("9223372036854775807", true),
        ("9223372036854775808", false),
        ("-9223372036854775808", true),
        ("-9223372036854775809", false),
        ("18446744073709551615", false),    // UInt64.max
        ("18446744073709551616", false),    // beyond UInt64
        ("123456789012345678901234567890", false),
        ("-123456789012345678901234567890", false),
        ("0", true),
        ("-0", true),
    ])
    func sixtyFourBitBoundsNeverTrap(value: String, valid: Bool) {
        #expect(passes(Self.fullInt, value) == valid)
    }

    @Test(arguments: [
        (Validator.range(minValue: nil, maxValue: nil), "123456789012345678901234567890", true),
        (.range(minValue: nil, maxValue: nil), "-123456789012345678901234567890", true),
        (.range(minValue: 0, maxValue: nil), "123456789012345678901234567890", true),
        (.range(minValue: 0, maxValue: nil), "-123456789012345678901234567890", false),
        (.range(minValue: nil, maxValue: 0), "-123456789012345678901234567890", true),
        (.range(minValue: -10, maxValue: -5), "-7", true),
        (.range(minValue: -10, maxValue: -5), "-4", false),
        (.range(minValue: -10, maxValue: -5), "-11", false),
        (.range(minValue: 5, maxValue: 1), "3", false),
        (.range(minValue: 0, maxValue: 0), "-0", true),
    ])
    func absentAndNegativeBounds(validator: Validator, value: String, valid: Bool) {
        #expect(passes(validator, value) == valid)
    }

    @Test(arguments: [
        (Validator.range(minValue: 1, maxValue: 100), "", InputState.incomplete),
        (.range(minValue: 1, maxValue: 100), "+", .incomplete),
        (.range(minValue: 1, maxValue: 100), "-", .invalid),      // only negatives or zero follow
        (.range(minValue: 1, maxValue: 100), "1", .valid),
        (.range(minValue: 1, maxValue: 100), "0", .incomplete),   // "01"
        (.range(minValue: 1, maxValue: 100), "10", .valid),
        (.range(minValue: 1, maxValue: 100), "101", .invalid),
        (.range(minValue: 1, maxValue: 100), "1000", .invalid),
        (.range(minValue: 1, maxValue: 100), "4a", .invalid),
        (.range(minValue: 50, maxValue: 60), "5", .incomplete),
        (.range(minValue: 50, maxValue: 60), "6", .incomplete),
        (.range(minValue: 50, maxValue: 60), "7", .invalid),
        (.range(minValue: 50, maxValue: 60), "61", .invalid),
        (.range(minValue: 50, maxValue: nil), "7", .incomplete),
        (.range(minValue: 1000, maxValue: 2000), "2", .incomplete),
        (.range(minValue: 1000, maxValue: 2000), "3", .invalid),
        (.range(minValue: -10, maxValue: -5), "-", .incomplete),
        (.range(minValue: -10, maxValue: -5), "-1", .incomplete),
        (.range(minValue: -10, maxValue: -5), "-2", .invalid),
        (.range(minValue: -10, maxValue: -5), "+", .invalid),
        (.range(minValue: 0, maxValue: 10), "-", .incomplete),     // "-0" is zero
        (.range(minValue: 1, maxValue: 10), "-0", .invalid),
        (.range(minValue: nil, maxValue: nil), "123456789012345678901234567890", .valid),
        (.range(minValue: Int.min, maxValue: Int.max), "92233720368547758070", .invalid),
        (.range(minValue: Int.max - 10, maxValue: Int.max), "922337203685477580", .incomplete),
        (.range(minValue: Int.min, maxValue: Int.max), "922337203685477580", .valid),
    ])
    func inputStates(validator: Validator, value: String, state: InputState) {
        #expect(validator.inputState(of: value, in: anyContext) == state)
    }
}
