/// The `payform` commands that need nothing but the engine: what the WebAssembly build runs
/// (`Web/bin/payform-wasm`), with the same parsing, answers and exit codes as the native tool.
///
/// ```swift
/// let result = PortableCommands.run(["mask", "--mask", "{{9999}} {{9999}}", "41111111"], context: context)
/// result.stdout   // the masked text and caret, as `payform mask` prints them
/// ```
package enum PortableCommands {
    /// The commands, in the order `payform --help` lists them.
    package static let specs: [CommandSpec] = [
        RenderCommand.spec, FormCommand.spec, ValidateCommand.spec, MaskCommands.mask, MaskCommands.unmask, MaskCommands.edit,
        PrepareCommand.spec, BrandCommand.spec,
    ]

    /// Runs the command `arguments` name (without the program name): its help with `--help`, a
    /// usage error (exit 2) for a command that is not one of ``specs``.
    package static func run(_ arguments: [String], context: CommandContext) -> CommandResult {
        guard let name = arguments.first, !name.hasPrefix("-") else {
            return .failure(.usage("name a command (\(names))"))
        }
        guard let command = specs.first(where: { $0.name == name }) else {
            return .failure(.usage("unknown command '\(name.count <= 40 ? name : "…")' here (commands: \(names))"))
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            return CommandResult(stdout: command.help)
        }
        switch command.body {
        case .sync(let run):
            do {
                return try run(rest, context)
            } catch {
                return .failure(error)
            }
        #if !hasFeature(Embedded)
        case .async:
            return .failure(.usage("'\(name)' waits for the network or the OS; run the native payform"))
        #endif
        }
    }

    private static var names: String {
        specs.map { $0.name }.joined(separator: ", ")
    }
}
