/// The reader behind ``BacktrackingSyntax/parse(_:)``: recursive descent over
/// ``BacktrackingLexer``'s tokens, with ICU's flags scoped as ICU scopes them (a `(?i)` lasts
/// to the end of its group).
struct BacktrackingParser {
    typealias Node = BacktrackingSyntax.Node
    typealias Refusal = BacktrackingSyntax.Refusal

    private var lexer: BacktrackingLexer
    /// `(?i)`, `(?m)`, `(?s)` (`(?x)` is the lexer's).
    private var caseless = false
    private var multiline = false
    private var dotAll = false
    private var groupCount = 0
    /// The named groups so far: a name and its group's number.
    private var groupNames: [(name: String, number: Int)] = []
    private var highestBackReference = 0
    private var depth = 0

    init(_ lexer: BacktrackingLexer) {
        self.lexer = lexer
    }

    /// The whole pattern.
    mutating func pattern() throws(Refusal) -> BacktrackingSyntax.Tree {
        let node = try alternation()
        guard try lexer.next() == .end else { throw refusal("a ')' without its '('") }
        guard highestBackReference <= groupCount else { throw refusal("a back-reference to a group the pattern does not have") }
        return BacktrackingSyntax.Tree(node: node, groupCount: groupCount)
    }

    private func refusal(_ what: String) -> Refusal {
        Refusal(what, at: lexer.offset)
    }

    private func peek() throws(Refusal) -> BacktrackingLexer.Token {
        var copy = lexer
        return try copy.next()
    }

    private func peekIs(_ scalar: UInt32) throws(Refusal) -> Bool {
        try peek() == .character(scalar, quoted: false)
    }

