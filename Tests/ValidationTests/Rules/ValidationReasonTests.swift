import Testing
import PaymentFormValidation

/// The reason a failing value reports: what exactly is wrong, so its message can say it.
@Suite("Validation reasons")
struct ValidationReasonTests {
    @Test("expirationDate: incomplete, month, expired, too far ahead (June 2026)", arguments: [
        ("02", .incomplete), ("0", .incomplete), ("", .incomplete), ("123", .incomplete),
        ("12203", .incomplete), ("1330", .invalidMonth), ("0030", .invalidMonth), ("132030", .invalidMonth),
        ("1220", .expired), ("0526", .expired), ("052026", .expired), ("1299", .tooFarAhead), ("012052", .tooFarAhead),
        ("12/30", nil), ("1234567", nil), ("ab12", nil), ("١٢٣٠", nil),
    ] as [(String, ValidationReason?)])
    func expirationDate(value: String, reason: ValidationReason?) throws {
        let error = try #require(Validator.expirationDate.validate(value, in: anyContext))
        #expect(error.id == "expirationDate")
        #expect(error.reason == reason, "\(value)")
    }

    @Test("a valid date has no error, so no reason", arguments: ["0626", "1251", "122051", "062026"])
    func validDates(value: String) {
        #expect(Validator.expirationDate.validate(value, in: anyContext) == nil)
    }

    @Test("length: too short or too long", arguments: [
        ("4111", 13, 19, .tooShort), ("41111111111111111111", 13, 19, .tooLong), ("12", 3, 3, .tooShort),
        ("12345", 4, 4, .tooLong), ("", 1, nil, .tooShort), ("abc", 0, 2, .tooLong), ("ab", 5, 3, .tooShort), ("abcd", 5, 3, .tooLong),
    ] as [(String, Int, Int?, ValidationReason)])
    func length(value: String, minLength: Int, maxLength: Int?, reason: ValidationReason) throws {
        let error = try #require(Validator.length(minLength: minLength, maxLength: maxLength).validate(value, in: anyContext))
        #expect(error.reason == reason)
    }

    @Test("iban: incomplete while the structure fits and it is shorter than any IBAN", arguments: [
        ("DE89", .incomplete), ("de89 3704", .incomplete), ("D", .incomplete),
        ("DE89 3704 0044 0532 0130 01", nil), ("9E89", nil), ("DE89 3704 0044 0532 0130 00 1234 5678 9012 3", nil),
    ] as [(String, ValidationReason?)])
    func iban(value: String, reason: ValidationReason?) throws {
        let error = try #require(Validator.iban.validate(value, in: anyContext))
        #expect(error.reason == reason, "\(value)")
    }

    @Test("the other validators tell no reason")
    func noReason() throws {
        #expect(try #require(Validator.luhn.validate("4111111111111112", in: anyContext)).reason == nil)
        #expect(try #require(Validator.emailAddress.validate("a@b", in: anyContext)).reason == nil)
        #expect(try #require(Validator.range(minValue: 1, maxValue: 28).validate("29", in: anyContext)).reason == nil)
        #expect(try #require(Validator.termsAndConditions.validate("false", in: anyContext)).reason == nil)
    }

    @Test("the reason shows in the description, the value never")
    func description() throws {
        let error = try #require(Validator.expirationDate.validate("1220", in: anyContext))
        #expect(error.description == "ValidationError(expirationDate, reason: expired)")
    }
}
