import Dispatch
import Foundation
import PaymentFormEngine
import PaymentFormConcurrency
import PaymentFormSandbox
import PaymentFormSandboxClientAPI
import PayformCommands

/// The `payform` command-line tool, callable in-process.
///
/// ```swift
/// let result = Payform.run(["validate", "--product", "visa.json", "--value", "cvv=12"])
/// result.exitCode   // 1: invalid
/// ```
package enum Payform {
    /// The commands, in the order `payform --help` lists them.
    static let commands: [CommandSpec] = [
        DemoCommand.spec, RenderCommand.spec, FormCommand.spec, ValidateCommand.spec, MaskCommands.mask, MaskCommands.unmask, MaskCommands.edit,
        PrepareCommand.spec, DecryptCommand.spec, BrandCommand.spec, SandboxCommand.spec,
    ] + FetchCommands.specs + SipsCommands.specs + SaferpayCommands.specs

    /// The words that start several commands: `payform GROUP --help` lists them.
    static let groups: [CommandGroup] = [
        CommandGroup(name: "fetch", placeholder: "WHAT", summary: FetchCommands.summary, commands: FetchCommands.specs),
        CommandGroup(name: "sips", placeholder: "COMMAND", summary: SipsCommands.summary, commands: SipsCommands.specs),
        CommandGroup(name: "saferpay", placeholder: "COMMAND", summary: SaferpayCommands.summary, commands: SaferpayCommands.specs),
    ]

    /// Runs `payform` with `arguments` (without the program name).
    ///
    /// Commands that await (`sandbox`, `fetch ...`) block the calling thread until they finish:
    /// call this from a plain thread such as the main thread, and ``execute(_:context:)`` from
    /// async code.
    package static func run(_ arguments: [String], context: CommandContext = CommandContext()) -> CommandResult {
        switch prepare(arguments, context) {
        case .finished(let result):
            return result
        case .pending(let run):
            let box = ResultBox()
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                box.set(await perform(run, context))
                done.signal()
            }
            done.wait()
            return box.get()
        }
    }

    /// Runs `payform` with `arguments` (without the program name) from async code.
    package static func execute(_ arguments: [String], context: CommandContext = CommandContext()) async -> CommandResult {
        switch prepare(arguments, context) {
        case .finished(let result):
            return result
        case .pending(let run):
            return await perform(run, context)
        }
    }

    private enum Preparation {
        /// Help, an error, or a command that answers at once: its result.
        case finished(CommandResult)
        /// A command that awaits, its options parsed.
        case pending(@Sendable (CommandContext) async throws(CLIError) -> CommandResult)
    }

    /// Resolves the command and runs it when it answers at once; `run` and `execute` differ only
    /// in how they wait for the others.
    private static func prepare(_ arguments: [String], _ context: CommandContext) -> Preparation {
        switch resolve(arguments) {
        case .done(let result):
            return .finished(result)
        case .command(let command, let arguments):
            do {
                switch command.body {
                case .sync(let run):
                    return .finished(try run(arguments, context))
                case .async(let parse):
                    return .pending(try parse(arguments))
                }
            } catch {
                return .finished(.failure(error))
            }
        }
    }

    private static func perform(
        _ run: @Sendable (CommandContext) async throws(CLIError) -> CommandResult, _ context: CommandContext
    ) async -> CommandResult {
        do {
            return try await run(context)
        } catch {
            return .failure(error)
        }
    }

    private enum Resolution {
        case done(CommandResult)
        /// The command and the arguments after its name.
        case command(CommandSpec, [String])
    }

    /// The command named by the first word (or the first two: `fetch products`) with its
    /// parsed options, or the help, version or error to print.
    private static func resolve(_ arguments: [String]) -> Resolution {
        guard let first = arguments.first, first != "--help", first != "-h", first != "help" else {
            let rest = Array(arguments.dropFirst())
            if let command = command(named: rest) {
                return .done(CommandResult(stdout: command.spec.help))
            }
            if let word = rest.first, let group = groups.first(where: { $0.name == word }) {
                return .done(CommandResult(stdout: group.help))
            }
            return .done(CommandResult(stdout: overview))
        }
        if first == "--version" || first == "version" {
            return .done(CommandResult(stdout: "payform \(EngineVersion.current)\n"))
        }
        guard let (command, words) = command(named: arguments) else {
            if let group = groups.first(where: { $0.name == first }) {
                let second = arguments.dropFirst().first
                if second == nil || second?.hasPrefix("-") == true {
                    if arguments.contains("--help") || arguments.contains("-h") { return .done(CommandResult(stdout: group.help)) }
                    return .done(.failure(group.missingCommand(nil)))
                }
                return .done(.failure(group.missingCommand(second)))
            }
            return .done(.failure(.usage("unknown command '\(first)' (commands: \(topLevelNames.joined(separator: ", ")))")))
        }
        let rest = Array(arguments.dropFirst(words))
        if rest.contains("--help") || rest.contains("-h") {
            return .done(CommandResult(stdout: command.help))
        }
        return .command(command, rest)
    }

    /// The command whose name is the first one or two words, and how many words that took.
    private static func command(named words: [String]) -> (spec: CommandSpec, words: Int)? {
        if words.count >= 2, let command = commands.first(where: { $0.name == "\(words[0]) \(words[1])" }) {
            return (command, 2)
        }
        if let first = words.first, let command = commands.first(where: { $0.name == first }) {
            return (command, 1)
        }
        return nil
    }

    /// The first words of the commands, without repeats (`fetch` once).
    private static var topLevelNames: [String] {
        var names: [String] = []
        for command in commands {
            let name = String(command.name.split(separator: " ").first ?? "")
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `payform --help`.
    static var overview: String {
        var text = """
        payform: payment forms from Client API product definitions, headless.

        Usage: payform COMMAND [OPTIONS]

        Commands:

        """
        let width = (commands.map(\.name.count).max() ?? 0) + 3
        for command in commands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary + "\n"
        }
        text += """

        Run `payform COMMAND --help` for a command's options, `payform fetch --help` (sips,
        saferpay) for the commands of a group, `payform --version` (or `payform version`) for the
        version.
        Output is JSON on stdout unless a text or HTML format is asked for; diagnostics go to stderr.
        Exit status: 0 success or valid input, 1 invalid input (validation errors), 2 usage error or
        unusable input (then stdout holds {"error": {"code": ..., "message": ...}}).
        FILE arguments may be - for standard input; --product also takes sample:NAME for a sample
        shipped inside payform (\(samplesList)).

        """
        return text
    }

    private static var samplesList: String {
        SampleDefinitions.names.joined(separator: ", ")
    }
}

/// The result of an async command, handed to the thread that waits for it.
private final class ResultBox: Sendable {
    private let result = LockedValue(CommandResult(exitCode: 2))

    func set(_ value: CommandResult) {
        result.withLock { $0 = value }
    }

    func get() -> CommandResult {
        result.withLock { $0 }
    }
}
