import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import Testing
import PaymentFormTestSupport
import PaymentFormFixtures

/// A request validates and sends what the customer typed, less the mask's literals: never a
/// value cut to the mask's capacity (issue: a 16-digit number on the 15-digit Amex form used to
/// validate and encrypt as its first 15 digits).
@Suite("A request keeps every typed character")
struct KeepsWhatWasTypedTests {
    static let now = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    struct Case: CustomTestStringConvertible, Sendable {
        let sample: String
        let field: String
        let typed: String
        let unmasked: String
        let errors: [String]
        var testDescription: String { "\(sample).\(field): \(typed.count) characters typed" }
    }

    static let cases: [Case] = [
        // Beyond the mask's capacity: kept, and the field's own validators judge it.
        Case(sample: "amex", field: "cardNumber", typed: "3782822463100051", unmasked: "3782822463100051", errors: ["length", "luhn"]),
        Case(sample: "amex", field: "cardNumber", typed: "4111 1111 1111 1111", unmasked: "4111111111111111", errors: ["cardNotAccepted", "length"]),
        Case(sample: "visa", field: "cvv", typed: "12345", unmasked: "12345", errors: ["length", "regularExpression"]),
        Case(sample: "visa", field: "expiryDate", typed: "12/300", unmasked: "12300", errors: ["expirationDate", "regularExpression"]),
        Case(sample: "visa", field: "cardNumber", typed: "4111 1111 1111 1111 1111", unmasked: "41111111111111111111", errors: ["length", "luhn"]),
        // What fits is as before.
        Case(sample: "amex", field: "cardNumber", typed: "3782 822463 10005", unmasked: "378282246310005", errors: []),
        Case(sample: "visa", field: "cvv", typed: "123", unmasked: "123", errors: []),
        // Characters the mask filters inside its runs are filtered as `unformat` does.
        Case(sample: "visa", field: "expiryDate", typed: "12-35", unmasked: "1235", errors: []),
        // A four-digit year is read as the mask's two digits, as the form controller reads it.
        Case(sample: "visa", field: "expiryDate", typed: "12/2030", unmasked: "1230", errors: []),
        Case(sample: "visa", field: "expiryDate", typed: "122030", unmasked: "1230", errors: []),
        Case(sample: "visa", field: "expiryDate", typed: "12 / 2030", unmasked: "1230", errors: []),
        // Not a 20xx year or not a month: nothing to read; the whole value is judged.
        Case(sample: "visa", field: "expiryDate", typed: "12/1930", unmasked: "121930", errors: ["expirationDate", "regularExpression"]),
        Case(sample: "visa", field: "expiryDate", typed: "13/2030", unmasked: "132030", errors: ["expirationDate", "regularExpression"]),
    ]

    @Test("the unmasked value keeps what the mask cannot hold; validation judges it", arguments: cases)
    func keptAndJudged(_ example: Case) throws {
        var request = PaymentRequest(product: try Fixtures.sample(example.sample))
        try request.setValue(example.typed, forField: example.field)
        #expect(request.unmaskedValue(forField: example.field) == example.unmasked)
        let report = request.validate(in: Self.now)
        #expect(report.errors(forField: example.field).map(\.errorId) == example.errors)
    }

    @Test("a Visa number on the American Express form is not accepted and too long, not a Luhn failure")
    func visaOnAmex() throws {
        var request = PaymentRequest(product: try Fixtures.sample("amex"))
        try request.setValue("4111111111111111", forField: "cardNumber")
        #expect(request.validate(in: Self.now).errors(forField: "cardNumber").map(\.errorId) == ["cardNotAccepted", "length"])
    }

    @Test("the shown value never hides a typed character")
    func maskedValueShowsTheRest() throws {
        var request = PaymentRequest(product: try Fixtures.sample("amex"))
        try request.setValue("3782822463100051", forField: "cardNumber")
        #expect(request.maskedValue(forField: "cardNumber") == "3782 822463 100051")
    }

    @Test("what is encrypted is what was typed: the payload holds all 16 digits, or nothing is prepared")
    func payloadHoldsEveryDigit() throws {
        // A 16-digit number on a product whose rules accept it but whose mask holds 15: the
        // payload carries all 16 digits (before, the 16th was silently dropped).
        let field = #"{"id": "cardNumber", "type": "numericstring", "displayHints": {"mask": "{{9999}} {{999999}} {{99999}}", "#
            + #""formElement": {"type": "text"}}, "dataRestrictions": {"isRequired": true, "validators": {"length": {"minLength": 15, "maxLength": 16}}}}"#
        let product = try Fixtures.decode(PaymentProduct.self, Fixtures.product(fields: "[\(field)]")).value
        var request = PaymentRequest(product: product)
        try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
        let report = request.validate(in: Self.now)
        #expect(report.isValid)
        #expect(report.values.map(\.value) == ["4111111111111111"])
    }
}
