import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport

/// The form controller never loses a typed character without saying so: what the mask cannot
/// hold stays in the field (after the mask's layout) and validation says what is wrong, or the
/// event is `.rejected`.
@Suite("Form controller keeps every typed character")
struct ControllerKeepsEveryCharacterTests {
    // A number no brand has (9…) names no product, so the app's switch to American Express stays.
    @Test("Visa → American Express with 16 digits typed keeps all 16; the field shows the length error")
    func productSwitchKeepsDigits() throws {
        var controller = try ControllerFixtures.controller("visa", otherSamples: ["amex"])
        try controller.focus("cardNumber")
        try controller.type("9111111111111111", into: "cardNumber")
        let update = try controller.selectProduct(id: "2")
        let card = try #require(update["cardNumber"])
        #expect(controller.item.id == "2")
        #expect(card.value == "9111111111111111")
        #expect(card.text == "9111 111111 11111" + "1")
        #expect(card.state == .invalid)
        #expect(card.error?.errorId == "length")
        #expect(card.message != nil)
        #expect(!controller.isValid)
        // The request the form would send holds every digit too.
        #expect(controller.request.unmaskedValue(forField: "cardNumber") == "9111111111111111")

        // Backspace at the end removes the extra digit: the value fits the mask again.
        try controller.select("cardNumber", selection: card.text.utf16.count..<card.text.utf16.count)
        let fixed = try controller.backspace(in: "cardNumber")
        #expect(fixed["cardNumber"]?.text == "9111 111111 11111")
        #expect(fixed["cardNumber"]?.value == "911111111111111")
        #expect(fixed["cardNumber"]?.cursor == 17)
        #expect(fixed["cardNumber"]?.error?.errorId != "length")
    }

    @Test("an unfocused field switched to a shorter mask shows its error at once")
    func unfocusedOverflowShowsError() throws {
        var controller = try ControllerFixtures.controller("visa", otherSamples: ["amex"])
        try controller.set("cardNumber", value: "9111111111111111")
        try controller.selectProduct(id: "2")
        #expect(controller[field: "cardNumber"]?.error?.errorId == "length")
    }

    @Test("deleting inside an over-long value shifts the rest into the mask")
    func deleteInsideOverflow() throws {
        var controller = try ControllerFixtures.controller("visa", otherSamples: ["amex"])
        try controller.set("cardNumber", value: "9111111111111112")
        try controller.selectProduct(id: "2")
        // Forward delete of the first digit: "111111111111112" (15) fits again.
        try controller.select("cardNumber", selection: 0..<0)
        let update = try controller.edit("cardNumber", selection: 0..<0, .deleteForward)
        #expect(update["cardNumber"]?.value == "111111111111112")
        #expect(update["cardNumber"]?.text == "1111 111111 11112")
        #expect(update["cardNumber"]?.cursor == 0)
        // A keystroke into an over-long value is refused (the field is more than full); a paste
        // in the middle keeps it all.
        try controller.set("cardNumber", value: "9111111111111111")
        #expect(try controller.edit("cardNumber", selection: 5..<5, .insert("9")).outcome == .rejected)
        let typed = try controller.edit("cardNumber", selection: 5..<5, .insert("99"))
        #expect(typed["cardNumber"]?.value == "911199111111111111")
        #expect(typed["cardNumber"]?.text == "9111 991111 11111" + "111")
        #expect(typed["cardNumber"]?.cursor == 7)
        #expect(typed.outcome == .changed)
        // Letters are filtered as the mask filters them: nothing changes, and the answer says so.
        #expect(try controller.edit("cardNumber", selection: 5..<5, .insert("x")).outcome == .rejected)
    }

    @Test("set and paste beyond the mask keep every character; the error shows", arguments: [
        ("visa", "cvv", "12345", "12345", "1234" + "5", "length"),
        ("visa", "expiryDate", "12/300", "12300", "12/30" + "0", "expirationDate"),
        // Visa's grouping (4-4-4-7, up to 19 digits) holds 19; the 20th follows it.
        ("visa", "cardNumber", "4111 1111 1111 1111 1111", "41111111111111111111", "4111 1111 1111 1111111" + "1", "length"),
        ("amex", "cardNumber", "3782822463100051", "3782822463100051", "3782 822463 10005" + "1", "length"),
    ])
    func setBeyondTheMask(sample: String, field: String, typed: String, value: String, text: String, error: String) throws {
        for viaPaste in [false, true] {
            var controller = try ControllerFixtures.controller(sample)
            try controller.focus(field)
            let update = viaPaste ? try controller.edit(field, selection: 0..<0, .insert(typed))
                                  : try controller.set(field, value: typed)
            let state = try #require(update[field])
            #expect(update.outcome == .changed)
            #expect(state.value == value, "paste: \(viaPaste)")
            #expect(state.text == text, "paste: \(viaPaste)")
            #expect(state.error?.errorId == error, "paste: \(viaPaste)")
            #expect(state.state == .invalid)
            #expect(state.cursor == text.utf16.count)
        }
    }

    @Test("a pasted month the expiry shortcuts refuse is kept and shown as an error, not dropped")
    func pastedImpossibleMonth() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.focus("expiryDate")
        let update = try controller.edit("expiryDate", selection: 0..<0, .insert("13/30"))
        #expect(update["expiryDate"]?.value == "1330")
        #expect(update["expiryDate"]?.text == "13/30")
        #expect(update["expiryDate"]?.error?.errorId == "expirationDate")
        // Typed one key at a time, the same: a 3 after a first 1 is kept, the month 13 invalid.
        var typing = try ControllerFixtures.controller("visa")
        try typing.focus("expiryDate")
        try typing.type("1", into: "expiryDate")
        let typed = try typing.replace("expiryDate", range: 1..<1, with: "3")
        #expect(typed.outcome == .changed)
        #expect(typed["expiryDate"]?.text == "13")
        #expect(typed["expiryDate"]?.value == "13")
        #expect(typed["expiryDate"]?.cursor == 2)
        #expect(typed["expiryDate"]?.error?.errorId == "expirationDate")
    }

    @Test("what still fits behaves as before: four-digit years, a keystroke into a full field")
    func unchangedWhereNothingIsLost() throws {
        var controller = try ControllerFixtures.controller("visa")
        #expect(try controller.set("expiryDate", value: "12/2030")["expiryDate"]?.text == "12/30")
        try controller.set("cvv", value: "1234")
        #expect(try controller.edit("cvv", selection: 4..<4, .insert("5")).outcome == .rejected)
        #expect(controller[field: "cvv"]?.value == "1234")
        #expect(try controller.edit("cardNumber", selection: 0..<0, .insert("4111 1111 1111 1111"))["cardNumber"]?.text
                == "4111 1111 1111 1111")
    }

    @Test("after blur, a field that shows a message is invalid (a 16-digit Visa number failing Luhn)")
    func blurredMessageMeansInvalid() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.focus("cardNumber")
        try controller.type("4111111111111112", into: "cardNumber")
        #expect(controller[field: "cardNumber"]?.state == .incomplete)   // could still grow to 19 digits
        #expect(controller[field: "cardNumber"]?.message == nil)
        let update = try controller.blur("cardNumber")
        #expect(update["cardNumber"]?.error?.errorId == "luhn")
        #expect(update["cardNumber"]?.state == .invalid)
    }
}
