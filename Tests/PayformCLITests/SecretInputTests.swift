import Foundation
import Testing
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormEngine
import PaymentFormTestSupport

/// Card data reaches `mask`, `unmask` and `edit` from files and standard input too, and no error
/// message echoes what was given.
@Suite("payform secret inputs")
struct SecretInputTests {
    static let card = "{{9999}} {{9999}} {{9999}} {{9999}}"
    static let pan = "4929518637402760"

    @Test("mask and unmask read the value from a file or standard input", arguments: ["mask", "unmask"])
    func valueFromFileOrStdin(command: String) throws {
        let inline = CLI.run([command, "--mask", Self.card, "--value", Self.pan])
        let file = try CLI.temporaryFile(Self.pan + "\n", name: UUID().uuidString + ".txt")
        let fromFile = CLI.run([command, "--mask", Self.card, "--value-file", file])
        let fromStdin = CLI.run([command, "--mask", Self.card, "--value", "-"], stdin: Self.pan + "\r\n")
        let fromStdinFile = CLI.run([command, "--mask", Self.card, "--value-file", "-"], stdin: Self.pan)
        #expect(inline.exitCode == 0)
        for result in [fromFile, fromStdin, fromStdinFile] {
            #expect(result.exitCode == 0)
            #expect(result.stdout == inline.stdout)
        }
    }

    @Test("edit reads text, insert and replacement from files or standard input")
    func editFromFiles() throws {
        let text = try CLI.temporaryFile("4929 5186", name: UUID().uuidString + ".txt")
        let inline = CLI.run(["edit", "--mask", Self.card, "--text", "4929 5186", "--selection", "9:9", "--insert", "3740"])
        let fromFiles = CLI.run(["edit", "--mask", Self.card, "--text-file", text, "--selection", "9:9", "--insert", "-"], stdin: "3740\n")
        #expect(inline.exitCode == 0)
        #expect(fromFiles.stdout == inline.stdout)
        let replaced = CLI.run(["edit", "--mask", Self.card, "--text", "-", "--range", "0:4", "--replacement-file", text], stdin: "1111")
        #expect(replaced.exitCode == 0)
        try CLI.expectUsableError(
            CLI.run(["edit", "--mask", Self.card, "--text", "-", "--selection", "0:0", "--insert-file", "-"]),
            code: "usage", mentioning: "only one option can read standard input")
        try CLI.expectUsableError(
            CLI.run(["mask", "--mask", Self.card, "--value", Self.pan, "--value-file", text]), code: "usage", mentioning: "not both")
    }

    @Test("errors name the flag, never the value that was given", arguments: [
        ["edit", "--mask", card, "--text", "1", "--selection", "1:1", "--delete", pan],
        ["mask", "--mask", card, "--\(pan)"],
        ["mask", "--mask", card, pan],
        ["validate", "--product", "sample:visa", "--value", "cardNumber=\(pan)", "--now", pan],
        ["edit", "--mask", card, "--text", pan, "--selection", pan],
        ["mask", "--mask", card, "--value", pan, "--cursor", pan + pan],
    ])
    func errorsDoNotEchoValues(arguments: [String]) throws {
        let result = CLI.run(arguments)
        #expect(result.exitCode == 2)
        #expect(!result.stdout.contains(Self.pan), "\(result.stdout)")
        #expect(!result.stderr.contains(Self.pan), "\(result.stderr)")
        #expect(!result.stderr.contains("49295"))
    }

    @Test("help says inline card data is visible to other users", arguments: ["mask", "unmask", "edit"])
    func helpWarnsAboutArgv(command: String) {
        let help = CLI.run([command, "--help"]).stdout
        #expect(help.contains("visible to other local users"))
        #expect(help.contains("-file"))
    }

    @Test("every command with an option that takes card data inline says in --help to prefer a file or standard input")
    func everyCommandWarnsAboutArgv() {
        let inline: Set<String> = ["--value", "--number", "--text", "--insert", "--replacement"]
        let commands = Payform.commands.filter { $0.options.contains { inline.contains($0.flag) } }
        #expect(commands.count >= 10, "\(commands.map(\.name))")
        for command in commands {
            #expect(command.help.contains("visible to other local users"), "payform \(command.name) --help")
        }
    }

    @Test("decrypt of a garbage token and prepare with a truncated key print sentences, not enum dumps")
    func sentences() throws {
        let privateKey = Fixtures.demoPrivateKeyPath
        let garbage = CLI.run(["decrypt", "--private-key", privateKey, "--token", "not a token"])
        #expect(garbage.exitCode == 2)
        #expect(garbage.stderr.contains("a compact JWE has 5 dot-separated parts; this token has 1"), "\(garbage.stderr)")

        let response = try Fixtures.demoPublicKeyJSON()
        let publicKey = try #require(JSONParser().parse(Array(response))["publicKey"]?.stringValue, "cannot read the demo key")
        let truncated = try CLI.temporaryFile(#"{"keyId": "k", "publicKey": "\#(publicKey.prefix(200))"}"#)
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111111111111111", "expiryDate": "1230", "cvv": "123"}"#)
        let prepare = CLI.run(["prepare", "--product", "sample:visa", "--values", values, "--public-key", truncated, "--client-session-id", "s", "--now", "2026-11"])
        #expect(prepare.exitCode == 2)
        #expect(prepare.stderr.contains("the public key cannot be used: the DER ends inside the element at byte"), "\(prepare.stderr)")
        for text in [garbage.stderr, prepare.stderr] {
            for dump in ["offset:", "segmentCount:", "KeyError", "JWEError", "PaymentForm", "invalidToken("] {
                #expect(!text.contains(dump), "an enum dump: \(text)")
            }
        }
    }
}
