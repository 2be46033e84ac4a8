import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport
import PaymentFormFixtures

/// Whole-request validation (accounts on file, required fields, validators), rule by rule, on the shipped samples.
@Suite("Payment request validation")
struct PaymentRequestTests: SampleRequestBuilding {
    static let now = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    @Test("a complete, correct card request is valid; masked and unmasked input alike")
    func validCard() throws {
        for values in [
            ["cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "123"],
            ["cardNumber": "4111111111111111", "expiryDate": "1230", "cvv": "123", "cardholderName": "Zoë O'Brien-Ñúñez"],
        ] {
            let report = try request("visa", values).validate(in: Self.now)
            #expect(report.isValid, "\(report)")
        }
    }

    @Test("every failing validator is reported, in display order then definition order")
    func errorOrder() throws {
        let report = try request("visa", ["cvv": "12", "cardNumber": "4111 1111 1111 1112", "expiryDate": "13/99", "cardholderName": "x"]).validate(in: Self.now)
        #expect(errors(report) == [
            "cardNumber.luhn", "expiryDate.expirationDate", "expiryDate.regularExpression",
            "cvv.length", "cvv.regularExpression", "cardholderName.length",
        ])
        let length = try #require(report.errors.first(where: { $0.fieldId == "cvv" }))
        #expect(length.error[parameter: "minLength"] == 3)
        #expect(length.error[parameter: "maxLength"] == 4)
    }

    @Test("required fields without a value are `required`; validators do not run on empty values")
    func required() throws {
        let report = try request("visa", [:]).validate(in: Self.now)
        #expect(errors(report) == ["cardNumber.required", "expiryDate.required", "cvv.required"])
        // A value of mask literals only is empty once unmasked.
        let literals = try request("visa", ["cardNumber": "    ", "expiryDate": "/", "cvv": "123"]).validate(in: Self.now)
        #expect(errors(literals) == ["cardNumber.required", "expiryDate.required"])
    }

    @Test("empty optional fields are neither required nor validated nor sent")
    func emptyOptional() throws {
        let report = try request("sepa-direct-debit", [
            "iban": "DE89 3704 0044 0532 0130 00", "accountHolderName": "Zoë Ñúñez", "termsAndConditions": "true", "emailAddress": "",
        ]).validate(in: Self.now)
        #expect(report.isValid, "\(report)")
        #expect(report.values.map(\.fieldId) == ["iban", "accountHolderName", "termsAndConditions"])
        #expect(report.values.first?.value == "DE89370400440532013000")
    }

    @Test("direct debit: IBAN, e-mail, range and terms rules")
    func directDebit() throws {
        let report = try request("sepa-direct-debit", [
            "iban": "DE89 3704 0044 0532 0130 01", "accountHolderName": "Ann", "emailAddress": "ann@example",
            "debitDay": "29", "termsAndConditions": "TRUE",
        ]).validate(in: Self.now)
        #expect(errors(report) == ["iban.iban", "emailAddress.emailAddress", "debitDay.range", "termsAndConditions.termsAndConditions"])
        let range = try #require(report.errors.first(where: { $0.errorId == "range" }))
        #expect(range.error.parameters.map(\.name) == ["minValue", "maxValue"])
    }

    @Test("list fields: no value is pre-selected; a value outside the list fails fixedList")
    func listField() throws {
        let ideal = try request("ideal", [:])
        #expect(ideal.value(forField: "issuerId") == nil)
        #expect(errors(ideal.validate(in: Self.now)) == ["issuerId.required"])
        #expect(errors(try request("ideal", ["issuerId": "abnanl2a"]).validate(in: Self.now)) == ["issuerId.fixedList"])
        #expect(try request("ideal", ["issuerId": "RABONL2U"]).validate(in: Self.now).isValid)
    }

    @Test("READ_ONLY: skipped, a supplied value ignored (not validated, not sent)")
    func readOnly() throws {
        let report = try request("mastercard-accounts-on-file", account: "1001", ["cardNumber": "not a card", "cvv": "123"]).validate(in: Self.now)
        #expect(report.isValid, "\(report)")
        #expect(!report.values.contains(where: { $0.fieldId == "cardNumber" }))
    }

    @Test("CAN_WRITE: empty keeps the stored value (nothing validated or sent); a new value is validated")
    func canWrite() throws {
        let kept = try request("mastercard-accounts-on-file", account: "1001", ["cvv": "123"]).validate(in: Self.now)
        #expect(kept.isValid)
        #expect(kept.values.map(\.fieldId) == ["cvv"])
        let changed = try request("mastercard-accounts-on-file", account: "1001", ["cvv": "123", "expiryDate": "01/20", "cardholderName": "R"]).validate(in: Self.now)
        #expect(errors(changed) == ["expiryDate.expirationDate", "cardholderName.length"])
    }

    @Test("MUST_WRITE: an empty value is required even for an optional field; a value is validated")
    func mustWrite() throws {
        #expect(errors(try request("mastercard-accounts-on-file", account: "1001", [:]).validate(in: Self.now)) == ["cvv.required"])
        #expect(errors(try request("mastercard-accounts-on-file", account: "1001", ["cvv": "1"]).validate(in: Self.now)) == ["cvv.length", "cvv.regularExpression"])
        // Account 1002: the expiry date must be written again; name and number are read-only; the
        // CVV has no attribute, so it follows the product's own rules.
        #expect(errors(try request("mastercard-accounts-on-file", account: "1002", [:]).validate(in: Self.now)) == ["expiryDate.required", "cvv.required"])
        let ok = try request("mastercard-accounts-on-file", account: "1002", ["expiryDate": "0331", "cvv": "999"]).validate(in: Self.now)
        #expect(ok.isValid)
        #expect(ok.values.map(\.fieldId) == ["expiryDate", "cvv"])
    }

    @Test("without an account on file, the same product validates every field")
    func noAccount() throws {
        #expect(errors(try request("mastercard-accounts-on-file", [:]).validate(in: Self.now)) == ["cardNumber.required", "expiryDate.required", "cvv.required"])
    }

    @Test("unknown fields and accounts on file are refused with a typed error")
    func unknownIds() throws {
        var request = PaymentRequest(product: try Fixtures.sample("visa"))
        #expect(throws: PaymentRequestError.unknownField("iban")) { try request.setValue("x", forField: "iban") }
        #expect(throws: PaymentRequestError.unknownAccountOnFile("1001")) { try request.selectAccountOnFile(withId: "1001") }
    }

    @Test("masked and unmasked values; descriptions never show them")
    func valuesAndRedaction() throws {
        let request = try request("visa", ["cardNumber": "4111111111111111", "cvv": "737", "expiryDate": "1230"])
        #expect(request.maskedValue(forField: "cardNumber") == "4111 1111 1111 1111 ")
        #expect(request.unmaskedValue(forField: "cardNumber") == "4111111111111111")
        #expect(request.unmaskedValue(forField: "expiryDate") == "1230")
        var dumped = ""
        dump(request, to: &dumped)
        for text in [String(describing: request), String(reflecting: request), dumped, String(describing: request.validate(in: Self.now))] {
            #expect(!text.contains("4111"))
            #expect(!text.contains("737"))
            #expect(!text.contains("1230"))
        }
    }

    @Test("as-you-type state of a field", arguments: [
        ("cardNumber", "", InputState.incomplete), ("cardNumber", "4111", .incomplete), ("cardNumber", "4111 1111 1111 1111", .valid),
        ("cardNumber", "4111 1111 1111 1112", .incomplete), ("expiryDate", "1", .incomplete), ("expiryDate", "13", .invalid),
        ("cardholderName", "", .valid), ("cvv", "12", .incomplete),
    ])
    func inputState(field: String, value: String, expected: InputState) throws {
        let request = try request("visa", [field: value])
        #expect(try request.inputState(ofField: field, in: Self.now) == expected)
    }

    @Test("boletoBancarioRequiredness makes a field required when the fiscal number has that length")
    func boleto() throws {
        let json = Fixtures.product(fields: "[" + [
            Fixtures.field(id: "fiscalNumber"),
            Fixtures.field(id: "stateCode", #""dataRestrictions": {"validators": {"boletoBancarioRequiredness": {"fiscalNumberLength": 14}}}"#),
        ].joined(separator: ",") + "]")
        let product = try PaymentProduct.decode(from: Array(json.utf8)).value
        var request = PaymentRequest(product: product)
        try request.setValue("12345678901", forField: "fiscalNumber")
        #expect(request.validate(in: Self.now).isValid)
        try request.setValue("12345678901234", forField: "fiscalNumber")
        #expect(request.validate(in: Self.now).errors.map(\.description) == ["stateCode: required"])
        try request.setValue("SP", forField: "stateCode")
        #expect(request.validate(in: Self.now).isValid)
    }
}

