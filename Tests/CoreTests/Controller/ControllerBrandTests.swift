import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport

@Suite("Form controller: card brands")
struct ControllerBrandTests {
    @Test("Visa completes and advances at 19 digits only: a valid 16-digit number may still grow")
    func visaAdvancesAt19() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.focus("cardNumber")
        let updates = try controller.type("4111111111111111", into: "cardNumber")
        #expect(updates.allSatisfy { !$0.advance })
        let card = try controller.state(ofField: "cardNumber")
        #expect(card.state == .valid)
        #expect(!card.complete)
        #expect(card.brands?.brandIds == ["visa"])
        #expect(updates[0]["cardNumber"]?.brands?.isAmbiguous == true)    // "4": several brands still possible
        #expect(controller[field: "cvv"]?.brands == nil)
        // Visa also issues 19 digits: the next three stay in the number, the last one advances.
        let more = try controller.type("110", into: "cardNumber")
        #expect(more.map(\.outcome) == [.changed, .changed, .changed])
        #expect(more.map(\.advance) == [false, false, true])
        #expect(more.last?.next == "expiryDate")
        #expect(try controller.state(ofField: "cardNumber").value == "4111111111111111110")
    }

    @Test("Mastercard stops at 16 digits; a wrong check digit there is invalid at once")
    func mastercardMaximum() throws {
        var controller = try ControllerFixtures.cardForm("visa", takingCartesBancaires: false)
        try controller.focus("cardNumber")
        let updates = try controller.type("55555555555544441", into: "cardNumber")
        #expect(updates[15].advance)
        #expect(updates[16].outcome == .rejected)
        #expect(try controller.state(ofField: "cardNumber").text == "5555 5555 5555 4444")
        // On a card form that takes Mastercard the number switches it to Mastercard, where the
        // wrong check digit at the 16th digit is the error.
        var wrong = try ControllerFixtures.cardForm("visa", takingCartesBancaires: false)
        try wrong.focus("cardNumber")
        let last = try wrong.type("5555555555554445", into: "cardNumber").last
        #expect(wrong.item.id == "3")
        #expect(last?["cardNumber"]?.state == .invalid)
        #expect(last?["cardNumber"]?.error?.errorId == "luhn")              // focused, but it cannot become valid
        #expect(last?.advance == false)
    }

    @Test("a generic card field groups by the brand: American Express 4-6-5, 15 digits at most")
    func genericFieldFollowsBrand() throws {
        let json = #"{"id": "cards", "fields": [{"id": "cardNumber", "type": "numericstring", "dataRestrictions": {"isRequired": true, "validators": {"luhn": {}}}, "displayHints": {"displayOrder": 1, "formElement": {"type": "text"}}}, {"id": "cvv", "type": "numericstring", "displayHints": {"displayOrder": 2, "formElement": {"type": "text"}}}]}"#
        let group = try PaymentProductGroup.decode(from: Array(json.utf8)).value
        var controller = PaymentFormController(item: group, localizer: Localizer(languageTag: "en"), context: ControllerFixtures.now)
        try controller.focus("cardNumber")
        let updates = try controller.type("3782822463100051", into: "cardNumber")
        #expect(updates[3]["cardNumber"]?.text == "3782")
        #expect(updates[4]["cardNumber"]?.text == "3782 8")
        #expect(updates[10]["cardNumber"]?.text == "3782 822463 1")
        #expect(updates[14].advance && updates[14].next == "cvv")
        #expect(updates[15].outcome == .rejected)
        #expect(try controller.state(ofField: "cardNumber").text == "3782 822463 10005")
        // Deleting back to an ambiguous prefix returns to the generic grouping, the caret kept.
        try controller.set("cardNumber", value: "37828")
        #expect(try controller.state(ofField: "cardNumber").text == "3782 8")
        try controller.set("cardNumber", value: "4111111111111111")
        #expect(try controller.state(ofField: "cardNumber").text == "4111 1111 1111 1111")
    }

    @Test("a brand-specific mask is kept: the Amex product completes at 15")
    func amexProduct() throws {
        var controller = try ControllerFixtures.controller("amex")
        try controller.focus("cardNumber")
        let updates = try controller.type("378282246310005", into: "cardNumber")
        #expect(updates.last?["cardNumber"]?.text == "3782 822463 10005")
        #expect(updates.last?.advance == true)
    }

    @Test("co-badged cards: the brand listed first is pre-selected, the customer changes it, the chosen brand's product pays")
    func coBadge() throws {
        var controller = try ControllerFixtures.cardForm("visa")
        try controller.type("4571", into: "cardNumber")
        #expect(controller[field: "cardNumber"]?.brands?.brandIds == ["dankort", "visa"])
        #expect(controller.brandChoice.options.map(\.id) == ["dankort", "visa"])
        #expect(controller.selectedBrandId == "dankort")
        #expect(!controller.brandChoice.needsSelection)
        #expect(controller.item.id == "123")                              // Dankort's product
        let update = try controller.selectBrand("visa")
        #expect(update.itemChanged)
        #expect(controller.selectedBrandId == "visa")
        #expect(controller.request.selectedBrand?.id == "visa")
        #expect(controller.item.id == "1")
        #expect(throws: PaymentRequestError.brandNotOffered("american-express")) { try controller.selectBrand("american-express") }
        try controller.type("0000", into: "cardNumber")
        #expect(controller.selectedBrandId == "visa")                       // kept while still offered
        #expect(controller.item.id == "1")
        try controller.set("cardNumber", value: "45")
        #expect(controller.selectedBrandId == nil)                          // no longer co-badged
        #expect(controller.request.selectedBrand == nil)
        #expect(controller.item.id == "1")
        // The customer may clear the choice: the card's own brand (listed first) then pays.
        try controller.set("cardNumber", value: "4571")
        try controller.selectBrand(nil)
        #expect(controller.selectedBrandId == nil && controller.brandChoice.needsSelection)
        #expect(controller.item.id == "123")
        // The merchant may pre-select a brand; the customer can still change it.
        var preferred = try ControllerFixtures.cardForm("visa", preferredBrandId: "visa")
        try preferred.type("4571", into: "cardNumber")
        #expect(preferred.selectedBrandId == "visa")
        #expect(preferred.item.id == "1")
        try preferred.selectBrand("dankort")
        #expect(preferred.item.id == "123")
        // A brand the form does not take is not offered: Visa alone takes no Dankort card.
        var visaOnly = try ControllerFixtures.controller("visa")
        try visaOnly.type("4571", into: "cardNumber")
        #expect(visaOnly.brandChoice.options.isEmpty)
        #expect(visaOnly.item.id == "1")
    }
}

@Suite("Generic card-number masks")
struct GenericCardMaskTests {
    @Test("groups of four digits (the last 1 to 4) are generic; anything else is the product's own", arguments: [
        ("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", true), ("{{9999}} {{9999}} {{9999}} {{9999}}", true), ("{{9}}", true),
        ("{{9999}} {{999999}} {{99999}}", false), ("{{9999}}-{{9999}}", false), ("{{9999}}  {{9999}}", false),
        ("{{9999}} {{9999}} ", false), ("{{99999}}", false), ("{{****}} {{****}}", false), ("{{}}", false), ("{{9999}} {{99}} {{9999}}", false),
    ])
    func generic(pattern: String, expected: Bool) {
        #expect(PaymentFormController.isGenericCardNumberMask(Mask(pattern)) == expected)
        #expect(PaymentFormController.isGenericCardNumberMask(nil))
    }
}
