/// One element of a command's usage line, built from its declared options: an option that must be
/// given, one that may be, a group that may be given, or exactly one of several alternatives.
///
/// ```swift
/// [.required(.product), .oneOf([[.required(.values)], [.required(.value)]]), .optional(.locale)]
/// // --product FILE (--values FILE | --value ID=VALUE ...) [--locale TAG]
/// ```
package indirect enum Usage<Option: CommandOptions>: Sendable {
    /// An option that must be given: `--product FILE`.
    case required(Option)
    /// An option with a fixed value, for a form of the command: `--operation getTransactionData`.
    case fixed(Option, String)
    /// An option that may be given: `[--locale TAG]`.
    case optional(Option)
    /// Options that may be given together: `[--country CC --currency CCY [--amount N]]`.
    case optionalGroup([Usage])
    /// Exactly one of the alternatives, each a sequence: `(--values FILE | --value ID=VALUE ...)`.
    case oneOf([[Usage]])
    /// At most one of the alternatives: `[--insert STR | --delete DIRECTION]`.
    case optionalOneOf([[Usage]])

    /// The same element over another options type (a part of a composed enum).
    package func map<Other: CommandOptions>(_ transform: (Option) -> Other) -> Usage<Other> {
        switch self {
        case .required(let option): .required(transform(option))
        case .fixed(let option, let value): .fixed(transform(option), value)
        case .optional(let option): .optional(transform(option))
        case .optionalGroup(let elements): .optionalGroup(elements.map { $0.map(transform) })
        case .oneOf(let alternatives): .oneOf(alternatives.map { $0.map { $0.map(transform) } })
        case .optionalOneOf(let alternatives): .optionalOneOf(alternatives.map { $0.map { $0.map(transform) } })
        }
    }

    /// The line's text (after `payform COMMAND `).
    package static func text(_ elements: [Usage]) -> String {
        elements.map({ $0.text }).joined(separator: " ")
    }

    /// The options this element names, in order.
    package var options: [Option] {
        switch self {
        case .required(let option), .optional(let option), .fixed(let option, _): [option]
        case .optionalGroup(let elements): elements.flatMap({ $0.options })
        case .oneOf(let alternatives), .optionalOneOf(let alternatives): alternatives.flatMap { $0.flatMap({ $0.options }) }
        }
    }

    /// An alternative that is itself a choice is written as its alternatives: `(a | b | c)`, not
    /// `((a | b) | c)`.
    private static func flattened(_ alternatives: [[Usage]]) -> [[Usage]] {
        alternatives.flatMap { alternative -> [[Usage]] in
            if alternative.count == 1, case .oneOf(let inner) = alternative[0] { return flattened(inner) }
            return [alternative]
        }
    }

    private var text: String {
        switch self {
        case .required(let option): option.spec.synopsis
        case .fixed(let option, let value): "\(option.spec.flag) \(value)"
        case .optional(let option): "[\(option.spec.synopsis)]"
        case .optionalGroup(let elements): "[\(Self.text(elements))]"
        case .oneOf(let alternatives): "(\(Self.flattened(alternatives).map(Self.text).joined(separator: " | ")))"
        case .optionalOneOf(let alternatives): "[\(Self.flattened(alternatives).map(Self.text).joined(separator: " | "))]"
        }
    }
}
