/// A `payform` command: its name, help and what it does. Its usage line and options list come from
/// its options' declarations (see ``CommandOptions``).
package struct CommandSpec: Sendable {
    package let name: String
    /// The usage lines after `payform NAME ` (the first is the main form).
    package let usages: [String]
    /// One line for `payform --help`.
    package let summary: String
    /// Paragraphs shown by `payform NAME --help` after the options.
    package let details: String
    /// The declared options, in the order `--help` lists them.
    package let options: [OptionSpec]
    package let body: Body

    /// What a command does with its arguments: at once, or (network calls, serving) after its
    /// arguments are parsed, asynchronously.
    package enum Body: Sendable {
        case sync(@Sendable ([String], CommandContext) throws(CLIError) -> CommandResult)
        #if !hasFeature(Embedded)
        case async(@Sendable ([String]) throws(CLIError) -> @Sendable (CommandContext) async throws(CLIError) -> CommandResult)
        #endif
    }

    /// A command that answers at once.
    package init<Option: CommandOptions>(
        name: String, summary: String, details: String, options: Option.Type,
        run: @escaping @Sendable (ParsedArguments<Option>, CommandContext) throws(CLIError) -> CommandResult
    ) {
        self.init(name: name, summary: summary, details: details, options: options, body: .sync { arguments, context throws(CLIError) in
            try run(ParsedArguments<Option>(arguments), context)
        })
    }

    #if !hasFeature(Embedded)
    /// A command that awaits (network calls, serving).
    package init<Option: CommandOptions>(
        name: String, summary: String, details: String, options: Option.Type,
        runAsync: @escaping @Sendable (ParsedArguments<Option>, CommandContext) async throws(CLIError) -> CommandResult
    ) {
        self.init(name: name, summary: summary, details: details, options: options, body: .async { arguments throws(CLIError) in
            let parsed = try ParsedArguments<Option>(arguments)
            return { context throws(CLIError) in try await runAsync(parsed, context) }
        })
    }
    #endif

    private init<Option: CommandOptions>(name: String, summary: String, details: String, options: Option.Type, body: Body) {
        self.name = name
        self.usages = ([Option.usage] + Option.otherUsages).map(Usage.text)
        self.summary = summary
        self.details = details
        self.options = Option.allCases.map({ $0.spec })
        self.body = body
        self.check = { arguments throws(CLIError) in _ = try ParsedArguments<Option>(arguments) }
        self.usageOptions = ([Option.usage] + Option.otherUsages).map { $0.flatMap({ $0.options }).map({ $0.spec.flag }) }
    }

    /// Parses `arguments` as the command would, without running it.
    package let check: @Sendable ([String]) throws(CLIError) -> Void

    /// The flags each usage line names, in order (for the tests that hold `--help` to the parser).
    package let usageOptions: [[String]]

    /// `payform NAME --help`.
    package var help: String {
        var text = "Usage: " + usages.map { "payform \(name)" + ($0.isEmpty ? "" : " " + $0) }.joined(separator: "\n       ")
        text += "\n\n\(summary)\n\nOptions:\n"
        let all = options + [OptionSpec("--help", help: "Show this help.")]
        let width = (all.map { $0.flag.count + ($0.valueName.map { $0.count + 1 } ?? 0) }.max() ?? 0) + 2
        for option in all {
            let left = option.flag + (option.valueName.map { " " + $0 } ?? "")
            text += "  " + left + String(repeating: " ", count: max(2, width - left.count)) + option.help + "\n"
        }
        if !details.isEmpty { text += "\n" + details + "\n" }
        return text
    }
}
