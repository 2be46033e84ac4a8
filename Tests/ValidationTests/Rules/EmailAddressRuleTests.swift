import Testing
import PaymentFormValidation

/// Samples from the Client SDK test suites (research/client-sdks.md §2.2) and the edges of the
/// shape semantics §2 defines.
@Suite("emailAddress")
struct EmailAddressRuleTests {
    @Test(arguments: [
        ("a@b.cd", true),
        ("john.doe@example.com", true),
        ("JOHN.DOE@EXAMPLE.COM", true),
        ("a b@c.de", true),                          // spaces are allowed by the API's pattern
        ("\"Fred Bloggs\"@example.com", true),        // SDK test: valid
        ("\"Abc@def\"@example.com", false),          // SDK test: invalid (two @)
        ("a..b@c.de", false),
        ("a@b.c", false),                            // last label shorter than 2
        ("@b.cd", false),
        ("a@bcd", false),                            // a single domain label
        ("a@b@c.de", false),
        ("a@.b.cd", false),
        ("a@b..cd", false),
        ("a@b.cd.", false),
        (".a@b.cd", false),
        ("a.@b.cd", false),
        ("a@sub.domain.example.co", true),
        ("müller@bücher.de", true),                  // non-ASCII labels are allowed
        ("a@b.😀😀", true),                           // two characters
        ("a@b.😀", false),                            // one character, two UTF-16 units
        ("a@b.e\u{301}", false),                      // one character with a combining mark
        ("", false),
        ("@", false),
        ("a", false),
        ("a@", false),
    ])
    func email(value: String, valid: Bool) {
        #expect(passes(.emailAddress, value) == valid)
    }

    @Test(arguments: [
        ("", InputState.incomplete),
        ("john", .incomplete),
        ("john.", .incomplete),
        ("john@", .incomplete),
        ("john@example", .incomplete),
        ("john@example.", .incomplete),
        ("john@example.c", .incomplete),
        ("john@example.com", .valid),
        ("@", .invalid),
        (".john", .invalid),
        ("john..", .invalid),
        ("john@@", .invalid),
        ("john@example..", .invalid),
    ])
    func inputStates(value: String, state: InputState) {
        #expect(Validator.emailAddress.inputState(of: value, in: anyContext) == state)
    }
}
