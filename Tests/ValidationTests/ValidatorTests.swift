import Testing
import PaymentFormValidation

@Suite("Validator names and parameters")
struct ValidatorTests {
    static let regex: RegularExpression? = try? RegularExpression("[0-9]+")

    @Test(arguments: [
        (Validator.length(minLength: 0, maxLength: nil), "length"),
        (.range(minValue: nil, maxValue: nil), "range"),
        (.luhn, "luhn"),
        (.expirationDate, "expirationDate"),
        (.emailAddress, "emailAddress"),
        (.fixedList(allowedValues: []), "fixedList"),
        (.iban, "iban"),
        (.termsAndConditions, "termsAndConditions"),
        (.residentIdNumber, "residentIdNumber"),
        (.boletoBancarioRequiredness(fiscalNumberLength: 14), "boletoBancarioRequiredness"),
        (.unknown(name: "somethingNew"), "somethingNew"),
    ])
    func nameIsTheJSONKey(validator: Validator, key: String) {
        #expect(validator.name == key)
    }

    @Test func regularExpressionName() throws {
        let expression = try #require(Self.regex)
        #expect(Validator.regularExpression(expression).name == "regularExpression")
    }

    @Test(arguments: [
        (Validator.length(minLength: 2, maxLength: 5), [("minLength", 2), ("maxLength", 5)]),
        (.length(minLength: 0, maxLength: nil), [("minLength", 0)]),
        (.range(minValue: -3, maxValue: 9), [("minValue", -3), ("maxValue", 9)]),
        (.range(minValue: nil, maxValue: 9), [("maxValue", 9)]),
        (.range(minValue: 1, maxValue: nil), [("minValue", 1)]),
        (.range(minValue: nil, maxValue: nil), []),
        (.boletoBancarioRequiredness(fiscalNumberLength: 14), [("fiscalNumberLength", 14)]),
        (.luhn, []),
        (.iban, []),
    ])
    func parametersUseClientAPINamesInOrder(validator: Validator, expected: [(String, Int)]) {
        #expect(validator.parameters.map(\.name) == expected.map(\.0))
        #expect(validator.parameters.map(\.value) == expected.map(\.1))
    }

    @Test func errorCarriesTheValidatorsParameters() {
        let error = Validator.range(minValue: 10, maxValue: 20).validate("5", in: anyContext)
        #expect(error == ValidationError(id: "range", parameters: [
            ValidationParameter(name: "minValue", value: 10), ValidationParameter(name: "maxValue", value: 20),
        ]))
    }

    @Test func unknownValidatorsNeverFail() {
        let unknown = Validator.unknown(name: "futureRule")
        for value in ["", "anything", "😀", "\u{0}"] {
            #expect(unknown.validate(value, in: anyContext) == nil)
            #expect(unknown.inputState(of: value, in: anyContext) == .valid)
        }
    }

    @Test func equalityAndHashing() throws {
        let a = try RegularExpression("a+")
        let b = try RegularExpression("a+")
        #expect(Validator.regularExpression(a) == .regularExpression(b))
        #expect(Set([Validator.regularExpression(a), .regularExpression(b)]).count == 1)
        #expect(Validator.length(minLength: 1, maxLength: 2) != .length(minLength: 1, maxLength: nil))
    }
}
