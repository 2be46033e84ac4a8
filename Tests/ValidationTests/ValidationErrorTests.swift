import Testing
import PaymentFormValidation

@Suite("ValidationError")
struct ValidationErrorTests {
    @Test func requiredHasNoParameters() {
        #expect(ValidationError.required.id == "required")
        #expect(ValidationError.required.parameters.isEmpty)
    }

    @Test func subscriptFindsParametersByName() throws {
        let error = try #require(Validator.length(minLength: 2, maxLength: 5).validate("a", in: anyContext))
        #expect(error[parameter: "minLength"] == 2)
        #expect(error[parameter: "maxLength"] == 5)
        #expect(error[parameter: "minValue"] == nil)
    }

    @Test func descriptionNamesTheRuleAndNeverTheValue() throws {
        let pan = "4111111111111112"
        let error = try #require(Validator.luhn.validate(pan, in: anyContext))
        #expect(!error.description.contains(pan))
        #expect(!String(reflecting: error).contains(pan))
        #expect(error.description == "ValidationError(luhn)")

        let expiry = "1320"
        let expiryError = try #require(Validator.expirationDate.validate(expiry, in: anyContext))
        #expect(!"\(expiryError)".contains(expiry))

        let length = try #require(Validator.length(minLength: 2, maxLength: 5).validate("secret-value", in: anyContext))
        #expect(length.description == "ValidationError(length, minLength: 2, maxLength: 5, reason: tooLong)")
    }
}
