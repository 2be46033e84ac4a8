/// A `payform` command: its name, help and what it does.
struct CommandSpec: Sendable {
    let name: String
    /// The usage line after `payform`.
    let synopsis: String
    /// One line for `payform --help`.
    let summary: String
    /// Paragraphs shown by `payform NAME --help` after the options.
    let details: String
    let options: [OptionSpec]
    let body: Body

    /// What a command does: at once, or asynchronously (network calls, serving).
    enum Body: Sendable {
        case sync(@Sendable (ParsedArguments, CommandContext) throws(CLIError) -> CommandResult)
        case async(@Sendable (ParsedArguments, CommandContext) async throws(CLIError) -> CommandResult)
    }

    /// A command that answers at once.
    init(
        name: String, synopsis: String, summary: String, details: String, options: [OptionSpec],
        run: @escaping @Sendable (ParsedArguments, CommandContext) throws(CLIError) -> CommandResult
    ) {
        self.init(name: name, synopsis: synopsis, summary: summary, details: details, options: options, body: .sync(run))
    }

    /// A command that awaits (network calls, serving).
    init(
        name: String, synopsis: String, summary: String, details: String, options: [OptionSpec],
        runAsync: @escaping @Sendable (ParsedArguments, CommandContext) async throws(CLIError) -> CommandResult
    ) {
        self.init(name: name, synopsis: synopsis, summary: summary, details: details, options: options, body: .async(runAsync))
    }

    private init(name: String, synopsis: String, summary: String, details: String, options: [OptionSpec], body: Body) {
        self.name = name
        self.synopsis = synopsis
        self.summary = summary
        self.details = details
        self.options = options
        self.body = body
    }

    /// `payform NAME --help`.
    var help: String {
        var text = "Usage: payform \(name) \(synopsis)\n\n\(summary)\n\nOptions:\n"
        let width = (options.map { $0.flag.count + ($0.valueName.map { $0.count + 1 } ?? 0) }.max() ?? 0) + 2
        for option in options + [OptionSpec("--help", help: "Show this help.")] {
            let left = option.flag + (option.valueName.map { " " + $0 } ?? "")
            text += "  " + left + String(repeating: " ", count: max(2, width - left.count)) + option.help + "\n"
        }
        if !details.isEmpty { text += "\n" + details + "\n" }
        return text
    }
}
