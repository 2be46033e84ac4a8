/// Lays an unmasked value into a mask's slots for display while editing (semantics §5).
///
/// Unlike ``FormatWalk`` the input is all value: literals are never consumed from it, and a literal
/// is written only once a value character follows it, so the text never ends in a dangling
/// separator and an empty value gives empty text (a leading literal such as `+` appears once there
/// is a value). A value character that does not fit its slot is dropped, as in `format`.
enum ValueLayout {
    struct Outcome {
        /// Length of the output in UTF-16 code units.
        var outputUTF16Length = 0
        /// How many value characters were placed.
        var placedCount = 0
        /// Output offset just before the first placed character whose value index is at least
        /// `caretBeforeIndex` (after the literals preceding it); nil when there is none.
        var offsetBeforeIndex: Int?
        /// Output offset just after the value character at index `caretAfterIndex`; nil when not placed.
        var offsetAfterIndex: Int?
    }

    @inline(__always)
    static func run<Unit: MaskUnit, Output: ByteSink, Placed: UnitSink>(
        _ mask: MaskStorage, value: UnsafeBufferPointer<Unit>,
        caretBeforeIndex: Int, caretAfterIndex: Int,
        output: inout Output, placed: inout Placed
    ) -> Outcome where Placed.Unit == Unit {
        let literals = mask.literals
        return mask.withElements { elements in
            // Plain locals (not the optionals of `Outcome`): this is the per-keystroke loop.
            var outputUTF16Length = 0
            var placedCount = 0
            var offsetBeforeIndex = -1
            var offsetAfterIndex = -1
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
                    var literalIndex = pendingLiteralsStart
                    while literalIndex < elementIndex {
                        literals.write(elements[literalIndex], at: literalIndex, to: &output)
                        outputUTF16Length += literals.utf16Length(of: elements[literalIndex], at: literalIndex)
                        literalIndex += 1
                    }
                    if offsetBeforeIndex < 0 && index >= caretBeforeIndex { offsetBeforeIndex = outputUTF16Length }
                    unit.write(to: &output)
                    outputUTF16Length += unit.maskUTF16Length
                    placed.append(unit)
                    placedCount += 1
                    if index == caretAfterIndex { offsetAfterIndex = outputUTF16Length }
                    elementIndex += 1
                    pendingLiteralsStart = elementIndex
                    continue walk
                }
                break walk
            }
            return Outcome(outputUTF16Length: outputUTF16Length, placedCount: placedCount,
                           offsetBeforeIndex: offsetBeforeIndex < 0 ? nil : offsetBeforeIndex,
                           offsetAfterIndex: offsetAfterIndex < 0 ? nil : offsetAfterIndex)
        }
    }
}
