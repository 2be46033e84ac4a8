import Testing
@testable import PaymentFormEngine
import PaymentFormTestSupport
import PaymentFormFixtures

/// `PaymentRequest.validateAsSent(in:)`: what a server that decrypted a payload judges, with no
/// mask applied, against `validate(in:)`, which reads typed values through the mask first.
@Suite("Validation of values as sent")
struct ValidateAsSentTests: SampleRequestBuilding {
    static let now = ValidationContext(now: YearMonth(year: 2026, month: 11)!)


    static let good = ["cardNumber": "4111111111111111", "expiryDate": "1230", "cvv": "123"]

    @Test("what a client sends (unmasked, valid) is valid as sent, with the same values in the report")
    func validAsSent() throws {
        let request = try request("visa", Self.good)
        let report = request.validateAsSent(in: Self.now)
        #expect(report.isValid, "\(report)")
        #expect(report == request.validate(in: Self.now))
    }

    @Test("a value no client sends fails as sent although the mask reads it as valid", arguments: [
        ("cvv", "1a23", ["cvv.regularExpression", "cvv.numericString"]),
        ("cardNumber", "4111 1111 1111 1111", ["cardNumber.numericString"]),
        ("cardNumber", "4111x1111y1111z1111", ["cardNumber.luhn", "cardNumber.numericString"]),
        ("expiryDate", "12/30", ["expiryDate.expirationDate", "expiryDate.regularExpression"]),
    ])
    func maskedValuesFail(field: String, value: String, expected: [String]) throws {
        var values = Self.good
        values[field] = value
        let request = try request("visa", values)
        #expect(request.validate(in: Self.now).isValid, "the mask reads \(field) as valid")
        #expect(errors(request.validateAsSent(in: Self.now)) == expected)
    }

    @Test("accounts on file and required fields count as in validate(in:)")
    func sameRules() throws {
        #expect(errors(try request("visa", [:]).validateAsSent(in: Self.now)) == ["cardNumber.required", "expiryDate.required", "cvv.required"])
        // A read-only card number of the account is neither judged nor sent.
        let account = try request("mastercard-accounts-on-file", account: "1001", ["cvv": "123", "cardNumber": "x"])
        let report = account.validateAsSent(in: Self.now)
        #expect(report == account.validate(in: Self.now))
        #expect(!report.values.contains { $0.fieldId == "cardNumber" })
    }
}
