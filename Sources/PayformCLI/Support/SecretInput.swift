import Foundation

/// Options that may carry card data (a PAN, a CVC, an expiry): each takes its value on the command
/// line, from standard input (`-`), or from a file (its `-file` twin).
///
/// Command-line arguments are visible to every local user (`ps`, `/proc/PID/cmdline`), so card
/// data belongs in a file or on standard input; the inline form stays for test fixtures. A file's
/// or standard input's one trailing line break is dropped (what `echo` and editors add).
/// Error messages name the flag, never the value.
struct SecretOption: Sendable {
    /// The inline flag (`--value`).
    let flag: String
    /// The file flag (`--value-file`).
    var fileFlag: String { flag + "-file" }

    init(_ flag: String) {
        self.flag = flag
    }

    /// The two option specs: `--flag TEXT` (or `-`) and `--flag-file FILE` (or `-`).
    func specs(valueName: String, help: String) -> [OptionSpec] {
        [
            OptionSpec(flag, valueName, help: help + " - reads standard input."),
            OptionSpec(fileFlag, "FILE", help: "Instead of \(flag): read it from FILE (- for standard input)."),
        ]
    }

    /// Whether either form was given.
    func isGiven(in arguments: ParsedArguments) -> Bool {
        arguments.has(flag) || arguments.has(fileFlag)
    }

    /// Whether the value comes from standard input.
    func readsStandardInput(_ arguments: ParsedArguments) -> Bool {
        arguments.value(flag) == "-" || arguments.value(fileFlag) == "-"
    }

    /// The value, or `nil` when neither form was given.
    func value(in arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> String? {
        switch (arguments.value(flag), arguments.value(fileFlag)) {
        case (nil, nil):
            return nil
        case (_?, _?):
            throw .usage("give \(flag) or \(fileFlag), not both")
        case ("-"?, nil):
            return try text(context.read("-", for: flag), flag: flag)
        case (let inline?, nil):
            return inline
        case (nil, let path?):
            return try text(context.read(path, for: fileFlag), flag: fileFlag)
        }
    }

    /// The value of a required secret option.
    func required(in arguments: ParsedArguments, context: CommandContext) throws(CLIError) -> String {
        guard let value = try value(in: arguments, context: context) else {
            throw .usage("missing required option \(flag) (or \(fileFlag)) (see --help)")
        }
        return value
    }

    private func text(_ data: Data, flag: String) throws(CLIError) -> String {
        guard var text = String(data: data, encoding: .utf8) else {
            throw CLIError(code: "invalid_input", message: "\(flag): the input is not UTF-8 text")
        }
        if text.hasSuffix("\r\n") {
            text.removeLast()  // "\r\n" is one Character
        } else if text.hasSuffix("\n") {
            text.removeLast()
        }
        return text
    }

    /// Refuses two options that both read standard input.
    static func checkOneStandardInput(_ options: [SecretOption], in arguments: ParsedArguments) throws(CLIError) {
        let readers = options.filter { $0.readsStandardInput(arguments) }
        if readers.count > 1 {
            throw .usage("only one option can read standard input (\(readers.map(\.flag).joined(separator: ", ")) both ask for it)")
        }
    }

    /// The sentence `--help` shows under every command whose options have a `-file` twin.
    static let visibilityNote = """
        Card data given inline is visible to other local users (ps, /proc/PID/cmdline): pass it
        with the -file option or as - on standard input instead.
        """

    /// The sentence `--help` shows under the commands that take values as `--values FILE` or
    /// `--value ID=VALUE`.
    static let valuesVisibilityNote = """
        Values given with --value are visible to other local users (ps, /proc/PID/cmdline): card
        data belongs in --values FILE (or --values - for standard input).
        """
}
