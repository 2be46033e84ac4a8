import Foundation
import Testing
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormEngine
import PaymentFormTestSupport

/// `payform` against what the Connect Swift SDK guide (seed 003) documents: each test names the
/// guide line it answers.
@Suite("payform: the Connect guide, line by line")
struct ConnectGuideCommandTests {
    static let publicKey = Fixtures.demoPublicKeyPath
    static let privateKey = Fixtures.demoPrivateKeyPath

    // Guide, "ValidationError and its subclasses": "ValidationErrorInteger indicates that the
    // supplied value is not an integer. ValidationErrorNumericString indicates that the supplied
    // value is not a numeric string."
    @Test("validate raises integer and numericString, with their own messages")
    func fieldTypes() throws {
        let product = try CLI.temporaryFile(#"""
        {"id": 1, "paymentMethod": "card", "displayHints": {}, "fields": [
          {"id": "count", "type": "integer", "displayHints": {"formElement": {"type": "text"}}},
          {"id": "code", "type": "numericstring", "displayHints": {"formElement": {"type": "text"}}}]}
        """#)
        let result = CLI.run(["validate", "--product", product, "--value", "count=x7", "--value", "code=12ab"])
        #expect(result.exitCode == 1)
        #expect(try CLI.json(result) == [
            "valid": false,
            "errors": [
                ["fieldId": "count", "errorId": "integer", "message": "Enter a whole number, such as 42."],
                ["fieldId": "code", "errorId": "numericString", "message": "Enter digits only."],
            ],
        ])
        let sepa = CLI.run(["validate", "--product", "sample:sepa-direct-debit", "--value", "debitDay=x7", "--locale", "fr"])
        let errors = try #require(CLI.json(sepa)["errors"]?.arrayValue, "no errors")
        #expect(errors.filter { $0["fieldId"] == "debitDay" }.map { $0["errorId"] } == ["range", "integer"])
    }

    // Guide: a payment request is validated, then prepared ("Once all values have been supplied,
    // the payment request can be validated"); the form shows and reads `12/2030` as December
    // 2030. validate, prepare and sips request read it the same way (not as 12/20, expired).
    @Test("12/2030 is December 2030 for validate, prepare and sips request")
    func fourDigitYear() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1111", "expiryDate": "12/2030", "cvv": "123"}"#)
        #expect(CLI.run(["validate", "--product", "sample:visa", "--values", values, "--now", "2026-11"]).exitCode == 0)
        let prepared = CLI.run(["prepare", "--product", "sample:visa", "--values", values, "--public-key", Self.publicKey,
                                "--client-session-id", "s", "--now", "2026-11"])
        let token = try #require(CLI.json(prepared)["encryptedFields"]?.stringValue, "no token")
        let payload = try CLI.json(CLI.run(["decrypt", "--private-key", Self.privateKey, "--token", token]))
        let sent = try #require(payload["paymentValues"]?.arrayValue, "no values")
        #expect(sent.first { $0["key"] == "expiryDate" }?["value"] == "1230")

        let initialization = try CLI.temporaryFile(#"{"redirectionData": "RD", "redirectionUrl": "https://office.example/next", "redirectionVersion": "IR_MB_3.0", "publicKeyValue": "PK"}"#)
        let sips = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1111", "cardExpiryDate": "12/2030"}"#)
        let call = CLI.run(["sips", "request", "--operation", "cardOrder", "--init", initialization, "--values", sips, "--now", "2026-11"])
        #expect(call.exitCode == 0, "\(call.stdout)")
        #expect(try CLI.json(call)["cardExpiryDate"] == "203012")
    }

    // Guide: "Payments can not be done with instances of PaymentProductGroup. This means that if
    // the customer selected a payment product group, a more specific payment product must be
    // known before a payment is initiated." docs/cli.md promises the code product_group.
    @Test("prepare with a product group answers product_group")
    func productGroup() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "123"}"#)
        let result = CLI.run(["prepare", "--product", Fixtures.groupPath("cards"), "--values", values,
                              "--public-key", Self.publicKey, "--client-session-id", "s", "--now", "2026-11"])
        try CLI.expectUsableError(result, code: "product_group", mentioning: "'cards' is a product group")
        #expect(!result.stdout.contains("encryptedFields"))
        // A product whose id is not a number is still a product (its payload needs a number).
        let named = try CLI.temporaryFile(#"{"id": "visa", "paymentMethod": "card", "displayHints": {}, "fields": []}"#)
        try CLI.expectUsableError(
            CLI.run(["prepare", "--product", named, "--values", values, "--public-key", Self.publicKey, "--client-session-id", "s"]),
            code: "unknown_field", mentioning: "cardNumber")
        let empty = try CLI.temporaryFile("{}")
        try CLI.expectUsableError(
            CLI.run(["prepare", "--product", named, "--values", empty, "--public-key", Self.publicKey, "--client-session-id", "s"]),
            code: "non_numeric_product_id", mentioning: "visa")
    }
}
