import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport

/// Typing a whole card form key by key, as a fast typist does: where the focus moves on, that
/// no key meant for one field lands in the next, and what an expiry typo becomes.
@Suite("Form controller: typing through the form")
struct ControllerTypingTests {
    /// A generic card form: a card number that groups and limits by the brand (Luhn, 12 to 19
    /// digits), a 4-digit security code and the cardholder's name.
    static func genericCardForm() throws -> PaymentFormController {
        let json = #"""
        {"id": "cards", "fields": [
          {"id": "cardNumber", "type": "numericstring", "dataRestrictions": {"isRequired": true, "validators": {"luhn": {}, "length": {"minLength": 12, "maxLength": 19}}}, "displayHints": {"displayOrder": 1, "formElement": {"type": "text"}}},
          {"id": "cvv", "type": "numericstring", "dataRestrictions": {"isRequired": true, "validators": {"length": {"minLength": 3, "maxLength": 4}}}, "displayHints": {"displayOrder": 2, "mask": "{{9999}}", "formElement": {"type": "text"}}},
          {"id": "cardholderName", "type": "string", "dataRestrictions": {"validators": {"length": {"minLength": 2, "maxLength": 51}}}, "displayHints": {"displayOrder": 3, "formElement": {"type": "text"}}}]}
        """#
        let group = try PaymentProductGroup.decode(from: Array(json.utf8)).value
        return PaymentFormController(item: group, localizer: Localizer(languageTag: "en"), context: ControllerFixtures.now)
    }

    /// `prefix` completed to `length` digits with a Luhn check digit.
    static func luhnNumber(_ prefix: String, length: Int) -> String {
        var digits = Array(prefix).compactMap { $0.wholeNumberValue }
        while digits.count < length - 1 { digits.append(digits.count % 7) }
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            let doubled = offset % 2 == 0 ? digit * 2 : digit
            sum += doubled > 9 ? doubled - 9 : doubled
        }
        return digits.map(String.init).joined() + String((10 - sum % 10) % 10)
    }

    /// Types `text` into `field` key by key and follows each advance as a screen does (blur,
    /// focus the next field, type on there); returns each key's update and the field it went to.
    static func typeFollowingAdvance(_ text: String, into field: String, _ controller: inout PaymentFormController) throws
        -> [(field: String, update: FormUpdate)] {
        var field = field
        try controller.focus(field)
        var updates: [(field: String, update: FormUpdate)] = []
        for character in text {
            let caret = try controller.state(ofField: field).selection
            let update = try controller.replace(field, range: caret, with: String(character))
            updates.append((field, update))
            if update.advance, let next = update.next {
                try controller.blur(field)
                try controller.focus(next)
                field = next
            }
        }
        return updates
    }

    @Test("each brand's numbers, key by key: the focus moves on only at the brand's longest length", arguments: [
        // (number prefix, digits, the digits at which the focus moves on, or nil)
        ("4", 13, nil), ("4", 16, nil), ("4111111111111111", 19, 19),          // Visa: 16, 18 and 19 are issued
        ("5555", 16, 16), ("2221", 16, 16),                                       // Mastercard
        ("3782", 15, 15), ("34", 15, 15),                                         // American Express
        ("6759", 12, nil), ("6759", 16, nil), ("6759", 19, 19),                   // Maestro: 12 to 19
        ("6011", 16, nil), ("6011", 19, 19),                                      // Discover: 16 and 19
    ] as [(String, Int, Int?)])
    func advanceAtLongestLength(prefix: String, digits: Int, advancesAt: Int?) throws {
        var controller = try Self.genericCardForm()
        try controller.focus("cardNumber")
        let number = Self.luhnNumber(prefix, length: digits)
        let updates = try controller.type(number, into: "cardNumber")
        #expect(updates.allSatisfy { $0.outcome == .changed })
        let advanced = updates.indices.filter { updates[$0].advance }.map { $0 + 1 }
        #expect(advanced == (advancesAt.map { [$0] } ?? []), "\(number.count) digits")
        let card = try controller.state(ofField: "cardNumber")
        #expect(card.value == number)
        #expect(card.state == .valid, "a Luhn-valid number of a length the field takes")
        #expect(card.complete == (advancesAt != nil))
        if advancesAt != nil {
            #expect(updates.last?.next == "cvv")
        }
        // One more key: refused where the number cannot grow, kept in the number where it can.
        let more = try controller.replace("cardNumber", range: card.selection, with: "1")
        #expect(more.outcome == (advancesAt != nil ? .rejected : .changed))
        #expect(more.advance == false)
    }

    @Test("a 19-digit Visa number whose first 16 digits pass Luhn is typed whole, then the expiry date")
    func nineteenDigitVisa() throws {
        var controller = try ControllerFixtures.controller("visa")
        let keys = try Self.typeFollowingAdvance("4111111111111111110" + "1230" + "123", into: "cardNumber", &controller)
        #expect(keys.prefix(19).allSatisfy { $0.field == "cardNumber" && $0.update.outcome == .changed })
        #expect(keys.prefix(19).map(\.update.advance) == Array(repeating: false, count: 18) + [true])
        #expect(keys[19...22].allSatisfy { $0.field == "expiryDate" })
        #expect(keys[19...].allSatisfy { $0.update.outcome == .changed })
        #expect(try controller.state(ofField: "cardNumber").text == "4111 1111 1111 1111110")
        #expect(try controller.state(ofField: "expiryDate").text == "12/30")
        #expect(try controller.state(ofField: "cvv").text == "123")
        // A 17th digit after a valid 16 stays in the number.
        var seventeen = try ControllerFixtures.controller("visa")
        let typed = try Self.typeFollowingAdvance("41111111111111111", into: "cardNumber", &seventeen)
        #expect(typed.allSatisfy { $0.field == "cardNumber" && !$0.update.advance })
        #expect(try seventeen.state(ofField: "cardNumber").value == "41111111111111111")
        #expect(try seventeen.state(ofField: "expiryDate").text.isEmpty)
    }

    @Test("wherever the focus moved on, the field it left was full: one more key there is refused", arguments: [
        ("visa", "cardNumber", "4111111111111111110"), ("visa", "expiryDate", "1230"), ("visa", "cvv", "1234"),
        ("amex", "cardNumber", "378282246310005"), ("amex", "cvv", "1234"),
        ("mastercard-accounts-on-file", "cardNumber", "5555555555554444"),
    ])
    func advanceOnlyWhenFull(sample: String, field: String, typed: String) throws {
        var controller = try ControllerFixtures.controller(sample)
        try controller.focus(field)
        let updates = try controller.type(typed, into: field)
        #expect(updates.last?.advance == true)
        #expect(updates.dropLast().allSatisfy { !$0.advance })
        // So no key typed right after the advance could have gone back into this field.
        let caret = try controller.state(ofField: field).selection
        #expect(try controller.replace(field, range: caret, with: "1").outcome == .rejected)
    }

    @Test("an over-typed fifth digit of a 4-digit code never lands in the cardholder's name")
    func overTypedSecurityCode() throws {
        var controller = try ControllerFixtures.controller("amex")
        let keys = try Self.typeFollowingAdvance("12345", into: "cvv", &controller)
        #expect(keys[3].update.advance && keys[3].update.next == "cardholderName")
        #expect(keys[4].field == "cardholderName")
        #expect(keys[4].update.outcome == .rejected)
        #expect(keys[4].update["cardholderName"]?.text == "")
        #expect(try controller.state(ofField: "cvv").value == "1234")
        // More over-typed digits are refused too; the name's own first letter goes in, then digits do.
        #expect(try controller.replace("cardholderName", range: 0..<0, with: "6").outcome == .rejected)
        #expect(try controller.replace("cardholderName", range: 0..<0, with: "J").outcome == .changed)
        #expect(try controller.replace("cardholderName", range: 1..<1, with: "7").outcome == .changed)
        #expect(try controller.state(ofField: "cardholderName").text == "J7")
    }

    @Test("an over-typed key is one typed right after the advance: after anything else, a digit goes into the name")
    func overTypingWindow() throws {
        var clicked = try ControllerFixtures.controller("amex")
        _ = try Self.typeFollowingAdvance("1234", into: "cvv", &clicked)
        try clicked.focus("expiryDate")          // the customer went elsewhere, and came back
        try clicked.focus("cardholderName")
        #expect(try clicked.replace("cardholderName", range: 0..<0, with: "5").outcome == .changed)

        var pasted = try ControllerFixtures.controller("amex")
        _ = try Self.typeFollowingAdvance("1234", into: "cvv", &pasted)
        #expect(try pasted.replace("cardholderName", range: 0..<0, with: "56").outcome == .changed)   // a paste, not a key

        // A digits-only field after the completed one takes the digit: the card number then the expiry date.
        var mastercard = try ControllerFixtures.controller("mastercard-accounts-on-file")
        let keys = try Self.typeFollowingAdvance("5555555555554444" + "1", into: "cardNumber", &mastercard)
        #expect(keys.last?.field == "expiryDate")
        #expect(keys.last?.update.outcome == .changed)
        #expect(try mastercard.state(ofField: "expiryDate").text == "1")
    }

    @Test("a keystroke into a field at its length limit is refused, also below the mask's capacity; a paste is kept")
    func keystrokeIntoFullField() throws {
        let json = #"{"id": "1", "fields": [{"id": "code", "type": "numericstring", "dataRestrictions": {"validators": {"length": {"minLength": 3, "maxLength": 3}}}, "displayHints": {"displayOrder": 1, "mask": "{{9999}}", "formElement": {"type": "text"}}}, {"id": "name", "type": "string", "displayHints": {"displayOrder": 2, "formElement": {"type": "text"}}}], "displayHints": {"displayOrder": 1, "label": "Code"}}"#
        let product = try PaymentProduct.decode(from: Array(json.utf8)).value
        var controller = PaymentFormController(item: product, localizer: Localizer(languageTag: "en"), context: ControllerFixtures.now)
        try controller.focus("code")
        let updates = try controller.type("1234", into: "code")
        #expect(updates.map(\.outcome) == [.changed, .changed, .changed, .rejected])
        #expect(updates[2].advance && updates[2].next == "name")
        #expect(try controller.state(ofField: "code").value == "123")
        // Pasted, every character is kept and judged (semantics §3): the length error shows.
        let pasted = try controller.edit("code", selection: 0..<3, .insert("1234"))
        #expect(pasted.outcome == .changed)
        #expect(pasted["code"]?.value == "1234")
        #expect(pasted["code"]?.error?.errorId == "length")
    }

    @Test("expiry typos stay what was typed, invalid, and never reach the security code", arguments: [
        // typed, text, state, whether the focus moved on to the security code
        ("1330", "13/30", InputState.invalid, false), ("13", "13", .invalid, false), ("19", "19", .invalid, false),
        ("0030", "00/30", .invalid, false), ("1230", "12/30", .valid, true), ("330", "03/30", .valid, true),
        ("1130", "11/30", .valid, true), ("1220", "12/20", .invalid, false),
    ] as [(String, String, InputState, Bool)])
    func expiryTypos(typed: String, text: String, state: InputState, advances: Bool) throws {
        var controller = try ControllerFixtures.controller("visa")
        let keys = try Self.typeFollowingAdvance(typed, into: "expiryDate", &controller)
        let expiry = try controller.state(ofField: "expiryDate")
        #expect(expiry.text == text)
        #expect(expiry.state == state)
        #expect((expiry.message != nil) == (state == .invalid), "focused and invalid: the message shows at once")
        #expect(keys.allSatisfy { $0.field == "expiryDate" })
        #expect(keys.last?.update.advance == advances)
        // The key after goes into the security code only when the date was complete.
        let focused = try #require(controller.focusedFieldId)
        #expect(focused == (advances ? "cvv" : "expiryDate"))
        try controller.replace(focused, range: try controller.state(ofField: focused).selection, with: "0")
        #expect(try controller.state(ofField: "cvv").text == (advances ? "0" : ""))
    }
}
