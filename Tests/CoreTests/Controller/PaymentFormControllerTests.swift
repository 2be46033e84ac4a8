import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport
import PaymentFormFixtures

@Suite("Form controller: editing")
struct PaymentFormControllerEditingTests {
    @Test("typing a card number digit by digit groups it and keeps the caret at the end")
    func typingCardNumber() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.focus("cardNumber")
        let updates = try controller.type("4111111111111111", into: "cardNumber")
        let texts = updates.compactMap { $0["cardNumber"]?.text }
        #expect(texts[3] == "4111")
        #expect(texts[4] == "4111 1")
        #expect(texts.last == "4111 1111 1111 1111")
        #expect(updates.allSatisfy { $0.outcome == .changed })
        for update in updates {
            let field = try #require(update["cardNumber"])
            #expect(field.cursor == field.text.utf16.count)
            #expect(field.message == nil)   // focused and never invalid: nothing shown
        }
        let card = try controller.state(ofField: "cardNumber")
        #expect(card.value == "4111111111111111")
        #expect(card.state == .valid)
        #expect(updates[3]["cardNumber"]?.state == .incomplete)
    }

    @Test("backspace right after a separator, as UIKit reports it, deletes the digit before it")
    func backspaceAfterSeparator() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.type("41115", into: "cardNumber")
        #expect(try controller.state(ofField: "cardNumber").text == "4111 5")
        try controller.select("cardNumber", selection: 5..<5)       // caret: "4111 |5"
        let update = try controller.replace("cardNumber", range: 4..<5, with: "")   // UIKit: the space
        #expect(update.outcome == .changed)
        #expect(update["cardNumber"]?.text == "4115")
        #expect(update["cardNumber"]?.selection == 3..<3)
    }

    @Test("forward delete before a separator deletes the digit after it")
    func forwardDelete() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.type("411156", into: "cardNumber")
        try controller.select("cardNumber", selection: 4..<4)       // caret: "4111| 56"
        let update = try controller.replace("cardNumber", range: 4..<5, with: "")   // the space, after the caret
        #expect(update["cardNumber"]?.text == "4111 6")
        #expect(update["cardNumber"]?.selection == 4..<4)
        // The same call with the caret after the space is a backspace.
        try controller.select("cardNumber", selection: 5..<5)
        #expect(try controller.replace("cardNumber", range: 4..<5, with: "")["cardNumber"]?.text == "4116")
    }

    @Test("a text field that reports only its new text (SwiftUI): typing, pasting, deleting a separator", arguments: [
        ("", "4", "4"), ("4111", "41111", "4111 1"), ("4111 1", "4111 ", "4111"), ("4111 5", "41115", "4115"),
        ("4111 5", "4111 55", "4111 55"), ("4111 1111", "4111 2222 1111", "4111 2222 1111"), ("4111 5", "", ""),
        ("4111", "4111x", "4111"),
    ])
    func changeTo(before: String, after: String, expected: String) throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.set("cardNumber", value: before)
        #expect(try controller.change("cardNumber", to: after)["cardNumber"]?.text == expected)
    }

    @Test("an empty replacement over an empty range changes nothing")
    func emptyReplacement() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.type("4111", into: "cardNumber")
        let update = try controller.replace("cardNumber", range: 2..<2, with: "")
        #expect(update.outcome == .rejected)
        #expect(update["cardNumber"]?.text == "4111")
    }

    @Test("paste over a selection replaces the selected digits")
    func pasteOverSelection() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.replace("cardNumber", range: 0..<0, with: "4111 1111 1111 1111")
        try controller.select("cardNumber", selection: 5..<9)
        let update = try controller.replace("cardNumber", range: 5..<9, with: "5555")
        #expect(update["cardNumber"]?.text == "4111 5555 1111 1111")
        #expect(update["cardNumber"]?.selection == 10..<10)
        // Backspace over a selection deletes it, whichever way it is reported.
        try controller.select("cardNumber", selection: 0..<4)
        #expect(try controller.backspace(in: "cardNumber")["cardNumber"]?.text == "5555 1111 1111")
    }

    @Test("expiry typing: 2 becomes 02; a month that cannot exist is kept as typed; no typed digit is dropped", arguments: [
        ("2", "02", EditOutcome.changed), ("9", "09", .changed), ("1", "1", .changed), ("13", "13", .changed),
        ("19", "19", .changed), ("193", "19/3", .changed), ("12", "12", .changed), ("00", "00", .changed), ("01", "01", .changed),
        ("0130", "01/30", .changed), ("230", "02/30", .changed), ("1330", "13/30", .changed),
    ])
    func expiryShortcuts(typed: String, expected: String, lastOutcome: EditOutcome) throws {
        var controller = try ControllerFixtures.controller("visa")
        let updates = try controller.type(typed, into: "expiryDate")
        #expect(try controller.state(ofField: "expiryDate").text == expected)
        #expect(updates.last?.outcome == lastOutcome)
    }

    @Test("a set or pasted MM/YYYY fills an MM/YY mask", arguments: ["12/2030", "122030", "12-2030", "12/30", "1230", "1 2 / 3 0"])
    func expiryLongYear(value: String) throws {
        var controller = try ControllerFixtures.controller("visa")
        #expect(try controller.set("expiryDate", value: value)["expiryDate"]?.text == "12/30")
        var pasted = try ControllerFixtures.controller("visa")
        #expect(try pasted.replace("expiryDate", range: 0..<0, with: value)["expiryDate"]?.text == "12/30")
    }

    @Test("a fully typed expired expiry date is invalid, a partial one incomplete", arguments: [
        ("12/20", InputState.invalid), ("01/25", .invalid), ("12/2", .incomplete), ("05/26", .invalid),
        ("06/26", .valid), ("12/30", .valid), ("1", .incomplete),
    ])
    func expiredExpiry(text: String, expected: InputState) throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.focus("expiryDate")
        let update = try controller.set("expiryDate", value: text)
        #expect(update["expiryDate"]?.state == expected)
        // Focused: only an invalid value shows its message.
        #expect((update["expiryDate"]?.message != nil) == (expected == .invalid))
        if expected == .invalid { #expect(update["expiryDate"]?.error?.errorId == "expirationDate") }
    }

    @Test("a read-only field refuses edits; unknown fields throw")
    func unknownField() throws {
        // The account on file's card number is READ_ONLY: typing, deleting, pasting and setting
        // are all refused and leave its text as it was.
        var account = try ControllerFixtures.controller("mastercard-accounts-on-file", account: "1001")
        let shown = try account.state(ofField: "cardNumber").text
        #expect(try account.edit("cardNumber", selection: 0..<0, .insert("5")).outcome == .rejected)
        #expect(try account.edit("cardNumber", selection: 4..<4, .deleteBackward).outcome == .rejected)
        #expect(try account.replace("cardNumber", range: 0..<shown.utf16.count, with: "5555555555554444").outcome == .rejected)
        #expect(try account.set("cardNumber", value: "5555555555554444").outcome == .rejected)
        #expect(try account.state(ofField: "cardNumber").text == shown)
        #expect(try account.state(ofField: "cardNumber").value == "")

        var controller = try ControllerFixtures.controller("visa")
        #expect(throws: PaymentRequestError.unknownField("nope")) { try controller.edit("nope", selection: 0..<0, .insert("1")) }
        #expect(throws: PaymentRequestError.unknownField("nope")) { try controller.focus("nope") }
        #expect(throws: PaymentRequestError.unknownField("nope")) { try controller.state(ofField: "nope") }
        #expect(controller[field: "nope"] == nil)
    }

    @Test("edit, replace and set on plain-text and list fields")
    func plainFields() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.type("Jo", into: "cardholderName")
        try controller.edit("cardholderName", selection: 2..<2, .insert("sé"))
        #expect(try controller.state(ofField: "cardholderName").text == "José")
        #expect(try controller.backspace(in: "cardholderName")["cardholderName"]?.text == "Jos")
        var ideal = try ControllerFixtures.controller("ideal")
        let update = try ideal.set("issuerId", value: "INGBNL2A")
        #expect(update["issuerId"]?.value == "INGBNL2A")
        #expect(update.isValid)
    }
}

