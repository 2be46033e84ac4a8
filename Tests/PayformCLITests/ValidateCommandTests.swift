import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PayformCLI
import PaymentFormJSON
import PayformCommands
import PaymentFormTestSupport

@Suite("payform validate")
struct ValidateCommandTests {
    @Test("valid input exits 0 with no errors")
    func valid() throws {
        let result = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--value", "cardNumber=4111 1111 1111 1111", "--value", "expiryDate=12/30", "--value", "cvv=123", "--now", "2026-11"])
        #expect(result.exitCode == 0)
        #expect(try CLI.json(result) == ["valid": true, "errors": []])
    }

    @Test("invalid input exits 1 with the documented error objects in display order")
    func invalid() throws {
        let values = try CLI.temporaryFile(#"{"cvv": "12", "cardNumber": "4111111111111112", "expiryDate": "1299"}"#)
        let result = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--values", values, "--now", "2026-11"])
        #expect(result.exitCode == 1)
        let json = try CLI.json(result)
        #expect(json["valid"] == .bool(false))
        let errors = try #require(json["errors"]?.arrayValue, "no errors")
        #expect(errors.map { $0["errorId"] } == ["luhn", "expirationDate", "length", "regularExpression"].map { .string($0) })
        #expect(errors.map { $0["fieldId"] } == ["cardNumber", "expiryDate", "cvv", "cvv"].map { .string($0) })
        let length = try #require(errors[2].objectValue)
        #expect(length.keys == ["fieldId", "errorId", "minLength", "maxLength", "reason", "message"])
        #expect(length["minLength"] == 3)
        #expect(length["maxLength"] == 4)
        let message = try #require(length["message"]?.stringValue, "no message")
        #expect(message.contains("3") && message.contains("4"))
    }

    @Test("--now decides expiry; the same value is valid one month and expired the next")
    func now() throws {
        let arguments = ["validate", "--product", Fixtures.samplePath("visa"), "--value", "cardNumber=4111111111111111", "--value", "expiryDate=11/26", "--value", "cvv=123"]
        #expect(CLI.run(arguments + ["--now", "2026-11"]).exitCode == 0)
        #expect(CLI.run(arguments + ["--now", "2026-12"]).exitCode == 1)
        try CLI.expectUsableError(CLI.run(arguments + ["--now", "2026-13"]), code: "usage", mentioning: "--now")
    }

    @Test("French messages with the bounds filled in")
    func french() throws {
        let result = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--value", "cvv=12", "--now", "2026-11", "--locale", "fr"])
        let json = try CLI.json(result)
        let errors = try #require(json["errors"]?.arrayValue, "no errors")
        let length = errors.first { $0["errorId"] == "length" }
        let message = try #require(length?["message"]?.stringValue, "no message")
        #expect(message.contains("3") && message.contains("4"))
        #expect(!message.contains("{"))
        let english = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--value", "cvv=12", "--now", "2026-11", "--locale", "en"])
        #expect(english.stdout != result.stdout)
        // The environment's language is the default.
        let fromEnvironment = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--value", "cvv=12", "--now", "2026-11"], environment: ["LANG": "fr_FR.UTF-8"])
        #expect(fromEnvironment.stdout == result.stdout)
    }

    /// Every shipped language, from the tables' file names.
    static let languages: [String] = {
        let folder = PackageFiles.url("Resources/Localization")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// A short card number, an expiry too far ahead and a short security code, in `locale`.
    static func whatIsWrong(_ locale: String) -> CommandResult {
        CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--value", "cardNumber=4111", "--value", "expiryDate=1299",
                 "--value", "cvv=12", "--now", "2026-11", "--locale", locale])
    }

