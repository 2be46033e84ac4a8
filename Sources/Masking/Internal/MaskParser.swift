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
    struct Parsed {
        var elements: [MaskElement] = []
        /// Index into `elements` of each value slot, in order.
        var slotElementIndices: [Int] = []
        /// The pattern with every character inside braces replaced by `*`.
        var relaxedPattern = ""
    }

    static func parse(_ pattern: String) -> Parsed {
        var parsed = Parsed()
        var insideBraces = false
        var literalRunStart: Int?
        var pendingBrace: Character?

        func closeLiteralRun() {
            guard let start = literalRunStart else { return }
            let end = parsed.elements.count
            for index in start..<end { parsed.elements[index].runEnd = end }
            literalRunStart = nil
        }

        func take(_ character: Character) {
            if insideBraces {
                closeLiteralRun()
                parsed.slotElementIndices.append(parsed.elements.count)
                parsed.elements.append(.slot(for: character))
                parsed.relaxedPattern.append("*")
            } else {
                if literalRunStart == nil { literalRunStart = parsed.elements.count }
                parsed.elements.append(.literal(character))
                parsed.relaxedPattern.append(character)
            }
        }

        for character in pattern {
            if let brace = pendingBrace {
                pendingBrace = nil
                if character == brace {
                    insideBraces = brace == "{"
                    parsed.relaxedPattern.append(brace)
                    parsed.relaxedPattern.append(brace)
                    continue
                }
                take(brace)
            }
            if character == "{" || character == "}" {
                pendingBrace = character
            } else {
                take(character)
            }
        }
        if let brace = pendingBrace { take(brace) }
        closeLiteralRun()
        return parsed
    }
}