@Suite("Form controller: messages, completion, accounts, products, submit")
struct PaymentFormControllerFlowTests {
    @Test("messages follow the display policy: focus, blur, submit")
    func displayPolicy() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.focus("cvv")
        var update = try controller.type("1", into: "cvv").last
        #expect(update?["cvv"]?.state == .incomplete)
        #expect(update?["cvv"]?.message == nil)                // focused, incomplete: nothing yet
        update = try controller.blur("cvv")
        #expect(update?["cvv"]?.error?.errorId == "length")     // left incomplete: shown
        #expect(update?["cvv"]?.message == "Enter the 3- or 4-digit security code.")
        update = try controller.focus("cvv")
        #expect(update?["cvv"]?.message == nil)                // focused again: hidden while fixable
        update = try controller.type("23", into: "cvv").last
        #expect(update?["cvv"]?.state == .valid)
        update = try controller.blur("cvv")
        #expect(update?["cvv"]?.message == nil)

        // An empty required field left without an edit shows nothing; edited then emptied, it does.
        try controller.focus("cardNumber")
        #expect(try controller.blur("cardNumber")["cardNumber"]?.message == nil)
        try controller.focus("cardNumber")
        try controller.type("4", into: "cardNumber")
        try controller.backspace(in: "cardNumber")
        #expect(try controller.blur("cardNumber")["cardNumber"]?.error?.errorId == "required")

