/// Reads a pattern of ICU's syntax into the tree ``BacktrackingCompiler`` compiles, for the
/// patterns the linear matcher leaves out (look-around, back-references, atomic groups, lazy and
/// possessive quantifiers, `\w` `\s` `\b`, flags, …).
///
/// Every construct it takes is one it can run exactly as ICU does; anything else is refused
/// with a ``Refusal`` (the validator then fails every value, error `uncheckable`), never read
/// differently. Refused: set operations and nested classes (`[a-z&&[^aeiou]]`, `--`, `[[:alpha:]]`),
/// property names other than the general categories (`\p{Latin}`, `\p{Alphabetic}`), `\N{…}`,
/// `\X`, `\cX`, `(?#…)` comments, the flags `d`, `u`, `w`; under `(?i)`: non-ASCII literals, `\p`
/// and `\w` in brackets, back-references, and two literal letters that full case folding could
/// read as one character (`ss` for `ß`, `ff`, `fi`, `fl`, `st`); a quantifier on an assertion or
/// on another quantifier, a possessive quantifier on something that can match nothing, counts
/// over 1,000, patterns over 4,096 characters, groups nested more than 64 deep, and anything
/// ICU's own reading is not certain for (a `{` that opens no count, `]` or `}` alone, `&`, `$`,
/// `{`, `}` or `[` in a class, escaped letters that name nothing).
enum BacktrackingSyntax {
    /// A node of the tree.
    indirect enum Node: Sendable {
        case sequence([Node])
        case alternation([Node])
        /// A literal character; `caseless` under `(?i)` (then always ASCII).
        case literal(UInt32, caseless: Bool)
        /// Flags changed here (`(?i)`): literals on either side are never one string.
        case flagChange
        /// A bracket class or `\p{…}` (case-closed already under `(?i)`).
        case set(BacktrackingSet, caseless: Bool)
        /// `.`; `all` under `(?s)`.
        case dot(all: Bool)
        /// `\w`, `\W`.
        case word(negated: Bool)
        /// `\s`, `\S`.
        case space(negated: Bool)
        /// `\d`, `\D`.
        case digit(negated: Bool)
        /// `\h`, `\H`.
        case horizontalSpace(negated: Bool)
        /// `\v`, `\V`.
        case verticalSpace(negated: Bool)
        /// `\R`.
        case lineBreak
        /// `^` without `(?m)`, `\A`.
        case startOfInput
        /// `^` under `(?m)`.
        case startOfLine
        /// `$` without `(?m)`, `\Z`: the end, or before a line terminator that ends the input.
        case endOfInputOrLine
        /// `$` under `(?m)`.
        case endOfLine
        /// `\z`.
        case endOfInput
        /// `\b`, `\B`.
        case wordBoundary(negated: Bool)
        /// `\G`.
        case previousMatchEnd
        case group(Node, Group)
        case repetition(Node, Repetition)
        /// `\1`, `\k<name>`: the group's number.
        case backReference(Int)

        /// Whether the node can match the empty string (`true` when unsure).
        var matchesEmpty: Bool {
            switch self {
            case .sequence(let items): items.allSatisfy { $0.matchesEmpty }
            case .alternation(let branches): branches.contains { $0.matchesEmpty }
            case .literal, .set, .dot, .word, .space, .digit, .horizontalSpace, .verticalSpace, .lineBreak: false
            case .group(let body, let kind):
                switch kind {
                case .capture, .plain, .atomic: body.matchesEmpty
                default: true
                }
            case .repetition(let body, let repetition):
                switch repetition.form {
                case .optional, .star: true
                case .plus: body.matchesEmpty
                case .interval(let minimum, _): minimum == 0 || body.matchesEmpty
                }
            default: true
            }
        }

        /// Whether a quantifier may follow the node.
        var isQuantifiable: Bool {
            switch self {
            case .literal, .set, .dot, .word, .space, .digit, .horizontalSpace, .verticalSpace, .lineBreak, .backReference: true
            case .group(_, let kind):
                switch kind {
                case .capture, .plain, .atomic: true
                default: false
                }
            default: false
            }
        }
    }

    /// What a group is.
    enum Group: Sendable, Equatable {
        /// A capturing group, numbered from 1.
        case capture(Int)
        case plain
        case atomic
        case lookahead
        case negativeLookahead
        case lookbehind
        case negativeLookbehind
    }

    /// A quantifier.
    struct Repetition: Sendable {
        enum Form: Sendable {
            case optional
            case star
            case plus
            /// `{n}` (`maximum == minimum`), `{n,}` (`nil`), `{n,m}`.
            case interval(Int, Int?)
        }
        enum Mode: Sendable {
            case greedy
            case lazy
            case possessive
        }
        var form: Form
        var mode: Mode
    }

    /// A pattern read: its tree and how many capturing groups it has.
    struct Tree: Sendable {
        var node: Node
        var groupCount: Int
    }

    /// Why a pattern is not taken: what and where (in characters from the start).
    struct Refusal: Error, Sendable, Hashable {
        let reason: String

        init(_ what: String, at offset: Int) {
            reason = "\(what) (at character \(offset))"
        }
    }

    /// Longer patterns are refused.
    static let maximumPatternLength = 4_096
    /// Deeper group nesting is refused (the reader and the compiler recurse per group).
    static let maximumNesting = 64
    /// Larger counts are refused.
    static let maximumCount = 1_000

    /// The tree of `pattern`, or the reason it is refused.
    static func parse(_ pattern: String) throws(Refusal) -> Tree {
        let scalars = pattern.unicodeScalars.map { $0.value }
        guard scalars.count <= maximumPatternLength else {
            throw Refusal("a pattern longer than \(maximumPatternLength) characters", at: maximumPatternLength)
        }
        var parser = BacktrackingParser(BacktrackingLexer(scalars))
        return try parser.pattern()
    }
}
