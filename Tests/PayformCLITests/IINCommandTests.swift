import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormTestSupport

/// Server IIN answers on the command line: `payform form`'s `iin` event and `validate --iin`.
@Suite("payform form iin event, validate --iin")
struct IINCommandTests {
    /// What the Client API answers for 40000025 (Cartes Bancaires co-badged with Visa).
    static let coBadged = #"{"paymentProductId": 130, "countryCode": "FR", "isAllowedInContext": true, "coBrands": [{"paymentProductId": 130, "isAllowedInContext": true}, {"paymentProductId": 1, "isAllowedInContext": true}]}"#
    /// What `payform fetch iin` prints for a card the context refuses.
    static let refusedByFetch = #"{"status": "existingButNotAllowed", "paymentProductId": 1, "isAllowedInContext": false}"#

    /// The first element of a JSON array.
    static func first(_ value: JSONValue?) -> JSONValue? {
        guard case .array(let elements)? = value else { return nil }
        return elements.first
    }

    @Test("iin event: the co-brands become the brand choice with products, then selectBrand takes cartes-bancaires")
    func coBrandsThroughTheEvent() throws {
        let (answers, result) = try FormCommandTests.session([
            #"{"event":"set","field":"cardNumber","value":"4000 0025"}"#,
            #"{"event":"selectBrand","brand":"cartes-bancaires"}"#,
            #"{"event":"iin","result":\#(Self.coBadged)}"#,
            #"{"event":"selectBrand","brand":"cartes-bancaires"}"#,
            #"{"event":"set","field":"cardNumber","value":"4000 0025 0000 1001"}"#,
            #"{"event":"selectBrand","brand":"visa"}"#,
            #"{"event":"selectBrand","brand":null}"#,
        ], extra: ["--product", "sample:cartes-bancaires"])
        #expect(result.exitCode == 0)
        #expect(answers[1]["error"]?["code"] == "bad_event")                  // offline: plain Visa
        #expect(answers[2]["outcome"] == "changed")
        #expect(answers[2]["brandOptions"] == [["brand": "cartes-bancaires", "paymentProductId": 130], ["brand": "visa", "paymentProductId": 1]])
        // The brand the answer lists first is pre-selected: Cartes Bancaires' product is the form's.
        #expect(answers[2]["brand"] == "cartes-bancaires")
        #expect(answers[2]["product"] == "130")
        #expect(answers[2]["itemChanged"] == .bool(true))
        #expect(answers[3]["brand"] == "cartes-bancaires")
        #expect(answers[4]["brandOptions"] == [["brand": "cartes-bancaires", "paymentProductId": 130], ["brand": "visa", "paymentProductId": 1]])
        #expect(answers[5]["brand"] == "visa")
        #expect(answers[5]["product"] == "1")
        #expect(answers[6]["brand"] == .null)
        let answer = try #require(answers[2].objectValue, "not an object")
        #expect(answer.keys == ["valid", "product", "accountOnFile", "brand", "brandOptions", "itemChanged", "outcome", "fields"])
        // Without the Cartes Bancaires product the form takes Visa only: nothing to choose.
        let (visaOnly, _) = try FormCommandTests.session([
            #"{"event":"set","field":"cardNumber","value":"4000 0025"}"#,
            #"{"event":"iin","result":\#(Self.coBadged)}"#,
        ])
        #expect(visaOnly[1]["brandOptions"] == [])
        #expect(visaOnly[1]["product"] == "1")
    }

    @Test("iin event: fetch iin's output for a refused card puts allowedInContext on the card number")
    func refusedThroughTheEvent() throws {
        let (answers, _) = try FormCommandTests.session([
            #"{"event":"focus","field":"cardNumber"}"#,
            #"{"event":"set","field":"cardNumber","value":"4111 1111"}"#,
            #"{"event":"iin","result":\#(Self.refusedByFetch)}"#,
            #"{"event":"submit"}"#,
        ])
        let fields = try #require(answers[2]["fields"]?.arrayValue, "no fields")
        let card = try #require(fields.first { $0["field"] == "cardNumber" })
        #expect(card["errorId"] == "allowedInContext")
        #expect(card["message"] == "This card cannot be used for this payment. Please use another card.")
        #expect(card["state"] == "invalid")
        #expect(Self.first(answers[3]["errors"])?["errorId"] == "allowedInContext")
    }