        // Submit: every field with an error shows its first one; at most one message per field.
        let submission = controller.submit()
        #expect(!submission.isValid)
        #expect(submission.errors.map(\.fieldId) == ["cardNumber", "expiryDate"])
        #expect(controller[field: "expiryDate"]?.error?.errorId == "required")
        #expect(controller[field: "expiryDate"]?.message == "Enter the expiry date.")
        #expect(controller[field: "cvv"]?.message == nil)
        #expect(controller[field: "cardholderName"]?.message == nil)
    }

    @Test("after submit, a field in error keeps its message when it gets the focus, until it is edited")
    func submitErrorsSurviveFocus() throws {
        var controller = try ControllerFixtures.controller("visa")
        let submission = controller.submit()
        #expect(submission.errors.first?.fieldId == "cardNumber")
        // A screen moves the focus to the first field in error: its message stays.
        let focused = try controller.focus("cardNumber")
        #expect(focused["cardNumber"]?.message == "Enter your card number." || controller[field: "cardNumber"]?.message == "Enter your card number.")
        #expect(controller[field: "cardNumber"]?.error?.errorId == "required")
        // The customer types: the field is judged as typed again, while focused.
        try controller.type("4", into: "cardNumber")
        #expect(controller[field: "cardNumber"]?.message == nil)
        #expect(controller[field: "cardNumber"]?.state == .incomplete)
        // Before any submit, an empty focused field shows nothing.
        var fresh = try ControllerFixtures.controller("visa")
        try fresh.focus("cvv")
        #expect(fresh[field: "cvv"]?.message == nil)
    }

    @Test("a field with two failing validators shows only the first")
    func firstErrorOnly() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.set("expiryDate", value: "13/20")   // month 13: both rules fail
        controller.submit()
        let errors = controller.request.validate(in: ControllerFixtures.now).errors(forField: "expiryDate")
        #expect(errors.count == 2)
        #expect(controller[field: "expiryDate"]?.error?.errorId == "expirationDate")
    }

    @Test("completion moves the focus on at the mask's end, with the caret at the end")
    func advance() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.focus("expiryDate")
        let expiry = try controller.type("1230", into: "expiryDate")
        #expect(expiry.map(\.advance) == [false, false, false, true])
        #expect(expiry.last?.next == "cvv")
        #expect(expiry.last?["expiryDate"]?.complete == true)

        try controller.focus("cvv")
        let cvv = try controller.type("1234", into: "cvv")
        #expect(cvv.map(\.advance) == [false, false, false, true])   // 3 digits valid, but a 4th fits
        #expect(cvv[2]["cvv"]?.complete == false)
        #expect(cvv.last?.next == "cardholderName")

        // Not focused, or the caret not at the end: no advance.
        var other = try ControllerFixtures.controller("visa")
        #expect(try other.set("expiryDate", value: "1230").advance == false)
        try other.focus("expiryDate")
        try other.set("expiryDate", value: "123")
        try other.select("expiryDate", selection: 0..<0)
        let early = try other.replace("expiryDate", range: 4..<4, with: "0")
        #expect(early["expiryDate"]?.complete == true)
        #expect(early.advance)   // the insert puts the caret at the end
        // An expired date fills the mask but is not complete.
        var expired = try ControllerFixtures.controller("visa")
        try expired.focus("expiryDate")
        #expect(try expired.type("1220", into: "expiryDate").last?.advance == false)
        #expect(expired.next(after: "cardholderName") == nil)
    }

    @Test("an account on file: read-only fields valid and not sent, CAN_WRITE prefilled, MUST_WRITE required")
    func accountOnFile() throws {
        var controller = try ControllerFixtures.controller("mastercard-accounts-on-file", account: "1001")
        let card = try controller.state(ofField: "cardNumber")
        #expect(card.readOnly && card.prefilled)
        #expect(card.state == .valid)
        #expect(card.text == "**** **** **** 4444")
        #expect(card.value == "")
        let expiry = try controller.state(ofField: "expiryDate")
        #expect(expiry.prefilled && !expiry.readOnly && expiry.text == "12/30" && expiry.state == .valid)
        #expect(try controller.state(ofField: "cvv").required)
        #expect(try controller.state(ofField: "cvv").field.mustWriteReason == "IN_THE_PAST")
        #expect(try controller.edit("cardNumber", selection: 0..<0, .insert("5")).outcome == .rejected)
        #expect(try controller.request.inputState(ofField: "cardNumber", in: ControllerFixtures.now) == .valid)

        var submission = controller.submit()
        #expect(submission.errors.map(\.description) == ["cvv: required"])
        #expect(controller[field: "cardNumber"]?.message == nil)
        try controller.type("123", into: "cvv")
        submission = controller.submit()
        #expect(submission.isValid)
        // Only what was validated is sent: the CVV (the stored values are kept by the platform).
        #expect(controller.request.validate(in: ControllerFixtures.now).values.map(\.fieldId) == ["cvv"])

        // Changing a CAN_WRITE value makes it an ordinary value.
        try controller.select("expiryDate", selection: 5..<5)
        try controller.backspace(in: "expiryDate")
        #expect(try controller.state(ofField: "expiryDate").prefilled == false)
        // Submitted, so `12/3` shows its error, and a field that shows a message is invalid.
        #expect(try controller.state(ofField: "expiryDate").message != nil)
        #expect(try controller.state(ofField: "expiryDate").state == .invalid)

        // Leaving the account clears what it filled and keeps what was typed.
        try controller.selectAccountOnFile(id: nil)
        #expect(try controller.state(ofField: "cardNumber").text == "")
        #expect(try controller.state(ofField: "cardNumber").readOnly == false)
        #expect(try controller.state(ofField: "cvv").text == "123")
        #expect(throws: PaymentRequestError.unknownAccountOnFile("9")) { try controller.selectAccountOnFile(id: "9") }

        // MUST_WRITE with a stored value (an expired date) is empty and required.
        let second = try ControllerFixtures.controller("mastercard-accounts-on-file", account: "1002")
        #expect(second[field: "expiryDate"]?.text == "")
        #expect(second[field: "expiryDate"]?.field.mustWriteReason == "EXPIRED")
        #expect(second[field: "cardholderName"]?.text == "Marie Curie")
        #expect(second.next(after: "cvv") == nil)          // the read-only name is skipped
        #expect(second.next(after: "cardNumber") == "expiryDate")
    }

    @Test("switching the product keeps the values of the fields both have, re-formatted")
    func productSwitch() throws {
        var controller = try ControllerFixtures.controller("visa", otherSamples: ["amex", "sepa-direct-debit"])
        let typed = try controller.type("378282246310005", into: "cardNumber")
        // The card number names American Express: the form switches to it at the second digit.
        #expect(typed[1].itemChanged && !typed[0].itemChanged && !typed[2].itemChanged)
        #expect(controller.item.id == "2")
        #expect(typed[1].fields.map(\.id) == controller.fields.map(\.id))
        try controller.type("1230", into: "expiryDate")
        try controller.type("1234", into: "cvv")
        #expect(controller[field: "cardNumber"]?.text == "3782 822463 10005")
        #expect(controller[field: "expiryDate"]?.text == "12/30")
        #expect(controller[field: "cvv"]?.text == "1234")
        #expect(controller[field: "cardNumber"]?.field.placeholder == "**** ****** *****")
        #expect(controller.isValid)
        // Selecting Visa for an American Express number: the number decides, the form stays American Express.
        let back = try controller.selectProduct(id: "1")
        #expect(back.itemChanged && controller.item.id == "2")
        #expect(controller[field: "cvv"]?.text == "1234")
        // A product without those fields starts empty.
        try controller.selectProduct(id: "770")
        #expect(controller.fields.allSatisfy { $0.text.isEmpty })
        #expect(throws: PaymentRequestError.unknownProduct("42")) { try controller.selectProduct(id: "42") }
    }

    @Test("submit with a key prepares a request that decrypts to the unmasked values")
    func submitWithKey() throws {
        let response = try Fixtures.demoPublicKeyResponse()
        let pem = try Fixtures.demoPrivateKeyPEM()
        let key = try EncryptionKey(response)
        var controller = try ControllerFixtures.controller("visa")
        let invalid = try controller.submit(clientSessionId: "s", key: key, metaInfo: .current(appIdentifier: "tests"))
        #expect(!invalid.isValid && invalid.prepared == nil)
        try controller.type("4111111111111111", into: "cardNumber")
        try controller.set("expiryDate", value: "12/2030")
        try controller.type("123", into: "cvv")
        let submission = try controller.submit(clientSessionId: "s", key: key, metaInfo: .current(appIdentifier: "tests"))
        let prepared = try #require(submission.prepared)
        let payload = try DecryptedPayload(token: prepared.encryptedFields, key: try DecryptionKey(pemRepresentation: pem))
        #expect(payload.json["paymentValues"] == [
            ["key": "cardNumber", "value": "4111111111111111"], ["key": "expiryDate", "value": "1230"], ["key": "cvv", "value": "123"],
        ])
        // Without a key: validated, nothing prepared.
        #expect(controller.submit().isValid && controller.submit().prepared == nil)
    }

    @Test("descriptions and dumps never show what was typed")
    func redaction() throws {
        var controller = try ControllerFixtures.controller("visa")
        let update = try controller.type("4111111111111111", into: "cardNumber").last
        try controller.type("737", into: "cvv")
        var dumped = ""
        dump(controller, to: &dumped)
        for text in [String(describing: controller), String(reflecting: controller), dumped, String(describing: update as Any),
                     String(describing: controller.fields), String(describing: controller.submit())] {
            #expect(!text.contains("4111"))
            #expect(!text.contains("1111"))
            #expect(!text.contains("737"))
        }
    }

    @Test("a product group's form edits and validates; preparing it needs a product")
    func group() throws {
        let json = #"{"id": "cards", "displayHints": {"label": "Cards"}, "fields": [{"id": "cardNumber", "type": "numericstring", "dataRestrictions": {"isRequired": true, "validators": {"luhn": {}}}, "displayHints": {"displayOrder": 1, "formElement": {"type": "text"}}}]}"#
        let group = try PaymentProductGroup.decode(from: Array(json.utf8)).value
        var controller = PaymentFormController(item: group, localizer: Localizer(languageTag: "de"), context: ControllerFixtures.now)
        #expect(controller.form.productLabel == "Karten")
        try controller.type("4111111111111111", into: "cardNumber")
        #expect(controller.isValid)
        let visa = try Fixtures.sample("visa")
        controller.selectProduct(visa)
        #expect(controller[field: "cardNumber"]?.text == "4111 1111 1111 1111")
        #expect(controller.otherItems.map(\.id) == ["cards"])
    }
}
