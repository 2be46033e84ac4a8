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
///
/// With `PAYFORM_CLI_UNDER_TEST=PROGRAM` in the environment (`.ci/run` sets it to
/// `Web/bin/payform-wasm`), the portable commands (``PortableCommands``: render, form, validate,
/// mask, unmask, edit, prepare, brand) run in that program instead, as a process with the same
/// arguments, standard input and locale variables: the same tests then hold the WebAssembly
/// engine to the native answers. Other commands still run in-process.
enum CLI {
    static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = ["LANG": "en_US.UTF-8"]) -> CommandResult {
        if let program = programUnderTest, let name = arguments.first, PortableCommands.specs.contains(where: { $0.name == name }) {
            return runProcess(program, arguments, stdin: stdin, environment: environment)
        }
        let input = Data(stdin.utf8)
        return Payform.run(arguments, context: CommandContext(readStandardInput: { input }, environment: environment, isTerminal: false))
    }

    /// A program that exits before reading all of its standard input (a usage error, an input
    /// over a limit) must not kill the test process with SIGPIPE, whose default action ends it:
    /// ignored, the write fails with EPIPE instead, and the program's own answer is what is checked.
    private static let brokenPipesIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// The program the portable commands run in instead of in-process, if any.
    static let programUnderTest: String? = ProcessInfo.processInfo.environment["PAYFORM_CLI_UNDER_TEST"].flatMap { $0.isEmpty ? nil : $0 }

    /// Runs `program` with `arguments`, `stdin` and only the locale variables of `environment`.
    private static func runProcess(_ program: String, _ arguments: [String], stdin: String, environment: [String: String]) -> CommandResult {
        _ = brokenPipesIgnored
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var variables = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { variables[name] = environment[name] }
        process.environment = variables
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        do {
            try process.run()
        } catch {
            return CommandResult(stdout: "", stderr: "cannot run \(program): \(error)\n", exitCode: 127)
        }
        // Standard input is written and standard error read on other threads, so no pipe fills up
        // while this one waits on another.
        let errorText = ReadBox()
        let done = DispatchGroup()
        done.enter()
        DispatchQueue.global().async {
            errorText.data = error.fileHandleForReading.readDataToEndOfFile()
            done.leave()
        }
        let bytes = Data(stdin.utf8)
        DispatchQueue.global().async {
            try? input.fileHandleForWriting.write(contentsOf: bytes)
            try? input.fileHandleForWriting.close()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        done.wait()
        return CommandResult(stdout: String(decoding: outputData, as: UTF8.self), stderr: String(decoding: errorText.data, as: UTF8.self),
                             exitCode: process.terminationStatus)
    }

    /// The same for commands that wait on the network (`fetch`, `saferpay post`): `run` blocks its
    /// thread until the command's task ends, and two such waits at once can hold every thread of
    /// Swift's cooperative pool (two on a two-core machine), so the command never runs.
    static func execute(_ arguments: [String], stdin: String = "", environment: [String: String] = ["LANG": "en_US.UTF-8"]) async -> CommandResult {
        let input = Data(stdin.utf8)
        return await Payform.execute(arguments, context: CommandContext(readStandardInput: { input }, environment: environment, isTerminal: false))
    }

    /// What a reader thread read, handed back once it is done (the group's wait orders the access).
    private final class ReadBox: @unchecked Sendable {
        var data = Data()
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
