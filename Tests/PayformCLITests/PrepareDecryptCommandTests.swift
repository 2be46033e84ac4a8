import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PayformCLI
import PaymentFormTestSupport

@Suite("payform prepare, decrypt, demo")
struct PrepareDecryptCommandTests {
    static let publicKey = Fixtures.demoPublicKeyPath
    static let privateKey = Fixtures.demoPrivateKeyPath

    @Test("prepare then decrypt gives back the unmasked values")
    func roundTrip() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "123"}"#)
        let prepared = CLI.run(["prepare", "--product", Fixtures.samplePath("visa"), "--values", values, "--public-key", Self.publicKey,
                                "--client-session-id", "abc\"def", "--now", "2026-11", "--tokenize"])
        #expect(prepared.exitCode == 0, "\(prepared.stdout)")
        let json = try CLI.json(prepared)
        let object = try #require(json.objectValue, "bad output")
        let token = try #require(object["encryptedFields"]?.stringValue, "bad output")
        #expect(object.keys == ["encryptedFields", "encodedClientMetaInfo"])
        let decrypted = CLI.run(["decrypt", "--private-key", Self.privateKey, "--token", token])
        #expect(decrypted.exitCode == 0)
        let payload = try CLI.json(decrypted)
        #expect(payload["clientSessionId"] == "abc\"def")
        #expect(payload["tokenize"] == .bool(true))
        #expect(payload["paymentValues"] == [["key": "cardNumber", "value": "4111111111111111"], ["key": "expiryDate", "value": "1230"], ["key": "cvv", "value": "123"]])
        let fromFile = CLI.run(["decrypt", "--private-key", Self.privateKey, "--token-file", "-"], stdin: token + "\n")
        #expect(fromFile.stdout == decrypted.stdout)
    }

    @Test("invalid values are reported like validate and nothing is encrypted")
    func invalid() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111"}"#)
        let result = CLI.run(["prepare", "--product", Fixtures.samplePath("visa"), "--values", values, "--public-key", Self.publicKey, "--client-session-id", "s", "--now", "2026-11"])
        #expect(result.exitCode == 1)
        #expect(try CLI.json(result)["valid"] == .bool(false))
        #expect(!result.stdout.contains("encryptedFields"))
    }

    @Test("values longer than their mask are judged whole: nothing one digit short is encrypted", arguments: [
        ("amex", #"{"cardNumber":"3782822463100051","expiryDate":"12/30","cvv":"1234"}"#, "cardNumber", "length"),
        ("visa", #"{"cardNumber":"4111111111111111","expiryDate":"12/30","cvv":"12345"}"#, "cvv", "length"),
        ("visa", #"{"cardNumber":"4111111111111111","expiryDate":"12/300","cvv":"123"}"#, "expiryDate", "expirationDate"),
    ])
    func overLongValuesAreNotCut(product: String, values: String, field: String, errorId: String) throws {
        let file = try CLI.temporaryFile(values)
        for command in ["validate", "prepare"] {
            let extra = command == "prepare" ? ["--public-key", Self.publicKey, "--client-session-id", "s"] : []
            let result = CLI.run([command, "--product", Fixtures.samplePath(product), "--values", file, "--now", "2026-11"] + extra)
            #expect(result.exitCode == 1, "\(command)")
            #expect(!result.stdout.contains("encryptedFields"))
            guard case .array(let errors)? = try CLI.json(result)["errors"] else { Issue.record("no errors"); continue }
            #expect(errors.first { $0["fieldId"] == .string(field) }?["errorId"] == .string(errorId), "\(command)")
        }
    }

    @Test("a four-digit expiry year reads as in the form: 12/2030 is December 2030, not 12/20")
    func fourDigitYear() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber":"4111111111111111","expiryDate":"12/2030","cvv":"123"}"#)
        let prepared = CLI.run(["prepare", "--product", Fixtures.samplePath("visa"), "--values", values, "--public-key", Self.publicKey,
                                "--client-session-id", "s", "--now", "2026-11"])
        #expect(prepared.exitCode == 0, "\(prepared.stdout)")
        let token = try #require(CLI.json(prepared)["encryptedFields"]?.stringValue, "no token")
        let payload = try CLI.json(CLI.run(["decrypt", "--private-key", Self.privateKey, "--token", token]))
        let sent = try #require(payload["paymentValues"]?.arrayValue, "no values")
        #expect(sent.first { $0["key"] == "expiryDate" }?["value"] == "1230")
    }

    @Test("bad keys and tampered tokens exit 2 without plaintext")
    func failures() throws {
        let badKey = try CLI.temporaryFile(#"{"keyId": "k", "publicKey": "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"}"#)
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111111111111111", "expiryDate": "1230", "cvv": "123"}"#)
        let result = CLI.run(["prepare", "--product", Fixtures.samplePath("visa"), "--values", values, "--public-key", badKey, "--client-session-id", "s", "--now", "2026-11"])
        try CLI.expectUsableError(result, code: "invalid_public_key", mentioning: "--public-key")
        let good = try CLI.json(CLI.run(["prepare", "--product", Fixtures.samplePath("visa"), "--values", values, "--public-key", Self.publicKey, "--client-session-id", "s", "--now", "2026-11"]))
        let token = try #require(good["encryptedFields"]?.stringValue, "no token")
        var tampered = Array(token)
        let index = tampered.count / 2
        tampered[index] = tampered[index] == "A" ? "B" : "A"
        let rejected = CLI.run(["decrypt", "--private-key", Self.privateKey, "--token", String(tampered)])
        try CLI.expectUsableError(rejected, code: "invalid_token", mentioning: "rejected")
        #expect(!rejected.stdout.contains("4111"))
        try CLI.expectUsableError(CLI.run(["decrypt", "--private-key", Self.publicKey, "--token", token]), code: "invalid_private_key", mentioning: "--private-key")
        try CLI.expectUsableError(CLI.run(["decrypt", "--private-key", Self.privateKey, "--token", "a.b.c"]), code: "invalid_token", mentioning: "rejected")
    }

    @Test("demo runs to the end and its round trip holds")
    func demo() {
        let result = CLI.run(["demo"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("✓ the decrypted values equal the typed values"))
        #expect(!result.stdout.contains("\u{1B}["))
        let french = CLI.run(["demo", "--locale", "fr"])
        #expect(french.exitCode == 0)
        #expect(french.stdout != result.stdout)
    }
}
