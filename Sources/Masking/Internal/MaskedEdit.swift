/// The editing engine of semantics §5 for a mask with placeholders, generic over the unit type so
/// the ASCII fast path and the `Character` path follow the same rules.
///
/// Every edit works in value space: the selection becomes "value characters before its start and
/// end", the edit is applied to the unmasked value, and the value is laid out again.
enum MaskedEdit<Unit: MaskUnit> {
    enum Action {
        case insert
        case deleteBackward
        case deleteForward
    }

    static func apply<TextUnits: IteratorProtocol, InsertedUnits: IteratorProtocol>(
        _ action: Action, inserted: InsertedUnits, mask: Mask,
        text: String, textUnits: TextUnits, selection: Range<Int>
    ) -> EditResult where TextUnits.Element == Unit, InsertedUnits.Element == Unit {
        var probes = FormatWalk<Unit>.Probes()
        probes.valueBoundaryLower = selection.lowerBound
        probes.valueBoundaryUpper = selection.upperBound
        probes.lowerIncludesStraddling = selection.isEmpty
        let current = FormatWalk<Unit>(mask: mask, input: textUnits, probes: probes,
                                       producesOutput: false, collectsValue: true)
        let value = current.value
        let lower = current.valueBeforeLower
        let upper = Swift.max(lower, current.valueBeforeUpper)

        func rejected() -> EditResult {
            EditResult(text: text, cursor: selection.upperBound, value: Unit.string(from: value), outcome: .rejected)
        }

        switch action {
        case .insert:
            let accepted = acceptedUnits(inserted, mask: mask, firstSlot: lower,
                                         slotLimit: mask.capacity - (value.count - upper))
            if accepted.isEmpty { return rejected() }
            var newValue: [Unit] = []
            newValue.reserveCapacity(value.count - (upper - lower) + accepted.count)
            newValue.append(contentsOf: value[..<lower])
            newValue.append(contentsOf: accepted)
            newValue.append(contentsOf: value[upper...])
            // Caret after the last inserted character, past following literals if a value character follows.
            let layout = ValueLayout<Unit>(mask: mask, value: newValue,
                                           caretBeforeIndex: lower + accepted.count, caretAfterIndex: -1)
            return result(of: layout, cursor: layout.offsetBeforeIndex ?? layout.outputUTF16Length)

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
                    guard upper < value.count else { return rejected() }
                    deleteEnd = upper + 1
                }
            }
            var newValue: [Unit] = []
            newValue.reserveCapacity(value.count - (deleteEnd - deleteStart))
            newValue.append(contentsOf: value[..<deleteStart])
            newValue.append(contentsOf: value[deleteEnd...])
            // Caret where the deleted characters were, before any literal that follows.
            let layout = ValueLayout<Unit>(mask: mask, value: newValue,
                                           caretBeforeIndex: deleteStart == 0 ? 0 : Int.max,
                                           caretAfterIndex: deleteStart - 1)
            let cursor = deleteStart == 0 ? layout.offsetBeforeIndex : layout.offsetAfterIndex
            return result(of: layout, cursor: cursor ?? layout.outputUTF16Length)
        }
    }

    /// Walks the mask from the slot `firstSlot` (starting with the literals before it) over the
    /// inserted text as `format` does: a character equal to the literal at hand is consumed as that
    /// literal, a character that does not fit its slot is dropped. Stops at `slotLimit`.
    private static func acceptedUnits<InsertedUnits: IteratorProtocol>(
        _ inserted: InsertedUnits, mask: Mask, firstSlot: Int, slotLimit: Int
    ) -> [Unit] where InsertedUnits.Element == Unit {
        guard firstSlot < slotLimit else { return [] }
        let elements = mask.elements
        var inserted = inserted
        var accepted: [Unit] = []
        var elementIndex = 0
        if firstSlot > 0 {
            let slots = mask.slotElementIndices
            elementIndex = firstSlot - 1 < slots.count ? slots[firstSlot - 1] + 1 : elements.count
        }
        var slot = firstSlot
        var current = inserted.next()
        walk: while elementIndex < elements.count, let unit = current {
            let element = elements[elementIndex]
            elementIndex += 1
            if element.isLiteral {
                if unit.isLiteral(element, literals: mask.literals) { current = inserted.next() }
                continue walk
            }
            if slot >= slotLimit { break walk }
            while let candidate = current {
                current = inserted.next()
                if element.accepts(candidate) {
                    accepted.append(candidate)
                    slot += 1
                    continue walk
                }
            }
            break walk
        }
        return accepted
    }

    private static func result(of layout: ValueLayout<Unit>, cursor: Int) -> EditResult {
        EditResult(text: String(decoding: layout.output, as: UTF8.self),
                   cursor: Swift.min(Swift.max(0, cursor), layout.outputUTF16Length),
                   value: Unit.string(from: layout.placed), outcome: .changed)
    }
}
