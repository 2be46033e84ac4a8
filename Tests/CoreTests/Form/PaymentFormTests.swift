import Foundation
import Testing
import PaymentFormEngine
import PaymentFormTestSupport
import PaymentFormFixtures

/// Forms and requests over products and groups alike, and their JSON for servers.
@Suite("Payment forms and items")
struct PaymentFormTests {
    static let cardsGroup = """
        {"id": "cards", "displayHints": {"displayOrder": 1, "label": "Cards"},
         "fields": [
           {"id": "cardNumber", "type": "numericstring",
            "dataRestrictions": {"isRequired": true, "validators": {"luhn": {}, "length": {"minLength": 12, "maxLength": 19}}},
            "displayHints": {"displayOrder": 1, "mask": "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", "formElement": {"type": "text"}}},
           {"id": "cvv", "type": "numericstring",
            "dataRestrictions": {"isRequired": true, "validators": {"length": {"minLength": 3, "maxLength": 4}}},
            "displayHints": {"displayOrder": 2, "formElement": {"type": "text"}}}
         ]}
        """

    static let now = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    @Test("a group builds a form and a request like a product; preparing it asks for the product first")
    func groups() throws {
        let group = try PaymentProductGroup(jsonEncoded: Array(Self.cardsGroup.utf8))
        let form = PaymentForm(item: group, localizer: Localizer(languageTag: "de"))
        #expect(form.kind == .group)
        #expect(form.productLabel == "Karten")
        #expect(form.fields.map(\.id) == ["cardNumber", "cvv"])

        var request = PaymentRequest(item: group)
        try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
        try request.setValue("12", forField: "cvv")
        #expect(request.validate(in: Self.now).errors.map(\.description) == ["cvv: length (minLength: 3, maxLength: 4)"])
        try request.setValue("123", forField: "cvv")
        #expect(request.validate(in: Self.now).isValid)
        #expect(String(describing: request).hasPrefix("PaymentRequest(group: cards"))

        let key = try EncryptionKey(Fixtures.demoPublicKeyResponse())
        let error = #expect(throws: PrepareError.self) {
            try request.prepare(clientSessionId: "s", key: key, metaInfo: .current(appIdentifier: "t"), in: Self.now)
        }
        #expect(error?.code == "product_group")
        #expect(error.map { String(describing: $0) }?.contains("product group") == true)
    }

    @Test("forms round-trip through JSON, prefilled values included")
    func formCodable() throws {
        let product = try Fixtures.sample("mastercard-accounts-on-file")
        let form = PaymentForm(product: product, accountOnFile: product.accountOnFile(withId: "1001"), localizer: Localizer(languageTag: "fr"))
        let data = try JSONEncoder().encode(form)
        #expect(try JSONDecoder().decode(PaymentForm.self, from: data) == form)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["kind"] as? String == "product")
        #expect((object["accountOnFile"] as? [String: Any])?["id"] as? String == "1001")
    }

    @Test("field errors encode as payform validate prints them; reports never encode the values")
    func errorsAndReportsCodable() throws {
        var request = PaymentRequest(product: try Fixtures.sample("visa"))
        try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
        try request.setValue("12/30", forField: "expiryDate")
        try request.setValue("12", forField: "cvv")
        let report = request.validate(in: Self.now)
        let data = try JSONEncoder().encode(report)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("4111"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["valid"] as? Bool == false)
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.map { $0["errorId"] as? String } == ["length", "regularExpression"])
        #expect(errors.first?["fieldId"] as? String == "cvv")
        #expect(errors.first?["errorId"] as? String == "length")
        #expect(errors.first?["minLength"] as? Int == 3)
        #expect(errors.first?["maxLength"] as? Int == 4)

        let decoded = try JSONDecoder().decode(ValidationReport.self, from: data)
        #expect(decoded.errors == report.errors)
        #expect(decoded.values.isEmpty)
    }

    @Test("message(for:) fills the rule's bounds in the requested language", arguments: [
        ("en", "cvv", ValidationError(id: "length", parameters: [ValidationParameter(name: "minLength", value: 3), ValidationParameter(name: "maxLength", value: 4)]),
         "Enter the 3- or 4-digit security code."),
        ("de", "cardNumber", ValidationError(id: "luhn"), "Diese Kartennummer ist ungültig. Bitte überprüfen Sie sie."),
        ("fr", "cvv", ValidationError.required, "Saisissez le cryptogramme visuel."),
        ("fr", "nickname", ValidationError.required, "Ce champ est obligatoire."),
    ])
    func messages(language: String, fieldId: String, error: ValidationError, expected: String) {
        let message = Localizer(languageTag: language).message(for: FieldError(fieldId: fieldId, error: error))
        #expect(message == expected)
    }
}
