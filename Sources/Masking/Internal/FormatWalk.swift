/// The Connect-compatible walk of a mask over input text (semantics §1), shared by `format`,
/// `unformat` and the analysis of a field's current text before an edit.
///
/// One pass, linear in the input plus the mask. Everything positional is in UTF-16 code units.
/// Generic over the unit (byte or `Character`), the sinks and the observer, so each caller gets a
/// loop that does only its own work: `format` of ASCII text is a byte loop writing straight into
/// the result's storage.
enum FormatWalk {
    /// What the walk reports besides its sinks.
    struct Outcome {
        /// Length of the output in UTF-16 code units.
        var outputUTF16Length = 0
        /// How many value characters were accepted.
        var valueCount = 0
        /// How many input units the walk consumed (as literals, values or dropped characters);
        /// the rest is what the input holds beyond the mask.
        var consumedUnitCount = 0
    }

    @inline(__always)
    static func run<Unit: MaskUnit, Output: ByteSink, Value: UnitSink, Observer: FormatWalkObserver>(
        _ mask: MaskStorage, input: UnsafeBufferPointer<Unit>,
        output: inout Output, value: inout Value, observer: inout Observer
    ) -> Outcome where Value.Unit == Unit {
        let literals = mask.literals
        return mask.withElements { elements in
            var outcome = Outcome()
            var inputIndex = 0
            var inputOffset = 0
            let inputCount = input.count
            var elementIndex = 0
            let elementCount = elements.count

            walk: while elementIndex < elementCount {
                let element = elements[elementIndex]
                guard inputIndex < inputCount else {
                    // Input exhausted: a literal run it stopped in (or right before) is completed; nothing else.
                    if element.isLiteral {
                        for index in elementIndex..<Swift.max(elementIndex, Swift.min(element.runEnd, elementCount)) {
                            literals.write(elements[index], at: index, to: &output)
                            outcome.outputUTF16Length += literals.utf16Length(of: elements[index], at: index)
                        }
                    }
                    break walk
                }
                if element.isLiteral {
                    let unit = input[inputIndex]
                    if unit.isLiteral(element, at: elementIndex, literals: literals) {
                        let length = unit.maskUTF16Length
                        observer.consumed(end: inputOffset + length, outputOffset: outcome.outputUTF16Length)
                        inputOffset += length
                        inputIndex += 1
                    }
                    literals.write(element, at: elementIndex, to: &output)
                    outcome.outputUTF16Length += literals.utf16Length(of: element, at: elementIndex)
                    elementIndex += 1
                    continue walk
                }
                // A slot: characters that do not fit are dropped until one does.
                while inputIndex < inputCount {
                    let candidate = input[inputIndex]
                    inputIndex += 1
                    let length = candidate.maskUTF16Length
                    let start = inputOffset
                    inputOffset += length
                    observer.consumed(end: inputOffset, outputOffset: outcome.outputUTF16Length)
                    if element.accepts(candidate) {
                        candidate.write(to: &output)
                        value.append(candidate)
                        outcome.outputUTF16Length += length
                        outcome.valueCount += 1
                        observer.accepted(start: start, end: inputOffset)
                        elementIndex += 1
                        continue walk
                    }
                }
                // Input exhausted inside a placeholder run: stop without a tail.
                break walk
            }
            outcome.consumedUnitCount = inputIndex
            return outcome
        }
    }
}

/// What a ``FormatWalk`` caller wants to learn about positions, beyond the output itself.
protocol FormatWalkObserver {
    /// An input character ending at UTF-16 offset `end` was consumed (as a literal or a value
    /// candidate) while the output was `outputOffset` long.
    mutating func consumed(end: Int, outputOffset: Int)
    /// The input character at `start..<end` became a value character.
    mutating func accepted(start: Int, end: Int)
}

/// Observes nothing (plain format and unformat).
struct NoFormatObservation: FormatWalkObserver {
    /// One byte of storage on purpose: unoptimised builds give every value of an empty type one
    /// shared address, and ThreadSanitizer then reports concurrent `inout` uses of it as a race.
    private var storage: UInt8 = 0
    @inline(__always) mutating func consumed(end: Int, outputOffset: Int) {}
    @inline(__always) mutating func accepted(start: Int, end: Int) {}
}

/// Format's cursor variant: the output position of the input character at `inputCursor`.
struct CursorObservation: FormatWalkObserver {
    let inputCursor: Int
    /// The output position for `inputCursor`, nil when that character was never reached.
    private(set) var cursor: Int?

    init(inputCursor: Int) {
        self.inputCursor = inputCursor
    }

    @inline(__always)
    mutating func consumed(end: Int, outputOffset: Int) {
        if cursor == nil && end > inputCursor { cursor = outputOffset }
    }

    @inline(__always) mutating func accepted(start: Int, end: Int) {}
}

/// An edit's selection in value space: how many value characters lie before its start and end.
struct SelectionObservation: FormatWalkObserver {
    /// Count value characters that start before this offset (the selection's start).
    let lower: Int
    /// Count value characters that start before this offset (the selection's end).
    let upper: Int
    /// Whether a character straddling `lower` counts as before it (a collapsed caret).
    let lowerIncludesStraddling: Bool
    private(set) var valueBeforeLower = 0
    private(set) var valueBeforeUpper = 0

    init(selection: Range<Int>) {
        lower = selection.lowerBound
        upper = selection.upperBound
        lowerIncludesStraddling = selection.isEmpty
    }

    @inline(__always) mutating func consumed(end: Int, outputOffset: Int) {}

    @inline(__always)
    mutating func accepted(start: Int, end: Int) {
        if lowerIncludesStraddling ? start < lower : end <= lower { valueBeforeLower += 1 }
        if start < upper { valueBeforeUpper += 1 }
    }
}
