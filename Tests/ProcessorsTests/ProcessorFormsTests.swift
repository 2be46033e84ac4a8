import Foundation
import Testing
import PaymentFormEngine
import PaymentFormProcessors
import PaymentFormTestSupport
import PaymentFormFixtures

/// The Sips and Saferpay definitions through the form controller, like any Client API product:
/// typed keystroke by keystroke, validated, and turned into the platform's input.
@Suite("Processor forms through the controller")
struct ProcessorFormsTests {
    static let now = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    /// Types `text` at the caret one character at a time, as a keyboard does.
    static func type(_ text: String, into field: String, of controller: inout PaymentFormController) throws -> FormUpdate? {
        var last: FormUpdate?
        for character in text {
            let caret = try controller.state(ofField: field).selection
            last = try controller.edit(field, selection: caret, .insert(String(character)))
        }
        return last
    }

    @Test("cardOrder: typed digit by digit, the expiry shortcut, then the SDK call's parameters")
    func cardOrder() throws {
        var controller = PaymentFormController(item: try Fixtures.sample("sips-card-order"), localizer: Localizer(languageTag: "fr"), context: Self.now)
        _ = try Self.type("4970100000000006", into: "cardNumber", of: &controller)
        let card = try controller.state(ofField: "cardNumber")
        #expect(card.text == "4970 1000 0000 0006")
        #expect(card.state == .valid)
        #expect(card.brands?.brandIds.contains("visa") == true)
        _ = try Self.type("2", into: "cardExpiryDate", of: &controller)
        #expect(try controller.state(ofField: "cardExpiryDate").text == "02")      // the expiry shortcut: 2 is February
        _ = try Self.type("30", into: "cardExpiryDate", of: &controller)
        #expect(try controller.state(ofField: "cardExpiryDate").text == "02/30")
        _ = try Self.type("123", into: "cardCSCValue", of: &controller)
        let submission = controller.submit()
        #expect(submission.isValid)
        let call = try SipsCallParameters(.cardOrder, request: controller.request, initialization: SipsFixtures.initialization, in: Self.now)
        #expect(call["cardNumber"] == "4970100000000006")
        #expect(call["cardExpiryDate"] == "203002")
        #expect(call["cardCSCValue"] == "123")
    }

    @Test("every Sips definition edits and validates through the controller", arguments: [
        ("sips-card-order", "cardExpiryDate", "1230", "12/30"), ("sips-card-check-enrollment", "cardNumber", "4111111111111111", "4111 1111 1111 1111"),
        ("sips-add-card", "paymentMeanAlias", "Ma carte", "Ma carte"), ("sips-get-card-data", "cardIIN", "497010", "497010"),
        ("sips-payment-token", "cardCSCValue", "1234", "1234"), ("sips-wallet-order", "cardCSCValue", "123", "123"),
    ])
    func everyDefinition(name: String, field: String, typed: String, shown: String) throws {
        var controller = PaymentFormController(item: try Fixtures.sample(name), localizer: Localizer(languageTag: "de"), context: Self.now)
        _ = try Self.type(typed, into: field, of: &controller)
        let state = try controller.state(ofField: field)
        #expect(state.text == shown)
        #expect(state.state == .valid)
        #expect(state.message == nil)
        #expect(controller.fields.allSatisfy { !$0.field.label.isEmpty })
    }

    @Test("a Sips errorFieldName puts its message on the field the customer typed in")
    func rejectedField() throws {
        let definition = try Fixtures.sample("sips-card-order")
        let response = try SipsResponse(.cardOrder, jsonEncoded: Array(#"{"inAppResponseCode": "14", "errorFieldName": "cardCSCValue"}"#.utf8))
        let result = SipsResult(response, form: definition, localizer: Localizer(languageTag: "it"))
        #expect(result.fieldErrors.map(\.fieldId) == ["cardCSCValue"])
        #expect(Localizer(languageTag: "it").message(for: result.fieldErrors[0]).contains("rifiutato"))
    }

    @Test("saferpay-card: the Expiry input feeds ExpMonth and ExpYear")
    func saferpay() throws {
        var controller = PaymentFormController(item: try Fixtures.sample("saferpay-card"), localizer: Localizer(languageTag: "en"), context: Self.now)
        _ = try controller.set("HolderName", value: "Zoë")
        _ = try controller.set("CardNumber", value: "4111111111111111")
        _ = try controller.set("Expiry", value: "03/2031")
        #expect(try controller.state(ofField: "Expiry").text == "03/31")
        _ = try controller.set("VerificationCode", value: "123")
        #expect(controller.submit().isValid)
        let post = try SaferpayCardPost(request: controller.request, redirectURL: try #require(URL(string: "https://test.saferpay.com/x")), in: Self.now)
        #expect(String(decoding: post.body, as: UTF8.self).contains("ExpMonth=03&ExpYear=2031"))
    }
}
