import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PayformCLI
import PaymentFormJSON
import PayformCommands

/// Runs `payform` in-process with a fixed environment and stdin, and parses JSON output.
enum CLI {
    static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = ["LANG": "en_US.UTF-8"]) -> CommandResult {
        let input = Data(stdin.utf8)
        return Payform.run(arguments, context: CommandContext(readStandardInput: { input }, environment: environment, isTerminal: false))
    }

    /// The same for commands that wait on the network (`fetch`, `saferpay post`): `run` blocks its
    /// thread until the command's task ends, and two such waits at once can hold every thread of
    /// Swift's cooperative pool (two on a two-core machine), so the command never runs.
    static func execute(_ arguments: [String], stdin: String = "", environment: [String: String] = ["LANG": "en_US.UTF-8"]) async -> CommandResult {
        let input = Data(stdin.utf8)
        return await Payform.execute(arguments, context: CommandContext(readStandardInput: { input }, environment: environment, isTerminal: false))
    }

    static func json(_ result: CommandResult) throws -> JSONValue {
        try JSONParser().parse(Array(result.stdout.utf8))
    }

    /// Writes `text` to a temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = UUID().uuidString + ".json") throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Checks the exit-2 contract: error JSON on stdout with the code, one line on stderr.
    static func expectUsableError(_ result: CommandResult, code: String, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(result.exitCode == 2, sourceLocation: sourceLocation)
        let json = try CLI.json(result)
        #expect(json["error"]?["code"] == .string(code), "\(result.stdout)", sourceLocation: sourceLocation)
        let message = try #require(json["error"]?["message"]?.stringValue, "no error message", sourceLocation: sourceLocation)
        #expect(message.contains(text), "\(message)", sourceLocation: sourceLocation)
        #expect(result.stderr == "payform: \(message)\n", sourceLocation: sourceLocation)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
    }
}
