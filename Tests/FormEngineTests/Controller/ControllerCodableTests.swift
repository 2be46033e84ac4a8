import Foundation
import Testing
@testable import PaymentFormEngine

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
        var controller = try ControllerFixtures.controller("visa")
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

    @Test("decoding refuses a bad selection and a brand the shipped table does not have", arguments: [
        (#""selection":[6,6]"#, #""selection":[6,2]"#),
        (#""selection":[6,6]"#, #""selection":[-1,6]"#),
        (#""selection":[6,6]"#, #""selection":[1]"#),
        (#""brands":["american-express"]"#, #""brands":["not-a-brand"]"#),
    ])
    func refusesBadInput(valid: String, broken: String) throws {
        var controller = try ControllerFixtures.controller("visa")
        try controller.focus("cardNumber")
        try controller.type("37828", into: "cardNumber")
        let card = try #require(controller[field: "cardNumber"])
        let text = String(decoding: try JSONEncoder().encode(card), as: UTF8.self)
        #expect(text.contains(valid))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FormFieldState.self, from: Data(text.replacingOccurrences(of: valid, with: broken).utf8))
        }
    }
}
