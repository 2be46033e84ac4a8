/// The editing engine of semantics §5 for a mask with placeholders, generic over the unit type so
/// the ASCII fast path and the `Character` path follow the same rules.
///
/// Every edit works in value space: the selection becomes "value characters before its start and
/// end", the edit is applied to the unmasked value, and the value is laid out again. The values
/// live in one temporary buffer (on the stack for any real field: a value never exceeds the
/// mask's capacity) and the new text is written straight into its `String`, so a keystroke
/// allocates only the two strings it returns.
enum MaskedEdit {
    enum Action {
        case insert
        case deleteBackward
        case deleteForward
    }

    static func apply<Unit: MaskUnit>(
        _ action: Action, inserted: UnsafeBufferPointer<Unit>, mask: MaskStorage,
        text: String, textUnits: UnsafeBufferPointer<Unit>, selection: Range<Int>
    ) -> EditResult {
        // Three regions: the current value, the new value, the value as laid out. None can hold
        // more than the mask's capacity.
        let region = Swift.max(1, mask.slotCount)
        return withUnsafeTemporaryAllocation(of: Unit.self, capacity: 3 * region) { scratch in
            var value = UnitBuffer(UnsafeMutableBufferPointer(rebasing: scratch[0..<region]))
            var newValue = UnitBuffer(UnsafeMutableBufferPointer(rebasing: scratch[region..<(2 * region)]))
            var placed = UnitBuffer(UnsafeMutableBufferPointer(rebasing: scratch[(2 * region)...]))
            defer {
                value.deinitializeAll()
                newValue.deinitializeAll()
                placed.deinitializeAll()
            }

            let lower: Int
            let upper: Int
            if Unit.self == UInt8.self, mask.hasOnlyASCIILiterals, let base = scratch.baseAddress {
                // Bytes and ASCII literals: the byte loop (`Unit` is `UInt8`, so the casts are no-ops).
                let walk = ASCIIEdit.analyze(mask, text: UnsafeRawBufferPointer(textUnits).bindMemory(to: UInt8.self),
                                             selection: selection, value: UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt8.self))
                value.assumeInitialized(walk.count)
                lower = walk.beforeLower
                upper = Swift.max(lower, walk.beforeUpper)
            } else {
                var observer = SelectionObservation(selection: selection)
                var noOutput = DiscardingByteSink()
                _ = FormatWalk.run(mask, input: textUnits, output: &noOutput, value: &value, observer: &observer)
                lower = observer.valueBeforeLower
                upper = Swift.max(lower, observer.valueBeforeUpper)
            }
            let current = value.units

            func rejected() -> EditResult {
                EditResult(text: text, cursor: selection.upperBound, value: Unit.string(from: current), outcome: .rejected)
            }

            switch action {
            case .insert:
                newValue.append(contentsOf: current[..<lower])
                let accepted = appendAccepted(inserted, mask: mask, firstSlot: lower,
                                              slotLimit: mask.slotCount - (current.count - upper), to: &newValue)
                if accepted == 0 { return rejected() }
                newValue.append(contentsOf: current[upper...])
                // Caret after the last inserted character, past following literals if a value character follows.
                return layOut(newValue.units, mask: mask, placed: &placed,
                              caretBeforeIndex: lower + accepted, caretAfterIndex: -1) { $0.offsetBeforeIndex }

            case .deleteBackward, .deleteForward:
                var deleteStart = lower
                var deleteEnd = upper
                if lower == upper {
                    // A collapsed caret, or a selection of literals only: one value character in the
                    // edit's direction, across any literal in between.
                    if action == .deleteBackward {
                        guard lower > 0 else { return rejected() }
                        deleteStart = lower - 1
                    } else {
                        guard upper < current.count else { return rejected() }
                        deleteEnd = upper + 1
                    }
                }
                newValue.append(contentsOf: current[..<deleteStart])
                newValue.append(contentsOf: current[deleteEnd...])
                // Caret where the deleted characters were, before any literal that follows.
                return layOut(newValue.units, mask: mask, placed: &placed,
                              caretBeforeIndex: deleteStart == 0 ? 0 : Int.max, caretAfterIndex: deleteStart - 1) {
                    deleteStart == 0 ? $0.offsetBeforeIndex : $0.offsetAfterIndex
                }
            }
        }
    }

    /// Walks the mask from the slot `firstSlot` (starting with the literals before it) over the
    /// inserted text as `format` does: a character equal to the literal at hand is consumed as that
    /// literal, a character that does not fit its slot is dropped. Stops at `slotLimit`. Returns
    /// how many characters it appended.
    private static func appendAccepted<Unit: MaskUnit>(
        _ inserted: UnsafeBufferPointer<Unit>, mask: MaskStorage, firstSlot: Int, slotLimit: Int,
        to accepted: inout UnitBuffer<Unit>
    ) -> Int {
        guard firstSlot < slotLimit else { return 0 }
        let literals = mask.literals
        return mask.withElements { elements in
            // Start right after the slot before `firstSlot`.
            var elementIndex = 0
            if firstSlot > 0 {
                var slotsSeen = 0
                elementIndex = elements.count
                for (index, element) in elements.enumerated() where !element.isLiteral {
                    slotsSeen += 1
                    if slotsSeen == firstSlot {
                        elementIndex = index + 1
                        break
                    }
                }
            }
            var slot = firstSlot
            var appended = 0
            var position = 0
            let count = inserted.count
            walk: while elementIndex < elements.count, position < count {
                let element = elements[elementIndex]
                elementIndex += 1
                if element.isLiteral {
                    if inserted[position].isLiteral(element, at: elementIndex - 1, literals: literals) { position += 1 }
                    continue walk
                }
                if slot >= slotLimit { break walk }
                while position < count {
                    let candidate = inserted[position]
                    position += 1
                    if element.accepts(candidate) {
                        accepted.append(candidate)
                        appended += 1
                        slot += 1
                        continue walk
                    }
                }
                break walk
            }
            return appended
        }
    }

    /// Lays `value` out as the new text (written straight into the result string) and builds
    /// the result, its caret chosen by `caret` from the layout.
    private static func layOut<Unit: MaskUnit>(
        _ value: UnsafeBufferPointer<Unit>, mask: MaskStorage, placed: inout UnitBuffer<Unit>,
        caretBeforeIndex: Int, caretAfterIndex: Int, caret: (ValueLayout.Outcome) -> Int?
    ) -> EditResult {
        var textBytes = mask.literalUTF8Count
        if Unit.self == UInt8.self {
            textBytes += value.count
        } else {
            for unit in value { textBytes += unit.maskUTF8Length }
        }
        var outcome = ValueLayout.Outcome()
        if Unit.self == UInt8.self, mask.hasOnlyASCIILiterals {
            // Bytes and ASCII literals: text and value written straight into their strings by
            // the byte loop (`Unit` is `UInt8`, so the casts are no-ops).
            let bytes = UnsafeRawBufferPointer(value).bindMemory(to: UInt8.self)
            var valueText = ""
            let text = String(unsafeUninitializedCapacity: textBytes) { textBuffer in
                guard let textBase = textBuffer.baseAddress, textBuffer.count >= textBytes else { return 0 }
                valueText = String(unsafeUninitializedCapacity: value.count) { valueBuffer in
                    guard let valueBase = valueBuffer.baseAddress, valueBuffer.count >= value.count else { return 0 }
                    outcome = ASCIIEdit.layOut(mask, value: bytes, caretBeforeIndex: caretBeforeIndex,
                                               caretAfterIndex: caretAfterIndex, output: textBase, placed: valueBase)
                    return outcome.placedCount
                }
                return outcome.outputUTF16Length
            }
            let cursor = caret(outcome) ?? outcome.outputUTF16Length
            return EditResult(text: text, cursor: Swift.min(Swift.max(0, cursor), outcome.outputUTF16Length),
                              value: valueText, outcome: .changed)
        }
        let text = String(unsafeUninitializedCapacity: textBytes) { buffer in
            var output = BufferByteSink(buffer)
            outcome = ValueLayout.run(mask, value: value, caretBeforeIndex: caretBeforeIndex,
                                      caretAfterIndex: caretAfterIndex, output: &output, placed: &placed)
            return output.writtenCount
        }
        let cursor = caret(outcome) ?? outcome.outputUTF16Length
        return EditResult(text: text, cursor: Swift.min(Swift.max(0, cursor), outcome.outputUTF16Length),
                          value: Unit.string(from: placed.units), outcome: .changed)
    }
}
