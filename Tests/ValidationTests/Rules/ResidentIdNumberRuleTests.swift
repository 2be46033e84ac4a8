import Testing
import PaymentFormValidation

/// `11010519491231002X` is the worked example of GB 11643-1999; the other check characters were
/// computed independently from the ISO 7064 MOD 11-2 definition.
@Suite("residentIdNumber")
struct ResidentIdNumberRuleTests {
    @Test(arguments: [
        ("11010519491231002X", true),
        ("11010519491231002x", true),
        ("110105194912310021", false),   // digit where X belongs
        ("440524188001010014", true),
        ("440524188001010015", false),
        ("44052418800101001X", false),
        ("123456789012345677", true),
        ("123456789012345678", false),
        ("37164870596402359X", true),
        ("37164870596402359x", true),
        ("510105199001011237", true),
        ("123456789012345", true),       // 15 digits, no check character
        ("12345678901234", false),
        ("1234567890123456", false),
        ("12345678901234567", false),
        ("1234567890123456789", false),
        ("+23456789012345", false),      // the old SDKs parse this as a number
        ("12345678901234X", false),
        ("X10519491231002X", false),
        ("11010519491231002Y", false),
        ("", false),
        ("١٢٣٤٥٦٧٨٩٠١٢٣٤٥", false),      // Arabic-Indic digits
        ("１２３４５６７８９０１２３４５", false), // full-width digits
        ("11010519491231002😀", false),
    ])
    func residentId(value: String, valid: Bool) {
        #expect(passes(.residentIdNumber, value) == valid)
    }

    @Test(arguments: [
        ("", InputState.incomplete),
        ("1101", .incomplete),
        ("123456789012345", .valid),
        ("1234567890123456", .incomplete),
        ("11010519491231002", .incomplete),
        ("11010519491231002X", .valid),
        ("110105194912310021", .invalid),
        ("1101a", .invalid),
        ("X", .invalid),
    ])
    func inputStates(value: String, state: InputState) {
        #expect(Validator.residentIdNumber.inputState(of: value, in: anyContext) == state)
    }
}