    @Test("iin event: answers that say nothing about the number are rejected; malformed ones are bad events")
    func ignoredAndMalformed() throws {
        let (answers, result) = try FormCommandTests.session([
            #"{"event":"iin","result":\#(Self.coBadged)}"#,                       // no card number yet
            #"{"event":"set","field":"cardNumber","value":"4000 0025"}"#,
            #"{"event":"iin","result":{"status":"notEnoughDigits"}}"#,
            #"{"event":"iin"}"#,
            #"{"event":"iin","result":{"paymentProductId":"one"}}"#,
            #"{"event":"iin","result":[1]}"#,
        ])
        #expect(result.exitCode == 0)
        #expect(answers[0]["outcome"] == "rejected")
        #expect(answers[2]["outcome"] == "rejected")
        #expect(answers[3]["error"]?["code"] == "bad_event")
        #expect(answers[4]["error"]?["code"] == "bad_event")
        let message = try #require(answers[4]["error"]?["message"]?.stringValue, "no message")
        #expect(message.contains("paymentProductId"))
        #expect(answers[5]["error"]?["code"] == "bad_event")
    }

    @Test("validate --iin: a refused card fails allowedInContext first (exit 1); an allowed one passes")
    func validateWithLookup() throws {
        let refused = try CLI.temporaryFile(Self.refusedByFetch)
        let values = ["--value", "cardNumber=4111 1111 1111 1111", "--value", "expiryDate=12/30", "--value", "cvv=123"]
        let result = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--now", "2026-11", "--iin", refused] + values)
        #expect(result.exitCode == 1)
        let json = try CLI.json(result)
        #expect(json["errors"] == [["fieldId": "cardNumber", "errorId": "allowedInContext",
                                    "message": "This card cannot be used for this payment. Please use another card."]])
        let french = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--now", "2026-11", "--locale", "fr", "--iin", refused] + values)
        #expect(Self.first(try CLI.json(french)["errors"])?["message"] == "Cette carte ne peut pas être utilisée pour ce paiement. Veuillez utiliser une autre carte.")
        let allowed = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--now", "2026-11", "--iin", try CLI.temporaryFile(Self.coBadged)] + values)
        #expect(allowed.exitCode == 0)
    }

    @Test("validate --iin: not applied without 6 digits (a warning), unusable files exit 2, batch lines carry their own")
    func validateLookupEdges() throws {
        let refused = try CLI.temporaryFile(Self.refusedByFetch)
        let short = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--iin", refused, "--value", "cardNumber=4111"])
        #expect(short.stderr.contains("--iin: not applied"))
        #expect(!short.stderr.contains("4111"))
        try CLI.expectUsableError(CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--iin", try CLI.temporaryFile("{nope"), "--value", "cvv=1"]),
                                  code: "malformed_json", mentioning: "--iin")
        try CLI.expectUsableError(CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--iin", try CLI.temporaryFile(#"{"coBrands": 3}"#), "--value", "cvv=1"]),
                                  code: "type_mismatch", mentioning: "coBrands")
        // A repeated member is refused, as the form's iin event refuses it.
        let twice = #"{"paymentProductId": 1, "countryCode": "NL", "countryCode": "FR", "isAllowedInContext": false}"#
        try CLI.expectUsableError(CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--iin", try CLI.temporaryFile(twice), "--value", "cvv=1"]),
                                  code: "malformed_json", mentioning: "countryCode")
        try CLI.expectUsableError(CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--iin", "-", "--values", "-"]),
                                  code: "usage", mentioning: "standard input")
        let batch = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--now", "2026-11", "--batch"], stdin: """
            {"values": {"cardNumber": "4111111111111111", "expiryDate": "12/30", "cvv": "123"}, "iin": \(Self.refusedByFetch)}
            {"values": {"cardNumber": "4111111111111111", "expiryDate": "12/30", "cvv": "123"}}
            {"values": {}, "iin": 3}

            """)
        let lines = batch.stdout.split(separator: "\n").map { try? JSONParser().parse(Array($0.utf8)) }
        #expect(lines.count == 3)
        #expect(Self.first(lines[0]?["errors"])?["errorId"] == "allowedInContext")
        #expect(lines[1]?["valid"] == .bool(true))
        #expect(lines[2]?["error"]?["code"] == "bad_request")
    }
}
