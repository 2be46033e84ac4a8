import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PayformCLI
import PaymentFormEncryption
import PaymentFormJSON
import PaymentFormTestSupport
import PaymentFormFixtures

/// Inputs whose meaning would depend on which of two occurrences a reader picks are refused with a
/// clear error: a repeated member in an event, a batch request, a sealed message or a decrypted
/// payload; and selections that do not fit the field's text.
@Suite("Ambiguous and out-of-range input")
struct AmbiguousInputTests {
    static let privateKey = Fixtures.demoPrivateKeyPath

    @Test("form: an event with a repeated member answers bad_event naming the member", arguments: [
        (#"{"event":"set","field":"cvv","value":"123","value":"999"}"#, "value"),
        (#"{"event":"edit","field":"cvv","field":"cardNumber","selection":[0,0],"insert":"1"}"#, "field"),
        (#"{"event":"edit","event":"submit","field":"cvv","selection":[0,0],"insert":"1"}"#, "event"),
    ])
    func formEvent(line: String, member: String) throws {
        let result = CLI.run(["form", "--product", "sample:visa"], stdin: line + "\n" + #"{"event":"set","field":"cvv","value":"12"}"# + "\n")
        let answers = try result.stdout.split(separator: "\n").map { try JSONParser().parse(Array($0.utf8)) }
        #expect(answers.count == 2)
        #expect(answers.first?["error"]?["code"] == "bad_event")
        let message = try #require(answers.first?["error"]?["message"]?.stringValue, "no message")
        #expect(message.hasPrefix("line 1: "))
        #expect(message.contains("\"\(member)\" appears more than once"), "\(message)")
        #expect(!message.contains("999") && !message.contains("123"))
        #expect(answers.last?["text"] == "12", "the session goes on")
    }

    @Test("validate --batch: a request with a repeated field answers bad_request")
    func batch() throws {
        let result = CLI.run(["validate", "--batch", "--product", "sample:visa", "--now", "2026-06"],
                             stdin: #"{"values":{"cvv":"123","cvv":"12"}}"# + "\n")
        let answer = try JSONParser().parse(Array(result.stdout.utf8))
        #expect(answer["error"]?["code"] == "bad_request")
        let message = try #require(answer["error"]?["message"]?.stringValue, "no message")
        #expect(message.contains("\"cvv\" appears more than once"), "\(message)")
    }

    @Test("sips seal --check: a message with a repeated member is refused, whichever member it is", arguments: ["seal", "amount"])
    func sealedMessage(member: String) throws {
        let key = try CLI.temporaryFile("secret\n", name: UUID().uuidString + ".key")
        let valid = try CLI.temporaryFile(#"{"amount": "1", "seal": "a3e9b2c0df2d0f5a2b9c76c1ee35f1c6a7e4c0e1fe0d1c27a1d51a6e0f1b6a6d"}"#)
        let computed = try CLI.json(CLI.run(["sips", "seal", "--secret-key-file", key, "--json", valid]))
        let seal = try #require(computed["seal"]?.stringValue, "no seal")
        // The genuine seal over amount 1, with a second member the seal check and a reader could
        // each pick differently.
        let repeated = member == "seal"
            ? #"{"amount": "1", "seal": "\#(seal)", "seal": "00"}"#
            : #"{"amount": "1", "amount": "1000000", "seal": "\#(seal)"}"#
        let result = CLI.run(["sips", "seal", "--secret-key-file", key, "--json", try CLI.temporaryFile(repeated), "--check"])
        try CLI.expectUsableError(result, code: "malformed_json", mentioning: "\"\(member)\" appears more than once")
    }

    @Test("decrypt: a payload with a repeated member or a field given twice is refused; no plaintext is printed", arguments: [
        #"{"nonce": "n", "paymentValues": [{"key": "cardNumber", "value": "4111111111111111"}], "paymentValues": [{"key": "cardNumber", "value": "4000000000000002"}]}"#,
        #"{"nonce": "n", "paymentValues": [{"key": "cvv", "value": "123"}, {"key": "cvv", "value": "999"}]}"#,
    ])
    func decryptedPayload(plaintext: String) throws {
        let response = try Fixtures.demoPublicKeyResponse()
        let token = try JWE.encrypt(Array(plaintext.utf8), for: RSAPublicKey(base64DER: response.publicKey), keyId: response.keyId)
        let result = CLI.run(["decrypt", "--private-key", Self.privateKey, "--token", token])
        try CLI.expectUsableError(result, code: "invalid_payload", mentioning: "more than once")
        #expect(!result.stdout.contains("4111") && !result.stdout.contains("123") && !result.stdout.contains("999"))
    }

    @Test("form: inverted, negative and out-of-range selections and ranges answer bad_event", arguments: [
        #"{"event":"edit","field":"cvv","selection":[2,1],"insert":"9"}"#,
        #"{"event":"edit","field":"cvv","selection":[-1,0],"insert":"9"}"#,
        #"{"event":"edit","field":"cvv","selection":[0,3],"delete":"backward"}"#,
        #"{"event":"edit","field":"cvv","selection":[3,3],"insert":"9"}"#,
        #"{"event":"select","field":"cvv","selection":[1,0]}"#,
        #"{"event":"select","field":"cvv","selection":[0,9]}"#,
        #"{"event":"replace","field":"cvv","range":[2,1],"string":""}"#,
        #"{"event":"replace","field":"cvv","range":[3,0],"string":"9"}"#,
    ])
    func selections(event: String) throws {
        // The field holds "12" (UTF-16 length 2) when the event comes.
        let result = CLI.run(["form", "--product", "sample:visa"], stdin: #"{"event":"set","field":"cvv","value":"12"}"# + "\n" + event + "\n"
            + #"{"event":"select","field":"cvv","selection":[2,2]}"# + "\n")
        let answers = try result.stdout.split(separator: "\n").map { try JSONParser().parse(Array($0.utf8)) }
        #expect(answers.count == 3)
        #expect(answers[1]["error"]?["code"] == "bad_event", "\(answers[1])")
        #expect(answers[2]["text"] == "12", "nothing was edited and the session goes on")
    }

    @Test("form: selections inside the text, up to its end, are fine", arguments: [
        (#"{"event":"edit","field":"cvv","selection":[2,2],"insert":"3"}"#, "123"),
        (#"{"event":"edit","field":"cvv","selection":[0,2],"insert":"9"}"#, "9"),
        (#"{"event":"replace","field":"cvv","range":[1,1],"string":""}"#, "1"),
        (#"{"event":"select","field":"cvv","selection":[0,2]}"#, "12"),
    ])
    func fittingSelections(event: String, text: String) throws {
        let result = CLI.run(["form", "--product", "sample:visa"], stdin: #"{"event":"set","field":"cvv","value":"12"}"# + "\n" + event + "\n")
        let answers = try result.stdout.split(separator: "\n").map { try JSONParser().parse(Array($0.utf8)) }
        #expect(answers.last?["text"] == .string(text), "\(answers)")
    }
}
