/// Splits a mask pattern into tokens — `{{`, `}}` and maximal runs of other characters — and turns
/// them into ``MaskElement``s.
///
/// Tokens are found left to right, so `{{{` is `{{` then `{`, and a lone `{` or `}` is ordinary text.
/// Decisions where the Connect grammar is loose (kept compatible with its formatter):
/// - An unclosed `{{` opens a placeholder run that lasts to the end of the pattern.
/// - A `}}` outside braces and a `{{` inside braces change nothing and produce no text.
/// - All literals between two placeholders form one run, even when an empty `{{}}` or a stray `}}`
///   splits them. Connect would append only the first piece on short input, so `a{{}}b` formatted
///   `""` to `"a"` but `"a"` to `"ab"`; one run keeps formatted text formatting to itself.
/// - The pattern is read as `Character`s, so a brace carrying a combining mark is not a brace.
enum MaskParser {
    enum Token {
        case open
        case close
        /// A character of a run, and whether it sits inside braces.
        case character(Character, insideBraces: Bool)
    }

    struct Parsed {
        var elements: [MaskElement] = []
        var literals = MaskLiterals()
        /// Index into `elements` of each value slot, in order.
        var slotElementIndices: [Int] = []
    }

    static func tokenize(_ pattern: String, _ body: (Token) -> Void) {
        var insideBraces = false
        var pendingBrace: Character?
        for character in pattern {
            if let brace = pendingBrace {
                pendingBrace = nil
                if character == brace {
                    insideBraces = brace == "{"
                    body(insideBraces ? .open : .close)
                    continue
                }
                body(.character(brace, insideBraces: insideBraces))
            }
            if character == "{" || character == "}" {
                pendingBrace = character
            } else {
                body(.character(character, insideBraces: insideBraces))
            }
        }
        if let brace = pendingBrace { body(.character(brace, insideBraces: insideBraces)) }
    }

    static func parse(_ pattern: String) -> Parsed {
        var parsed = Parsed()
        var literalRunStart: Int?

        func closeLiteralRun() {
            guard let start = literalRunStart else { return }
            let end = parsed.elements.count
            for index in start..<end { parsed.elements[index].runEnd = end }
            literalRunStart = nil
        }

        tokenize(pattern) { token in
            guard case .character(let character, let insideBraces) = token else { return }
            if insideBraces {
                closeLiteralRun()
                parsed.slotElementIndices.append(parsed.elements.count)
                parsed.elements.append(.slot(for: character))
            } else {
                if literalRunStart == nil { literalRunStart = parsed.elements.count }
                let index = parsed.literals.append(character)
                parsed.elements.append(.literal(character, index: index))
            }
        }
        closeLiteralRun()
        return parsed
    }

    /// The pattern with every character inside braces replaced by `*`.
    static func relaxedPattern(of pattern: String) -> String {
        var relaxed = ""
        relaxed.reserveCapacity(pattern.utf8.count)
        tokenize(pattern) { token in
            switch token {
            case .open: relaxed += "{{"
            case .close: relaxed += "}}"
            case .character(let character, let insideBraces): relaxed.append(insideBraces ? "*" : character)
            }
        }
        return relaxed
    }
}
