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
    let run: @Sendable (ParsedArguments, CommandContext) throws(CLIError) -> CommandResult

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
