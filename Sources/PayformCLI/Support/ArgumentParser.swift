/// One option a command accepts.
struct OptionSpec: Sendable {
    /// The flag, with its dashes (`--product`).
    let flag: String
    /// The value's name in help (`FILE`), or `nil` for a flag without value.
    let valueName: String?
    /// Whether it may be given more than once (`--value ID=VALUE ...`).
    let repeatable: Bool
    /// One line of help.
    let help: String

    init(_ flag: String, _ valueName: String? = nil, repeatable: Bool = false, help: String) {
        self.flag = flag
        self.valueName = valueName
        self.repeatable = repeatable
        self.help = help
    }
}

/// A command line checked against a command's options.
struct ParsedArguments: Sendable {
    private var values: [String: [String]] = [:]

    /// Parses `arguments` (after the command name). Accepts `--flag value` and `--flag=value`;
    /// rejects unknown flags, missing values, repeats of non-repeatable options and stray words.
    init(_ arguments: [String], options: [OptionSpec]) throws(CLIError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                // The stray word is not echoed: it may be a card number given without its flag.
                throw .usage("unexpected argument at position \(index) (options start with --; see --help)")
            }
            var flag = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = options.first(where: { $0.flag == flag }) else {
                // Only a flag-shaped word is echoed; anything else could be card data.
                let plain = flag.count <= 40 && flag.dropFirst(2).allSatisfy { $0.isASCII && ($0.isLowercase || $0 == "-") }
                throw .usage(plain ? "unknown option '\(flag)' (see --help)" : "unknown option at position \(index) (see --help)")
            }
            let value: String
            if spec.valueName == nil {
                guard inlineValue == nil else { throw .usage("option \(flag) takes no value") }
                value = ""
            } else if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw .usage("option \(flag) needs a value \(spec.valueName ?? "")") }
                value = arguments[index]
                index += 1
            }
            if !spec.repeatable, values[flag] != nil { throw .usage("option \(flag) given more than once") }
            values[flag, default: []].append(value)
        }
    }

    /// The value of an option, or `nil` when absent.
    func value(_ flag: String) -> String? { values[flag]?.last }

    /// Every value of a repeatable option, in order.
    func values(_ flag: String) -> [String] { values[flag] ?? [] }

    /// Whether a flag (or option) was given.
    func has(_ flag: String) -> Bool { values[flag] != nil }

    /// The value of a required option.
    func required(_ flag: String) throws(CLIError) -> String {
        guard let value = value(flag) else { throw .usage("missing required option \(flag) (see --help)") }
        return value
    }

    /// An integer option value.
    func integer(_ flag: String) throws(CLIError) -> Int? {
        guard let text = value(flag) else { return nil }
        guard let number = Int(text) else { throw .usage("option \(flag) expects an integer") }
        return number
    }
}
