import Foundation
import Testing
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormTestSupport

/// One reading of an expiry date written whole into an `MM/YY` field, whoever reads it:
/// `validate`, `prepare` (what the encrypted request carries), `unmask --product --field`, and the
/// form controller (`payform form`: a value set, and the same text pasted). The web form reads it
/// through the same controller (Web/test/web_form_test.py, case `expiry_reading`).
@Suite("One reading of an expiry date")
struct ExpiryReadingCommandTests {
    static let publicKey = Fixtures.demoPublicKeyPath
    static let privateKey = Fixtures.demoPrivateKeyPath

    /// Input, the value every reader finds, and the error (`nil`: valid in 2026-11).
    static let table: [(typed: String, value: String, error: String?)] = [
        ("12/2030", "1230", nil), ("122030", "1230", nil), ("12/30", "1230", nil), ("1230", "1230", nil),
        ("12/203", "12203", "expirationDate"), ("13/30", "1330", "expirationDate"), ("00/30", "0030", "expirationDate"),
        ("12-30", "1230", nil), ("1 2 / 3 0", "1230", nil), ("1/30", "0130", nil), ("12/300", "12300", "expirationDate"),
    ]

    static func values(_ expiry: String) throws -> String {
        let object = JSONValue.object(JSONObject([
            (key: "cardNumber", value: .string("4111111111111111")), (key: "expiryDate", value: .string(expiry)),
            (key: "cvv", value: .string("123")),
        ]))
        return try CLI.temporaryFile(JSONWriter().string(from: object))
    }

    @Test("validate, prepare, unmask and the form controller read each input alike", arguments: Self.table)
    func oneReading(typed: String, value: String, error: String?) throws {
        let product = Fixtures.samplePath("visa")
        let values = try Self.values(typed)

        // unmask with the field: what is validated and sent.
        let unmasked = CLI.run(["unmask", "--product", product, "--field", "expiryDate", "--value", typed])
        #expect(try CLI.json(unmasked)["value"] == .string(value), "unmask")

        // validate: the same verdict.
        let validated = try CLI.json(CLI.run(["validate", "--product", product, "--values", values, "--now", "2026-11"]))
        let errors = validated["errors"]?.arrayValue ?? []
        #expect(errors.first { $0["fieldId"] == "expiryDate" }?["errorId"]?.stringValue == error, "validate")
        #expect(validated["valid"] == .bool(error == nil), "validate")

        // prepare: the value the encrypted request carries (or the same error, nothing encrypted).
        let prepared = CLI.run(["prepare", "--product", product, "--values", values, "--public-key", Self.publicKey,
                                "--client-session-id", "s", "--now", "2026-11"])
        if error == nil {
            let token = try #require(try CLI.json(prepared)["encryptedFields"]?.stringValue, "prepare: \(prepared.stdout)")
            let payload = try CLI.json(CLI.run(["decrypt", "--private-key", Self.privateKey, "--token", token]))
            let sent = payload["paymentValues"]?.arrayValue?.first { $0["key"] == "expiryDate" }?["value"]
            #expect(sent == .string(value), "prepare")
        } else {
            #expect(prepared.exitCode == 1, "prepare")
            #expect(try CLI.json(prepared)["errors"]?.arrayValue?.first { $0["fieldId"] == "expiryDate" }?["errorId"]?.stringValue == error, "prepare")
        }

        // The form controller: the value set (autofill), and the same text pasted into the empty field.
        let set = JSONValue.object(JSONObject([(key: "event", value: .string("set")), (key: "field", value: .string("expiryDate")),
                                               (key: "value", value: .string(typed))]))
        let paste = JSONValue.object(JSONObject([(key: "event", value: .string("edit")), (key: "field", value: .string("expiryDate")),
                                                 (key: "selection", value: .array([.integer(0), .integer(0)])), (key: "insert", value: .string(typed))]))
        for (name, event) in [("set", set), ("paste", paste)] {
            let session = CLI.run(["form", "--product", "sample:visa", "--now", "2026-11"], stdin: JSONWriter().string(from: event) + "\n")
            let answer = try CLI.json(session)
            #expect(answer["value"] == .string(value), "form \(name)")
            #expect(answer["state"] == .string(error == nil ? "valid" : "invalid"), "form \(name)")
        }
    }
}
