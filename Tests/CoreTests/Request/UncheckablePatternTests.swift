import Testing
import PaymentFormEngine
@testable import PaymentFormValidation
@testable import PaymentFormCore
import PaymentFormTestSupport

/// Security review: a `regularExpression` validator whose pattern no engine of the build runs was
/// left out of its field, so every value passed it (in WebAssembly, `(?s).*test.*` accepted
/// `"line1\nother\nline3"`, which ICU refuses). A rule that cannot be checked now fails every
/// value, with its own error and message, wherever it is checked.
@Suite("A validator that cannot run fails closed")
struct UncheckablePatternTests {
    private let context = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    /// A product with an optional field `f` whose only validator is `pattern`, and a card number.
    private func product(pattern: String) throws -> PaymentProduct {
        let escaped = pattern.replacingOccurrences(of: "\\", with: "\\\\")
        let restrictions = #""dataRestrictions": {"isRequired": false, "validators": {"regularExpression": {"regularExpression": "\#(escaped)"}}}"#
        return try Fixtures.decode(PaymentProduct.self, Fixtures.product(fields: "[" + Fixtures.field(id: "f", restrictions) + "]")).value
    }

    @Test("a request's value fails it with `uncheckable`; an empty optional value is not checked at all",
          arguments: ["([0-9", "[z-a]", "a{2,1}"])
    func requestFails(pattern: String) throws {
        var request = PaymentRequest(product: try product(pattern: pattern))
        try request.setValue("anything", forField: "f")
        let report = request.validate(in: context)
        #expect(report.errors.map(\.errorId) == ["uncheckable"])
        #expect(try request.inputState(ofField: "f", in: context) == .invalid)
        #expect(request.validateAsSent(in: context).errors.map(\.errorId) == ["uncheckable"])
        try request.setValue("", forField: "f")
        #expect(request.validate(in: context).isValid)
    }

    @Test("the controller shows the message at once and the form does not submit")
    func controllerRefuses() throws {
        var controller = PaymentFormController(item: try product(pattern: "([0-9"), localizer: Localizer(languageTag: "en"), context: context)
        try controller.focus("f")
        let update = try controller.set("f", value: "1")
        #expect(update["f"]?.state == .invalid)
        #expect(update["f"]?.message == "This value cannot be checked on this device. Please use another payment method.")
        #expect(!controller.submit().isValid)
    }

    @Test("every shipped language has its own text for it", arguments: ["en", "fr", "de", "nl", "es", "it", "pt"])
    func message(language: String) throws {
        let localizer = Localizer(languageTag: language)
        let text = localizer.message(for: FieldError(fieldId: "f", error: ValidationError(id: "uncheckable")))
        #expect(!text.isEmpty)
        #expect(language == "en" || text != Localizer(languageTag: "en").message(for: FieldError(fieldId: "f", error: ValidationError(id: "uncheckable"))))
        #expect(text != localizer.message(for: FieldError(fieldId: "f", error: ValidationError(id: "unknown"))))
    }

    @Test("a definition's broken pattern is still a decoding diagnostic, whichever engine would run it",
          arguments: ["[z-a]", "a{2,1}", "([0-9", "(?i)[a-"])
    func brokenPatternIsADiagnostic(pattern: String) throws {
        let field = #"{"id": "f", "displayHints": {"formElement": {"type": "text"}}, "dataRestrictions": {"validators": "#
            + #"{"regularExpression": {"regularExpression": "\#(pattern)"}}}}"#
        let json = #"{"id": 1, "paymentMethod": "card", "displayHints": {"logo": "x"}, "fields": [\#(field)]}"#
        let decoded = try PaymentProduct.decode(from: Array(json.utf8))
        #expect(decoded.diagnostics.contains { diagnostic in
            if case .invalidRegularExpression(pattern, _) = diagnostic.kind { return true }
            return false
        })
        let validator = try #require(decoded.value.fields.first?.dataRestrictions.validators.first)
        #expect(validator.name == "regularExpression")
        #expect(validator.validate("a", in: .current())?.id == "uncheckable")
    }
}