@Suite("As-you-type state with limits and accounts on file")
struct InputStateLimitTests {
    static let june2026 = ValidationContext(now: YearMonth(year: 2026, month: 6)!)

    @Test("a value at the field's maximum length that fails a validator is invalid, not incomplete", arguments: [
        ("expiryDate", "12/20", InputState.invalid), ("expiryDate", "122", .incomplete), ("expiryDate", "12/30", .valid),
        ("cardNumber", "4111 1111 1111 1111 112", .invalid), ("cardNumber", "4111 1111 1111 1112", .incomplete),
        ("cvv", "12", .incomplete), ("cardNumber", "5555 5555 5555 4445", .invalid), ("cardNumber", "5555 5555 5555 444", .incomplete),
    ])
    func maximumLength(field: String, value: String, expected: InputState) throws {
        // Mastercard numbers on Mastercard's product, Visa numbers on Visa's.
        let sample = value.hasPrefix("5555") ? "mastercard-accounts-on-file" : "visa"
        var request = PaymentRequest(product: try Fixtures.sample(sample))
        try request.setValue(value, forField: field)
        #expect(try request.inputState(ofField: field, in: Self.june2026) == expected)
    }

    @Test("the field's maximum value length is the tightest of its mask and its length rule")
    func maximumValueLength() throws {
        let visa = try Fixtures.sample("visa")
        #expect(visa.field(withId: "cardNumber")?.maximumValueLength == 19)
        #expect(visa.field(withId: "expiryDate")?.maximumValueLength == 4)
        #expect(visa.field(withId: "cardholderName")?.maximumValueLength == 51)
        #expect(try Fixtures.sample("sepa-direct-debit").field(withId: "debitDay")?.maximumValueLength == nil)
    }

    @Test("the selected account on file counts: read-only valid, MUST_WRITE required; unknown fields throw")
    func accountOnFile() throws {
        var request = PaymentRequest(product: try Fixtures.sample("mastercard-accounts-on-file"))
        #expect(try request.inputState(ofField: "cardNumber", in: Self.june2026) == .incomplete)
        try request.selectAccountOnFile(withId: "1001")
        #expect(try request.inputState(ofField: "cardNumber", in: Self.june2026) == .valid)     // READ_ONLY
        #expect(try request.inputState(ofField: "expiryDate", in: Self.june2026) == .valid)     // CAN_WRITE, kept
        #expect(try request.inputState(ofField: "cvv", in: Self.june2026) == .incomplete)       // MUST_WRITE
        try request.setValue("1220", forField: "expiryDate")
        #expect(try request.inputState(ofField: "expiryDate", in: Self.june2026) == .invalid)
        #expect(throws: PaymentRequestError.unknownField("nope")) { try request.inputState(ofField: "nope", in: Self.june2026) }
    }
}
