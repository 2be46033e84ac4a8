/// Reads the part of ICU regular-expression syntax that ``LinearPattern`` runs itself, into a
/// small syntax tree; anything else makes the reader answer `nil`, and the pattern is left to
/// ICU.
///
/// The subset covers what payment product definitions use: literals; escaped punctuation; `\t`
/// `\n` `\r` `\f`; bracket classes with ranges and negation; `\d` (Unicode decimal digits, as in
/// ICU), `\p{…}`/`\P{…}` with a general-category name (`L`, `Lu`, `Nd`, …); groups `( )` and
/// `(?: )`; alternation; `?` `*` `+` `{n}` `{n,}` `{n,m}` (lazy forms too: for a whole-value
/// match they accept the same values); `^` as the pattern's first and `$` as its last character;
/// `.` (any scalar but ICU's line terminators: `\n`, `\u{0B}`, `\f`, `\r`, `\u{85}`, `\u{2028}`,
/// `\u{2029}`); and `(?i)` at the very start, for patterns whose letters are all ASCII: each letter
/// then matches both cases and the two non-ASCII scalars that fold to ASCII letters (`K` KELVIN
/// SIGN to `k`, `ſ` LONG S to `s`), as ICU's case closure does. Under `(?i)`, two literal letters
/// that full case folding could read as one character (`ss` for `ß`, `ff`, `fi`, `fl`, `st` for
/// their ligatures), category classes other than `\d` and `\p{L}` (closed over the one mark that
/// folds to a letter, U+0345), and any non-ASCII literal stay on ICU.
/// Left to ICU: other flags and flags elsewhere, look-around, back-references, possessive quantifiers,
/// `\w` `\s` `\b` `\Q…\E`, other property names, nested or combined sets, repetitions of a
/// part that can match the empty string (`(a?)*`, where ICU's loop handling gives its own
/// answers), and anything unusual enough that the two readings might differ.
///
/// What the reader accepts is the whole check of a pattern that runs here: ICU never sees it. So
/// the subset is kept to syntax ICU compiles (a `{` that opens no count, an empty class, a range
/// written backwards, an unknown property name are all left to ICU, which then decides), and
/// tests and the `regex-differential` fuzz target check that ICU compiles every pattern the
/// reader accepts.
enum LinearSyntax: Sendable {
    /// A syntax tree node.
    indirect enum Node: Sendable {
        /// Matches the empty string.
        case empty
        /// One scalar of the class.
        case scalar(ScalarClass)
        case concatenation([Node])
        case alternation([Node])
        /// `min` to `max` repetitions (`max == nil`: unbounded).
        case repetition(Node, min: Int, max: Int?)

        /// Whether the node matches the empty string.
        var matchesEmpty: Bool {
            switch self {
            case .empty: true
            case .scalar: false
            case .concatenation(let items): items.allSatisfy { $0.matchesEmpty }
            case .alternation(let branches): branches.contains(where: { $0.matchesEmpty })
            case .repetition(let inner, let minimum, _): minimum == 0 || inner.matchesEmpty
            }
        }
    }

    /// Patterns longer than this (in scalars) are left to ICU: they could not fit
    /// ``PositionSet/capacity`` positions anyway, and reading them would cost for nothing.
    static let maximumPatternLength = 4_096
    /// Deeper group nesting is left to ICU (the reader recurses per group).
    static let maximumNesting = 64
    /// Larger repetition counts are left to ICU.
    static let maximumCount = 1_000

    /// The tree of `pattern`, or `nil` when it uses syntax outside the subset.
    static func parse(_ pattern: String) -> Node? {
        var scalars = Array(pattern.unicodeScalars)
        guard scalars.count <= maximumPatternLength else { return nil }
        // `^` first and `$` last only anchor a whole-value match, which is what is run anyway.
        if scalars.first == "^" { scalars.removeFirst() }
        if scalars.last == "$" {
            var backslashes = 0
            var index = scalars.count - 2
            while index >= 0, scalars[index] == "\\" { backslashes += 1; index -= 1 }
            if backslashes % 2 == 0 { scalars.removeLast() }
        }
        var reader = Reader(scalars: scalars)
        if scalars.starts(with: ["(", "?", "i", ")"]) {
            reader.index = 4
            reader.caseInsensitive = true
        }
        guard let node = reader.alternation(depth: 0), reader.isAtEnd else { return nil }
        return node
    }

    /// ICU's line terminators, which `.` does not match.
    static let lineTerminators: [ScalarClass.Item] = [.range(0x0A, 0x0D), .range(0x85, 0x85), .range(0x2028, 0x2029)]

    /// Pairs of ASCII letters that full case folding reads as one character (`ß` is `ss`, `ﬁ` is
    /// `fi`, ...): under `(?i)` ICU may match such a pair of literals against that one character.
    static let foldedPairs: Set<String> = ["ss", "ff", "fi", "fl", "st"]

