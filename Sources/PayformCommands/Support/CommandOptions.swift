/// The options of one command: an enum whose cases are exactly the flags the command accepts.
///
/// A command reads its options through ``ParsedArguments`` by case (`arguments.value(.product)`),
/// so reading a flag it does not declare does not compile, and its `--help` (the usage line and
/// the options list) is generated from these declarations.
///
/// ```swift
/// enum Option: CommandOptions {
///     case product, locale
///     var spec: OptionSpec {
///         switch self {
///         case .product: .productFile
///         case .locale: .locale(help: "Language of labels.")
///         }
///     }
///     static let usage: [Usage<Option>] = [.required(.product), .optional(.locale)]
/// }
/// ```
///
/// Helpers that several commands share read their options through the small protocols below
/// (``ProductOption``, ``LocaleOption``, ...): a command's enum conforms by having the case.
package protocol CommandOptions: CaseIterable, Hashable, Sendable where AllCases == [Self] {
    /// How the option is written and explained.
    var spec: OptionSpec { get }
    /// How the options combine on the usage line: required, optional, one of a group.
    static var usage: [Usage<Self>] { get }
    /// Further forms of the command, each a usage line of its own (none by default).
    static var otherUsages: [[Usage<Self>]] { get }
}

extension CommandOptions {
    package static var otherUsages: [[Usage<Self>]] { [] }
}

/// A command without options.
package enum NoOptions: CommandOptions {
    package var spec: OptionSpec { switch self {} }
    package static let usage: [Usage<NoOptions>] = []
}

/// `--product FILE`: a Client API product (a file, `-`, or `sample:NAME`).
package protocol ProductOption: CommandOptions {
    static var product: Self { get }
}

/// `--locale TAG`: the language of labels and messages.
package protocol LocaleOption: CommandOptions {
    static var locale: Self { get }
}

/// `--values FILE` or `--value ID=VALUE ...`: field values.
package protocol ValuesOptions: CommandOptions {
    static var values: Self { get }
    static var value: Self { get }
}

/// `--now YYYY-MM`: the current month for expiry checks.
package protocol NowOption: CommandOptions {
    static var now: Self { get }
}

extension OptionSpec {
    /// `--product FILE` as most commands explain it.
    package static let productFile = OptionSpec("--product", "FILE", help: "Client API product JSON (- for stdin, sample:NAME for a shipped sample).")

    /// `--locale TAG`.
    package static func locale(help: String) -> OptionSpec {
        OptionSpec("--locale", "TAG", help: help)
    }

    /// `--now YYYY-MM`.
    package static func now(help: String = "The current month for expiry checks.") -> OptionSpec {
        OptionSpec("--now", "YYYY-MM", help: help)
    }

    /// `--values FILE`.
    package static func values(help: String = #"A JSON object {"<fieldId>": "<value>"} (- for stdin)."#) -> OptionSpec {
        OptionSpec("--values", "FILE", help: help)
    }

    /// `--value ID=VALUE`, repeatable.
    package static func value(help: String = "One field's value (visible to other local users; prefer --values).") -> OptionSpec {
        OptionSpec("--value", "ID=VALUE", repeatable: true, help: help)
    }
}
