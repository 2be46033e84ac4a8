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
///   A pattern that is plain ASCII (every real mask) is read byte by byte, which is the same
///   thing and needs no `Character` at all.
enum MaskParser {
    enum Token<Unit> {
        case open
        case close
        /// A character of a run, and whether it sits inside braces.
        case character(Unit, insideBraces: Bool)
    }

    /// Runs `body` on each token of `units` (bytes of a plain-ASCII pattern, or `Character`s).
    @inline(__always)
    static func tokenize<Units: Sequence>(_ units: Units, open: Units.Element, close: Units.Element,
                                          _ body: (Token<Units.Element>) -> Void) where Units.Element: Equatable {
        var insideBraces = false
        var pendingBrace: Units.Element?
        for unit in units {
            if let brace = pendingBrace {
                pendingBrace = nil
                if unit == brace {
                    insideBraces = brace == open
                    body(insideBraces ? .open : .close)
                    continue
                }
                body(.character(brace, insideBraces: insideBraces))
            }
            if unit == open || unit == close {
                pendingBrace = unit
            } else {
                body(.character(unit, insideBraces: insideBraces))
            }
        }
        if let brace = pendingBrace { body(.character(brace, insideBraces: insideBraces)) }
    }

    static func parse(_ pattern: String) -> MaskStorage {
        let fast: MaskStorage?? = pattern.utf8.withContiguousStorageIfAvailable { bytes in
            isPlainASCII(bytes) ? parseASCII(bytes, pattern: pattern) : nil
        }
        if let storage = fast ?? nil { return storage }
        return parseCharacters(pattern)
    }

    /// The tokenizer above, unrolled over bytes: at a brace, the same brace next makes a `{{` or
    /// `}}` token, anything else makes it ordinary text. The elements are written straight into
    /// the storage (a pattern of n bytes has at most n elements); literal runs are closed as they
    /// end.
    private static func parseASCII(_ bytes: UnsafeBufferPointer<UInt8>, pattern: String) -> MaskStorage {
        MaskStorage.make(pattern: pattern, maximumElementCount: bytes.count) { output in
            var header = MaskHeader(pattern: pattern)
            var count = 0
            var runStart = 0
            var runKind = MaskElement.Kind.literal
            // For `uniformSlot`: the one slot kind seen (nil: none yet) and the literal bytes.
            var slot: MaskElement?
            var mixedSlots = false
            var literalBytes: (UInt64, UInt64) = (0, 0)
            var insideBraces = false
            var index = 0
            let end = Swift.min(bytes.count, output.count, MaskElement.maximumCount)
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}"), index &+ 1 < end, bytes[index &+ 1] == byte {
                    insideBraces = byte == UInt8(ascii: "{")
                    index &+= 2
                    continue
                }
                let element: MaskElement
                if insideBraces {
                    element = .slot(for: byte)
                    header.capacity &+= 1
                    if let slot, slot.kind != element.kind { mixedSlots = true }
                    if slot == nil { slot = element }
                } else {
                    element = .literal(ascii: byte)
                    header.literalUTF8Count &+= 1
                    if byte < 64 { literalBytes.0 |= 1 << UInt64(byte) } else { literalBytes.1 |= 1 << UInt64(byte & 63) }
                }
                if element.kind != runKind {
                    if count > runStart { closeRun(output, from: runStart, to: count) }
                    runStart = count
                    runKind = element.kind
                }
                output.initializeElement(at: count, to: element)
                count &+= 1
                index &+= 1
            }
            closeRun(output, from: runStart, to: count)
            header.elementCount = count
            if let slot, !mixedSlots {
                // Uniform when no literal byte is one the slot takes.
                let taken = byteRange(from: Int(slot.acceptedLow), to: Int(slot.acceptedLow) + Int(slot.acceptedCount))
                let clash = (taken.0 & literalBytes.0) | (taken.1 & literalBytes.1) != 0
                header.uniformSlot = clash ? nil : slot
            }
            return header
        }
    }

    /// The bytes `low..<high` (within 0...128) as a 128-bit set, low half first.
    private static func byteRange(from low: Int, to high: Int) -> (UInt64, UInt64) {
        func below(_ bound: Int) -> (UInt64, UInt64) {
            switch bound {
            case ..<0: (0, 0)
            case 0..<64: ((1 << UInt64(bound)) &- 1, 0)
            case 64..<128: (UInt64.max, (1 << UInt64(bound - 64)) &- 1)
            default: (UInt64.max, UInt64.max)
            }
        }
        let upper = below(high)
        let lower = below(low)
        return (upper.0 & ~lower.0, upper.1 & ~lower.1)
    }

    /// Marks the elements from `start` to `end` as one run.
    @inline(__always)
    private static func closeRun(_ elements: UnsafeMutableBufferPointer<MaskElement>, from start: Int, to end: Int) {
        var index = start
        while index < end {
            elements[index].runEnd = end
            index &+= 1
        }
    }

    /// Any other pattern, read as `Character`s.
    private static func parseCharacters(_ pattern: String) -> MaskStorage {
        var header = MaskHeader(pattern: pattern)
        var literals = MaskLiterals.Builder()
        var elements: [MaskElement] = []
        tokenize(pattern, open: "{", close: "}") { token in
            guard case .character(let character, let insideBraces) = token else { return }
            let byte = character.maskASCIIByte
            if insideBraces {
                elements.append(.slot(for: byte))
                header.capacity += 1
            } else if byte != MaskElement.notASCII {
                elements.append(.literal(ascii: byte))
                header.literalUTF8Count += 1
            } else {
                literals.append(character, forElementAt: elements.count)
                elements.append(.literal(ascii: MaskElement.notASCII))
                header.literalUTF8Count += character.utf8.count
            }
        }
        if elements.count > MaskElement.maximumCount { elements.removeLast(elements.count - MaskElement.maximumCount) }
        header.elementCount = elements.count
        header.literals = literals.build()
        header.uniformSlot = MaskStorage.uniformSlot(of: elements, literalsAreASCII: header.literals == nil)
        return MaskStorage.make(pattern: pattern, maximumElementCount: elements.count) { output in
            var runStart = 0
            for (index, element) in elements.enumerated() where index < output.count {
                if index > runStart, !output[runStart].continuesRun(with: element) {
                    closeRun(output, from: runStart, to: index)
                    runStart = index
                }
                output.initializeElement(at: index, to: element)
            }
            closeRun(output, from: runStart, to: Swift.min(elements.count, output.count))
            return header
        }
    }

    /// The pattern with every character inside braces replaced by `*`.
    static func relaxedPattern(of pattern: String) -> String {
        var relaxed = ""
        relaxed.reserveCapacity(pattern.utf8.count)
        tokenize(pattern, open: "{", close: "}") { token in
            switch token {
            case .open: relaxed += "{{"
            case .close: relaxed += "}}"
            case .character(let character, let insideBraces): relaxed.append(insideBraces ? "*" : character)
            }
        }
        return relaxed
    }
}
