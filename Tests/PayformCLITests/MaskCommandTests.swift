import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormTestSupport

@Suite("payform mask, unmask, edit")
struct MaskCommandTests {
    static let card = "{{9999}} {{9999}} {{9999}} {{9999}}"

    @Test("mask formats and carries the cursor", arguments: [
        (["--value", "41111111"], #"{"value": "4111 1111 ", "cursor": 10}"#),
        (["--value", "41111111", "--cursor", "2"], #"{"value": "4111 1111 ", "cursor": 2}"#),
        (["--value", ""], #"{"value": "", "cursor": 0}"#),
    ])
    func mask(arguments: [String], expected: String) throws {
        let result = CLI.run(["mask", "--mask", Self.card] + arguments)
        #expect(result.exitCode == 0)
        #expect(try CLI.json(result) == JSONParser().parse(Array(expected.utf8)))
    }

    @Test("unmask strips literals and rejected characters")
    func unmask() throws {
        #expect(try CLI.json(CLI.run(["unmask", "--mask", "{{99}}/{{99}}", "--value", "12/30"])) == ["value": "1230"])
        #expect(try CLI.json(CLI.run(["unmask", "--product", Fixtures.samplePath("visa"), "--field", "cardNumber", "--value", "4111-1111-1111-1111"])) == ["value": "4111111111111111"])
        // A field without a mask passes values through.
        #expect(try CLI.json(CLI.run(["unmask", "--product", Fixtures.samplePath("visa"), "--field", "cardholderName", "--value", "Zoë"])) == ["value": "Zoë"])
    }

    @Test("edit applies one keystroke", arguments: [
        (["--text", "1234", "--selection", "4:4", "--insert", "5"], #"{"value": "1234 5", "cursor": 6, "unmasked": "12345", "outcome": "changed"}"#),
        (["--text", "1234 5", "--selection", "6:6", "--delete", "backward"], #"{"value": "1234", "cursor": 4, "unmasked": "1234", "outcome": "changed"}"#),
        (["--text", "1234 5", "--selection", "5:5", "--delete", "backward"], #"{"value": "1235", "cursor": 3, "unmasked": "1235", "outcome": "changed"}"#),
        (["--text", "1234", "--selection", "4:4", "--insert", "x"], #"{"value": "1234", "cursor": 4, "unmasked": "1234", "outcome": "rejected"}"#),
        (["--text", "", "--selection", "0:0", "--insert", "4111-1111-1111-1111"], #"{"value": "4111 1111 1111 1111", "cursor": 19, "unmasked": "4111111111111111", "outcome": "changed"}"#),
        (["--text", "1234 5678", "--range", "0:4", "--replacement", ""], #"{"value": "5678", "cursor": 0, "unmasked": "5678", "outcome": "changed"}"#),
    ])
    func edit(arguments: [String], expected: String) throws {
        let result = CLI.run(["edit", "--mask", Self.card] + arguments)
        #expect(result.exitCode == 0, "\(result.stdout)")
        #expect(try CLI.json(result) == JSONParser().parse(Array(expected.utf8)))
    }

    @Test("edit uses a product field's mask")
    func editWithField() throws {
        let result = CLI.run(["edit", "--product", Fixtures.samplePath("visa"), "--field", "expiryDate", "--text", "12/3", "--selection", "4:4", "--insert", "0"])
        #expect(try CLI.json(result)["value"] == "12/30")
    }

    @Test("usage errors exit 2", arguments: [
        ["edit", "--mask", "{{99}}", "--text", "1", "--selection", "x", "--insert", "1"],
        ["edit", "--mask", "{{99}}", "--text", "1", "--selection", "1:1"],
        ["edit", "--mask", "{{99}}", "--text", "1", "--selection", "1:1", "--insert", "1", "--delete", "backward"],
        ["edit", "--mask", "{{99}}", "--text", "1", "--selection", "1:1", "--delete", "sideways"],
        ["mask", "--value", "1"],
        ["mask", "--mask", "{{99}}", "--value", "1", "--cursor", "one"],
        ["mask", "--mask", "{{99}}", "--product", "x", "--value", "1"],
        ["unmask", "--product", "sample:visa", "--field", "nope", "--value", "1"],
    ])
    func usage(arguments: [String]) throws {
        let result = CLI.run(arguments)
        #expect(result.exitCode == 2)
        #expect(try CLI.json(result)["error"] != nil)
    }

    @Test("help texts")
    func help() {
        let overview = CLI.run(["--help"])
        #expect(overview.exitCode == 0)
        for command in ["render", "validate", "mask", "unmask", "edit"] {
            #expect(overview.stdout.contains(command))
            let help = CLI.run([command, "--help"])
            #expect(help.exitCode == 0)
            #expect(help.stdout.hasPrefix("Usage: payform \(command)"))
        }
        try? CLI.expectUsableError(CLI.run(["frobnicate"]), code: "usage", mentioning: "unknown command")
    }
}
