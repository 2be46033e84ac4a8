import PaymentFormJSON

/// Options that may carry card data (a PAN, a CVC, an expiry): each takes its value on the command
/// line, from standard input (`-`), or from a file (its `-file` twin): two cases of the command's
/// options, `inline` and `file`.
///
/// Command-line arguments are visible to every local user (`ps`, `/proc/PID/cmdline`), so card
/// data belongs in a file or on standard input; the inline form stays for test fixtures. A file's
/// or standard input's one trailing line break is dropped (what `echo` and editors add).
/// Error messages name the flag, never the value.
package struct SecretOption<Option: CommandOptions>: Sendable {
    /// The inline option (`--value`).
    package let inline: Option
    /// Its file twin (`--value-file`).
    package let file: Option

    /// The inline flag (`--value`).
    package var flag: String { inline.spec.flag }
    /// The file flag (`--value-file`).
    package var fileFlag: String { file.spec.flag }

    package init(_ inline: Option, file: Option) {
        self.inline = inline
        self.file = file
    }

    /// The two forms on a usage line: `(--value TEXT | --value-file FILE)`.
    package var usage: Usage<Option> { .oneOf([[.required(inline)], [.required(file)]]) }

    /// Whether the value comes from standard input.
    package func readsStandardInput(_ arguments: ParsedArguments<Option>) -> Bool {
        arguments.value(inline) == "-" || arguments.value(file) == "-"
    }

    /// The value, or `nil` when neither form was given.
    package func value(in arguments: ParsedArguments<Option>, context: CommandContext) throws(CLIError) -> String? {
        switch (arguments.value(inline), arguments.value(file)) {
        case (nil, nil):
            return nil
        case (_?, _?):
            throw .usage("give \(flag) or \(fileFlag), not both")
        case ("-"?, nil):
            return try SecretInput.text(context.read("-", for: flag), flag: flag)
        case (let inline?, nil):
            return inline
        case (nil, let path?):
            return try SecretInput.text(context.read(path, for: fileFlag), flag: fileFlag)
        }
    }

    /// The value of a required secret option.
    package func required(in arguments: ParsedArguments<Option>, context: CommandContext) throws(CLIError) -> String {
        guard let value = try value(in: arguments, context: context) else {
            throw .usage("missing required option \(flag) (or \(fileFlag)) (see --help)")
        }
        return value
    }

    /// Refuses two options that both read standard input.
    package static func checkOneStandardInput(_ options: [SecretOption], in arguments: ParsedArguments<Option>) throws(CLIError) {
        let readers = options.filter { $0.readsStandardInput(arguments) }
        if readers.count > 1 {
            throw .usage("only one option can read standard input (\(readers.map({ $0.flag }).joined(separator: ", ")) both ask for it)")
        }
    }
}

/// What the options that may carry card data share: their specs and the sentences `--help` shows.
package enum SecretInput {
    /// The spec of an inline secret option: `--flag TEXT`, `-` reading standard input.
    package static func inlineSpec(_ flag: String, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(flag, valueName, help: help + " - reads standard input.")
    }

    /// The spec of its file twin: `--flag-file FILE`.
    package static func fileSpec(_ flag: String) -> OptionSpec {
        OptionSpec(flag + "-file", "FILE", help: "Instead of \(flag): read it from FILE (- for standard input).")
    }

    /// The text of a file or of standard input, its one trailing line break dropped.
    package static func text(_ data: [UInt8], flag: String) throws(CLIError) -> String {
        guard var text = UTF8Text.decode(data) else {
            throw CLIError(code: "invalid_input", message: "\(flag): the input is not UTF-8 text")
        }
        if text.hasSuffix("\r\n") {
            text.removeLast()  // "\r\n" is one Character
        } else if text.hasSuffix("\n") {
            text.removeLast()
        }
        return text
    }

    /// The sentence `--help` shows under every command whose options have a `-file` twin.
    package static let visibilityNote = """
        Card data given inline is visible to other local users (ps, /proc/PID/cmdline): pass it
        with the -file option or as - on standard input instead.
        """

    /// The sentence `--help` shows under the commands that take values as `--values FILE` or
    /// `--value ID=VALUE`.
    package static let valuesVisibilityNote = """
        Values given with --value are visible to other local users (ps, /proc/PID/cmdline): card
        data belongs in --values FILE (or --values - for standard input).
        """
}
