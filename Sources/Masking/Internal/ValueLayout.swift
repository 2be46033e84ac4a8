/// Lays an unmasked value into a mask's slots for display while editing (semantics §5).
///
/// Unlike ``FormatWalk`` the input is all value: literals are never consumed from it, and a literal
/// is written only once a value character follows it, so the text never ends in a dangling
/// separator and an empty value gives empty text (a leading literal such as `+` appears once there
/// is a value). A value character that does not fit its slot is dropped, as in `format`.
struct ValueLayout<Unit: MaskUnit> {
    var output: [UInt8] = []
    var outputUTF16Length = 0
    /// The value characters actually placed.
    var placed: [Unit] = []
    /// Output offset just before the first placed character whose value index is at least
    /// `caretBeforeIndex` (after the literals preceding it); nil when there is none.
    var offsetBeforeIndex: Int?
    /// Output offset just after the value character at index `caretAfterIndex`; nil when not placed.
    var offsetAfterIndex: Int?

    init(mask: Mask, value: [Unit], caretBeforeIndex: Int, caretAfterIndex: Int) {
        let elements = mask.elements
        let literals = mask.literals
        output.reserveCapacity(value.count + elements.count)
        placed.reserveCapacity(value.count)
        var valueIndex = 0
        var pendingLiteralsStart = 0
        var elementIndex = 0
        let elementCount = elements.count
        let valueCount = value.count

        walk: while elementIndex < elementCount {
            let element = elements[elementIndex]
            if element.isLiteral {
                elementIndex += 1
                continue walk
            }
            while valueIndex < valueCount {
                let unit = value[valueIndex]
                let index = valueIndex
                valueIndex += 1
                guard element.accepts(unit) else { continue }
                for literalIndex in pendingLiteralsStart..<elementIndex {
                    literals.append(elements[literalIndex], to: &output)
                    outputUTF16Length += elements[literalIndex].utf16Length
                }
                if offsetBeforeIndex == nil && index >= caretBeforeIndex { offsetBeforeIndex = outputUTF16Length }
                unit.appendUTF8(to: &output)
                outputUTF16Length += unit.maskUTF16Length
                placed.append(unit)
                if index == caretAfterIndex { offsetAfterIndex = outputUTF16Length }
                elementIndex += 1
                pendingLiteralsStart = elementIndex
                continue walk
            }
            break walk
        }
    }
}
