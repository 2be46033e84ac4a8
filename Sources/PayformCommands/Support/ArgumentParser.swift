/// A command line checked against a command's options (the cases of `Option`).
///
/// Options are read by case: `arguments.value(.product)`. A flag the command does not declare
/// cannot be read (it is not a case), and on the command line it is an unknown option.
package struct ParsedArguments<Option: CommandOptions>: Sendable {
    private var values: [Option: [String]] = [:]

    /// Parses `arguments` (after the command name). Accepts `--flag value` and `--flag=value`;
    /// rejects unknown flags, missing values, repeats of non-repeatable options and stray words.
    package init(_ arguments: [String]) throws(CLIError) {
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
            guard let option = Option.allCases.first(where: { $0.spec.flag == flag }) else {
                // Only a flag-shaped word is echoed; anything else could be card data.
                let plain = flag.count <= 40 && flag.dropFirst(2).allSatisfy { $0.isASCII && ($0.isLowercase || $0 == "-") }
                throw .usage(plain ? "unknown option '\(flag)' (see --help)" : "unknown option at position \(index) (see --help)")
            }
            let spec = option.spec
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
            if !spec.repeatable, values[option] != nil { throw .usage("option \(flag) given more than once") }
            values[option, default: []].append(value)
        }
    }

    private init(values: [Option: [String]]) {
        self.values = values
    }

    /// The options of a part of the command's options (a composed enum's `embed`ded cases), as
    /// the part's own arguments.
    package func projected<Part: CommandOptions>(_ embed: (Part) -> Option) -> ParsedArguments<Part> {
        var part: [Part: [String]] = [:]
        for option in Part.allCases {
            if let given = values[embed(option)] { part[option] = given }
        }
        return ParsedArguments<Part>(values: part)
    }

    /// The value of an option, or `nil` when absent.
    package func value(_ option: Option) -> String? { values[option]?.last }

    /// Every value of a repeatable option, in order.
    package func values(_ option: Option) -> [String] { values[option] ?? [] }

    /// Whether a flag (or option) was given.
    package func has(_ option: Option) -> Bool { values[option] != nil }

    /// The value of a required option.
    package func required(_ option: Option) throws(CLIError) -> String {
        guard let value = value(option) else { throw .usage("missing required option \(option.spec.flag) (see --help)") }
        return value
    }

    /// An integer option value.
    package func integer(_ option: Option) throws(CLIError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text) else { throw .usage("option \(option.spec.flag) expects an integer") }
        return number
    }
}
