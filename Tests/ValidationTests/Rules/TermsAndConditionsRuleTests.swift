import Testing
import PaymentFormValidation

@Suite("termsAndConditions")
struct TermsAndConditionsRuleTests {
    @Test(arguments: [
        ("true", true),
        ("TRUE", false),
        ("True", false),
        ("1", false),
        ("yes", false),
        ("false", false),
        (" true", false),
        ("true ", false),
        ("", false),
        ("ｔｒｕｅ", false),
    ])
    func exactlyTrue(value: String, valid: Bool) {
        #expect(passes(.termsAndConditions, value) == valid)
    }

    @Test(arguments: [
        ("", InputState.incomplete),
        ("tr", .incomplete),
        ("true", .valid),
        ("false", .invalid),
        ("truee", .invalid),
    ])
    func inputStates(value: String, state: InputState) {
        #expect(Validator.termsAndConditions.inputState(of: value, in: anyContext) == state)
    }
}
