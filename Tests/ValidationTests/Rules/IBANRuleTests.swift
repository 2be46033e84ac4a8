import Testing
import PaymentFormValidation

/// IBANs from the national examples published in the SWIFT IBAN registry (facts, cited), plus
/// 34-character ones constructed for these tests (check digits computed independently with
/// arbitrary-precision arithmetic: `98 − (BBAN ‖ country ‖ "00" as digits) mod 97`).
@Suite("iban")
struct IBANRuleTests {
    @Test(arguments: [
        ("NO9386011117947", true),                       // Norway, 15 characters (shortest)
        ("GB82WEST12345698765432", true),                // United Kingdom, 22
        ("DE89370400440532013000", true),                // Germany, 22
        ("FR1420041010050500013M02606", true),           // France, 27, letter in the BBAN
        ("MT84MALT011000012345MTLCAST001S", true),       // Malta, 31
        ("LC55HEMM000100010012001200023015", true),      // Saint Lucia, 32
        ("RU0204452560040702810412345678901", true),     // Russia, 33
        ("QA50ABCDEFGHIJ1234567890KLMNOPQRST", true),    // constructed, 34 characters
        ("ZZ88ABCDEFGHIJ1234567890KLMNOPQRST", true),    // constructed, 34 characters
        ("gb82west12345698765432", true),                // lower case
        ("GB82 WEST 1234 5698 7654 32", true),           // printed form
        (" GB82\tWEST\n1234 5698 7654 32 ", true),       // any whitespace
        ("GB82\u{00A0}WEST12345698765432", true),        // no-break space is whitespace too
        ("GB83WEST12345698765432", false),               // bad check digits
        ("GB82WEST12345698765433", false),               // bad account digit
        ("GB82WEST1234569876543", false),                // one character short
        ("NO938601111794", false),                       // 14 characters
        ("QA50ABCDEFGHIJ1234567890KLMNOPQRST1", false),  // 35 characters
        ("", false),
        ("   ", false),
        ("G882WEST12345698765432", false),               // digit where a country letter goes
        ("GBX2WEST12345698765432", false),               // letter where a check digit goes
        ("GB82-WEST-1234-5698-7654-32", false),          // dashes are not whitespace
        ("GB82WEST1234569876543２", false),              // full-width digit
        ("GB82WEST1234569876543٢", false),               // Arabic-Indic digit
        ("GB82WEST12345698765432😀", false),
        ("GB82WESTß2345698765432", false),               // non-ASCII letters are not upper-cased into ASCII
        ("ＧＢ82WEST12345698765432", false),             // full-width letters
        ("GB82WE\u{301}ST12345698765432", false),        // combining mark
    ])
    func iban(value: String, valid: Bool) {
        #expect(passes(.iban, value) == valid)
    }

    @Test(arguments: [
        ("", InputState.incomplete),
        ("g", .incomplete),
        ("GB", .incomplete),
        ("GB8", .incomplete),
        ("GB82 WEST", .incomplete),
        ("GB82WEST12345698765432", .valid),
        ("GB83WEST12345698765432", .incomplete), // 22 characters: more can still fix the checksum
        ("1", .invalid),
        ("GBX", .invalid),
        ("GB82-", .invalid),
        ("QA50ABCDEFGHIJ1234567890KLMNOPQRS", .incomplete), // 33: "T" completes it
        ("QA51ABCDEFGHIJ1234567890KLMNOPQRST", .invalid),   // 34, wrong, nothing can follow
        ("QA50ABCDEFGHIJ1234567890KLMNOPQRST1", .invalid),
    ])
    func inputStates(value: String, state: InputState) {
        #expect(Validator.iban.inputState(of: value, in: anyContext) == state)
    }
}
