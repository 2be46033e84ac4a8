import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import Testing
import PaymentFormTestSupport

/// The Connect guide (seed 003, "ValidationError and its subclasses"): "ValidationErrorInteger
/// indicates that the supplied value is not an integer. ValidationErrorNumericString indicates
/// that the supplied value is not a numeric string." The SDKs declare both and never raise them:
/// `x7` passed an `integer` field and `12ab` a `numericstring` field. The engine raises them
/// (errors `integer` and `numericString`), after the validators, on non-empty values.
@Suite("Field types are checked (the Connect guide's ValidationErrorInteger, ValidationErrorNumericString)")
struct FieldTypeCheckTests {
    static let now = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    /// A product with an unmasked `integer` field `count` (a `length` validator 1–5) and an
    /// unmasked `numericstring` field `code`.
    static func product() throws -> PaymentProduct {
        let json = Fixtures.product(fields: "[" + [
            Fixtures.field(id: "count", #""type": "integer", "dataRestrictions": {"validators": {"length": {"minLength": 1, "maxLength": 5}}}"#),
            Fixtures.field(id: "code", #""type": "numericstring""#),
            Fixtures.field(id: "name", #""type": "string""#),
        ].joined(separator: ", ") + "]")
        return try Fixtures.decode(PaymentProduct.self, json).value
    }

    @Test("values against the field's type: the guide's errors, after the validators", arguments: [
        ("count", "x7", ["integer"]), ("count", "42", []), ("count", "-5", []), ("count", "+5", []), ("count", "4.2", ["integer"]),
        ("count", "4 2", ["integer"]), ("count", "-", ["integer"]), ("count", "x123456", ["length", "integer"]),
        ("count", "٤٢", ["integer"]), ("count", "99999999999999999999", ["length"]),
        ("code", "12ab", ["numericString"]), ("code", "0123", []), ("code", "12 34", ["numericString"]), ("code", "-12", ["numericString"]),
        ("code", "１２", ["numericString"]),
        ("name", "x7", []),
    ])
    func checked(field: String, value: String, errors: [String]) throws {
        var request = PaymentRequest(product: try Self.product())
        try request.setValue(value, forField: field)
        let report = request.validate(in: Self.now)
        #expect(report.errors(forField: field).map(\.errorId) == errors)
        #expect(report.isValid == errors.isEmpty)
    }

    @Test("an empty optional value is not checked")
    func emptyIsNotChecked() throws {
        var request = PaymentRequest(product: try Self.product())
        try request.setValue("", forField: "count")
        try request.setValue("", forField: "code")
        #expect(request.validate(in: Self.now).isValid)
    }

    @Test("as-you-type: a character the type never takes is invalid at once; a lone sign is incomplete", arguments: [
        ("count", "-", InputState.incomplete), ("count", "12", .valid), ("count", "1x", .invalid), ("code", "12", .valid), ("code", "12a", .invalid),
    ])
    func inputStates(field: String, value: String, state: InputState) throws {
        var request = PaymentRequest(product: try Self.product())
        try request.setValue(value, forField: field)
        #expect(try request.inputState(ofField: field, in: Self.now) == state)
    }

    @Test("the form controller shows the type's error with its own message", arguments: ["en", "fr", "de", "nl", "es", "it", "pt"])
    func controller(language: String) throws {
        let localizer = Localizer(languageTag: language)
        var controller = PaymentFormController(item: try Self.product(), localizer: localizer, context: Self.now)
        _ = try controller.set("code", value: "12ab")
        let state = try controller.state(ofField: "code")
        #expect(state.state == .invalid)
        let submission = controller.submit()
        #expect(!submission.isValid)
        let error = FieldError(fieldId: "code", error: ValidationError(id: "numericString"))
        let message = localizer.message(for: error)
        #expect(message == localizer.string(forKey: "gc.general.paymentProductFields.validationErrors.numericString.label"))
        #expect(message != localizer.string(forKey: "gc.general.paymentProductFields.validationErrors.unknown.label"))
        let integer = localizer.message(for: FieldError(fieldId: "count", error: ValidationError(id: "integer")))
        #expect(integer == localizer.string(forKey: "gc.general.paymentProductFields.validationErrors.integer.label"))
    }
}
