import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport

@Suite("Form controller: FormFieldState, FormUpdate and FormSubmission are Codable")
struct ControllerCodableTests {
    static func roundTrip<Value: Codable & Equatable>(_ value: Value) throws -> Value {
        let data = try JSONEncoder().encode(value)
        return try JSONDecoder().decode(Value.self, from: data)
    }

    @Test("every field state of a form in use comes back equal: card number with brands, expiry shortcuts, errors shown")
    func fieldStatesRoundTrip() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.focus("cardNumber")
        try controller.type("3782 82", into: "cardNumber")
        try controller.focus("expiryDate")
        try controller.type("2", into: "expiryDate")
        try controller.blur("expiryDate")
        try controller.set("cvv", value: "1")
        let submission = controller.submit()
        for state in controller.fields {
            #expect(try Self.roundTrip(state) == state, "\(state.id)")
        }
        #expect(try Self.roundTrip(submission) == submission)
        let update = try controller.replace("cvv", range: 1..<1, with: "2")
        #expect(try Self.roundTrip(update) == update)
        // Account-on-file states too (read-only, prefilled).
        let account = try ControllerFixtures.controller("mastercard-accounts-on-file", account: "1001")
        for state in account.fields {
            #expect(try Self.roundTrip(state) == state, "\(state.id)")
        }
    }

    @Test("the encoded shape: what a front end draws, the brand ids, the mask it edits with")
    func encodedShape() throws {
        var controller = try ControllerFixtures.cardForm("visa")
        try controller.focus("cardNumber")
        try controller.type("37828", into: "cardNumber")
        let card = try #require(controller[field: "cardNumber"])
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(card)) as? [String: Any])
        #expect(object["text"] as? String == "3782 8")
        #expect(object["selection"] as? [Int] == [6, 6])
        #expect(object["state"] as? String == "incomplete")
        #expect(object["brands"] as? [String] == ["american-express"])
        #expect(object["editingMask"] as? String == "{{9999}} {{999999}} {{99999}}")
        #expect((object["field"] as? [String: Any])?["id"] as? String == "cardNumber")
        let cvv = try #require(controller[field: "cvv"])
        let cvvObject = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(cvv)) as? [String: Any])
        #expect(cvvObject["brands"] == nil)
        #expect(cvvObject["cardLayout"] == nil)
        let update = try controller.replace("cardNumber", range: 6..<6, with: "2")
        let updateObject = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(update)) as? [String: Any])
        #expect(Set(updateObject.keys) == ["fields", "outcome", "advance", "isValid"] || Set(updateObject.keys) == ["fields", "outcome", "advance", "next", "isValid"])
        #expect(updateObject["outcome"] as? String == "changed")
    }

    @Test("decoding refuses what no controller produces: a bad selection, an unknown brand, layout numbers past 19 digits, a value the text does not show, contradicting flags", arguments: [
        (#""selection":[6,6]"#, #""selection":[6,2]"#),
        (#""selection":[6,6]"#, #""selection":[-1,6]"#),
        (#""selection":[6,6]"#, #""selection":[1]"#),
        (#""brands":["american-express"]"#, #""brands":["not-a-brand"]"#),
        // A caret past the text.
        (#""selection":[6,6]"#, #""selection":[6,60]"#),
        // Layout numbers a definition cannot declare: 3e8 took 23.8 s and 5.3 GB, larger trapped.
        (#""maximumLength":15"#, #""maximumLength":300000000"#),
        (#""maximumLength":15"#, #""maximumLength":9223372036854775807"#),
        (#""maximumLength":15"#, #""maximumLength":0"#),
        (#""maximumLength":15"#, #""maximumLength":-5"#),
        (#""gaps":[4,10]"#, #""gaps":[4,10,400]"#),
        (#""gaps":[4,10]"#, #""gaps":[0]"#),
        (#""allowedLengths":[15]"#, #""allowedLengths":[-1]"#),
        (#""allowedLengths":[15]"#, #""allowedLengths":[20]"#),
        // A value the text does not show, and flags that contradict each other.
        (#""value":"37828""#, #""value":"4111111111111111""#),
        (#""complete":false"#, #""complete":true"#),
        (#""state":"incomplete""#, #""state":"valid""#),
        (#""fieldId":"cardNumber","maxLength":15"#, #""fieldId":"cvv","maxLength":15"#),
        (#""message":null"#, #""message":"shown without an error""#),
    ])
    func refusesBadInput(valid: String, broken: String) throws {
        var controller = try ControllerFixtures.cardForm("visa")
        try controller.focus("cardNumber")
        try controller.type("37828", into: "cardNumber")
        let card = try #require(controller[field: "cardNumber"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(card), as: UTF8.self)
        try #require(text.contains(valid), "\(text)")
        #expect(try JSONDecoder().decode(FormFieldState.self, from: Data(text.utf8)) == card)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FormFieldState.self, from: Data(text.replacingOccurrences(of: valid, with: broken).utf8))
        }
    }

    @Test("decoding refuses a field no form can draw, an update with a field twice, a submission that contradicts itself")
    func refusesInconsistentContainers() throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.focus("cvv")
        let update = try controller.replace("cvv", range: 0..<0, with: "1")
        let updateText = String(decoding: try JSONEncoder().encode(update), as: UTF8.self)
        let field = try #require(update.fields.first)
        let fieldText = String(decoding: try JSONEncoder().encode(field), as: UTF8.self)
        let doubled = updateText.replacingOccurrences(of: #""fields":["#, with: #""fields":["# + fieldText + ",")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FormUpdate.self, from: Data(doubled.utf8)) }
        #expect(try JSONDecoder().decode(FormUpdate.self, from: Data(updateText.utf8)) == update)

        let submission = controller.submit()
        #expect(!submission.isValid)
        let submissionText = String(decoding: try JSONEncoder().encode(submission), as: UTF8.self)
        try #require(submissionText.contains(#""isValid":false"#))
        let claimsValid = submissionText.replacingOccurrences(of: #""isValid":false"#, with: #""isValid":true"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FormSubmission.self, from: Data(claimsValid.utf8)) }
        #expect(try JSONDecoder().decode(FormSubmission.self, from: Data(submissionText.utf8)) == submission)

        let fieldJSON = String(decoding: try JSONEncoder().encode(field.field), as: UTF8.self)
        try #require(fieldJSON.contains(#""maxLength":4"#), "\(fieldJSON)")
        for broken in [fieldJSON.replacingOccurrences(of: #""maxLength":4"#, with: #""maxLength":-4"#),
                       fieldJSON.replacingOccurrences(of: #""maxLength":4"#, with: #""maxLength":4,"linkTextRange":[0,999]"#),
                       fieldJSON.replacingOccurrences(of: #""readOnly":false"#, with: #""readOnly":true"#)] {
            #expect(throws: DecodingError.self, "\(broken)") { try JSONDecoder().decode(FormField.self, from: Data(broken.utf8)) }
        }
    }
}
