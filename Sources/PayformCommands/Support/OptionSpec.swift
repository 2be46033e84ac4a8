/// How one option of a command is written and explained: its flag, the name of its value in help,
/// whether it repeats, and one line of help.
package struct OptionSpec: Sendable, Hashable {
    /// The flag, with its dashes (`--product`).
    package let flag: String
    /// The value's name in help (`FILE`), or `nil` for a flag without value.
    package let valueName: String?
    /// Whether it may be given more than once (`--value ID=VALUE ...`).
    package let repeatable: Bool
    /// One line of help.
    package let help: String

    package init(_ flag: String, _ valueName: String? = nil, repeatable: Bool = false, help: String) {
        self.flag = flag
        self.valueName = valueName
        self.repeatable = repeatable
        self.help = help
    }

    /// The option as a usage line writes it: `--product FILE`, `--value ID=VALUE ...`, `--tokenize`.
    package var synopsis: String {
        flag + (valueName.map { " " + $0 } ?? "") + (repeatable ? " ..." : "")
    }
}
