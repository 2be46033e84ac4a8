import Foundation
import Testing
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormEngineTesting
import PaymentFormSamples
import PaymentFormTestSupport

/// What ships inside payform and how the command line names it: `sample:NAME` products (one list,
/// the same in --help, the README and docs/cli.md) and `sample:demo` keys.
@Suite("payform: sample:NAME and sample:demo")
struct ShippedSamplesCommandTests {
    /// The backticked names between `<!-- sample-names -->` and `<!-- /sample-names -->`.
    static func documentedNames(in file: String) throws -> [String] {
        let text = try PackageFiles.text(file)
        let start = try #require(text.range(of: "<!-- sample-names -->"), "\(file) has no sample list")
        let end = try #require(text.range(of: "<!-- /sample-names -->", range: start.upperBound..<text.endIndex), "\(file): unclosed")
        return text[start.upperBound..<end.lowerBound].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test("the sample:NAME list is the shipped samples, the same in --help, README.md and docs/cli.md")
    func oneList() throws {
        let shipped = ShippedSamples.productNames
        #expect(shipped == Fixtures.sampleNames, "the binary embeds Resources/Products and Resources/Processors")
        let expected = shipped.map { "`\($0)`" }.joined(separator: ", ")
        for file in ["README.md", "docs/cli.md"] {
            #expect(try Self.documentedNames(in: file) == shipped, "\(file) should list \(expected)")
        }
        #expect(CLI.run(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ").contains("(\(shipped.joined(separator: ", ")))"))
        for name in shipped {
            #expect(CLI.run(["render", "--product", "sample:\(name)"]).exitCode == 0, "sample:\(name)")
        }
    }

    @Test("--public-key sample:demo and --private-key sample:demo are the demo key pair")
    func demoKeys() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "123"}"#)
        let prepared = CLI.run(["prepare", "--product", "sample:visa", "--values", values, "--public-key", "sample:demo",
                                "--client-session-id", "s", "--now", "2026-11"])
        #expect(prepared.exitCode == 0, "\(prepared.stdout)")
        let token = try #require(CLI.json(prepared)["encryptedFields"]?.stringValue)
        let decrypted = CLI.run(["decrypt", "--private-key", "sample:demo", "--token", token])
        #expect(decrypted.exitCode == 0, "\(decrypted.stdout)")
        #expect(try CLI.json(decrypted)["paymentValues"]?.arrayValue?.first?["value"] == "4111111111111111")
        let events = #"{"event":"set","field":"cardNumber","value":"4111111111111111"}"# + "\n"
            + #"{"event":"set","field":"expiryDate","value":"12/30"}"# + "\n" + #"{"event":"set","field":"cvv","value":"123"}"# + "\n"
            + #"{"event":"submit"}"# + "\n"
        let form = CLI.run(["form", "--product", "sample:visa", "--public-key", "sample:demo", "--client-session-id", "s", "--now", "2026-11"],
                           stdin: events)
        let submitted = try JSONParser().parse(Array(try #require(form.stdout.split(separator: "\n").last).utf8))
        #expect(submitted["prepared"]?["encryptedFields"]?.stringValue != nil, "\(form.stdout)")
        // Any other sample: name is a file name like any other.
        try CLI.expectUsableError(CLI.run(["decrypt", "--private-key", "sample:other", "--token", token]), code: "unreadable_file",
                                  mentioning: "sample:other")
    }
}