    private mutating func alternation() throws(Refusal) -> Node {
        var branches = [try sequence()]
        while try peekIs(0x7C) {  // |
            _ = try lexer.next()
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(Refusal) -> Node {
        var items: [Node] = []
        while true {
            let token = try peek()
            if token == .end || token == .character(0x7C, quoted: false) || token == .character(0x29, quoted: false) { break }
            let atom = try self.atom()
            items.append(try quantified(atom))
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// The atom, with its quantifier when one follows.
    private mutating func quantified(_ atom: Node) throws(Refusal) -> Node {
        guard case .character(let scalar, false) = try peek(), [0x2A, 0x2B, 0x3F, 0x7B].contains(scalar) else { return atom }
        guard atom.isQuantifiable else { throw refusal("a quantifier on something that matches no character") }
        _ = try lexer.next()
        let form: BacktrackingSyntax.Repetition.Form
        switch scalar {
        case 0x2A: form = .star
        case 0x2B: form = .plus
        case 0x3F: form = .optional
        default: form = try interval()
        }
        var mode = BacktrackingSyntax.Repetition.Mode.greedy
        if try peekIs(0x3F) {
            _ = try lexer.next()
            mode = .lazy
        } else if try peekIs(0x2B) {
            _ = try lexer.next()
            mode = .possessive
        }
        if case .character(let next, false) = try peek(), [0x2A, 0x2B, 0x3F, 0x7B].contains(next) {
            throw refusal("a quantifier on a quantifier")
        }
        // ICU's possessive loops have no check for an empty pass: on such a body they run until
        // stopped, which this matcher would not reproduce step for step.
        if mode == .possessive, atom.matchesEmpty { throw refusal("a possessive quantifier on something that can match nothing") }
        return .repetition(atom, BacktrackingSyntax.Repetition(form: form, mode: mode))
    }

    /// `{n}`, `{n,}`, `{n,m}`, after the `{`.
    private mutating func interval() throws(Refusal) -> BacktrackingSyntax.Repetition.Form {
        guard let minimum = try number() else { throw refusal("a '{' that opens no count") }
        var token = try lexer.next()
        if token == .character(0x7D, quoted: false) { return .interval(minimum, minimum) }
        guard token == .character(0x2C, quoted: false) else { throw refusal("a '{' that opens no count") }
        let maximum = try number()
        token = try lexer.next()
        guard token == .character(0x7D, quoted: false) else { throw refusal("a count without its '}'") }
        if let maximum, maximum < minimum { throw refusal("a count whose maximum is below its minimum") }
        return .interval(minimum, maximum)
    }

    private mutating func number() throws(Refusal) -> Int? {
        var value: Int?
        while case .character(let scalar, false) = try peek(), (0x30...0x39).contains(scalar) {
            _ = try lexer.next()
            value = (value ?? 0) * 10 + Int(scalar - 0x30)
            if let value, value > BacktrackingSyntax.maximumCount { throw refusal("a count over \(BacktrackingSyntax.maximumCount)") }
        }
        return value
    }

    private mutating func atom() throws(Refusal) -> Node {
        switch try lexer.next() {
        case .end:
            throw refusal("an unexpected end")
        case .character(let scalar, true):
            return try literal(scalar)
        case .escape(let letter):
            return try escape(letter)
        case .character(let scalar, false):
            switch scalar {
            case 0x28: return try group()
            case 0x5B: return try bracketClass()
            case 0x2E: return .dot(all: dotAll)
            case 0x5E: return multiline ? .startOfLine : .startOfInput
            case 0x24: return multiline ? .endOfLine : .endOfInputOrLine
            case 0x2A, 0x2B, 0x3F, 0x7B: throw refusal("a quantifier with nothing before it")
            case 0x7D, 0x5D: throw refusal("a '\(String(decoding: [UInt8(scalar)], as: UTF8.self))' alone")
            default: return try literal(scalar)
            }
        }
    }

    private func literal(_ scalar: UInt32) throws(Refusal) -> Node {
        if caseless, scalar >= 0x80 { throw refusal("a non-ASCII character under (?i)") }
        return .literal(scalar, caseless: caseless)
    }

    /// A backslash escape outside a class (the lexer has read the ones that are one character).
    private mutating func escape(_ letter: UInt32) throws(Refusal) -> Node {
        switch letter {
        case 0x64, 0x44: return .digit(negated: letter == 0x44)
        case 0x77, 0x57: return .word(negated: letter == 0x57)
        case 0x73, 0x53: return .space(negated: letter == 0x53)
        case 0x68, 0x48: return .horizontalSpace(negated: letter == 0x48)
        case 0x76, 0x56: return .verticalSpace(negated: letter == 0x56)
        case 0x52: return .lineBreak
        case 0x62, 0x42: return .wordBoundary(negated: letter == 0x42)
        case 0x41: return .startOfInput
        case 0x7A: return .endOfInput
        case 0x5A: return .endOfInputOrLine
        case 0x47: return .previousMatchEnd
        case 0x70, 0x50:
            if caseless { throw refusal("\\p under (?i)") }
            return .set(try property(negated: letter == 0x50), caseless: false)
        case 0x6B:
            return try namedBackReference()
        case 0x31...0x39:
            if caseless { throw refusal("a back-reference under (?i)") }
            // As ICU: more digits while the number stays below the groups opened so far.
            var number = Int(letter - 0x30)
            while number < groupCount, let next = lexer.peekRaw(), (0x30...0x39).contains(next) {
                _ = lexer.takeRaw()
                number = number * 10 + Int(next - 0x30)
            }
            highestBackReference = max(highestBackReference, number)
            return .backReference(number)
        default:
            guard let scalar = Self.quotablePunctuation(letter) else { throw refusal("an escape this matcher does not run") }
            return try literal(scalar)
        }
    }

    /// ASCII punctuation, symbols and space, which a backslash quotes.
    private static func quotablePunctuation(_ scalar: UInt32) -> UInt32? {
        guard (0x20...0x7E).contains(scalar), !(0x30...0x39).contains(scalar), !(0x41...0x5A).contains(scalar),
              !(0x61...0x7A).contains(scalar) else { return nil }
        return scalar
    }

    /// `\p{Name}` or `\P{Name}` after the letter: a general category, one or two letters.
    private mutating func property(negated: Bool) throws(Refusal) -> BacktrackingSet {
        guard lexer.takeRaw() == 0x7B else { throw refusal("\\p without '{'") }
        var name = ""
        while let scalar = lexer.takeRaw(), scalar != 0x7D {
            guard name.unicodeScalars.count < 2, let value = Unicode.Scalar(scalar) else { throw refusal("a property other than a general category") }
            name.unicodeScalars.append(value)
        }
        guard let categories = GeneralCategories.named(name) else { throw refusal("a property other than a general category") }
        let set = BacktrackingSet.categories(categories)
        return negated ? set.complement() : set
    }

    /// `\k<name>`, after the `k`.
    private mutating func namedBackReference() throws(Refusal) -> Node {
        if caseless { throw refusal("a back-reference under (?i)") }
        guard try lexer.next() == .character(0x3C, quoted: false) else { throw refusal("\\k without '<'") }
        let name = try groupName()
        guard let group = groupNames.first(where: { $0.name == name }) else { throw refusal("a back-reference to a name not defined before it") }
        return .backReference(group.number)
    }

    /// A group name up to its `>`: an ASCII letter, then ASCII letters and digits.
    private mutating func groupName() throws(Refusal) -> String {
        var name = ""
        while true {
            guard case .character(let scalar, false) = try lexer.next() else { throw refusal("a group name without '>'") }
            if scalar == 0x3E, !name.isEmpty { return name }
            let isLetter = (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
            guard isLetter || (!name.isEmpty && (0x30...0x39).contains(scalar)) else { throw refusal("a group name that is not ASCII letters and digits") }
            name.unicodeScalars.append(Unicode.Scalar(UInt8(scalar)))
        }
    }

    /// A group, after its `(`; a flag setting `(?i)` answers ``Node/flagChange``.
    private mutating func group() throws(Refusal) -> Node {
        depth += 1
        defer { depth -= 1 }
        guard depth <= BacktrackingSyntax.maximumNesting else { throw refusal("groups nested more than \(BacktrackingSyntax.maximumNesting) deep") }
        let saved = (caseless, multiline, dotAll, lexer.freeSpacing)
        var kind = BacktrackingSyntax.Group.plain
        if try peekIs(0x3F) {
            _ = try lexer.next()
            lexer.suppressesComment = true
            guard case .character(let marker, false) = try lexer.next() else { throw refusal("an unknown group") }
            switch marker {
            case 0x3A: kind = .plain
            case 0x3E: kind = .atomic
            case 0x3D: kind = .lookahead
            case 0x21: kind = .negativeLookahead
            case 0x3C:
                guard case .character(let next, false) = try peek() else { throw refusal("an unknown group") }
                if next == 0x3D || next == 0x21 {
                    _ = try lexer.next()
                    kind = next == 0x3D ? .lookbehind : .negativeLookbehind
                } else {
                    let name = try groupName()
                    guard !groupNames.contains(where: { $0.name == name }) else { throw refusal("a group name used twice") }
                    groupCount += 1
                    groupNames.append((name, groupCount))
                    kind = .capture(groupCount)
                }
            case 0x69, 0x6D, 0x73, 0x78, 0x2D:
                if try flags(startingWith: marker) { return .flagChange }
                kind = .plain
            default:
                throw refusal("an unknown group")
            }
        } else {
            groupCount += 1
            kind = .capture(groupCount)
        }
        let body = try alternation()
        guard try lexer.next() == .character(0x29, quoted: false) else { throw refusal("a '(' without its ')'") }
        (caseless, multiline, dotAll, lexer.freeSpacing) = saved
        return .group(body, kind)
    }

    /// Reads `imsx-imsx` and the `)` or `:` after it, and applies the flags; `true` for a
    /// setting alone (`(?i)`), `false` for a group `(?i:…)`.
    private mutating func flags(startingWith first: UInt32) throws(Refusal) -> Bool {
        // Collected, then applied at the `)` or `:`, as ICU does (`(?x i)` is read without `x`).
        var flags = (caseless, multiline, dotAll, lexer.freeSpacing)
        var on = true
        var letters = 0
        var scalar = first
        while true {
            switch scalar {
            case 0x69: flags.0 = on
            case 0x6D: flags.1 = on
            case 0x73: flags.2 = on
            case 0x78: flags.3 = on
            case 0x2D:
                guard on, letters >= 0 else { throw refusal("a flag setting with two '-'") }
                on = false
                letters = -1
            case 0x29, 0x3A:
                guard letters > 0 else { throw refusal("an empty flag setting") }
                (caseless, multiline, dotAll, lexer.freeSpacing) = flags
                return scalar == 0x29
            default:
                throw refusal("a flag this matcher does not run")
            }
            if scalar != 0x2D { letters = max(letters, 0) + 1 }
            guard case .character(let next, false) = try lexer.next() else { throw refusal("a flag setting without ')'") }
            scalar = next
        }
    }

    /// A bracket class, after its `[`.
    private mutating func bracketClass() throws(Refusal) -> Node {
        lexer.inClass = true
        defer { lexer.inClass = false }
        var negated = false
        if try peekIs(0x5E) {
            _ = try lexer.next()
            negated = true
        }
        var pairs: [UInt32] = []
        var sets: [BacktrackingSet] = []
        var isFirst = true
        while true {
            let token = try lexer.next()
            if token == .end { throw refusal("a '[' without its ']'") }
            if token == .character(0x5D, quoted: false) {
                guard !isFirst else { throw refusal("a class that starts with ']'") }
                break
            }
            let member = try classMember(token, isFirst: isFirst)
            isFirst = false
            switch member {
            case .set(let set):
                sets.append(set)
            case .single(let low):
                // A range `a-z`; a `-` before the `]` is itself.
                guard try peekIs(0x2D) else {
                    pairs += [low, low]
                    continue
                }
                var afterDash = lexer
                _ = try afterDash.next()
                let after = try afterDash.next()
                if after == .character(0x5D, quoted: false) {
                    pairs += [low, low]
                    continue
                }
                guard after != .character(0x2D, quoted: false) else { throw refusal("'--' in a class (ICU's set difference)") }
                _ = try lexer.next()
                guard case .single(let high) = try classMember(try lexer.next(), isFirst: false), low <= high else {
                    throw refusal("a range that is not from one character to a later one")
                }
                pairs += [low, high]
            }
        }
        var set = BacktrackingSet(pairs: pairs)
        for member in sets { set = set.union(member) }
        if caseless { set = set.closedOverASCIICase() }
        return .set(negated ? set.complement() : set, caseless: caseless)
    }

    private enum ClassMember {
        case single(UInt32)
        case set(BacktrackingSet)
    }

    private mutating func classMember(_ token: BacktrackingLexer.Token, isFirst: Bool) throws(Refusal) -> ClassMember {
        switch token {
        case .end:
            throw refusal("a '[' without its ']'")
        case .character(let scalar, let quoted):
            if !quoted {
                switch scalar {
                case 0x5B, 0x26, 0x24, 0x7B, 0x7D, 0x5E:
                    throw refusal("a '\(String(decoding: [UInt8(scalar)], as: UTF8.self))' in a class (ICU gives it a meaning of its own)")
                case 0x2D:
                    // Only first, or last (the caller sees the `]`), and never `--`.
                    var after = lexer
                    let next = try after.next()
                    guard isFirst || next == .character(0x5D, quoted: false), next != .character(0x2D, quoted: false) else {
                        throw refusal("a '-' inside a class that makes no range")
                    }
                default:
                    break
                }
            }
            if caseless, scalar >= 0x80 { throw refusal("a non-ASCII character under (?i)") }
            return .single(scalar)
        case .escape(let letter):
            switch letter {
            case 0x64: return .set(.digit)
            case 0x44: return .set(BacktrackingSet.digit.complement())
            case 0x73: return .set(.space)
            case 0x53: return .set(BacktrackingSet.space.complement())
            case 0x68: return .set(.horizontalSpace)
            case 0x48: return .set(BacktrackingSet.horizontalSpace.complement())
            case 0x76: return .set(.lineTerminators)
            case 0x56: return .set(BacktrackingSet.lineTerminators.complement())
            case 0x77, 0x57:
                if caseless { throw refusal("\\w in a class under (?i)") }
                return .set(letter == 0x77 ? .word : BacktrackingSet.word.complement())
            case 0x70, 0x50:
                if caseless { throw refusal("\\p under (?i)") }
                return .set(try property(negated: letter == 0x50))
            default:
                guard let scalar = Self.quotablePunctuation(letter) else { throw refusal("an escape this matcher does not run in a class") }
                return .single(scalar)
            }
        }
    }
}