    /// `A`–`Z`, `a`–`z`: for an ASCII scalar, what `properties.isAlphabetic` answers.
    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// `(?i)` at the start: letters match in both cases.
        var caseInsensitive = false

        var isAtEnd: Bool { index >= scalars.count }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func alternation(depth: Int) -> Node? {
            guard depth <= LinearSyntax.maximumNesting else { return nil }
            var branches: [Node] = []
            while true {
                guard let branch = concatenation(depth: depth) else { return nil }
                branches.append(branch)
                guard peek() == "|" else { break }
                index += 1
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func concatenation(depth: Int) -> Node? {
            var items: [Node] = []
            var previousLetter: Unicode.Scalar?
            while let scalar = peek(), scalar != "|", scalar != ")" {
                // Under `(?i)`, a literal letter after a literal letter: not a pair that full case
                // folding reads as one character.
                let letter = caseInsensitive && LinearSyntax.isASCIILetter(scalar) ? scalar : nil
                if let letter, let previous = previousLetter {
                    let pair = String(decoding: [UInt8(previous.value | 0x20), UInt8(letter.value | 0x20)], as: UTF8.self)
                    if LinearSyntax.foldedPairs.contains(pair) { return nil }
                }
                guard let atom = atom(depth: depth), let quantified = quantified(atom) else { return nil }
                previousLetter = letter
                items.append(quantified)
            }
            switch items.count {
            case 0: return .empty
            case 1: return items[0]
            default: return .concatenation(items)
            }
        }

        /// The atom followed by its quantifier, if any (one only; a lazy `?` may follow it).
        mutating func quantified(_ atom: Node) -> Node? {
            let node: Node
            switch peek() {
            case "*": index += 1; node = .repetition(atom, min: 0, max: nil)
            case "+": index += 1; node = .repetition(atom, min: 1, max: nil)
            case "?": index += 1; node = .repetition(atom, min: 0, max: 1)
            case "{":
                guard let (minimum, maximum) = interval() else { return nil }
                node = .repetition(atom, min: minimum, max: maximum)
            default: return atom
            }
            // A repeated part that can match the empty string is where backtracking engines
            // differ (ICU stops a loop after an empty pass, and so misses some matches: `(a?)*?b`);
            // the linear matcher would find them, so such patterns stay on ICU to keep one meaning.
            if case .repetition(_, _, let maximum) = node, maximum != 1, atom.matchesEmpty { return nil }
            if peek() == "?" { index += 1 }  // lazy: the same values match whole
            if let next = peek(), next == "*" || next == "+" || next == "?" || next == "{" { return nil }
            return node
        }

        /// `{n}`, `{n,}` or `{n,m}`.
        mutating func interval() -> (Int, Int?)? {
            index += 1  // {
            guard let minimum = number() else { return nil }
            var maximum: Int? = minimum
            if peek() == "," {
                index += 1
                maximum = peek() == "}" ? nil : number()
                if maximum == nil, peek() != "}" { return nil }
            }
            guard peek() == "}" else { return nil }
            index += 1
            if let maximum, maximum < minimum { return nil }
            return (minimum, maximum)
        }

        mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while let scalar = peek(), ("0"..."9").contains(scalar) {
                value = value * 10 + Int(scalar.value - 0x30)
                digits += 1
                index += 1
                if value > LinearSyntax.maximumCount { return nil }
            }
            return digits > 0 ? value : nil
        }

        mutating func atom(depth: Int) -> Node? {
            guard let scalar = peek() else { return nil }
            switch scalar {
            case "(":
                index += 1
                if peek() == "?" {
                    guard peek(1) == ":" else { return nil }
                    index += 2
                }
                guard let inner = alternation(depth: depth + 1), peek() == ")" else { return nil }
                index += 1
                return inner
            case "[":
                return bracketClass().flatMap(caseClosed).map { .scalar($0) }
            case "\\":
                return escape(inClass: false).flatMap(caseClosed).map { .scalar($0) }
            case ".":
                index += 1
                return .scalar(ScalarClass(items: LinearSyntax.lineTerminators, isNegated: true))
            case "^", "$", "?", "*", "+", "{", "}", "]", ")", "|":
                return nil
            default:
                index += 1
                return caseClosed(.scalar(scalar.value)).map { .scalar($0) }
            }
        }

        /// `set` as `(?i)` reads it: with both cases of every ASCII letter it holds, and the
        /// non-ASCII scalars that fold to them (`K` for `k`, `ſ` for `s`); `\p{L}` with the one
        /// mark that folds to a letter; `nil` (left to ICU) for a non-ASCII member or another
        /// category than `\d`'s and `\p{L}`'s, or `\P{L}`. Unchanged without `(?i)`.
        func caseClosed(_ set: ScalarClass) -> ScalarClass? {
            guard caseInsensitive else { return set }
            var items = set.items
            for item in set.items {
                switch item {
                case .range(let lower, let upper):
                    guard upper < 0x80 else { return nil }
                    for value in lower...upper {
                        switch value {
                        case 0x41...0x5A: items.append(.range(value + 0x20, value + 0x20))
                        case 0x61...0x7A: items.append(.range(value - 0x20, value - 0x20))
                        default: continue
                        }
                        if value == 0x4B || value == 0x6B { items.append(.range(0x212A, 0x212A)) }  // K KELVIN SIGN
                        if value == 0x53 || value == 0x73 { items.append(.range(0x17F, 0x17F)) }    // ſ LONG S
                    }
                case .categories(let categories) where categories == GeneralCategories.named("L"):
                    // Every case variant of a letter is a letter, and one mark folds to one:
                    // U+0345 COMBINING GREEK YPOGEGRAMMENI to ι (the only such scalar).
                    items.append(.range(0x345, 0x345))
                case .categories(let categories), .notCategories(let categories):
                    guard categories == GeneralCategories.named("Nd") else { return nil }
                }
            }
            return ScalarClass(items: items, isNegated: set.isNegated)
        }

        /// An escape, at its backslash: a class or a literal scalar.
        mutating func escape(inClass: Bool) -> ScalarClass? {
            guard let letter = peek(1) else { return nil }
            index += 2
            switch letter {
            case "d": return ScalarClass(items: [.categories(GeneralCategories.named("Nd") ?? [])], isNegated: false)
            case "D": return ScalarClass(items: [.categories(GeneralCategories.named("Nd") ?? [])], isNegated: true)
            case "p", "P":
                guard peek() == "{" else { return nil }
                index += 1
                var name = ""
                while let scalar = peek(), scalar != "}" {
                    guard name.unicodeScalars.count < 8 else { return nil }
                    name.unicodeScalars.append(scalar)
                    index += 1
                }
                guard peek() == "}", let categories = GeneralCategories.named(name) else { return nil }
                index += 1
                return ScalarClass(items: [letter == "p" ? .categories(categories) : .notCategories(categories)],
                                   isNegated: false)
            case "t": return .scalar(0x09)
            case "n": return .scalar(0x0A)
            case "r": return .scalar(0x0D)
            case "f": return .scalar(0x0C)
            default:
                // A backslash quotes ASCII punctuation; other escapes are left to ICU.
                guard letter.isASCII, letter.value > 0x20, letter.value < 0x7F,
                      !LinearSyntax.isASCIILetter(letter), !("0"..."9").contains(letter)
                else { return nil }
                return .scalar(letter.value)
            }
        }

        /// A bracket class, at its `[`.
        mutating func bracketClass() -> ScalarClass? {
            index += 1  // [
            var negated = false
            if peek() == "^" {
                negated = true
                index += 1
            }
            var items: [ScalarClass.Item] = []
            var isFirst = true
            while true {
                guard let scalar = peek() else { return nil }
                if scalar == "]" {
                    guard !isFirst else { return nil }  // `[]…]` and `[^]…]` read differently across engines
                    index += 1
                    return ScalarClass(items: items, isNegated: negated)
                }
                guard let lower = classMember(isFirst: isFirst) else { return nil }
                isFirst = false
                // A range `a-z`: `-` between two single scalars. A `-` first or last is itself.
                // `--` is ICU's set difference, which it refuses at either end of a class: never
                // part of a range here (`[!--]` and `[\---]` go to ICU, and fail there).
                if peek() == "-", let after = peek(1), after != "]" {
                    guard case .single(let low) = lower, after != "-" else { return nil }
                    index += 1
                    guard case .single(let high)? = classMember(isFirst: false), low <= high else { return nil }
                    items.append(.range(low, high))
                    continue
                }
                switch lower {
                case .single(let value):
                    items.append(.range(value, value))
                case .set(let set) where !set.isNegated:
                    items.append(contentsOf: set.items)
                case .set(let set):
                    // `\D` inside brackets: the complement of one category set, within the union.
                    guard set.items.count == 1, case .categories(let categories) = set.items[0] else { return nil }
                    items.append(.notCategories(categories))
                }
            }
        }

        enum ClassMember {
            case single(UInt32)
            case set(ScalarClass)
        }

        /// One member of a bracket class: a scalar, an escaped scalar or an escaped set.
        mutating func classMember(isFirst: Bool) -> ClassMember? {
            guard let scalar = peek() else { return nil }
            switch scalar {
            case "\\":
                guard let escaped = escape(inClass: true) else { return nil }
                if escaped.items.count == 1, !escaped.isNegated, case .range(let low, let high) = escaped.items[0], low == high {
                    return .single(low)
                }
                return .set(escaped)
            case "[", "&", "$", "{", "}", "^":
                return nil
            case "-":
                // Only first, or last (checked by the caller's `]`), and never `--`: ICU reads
                // `[--]`, `[^--]` and `[--a]` as a set difference missing an operand and refuses them.
                guard isFirst || peek(1) == "]", peek(1) != "-" else { return nil }
                index += 1
                return .single(scalar.value)
            default:
                index += 1
                return .single(scalar.value)
            }
        }
    }
}