    @Test("every language says what is wrong in its own words, the reason beside the ids", arguments: languages)
    func everyLanguage(language: String) throws {
        #expect(Self.languages.count >= 30)
        let result = Self.whatIsWrong(language)
        #expect(result.exitCode == 1)
        let errors = try #require(try CLI.json(result)["errors"]?.arrayValue, "no errors")
        let english = try #require(try CLI.json(Self.whatIsWrong("en"))["errors"]?.arrayValue)
        let expected: [(fieldId: String, errorId: String, reason: String, english: String)] = [
            ("cardNumber", "length", "tooShort", "Enter the full card number."),
            ("expiryDate", "expirationDate", "tooFarAhead", "Check the expiry year."),
            ("cvv", "length", "tooShort", "Enter the 3- or 4-digit security code."),
        ]
        for item in expected {
            let matches = { (error: JSONValue) in
                error["fieldId"]?.stringValue == item.fieldId && error["errorId"]?.stringValue == item.errorId
            }
            let error = try #require(errors.first(where: matches), "\(language): no \(item.errorId) on \(item.fieldId)")
            let inEnglish = try #require(english.first(where: matches)?["message"]?.stringValue)
            #expect(error["reason"]?.stringValue == item.reason)
            let message = try #require(error["message"]?.stringValue)
            #expect(!message.isEmpty && !message.contains("{"), "\(language): \(item.fieldId)")
            #expect(inEnglish == item.english)
            if language != "en" { #expect(message != inEnglish, "\(language): \(item.fieldId) is in English") }
        }
    }

    @Test("language tags as apps spell them read the tables' languages", arguments: [
        ("pt-BR", "pt"), ("pt_PT.UTF-8", "pt"), ("zh-CN", "zh"), ("zh-Hans", "zh"), ("zh-TW", "zh-Hant"), ("zh_HK", "zh-Hant"),
        ("iw", "he"), ("he-IL", "he"), ("no", "nb"), ("nn-NO", "nb"), ("ar-EG", "ar"), ("sv-FI", "sv"),
    ])
    func aliases(tag: String, language: String) {
        #expect(Self.whatIsWrong(tag).stdout == Self.whatIsWrong(language).stdout)
    }

    @Test("accounts on file: read-only fields skipped, must-write required")
    func accountOnFile() throws {
        let result = CLI.run(["validate", "--product", Fixtures.samplePath("mastercard-accounts-on-file"), "--account-on-file", "1002", "--value", "cardNumber=junk", "--now", "2026-11"])
        #expect(result.exitCode == 1)
        let json = try CLI.json(result)
        let errors = try #require(json["errors"]?.arrayValue, "no errors")
        #expect(errors.map { $0["fieldId"] } == ["expiryDate", "cvv"].map { .string($0) })
        #expect(errors.map { $0["errorId"] } == ["required", "required"].map { .string($0) })
    }

    @Test("unusable input exits 2 and never echoes values")
    func unusable() throws {
        try CLI.expectUsableError(CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--value", "pan=4111111111111111"]), code: "unknown_field", mentioning: "'pan'")
        let notStrings = try CLI.temporaryFile(#"{"cardNumber": 4111111111111111}"#)
        let result = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--values", notStrings])
        try CLI.expectUsableError(result, code: "type_mismatch", mentioning: "cardNumber: expected string, found integer")
        #expect(!result.stdout.contains("4111"))
        let stray = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--value", "cardNumber", "4111111111111111"])
        try CLI.expectUsableError(stray, code: "usage", mentioning: "unexpected argument")
        #expect(!stray.stdout.contains("4111") && !stray.stderr.contains("4111"))
        try CLI.expectUsableError(CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--values", "/nope.json"]), code: "unreadable_file", mentioning: "/nope.json")
        try CLI.expectUsableError(CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--bogus"]), code: "usage", mentioning: "--bogus")
        try CLI.expectUsableError(CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--values", notStrings, "--value", "cvv=1"]), code: "usage", mentioning: "not both")
    }

    /// Security review: a values file with a field id twice silently validated (and sent) the
    /// last value. Refused now, naming the id and never a value.
    @Test("a values file with a field id twice exits 2, naming the id only", arguments: [
        ("twice-apart", #"{"cvv": "123", "cardNumber": "4111111111111111", "cvv": "999"}"#),
        ("twice-same", #"{"cvv": "123", "cvv": "123"}"#),
        ("twice-escaped", #"{"cardNumber": "4111111111111111", "expiryDate": "1230", "cvv": "321", "\u0063vv": "987"}"#),
    ])
    func duplicateFieldIds(name: String, values: String) throws {
        // A file name without digits, so no digit in the output can come from it.
        let file = try CLI.temporaryFile(values, name: "values-\(name).json")
        let result = CLI.run(["validate", "--product", Fixtures.samplePath("visa"), "--values", file, "--now", "2026-11"])
        try CLI.expectUsableError(result, code: "duplicate_key", mentioning: "field id 'cvv' appears more than once")
        for secret in ["123", "999", "321", "987", "4111"] {
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
        }
    }

    @Test("repeated keys in a product definition are warnings; the last occurrence is used")
    func duplicateKeysInTheProduct() throws {
        let product = try String(contentsOfFile: Fixtures.samplePath("visa"), encoding: .utf8)
            .replacingOccurrences(of: #""minLength": 2, "maxLength": 51"#, with: #""minLength": 2, "maxLength": 51, "maxLength": 5"#)
        let file = try CLI.temporaryFile(product, name: "visa-repeated-key.json")
        let result = CLI.run(["validate", "--product", file, "--value", "cvv=123", "--value", "cardNumber=4111111111111111",
                              "--value", "expiryDate=1230", "--value", "cardholderName=Wile E. Coyote", "--now", "2026-11"])
        #expect(result.stderr.contains("fields[3].dataRestrictions.validators.length.maxLength: key 'maxLength' appears more than once"))
        // The last maxLength (5) is the one applied.
        let json = try CLI.json(result)
        let errors = try #require(json["errors"]?.arrayValue, "no errors")
        #expect(errors.map { $0["errorId"] } == [.string("length")])
        #expect(errors.first?["maxLength"] == .number("5"))
    }
}
