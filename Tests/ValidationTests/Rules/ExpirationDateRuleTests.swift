import Testing
import PaymentFormValidation

@Suite("expirationDate")
struct ExpirationDateRuleTests {
    @Test(arguments: [
        // now December 2026: the current month is still valid.
        ("2026-12", "1226", true),
        ("2026-12", "1126", false),
        ("2026-12", "0127", true),
        ("2026-12", "122026", true),
        ("2026-12", "112026", false),
        ("2026-12", "012027", true),
        // now January 2027.
        ("2027-01", "1226", false),
        ("2027-01", "0127", true),
        ("2027-01", "0227", true),
        ("2027-01", "122026", false),
        // the 25-year bound: any month of now.year + 25, nothing of + 26 (calendar years, as the
        // Client API SDKs count them; Validators.md gives the January example).
        ("2026-01", "1251", true),
        ("2026-01", "0152", false),
        ("2026-06", "0151", true),
        ("2026-06", "1251", true),
        ("2026-06", "0152", false),
        ("2026-06", "122051", true),
        ("2026-06", "012052", false),
        ("2026-06", "0126", false),
        ("2026-06", "0626", true),
        // MMYY is read in the century of now; there is no sliding window.
        ("2026-06", "1299", false),      // December 2099: more than 25 years ahead
        ("2099-12", "1299", true),
        ("2099-12", "0100", false),      // January 2000, not 2100 (semantics §2: century of now)
        ("2099-12", "012100", true),     // MMYYYY can name the next century
        ("2000-01", "0100", true),
        // format gate
        ("2026-06", "", false),
        ("2026-06", "1", false),
        ("2026-06", "123", false),
        ("2026-06", "12345", false),
        ("2026-06", "1234567", false),
        ("2026-06", "0030", false),
        ("2026-06", "1330", false),
        ("2026-06", "9930", false),
        ("2026-06", "12/30", false),
        ("2026-06", " 1230", false),
        ("2026-06", "1230 ", false),
        ("2026-06", "12 30", false),
        ("2026-06", "١٢٣٠", false),      // Arabic-Indic digits
        ("2026-06", "１２３０", false),   // full-width digits
        ("2026-06", "12😀0", false),
        ("2026-06", "+230", false),
        ("2026-06", "-230", false),
    ])
    func expiry(now: String, value: String, valid: Bool) {
        #expect(passes(.expirationDate, value, context(now)) == valid)
    }

    @Test(arguments: [
        ("2026-12", "", InputState.incomplete),
        ("2026-12", "0", .incomplete),
        ("2026-12", "1", .incomplete),
        ("2026-12", "12", .incomplete),
        ("2026-12", "122", .incomplete),
        ("2026-12", "1226", .valid),
        ("2026-12", "13", .invalid),
        ("2026-12", "2", .invalid),
        ("2026-12", "00", .invalid),
        ("2026-12", "121", .invalid),      // neither 2026–2051 nor 26–51 starts with 1
        ("2026-12", "1220", .incomplete),  // "122027" as MMYYYY
        ("2026-12", "12202", .incomplete),
        ("2026-12", "122025", .invalid),
        ("2026-12", "0128", .valid),
        ("2026-12", "019", .invalid),      // 2090s are more than 25 years ahead, 19xx is past
        ("2026-12", "12a", .invalid),
        ("2026-12", "1234567", .invalid),
        ("2026-12", "١", .invalid),
    ])
    func inputStates(now: String, value: String, state: InputState) {
        #expect(Validator.expirationDate.inputState(of: value, in: context(now)) == state)
    }
}
