import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PayformCLI
import PaymentFormJSON

@Suite("payform brand")
struct BrandCommandTests {
    static func parse(_ text: String) throws -> JSONValue {
        try JSONParser().parse(Array(text.utf8))
    }

    @Test("answers in the contract's shape", arguments: [
        ("4111111111111111", #"{"brands":["visa"],"ambiguous":false,"lengths":[16,18,19],"gaps":[4,8,12],"cvcLength":3}"#),
        ("4571", #"{"brands":["dankort","visa"],"ambiguous":false,"lengths":[16],"gaps":[4,8,12],"cvcLength":3}"#),
        ("3782 822463 10005", #"{"brands":["american-express"],"ambiguous":false,"lengths":[15],"gaps":[4,10],"cvcLength":4}"#),
        ("457", #"{"brands":["visa","elo","dankort","mada"],"ambiguous":true,"lengths":null,"gaps":null,"cvcLength":null}"#),
        ("", #"{"brands":[],"ambiguous":false,"lengths":null,"gaps":null,"cvcLength":null}"#),
        ("2721", #"{"brands":[],"ambiguous":false,"lengths":null,"gaps":null,"cvcLength":null}"#),
        ("6703-4444", #"{"brands":["bancontact","maestro"],"ambiguous":false,"lengths":[16,17,18,19],"gaps":[4,8,12],"cvcLength":0}"#),
        ("135410014004955", #"{"brands":["uatp"],"ambiguous":false,"lengths":[15],"gaps":[],"cvcLength":0}"#),
    ])
    func shape(number: String, expected: String) throws {
        let result = CLI.run(["brand", "--number", number])
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        let json = try CLI.json(result)
        #expect(json == (try Self.parse(expected)))
        let object = try #require(json.objectValue)
        #expect(object.keys == ["brands", "ambiguous", "lengths", "gaps", "cvcLength"], "members in the contract's order")
    }

    @Test("--number - reads standard input, one trailing line break dropped", arguments: ["4571\n", "4571\r\n", "4571", "45 71\n"])
    func standardInput(stdin: String) throws {
        let result = CLI.run(["brand", "--number", "-"], stdin: stdin)
        #expect(result.exitCode == 0, "\(result.stdout)")
        #expect(try CLI.json(result)["brands"] == ["dankort", "visa"])
    }

    @Test("--number-file reads a file (or - for standard input)")
    func numberFile() throws {
        let path = try CLI.temporaryFile("3782 822463 10005\n", name: UUID().uuidString + ".txt")
        let result = CLI.run(["brand", "--number-file", path])
        #expect(try CLI.json(result)["brands"] == ["american-express"])
        #expect(try CLI.json(CLI.run(["brand", "--number-file", "-"], stdin: "6703\n"))["brands"] == ["bancontact", "maestro"])
        let bad = CLI.run(["brand", "--number-file", try CLI.temporaryFile("3782 8224x\n", name: UUID().uuidString + ".txt")])
        try CLI.expectUsableError(bad, code: "bad_number", mentioning: "--number-file")
        try CLI.expectUsableError(CLI.run(["brand", "--number", "4", "--number-file", path]), code: "usage", mentioning: "not both")
        try CLI.expectUsableError(CLI.run(["brand", "--number", "-", "--products", "-"], stdin: "4"), code: "usage", mentioning: "standard input")
    }

    @Test("--products adds the offered product ids, in the brands' order")
    func products() throws {
        let list = #"{"paymentProducts": [{"id": 1, "paymentMethod": "card", "displayHints": {"logo": "v"}}, {"id": 123, "paymentMethod": "card", "displayHints": {"logo": "d"}}, {"id": 3, "paymentMethod": "card", "displayHints": {"logo": "m"}}]}"#
        let path = try CLI.temporaryFile(list)
        let dankort = CLI.run(["brand", "--number", "4571", "--products", path])
        #expect(try CLI.json(dankort)["productIds"] == [123, 1])
        let object = try #require(CLI.json(dankort).objectValue)
        #expect(object.keys == ["brands", "ambiguous", "lengths", "gaps", "cvcLength", "productIds"])
        #expect(try CLI.json(CLI.run(["brand", "--number", "4111", "--products", path]))["productIds"] == [1])
        #expect(try CLI.json(CLI.run(["brand", "--number", "37", "--products", path]))["productIds"] == [])
        #expect(try CLI.json(CLI.run(["brand", "--number", "", "--products", path]))["productIds"] == [])
        let fromStdin = CLI.run(["brand", "--number", "5555", "--products", "-"], stdin: list)
        #expect(try CLI.json(fromStdin)["productIds"] == [3])
    }

    @Test("a number with other characters exits 2 with bad_number and is never repeated", arguments: [
        "4111x1111", "4111\t1111", "4111.1111", "٤١١١", "4111 1111 1111 111a",
    ])
    func badNumber(number: String) throws {
        let result = CLI.run(["brand", "--number", number])
        try CLI.expectUsableError(result, code: "bad_number", mentioning: "--number")
        #expect(!result.stdout.contains("4111") && !result.stderr.contains("4111"))
        #expect(!result.stdout.contains("1111") && !result.stderr.contains("1111"))
        let fromStdin = CLI.run(["brand", "--number", "-"], stdin: number + "\n")
        try CLI.expectUsableError(fromStdin, code: "bad_number", mentioning: "--number")
        #expect(!fromStdin.stdout.contains("4111") && !fromStdin.stderr.contains("4111"))
    }

    @Test("usage problems exit 2", arguments: [
        (["brand"], "usage", "--number"),
        (["brand", "--number"], "usage", "--number"),
        (["brand", "4111111111111111"], "usage", "unexpected argument"),
        (["brand", "--number", "4", "--products", "/nonexistent/list.json"], "unreadable_file", "--products"),
    ])
    func usage(arguments: [String], code: String, mentioning: String) throws {
        let result = CLI.run(arguments)
        try CLI.expectUsableError(result, code: code, mentioning: mentioning)
        #expect(!result.stdout.contains("4111111111111111"))
    }

    @Test("a products file that is not a product list exits 2")
    func badProducts() throws {
        let path = try CLI.temporaryFile(#"{"paymentProducts": 3}"#)
        let result = CLI.run(["brand", "--number", "4", "--products", path])
        #expect(result.exitCode == 2)
        #expect(try CLI.json(result)["error"]?["message"].map { "\($0)" }?.contains("--products") == true)
        let notJSON = CLI.run(["brand", "--number", "4", "--products", try CLI.temporaryFile("{")])
        try CLI.expectUsableError(notJSON, code: "malformed_json", mentioning: "--products")
    }

    @Test("help and overview list the command")
    func help() {
        #expect(CLI.run(["--help"]).stdout.contains("brand"))
        let help = CLI.run(["brand", "--help"])
        #expect(help.exitCode == 0)
        #expect(help.stdout.contains("--number DIGITS"))
        #expect(help.stdout.contains("--number-file FILE"))
        #expect(help.stdout.contains("bad_number"))
    }
}
