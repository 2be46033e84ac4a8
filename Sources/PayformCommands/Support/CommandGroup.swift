/// A word that starts several commands (`fetch`, `sips`, `saferpay`): `payform GROUP --help` lists
/// its commands, and `payform GROUP` alone is a usage error that lists them too.
package struct CommandGroup: Sendable {
    /// The first word of the group's commands.
    package let name: String
    /// What the placeholder for the second word stands for in the usage line (`WHAT`, `COMMAND`).
    package let placeholder: String
    /// One line about the group, shown above its commands.
    package let summary: String
    /// The group's commands, in the order `payform --help` lists them.
    package let commands: [CommandSpec]

    /// A group.
    package init(name: String, placeholder: String, summary: String, commands: [CommandSpec]) {
        self.name = name
        self.placeholder = placeholder
        self.summary = summary
        self.commands = commands
    }

    /// The second words of the commands (`products`, `request`, ...).
    package var subcommandNames: [String] { commands.map { String($0.name.dropFirst(name.count + 1)) } }

    /// `payform GROUP --help`: the usage line, the summary and every command with its one line.
    package var help: String {
        var text = "Usage: payform \(name) \(placeholder) [OPTIONS]\n\n\(summary)\n\nCommands:\n"
        let width = (commands.map({ $0.name.count }).max() ?? 0) + 3
        for command in commands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary + "\n"
        }
        text += "\nRun `payform \(name) \(placeholder) --help` for its options.\n"
        return text
    }

    /// The usage error for `payform GROUP` without a known second word (`word`, if one was given).
    package func missingCommand(_ word: String?) -> CLIError {
        let list = subcommandNames.joined(separator: ", ")
        guard let word else { return .usage("\(name) needs a command: \(list) (payform \(name) --help says what each does)") }
        return .usage("unknown \(name) command '\(word)' (\(name): \(list))")
    }
}
