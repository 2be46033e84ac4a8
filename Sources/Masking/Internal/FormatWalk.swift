/// The Connect-compatible walk of a mask over input text (semantics §1), shared by `format`,
/// `unformat` and the analysis of a field's current text before an edit.
///
/// One pass, linear in the input plus the mask. Everything positional is in UTF-16 code units.
struct FormatWalk<Unit: MaskUnit> {
    /// What to record besides the output.
    struct Probes {
        /// UTF-16 offset in the input whose output position is wanted (format's cursor variant).
        var inputCursor = Int.max
        /// Count value characters that start before this offset (an edit's selection start).
        var valueBoundaryLower = 0
        /// Count value characters that start before this offset (an edit's selection end).
        var valueBoundaryUpper = 0
        /// Whether a character straddling `valueBoundaryLower` counts as before it (collapsed caret).
        var lowerIncludesStraddling = true
    }

    /// Formatted text as UTF-8 (empty when not requested).
    var output: [UInt8] = []
    /// Length of `output` in UTF-16 code units.
    var outputUTF16Length = 0
    /// The output position for `Probes.inputCursor`, nil when that character was never reached.
    var cursor: Int?
    /// The characters that landed in value slots (empty when not requested).
    var value: [Unit] = []
    /// How many value characters were accepted.
    var valueCount = 0
    /// Value characters before `Probes.valueBoundaryLower` / `Probes.valueBoundaryUpper`.
    var valueBeforeLower = 0
    var valueBeforeUpper = 0

    init<Input: IteratorProtocol>(
        mask: Mask, input: Input, probes: Probes = Probes(),
        producesOutput: Bool, collectsValue: Bool, reservingBytes: Int = 0
    ) where Input.Element == Unit {
        var input = input
        let elements = mask.elements
        let literals = mask.literals
        if producesOutput { output.reserveCapacity(reservingBytes) }
        var current = input.next()
        var inputOffset = 0
        var elementIndex = 0
        let elementCount = elements.count

        walk: while elementIndex < elementCount {
            let element = elements[elementIndex]
            guard let unit = current else {
                // Input exhausted: a literal run it stopped in (or right before) is completed; nothing else.
                if element.isLiteral {
                    for index in elementIndex..<element.runEnd {
                        if producesOutput { literals.append(elements[index], to: &output) }
                        outputUTF16Length += elements[index].utf16Length
                    }
                }
                break walk
            }
            if element.isLiteral {
                if unit.isLiteral(element, literals: literals) {
                    let length = unit.maskUTF16Length
                    if cursor == nil && inputOffset + length > probes.inputCursor { cursor = outputUTF16Length }
                    inputOffset += length
                    current = input.next()
                }
                if producesOutput { literals.append(element, to: &output) }
                outputUTF16Length += element.utf16Length
                elementIndex += 1
                continue walk
            }
            // A slot: characters that do not fit are dropped until one does.
            while let candidate = current {
                let length = candidate.maskUTF16Length
                if cursor == nil && inputOffset + length > probes.inputCursor { cursor = outputUTF16Length }
                let start = inputOffset
                inputOffset += length
                current = input.next()
                if element.accepts(candidate) {
                    if producesOutput { candidate.appendUTF8(to: &output) }
                    if collectsValue { value.append(candidate) }
                    outputUTF16Length += length
                    valueCount += 1
                    let beforeLower = probes.lowerIncludesStraddling
                        ? start < probes.valueBoundaryLower
                        : inputOffset <= probes.valueBoundaryLower
                    if beforeLower { valueBeforeLower += 1 }
                    if start < probes.valueBoundaryUpper { valueBeforeUpper += 1 }
                    elementIndex += 1
                    continue walk
                }
            }
            // Input exhausted inside a placeholder run: stop without a tail.
            break walk
        }
    }
}
