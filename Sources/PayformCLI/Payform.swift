import Foundation
import PaymentFormSamples

/// The `payform` command-line tool, callable in-process.
///
/// ```swift
/// let result = Payform.run(["validate", "--product", "visa.json", "--value", "cvv=12"])
/// result.exitCode   // 1: invalid
/// ```
package enum Payform {
    /// The commands, in the order `payform --help` lists them.
    static let commands: [CommandSpec] = [
        DemoCommand.spec, RenderCommand.spec, ValidateCommand.spec, MaskCommands.mask, MaskCommands.unmask, MaskCommands.edit,
        PrepareCommand.spec, DecryptCommand.spec, BrandCommand.spec,
    ]

    /// Runs `payform` with `arguments` (without the program name).
    package static func run(_ arguments: [String], context: CommandContext = CommandContext()) -> CommandResult {
        guard let first = arguments.first, first != "--help", first != "-h", first != "help" else {
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                return CommandResult(stdout: command.help)
            }
            return CommandResult(stdout: overview)
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            return .failure(.usage("unknown command '\(first)' (commands: \(commands.map(\.name).joined(separator: ", ")))"))
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            return CommandResult(stdout: command.help)
        }
        do {
            let parsed = try ParsedArguments(rest, options: command.options)
            return try command.run(parsed, context)
        } catch {
            return .failure(error)
        }
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

        Run `payform COMMAND --help` for a command's options.
        Output is JSON on stdout unless a text or HTML format is asked for; diagnostics go to stderr.
        Exit status: 0 success or valid input, 1 invalid input (validation errors), 2 usage error or
        unusable input (then stdout holds {"error": {"code": ..., "message": ...}}).
        FILE arguments may be - for standard input; --product also takes sample:NAME for a sample
        shipped inside payform (\(samplesList)).

        """
        return text
    }

    private static var samplesList: String {
        Samples.productNames.joined(separator: ", ")
    }
}
