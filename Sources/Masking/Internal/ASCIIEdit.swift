/// The two walks of an edit (``MaskedEdit``) for the common case — ASCII text, a mask whose
/// literals are all ASCII — as plain byte loops: one keystroke in a card number reads the old
/// text once and writes the new one once, with no per-character abstraction in between.
///
/// They follow ``FormatWalk`` (with a ``SelectionObservation``) and ``ValueLayout`` exactly;
/// with ASCII text a UTF-16 offset is a byte offset. The tests compare both paths on every
/// ASCII edit they make.
enum ASCIIEdit {
    /// The current value of `text` (its bytes that land in slots, written to `value`, which
    /// holds at least the mask's capacity) and how many of them lie before the selection's start
    /// and end.
    @inline(__always)
    static func analyze(
        _ mask: MaskStorage, text: UnsafeBufferPointer<UInt8>, selection: Range<Int>, value: UnsafeMutablePointer<UInt8>
    ) -> (count: Int, beforeLower: Int, beforeUpper: Int) {
        let capacity = mask.slotCount
        let uniform = mask.uniformSlot != nil
        return mask.withElements { elements in
            var count = 0
            var beforeLower = 0
            var beforeUpper = 0
            guard let textBase = text.baseAddress else { return (0, 0, 0) }
            let lower = selection.lowerBound
            let upper = selection.upperBound
            let straddling = selection.isEmpty
            let textCount = text.count
            var index = 0
            var elementIndex = 0
            walk: while elementIndex < elements.count, index < textCount {
                let element = elements[elementIndex]
                if element.kind == .literal {
                    elementIndex &+= 1
                    if textBase[index] == element.asciiByte { index &+= 1 }
                    continue walk
                }
                // One slot kind: the slots up to the run's end (at most eight, all within the
                // text, the value and the capacity) take the next bytes at once when they all fit.
                // A value byte here is one byte at one offset, so "starts before the selection's
                // start" and "ends at or before it" count the same bytes.
                if uniform {
                    let chunk = Swift.min(element.runEnd &- elementIndex, 8, capacity &- count)
                    if chunk >= 2, textCount &- index >= 8 {
                        let word = UInt64(littleEndian: UnsafeRawPointer(textBase + index).loadUnaligned(as: UInt64.self))
                        if element.acceptsAll(word, count: chunk) {
                            UnsafeMutableRawPointer(value + count).copyMemory(from: textBase + index, byteCount: chunk)
                            beforeLower &+= Swift.min(Swift.max(lower &- index, 0), chunk)
                            beforeUpper &+= Swift.min(Swift.max(upper &- index, 0), chunk)
                            count &+= chunk
                            index &+= chunk
                            elementIndex &+= chunk
                            continue walk
                        }
                    }
                }
                elementIndex &+= 1
                let low = element.acceptedLow
                let accepted = element.acceptedCount
                repeat {
                    let byte = textBase[index]
                    let start = index
                    index &+= 1
                    if byte &- low < accepted {
                        guard count < capacity else { break walk }
                        value[count] = byte
                        count &+= 1
                        if straddling ? start < lower : index <= lower { beforeLower &+= 1 }
                        if start < upper { beforeUpper &+= 1 }
                        continue walk
                    }
                } while index < textCount
                break walk
            }
            return (count, beforeLower, beforeUpper)
        }
    }

    /// Lays `value` out into `output` (room for the value and every literal) and the characters
    /// placed into `placed` (room for the value).
    @inline(__always)
    static func layOut(
        _ mask: MaskStorage, value: UnsafeBufferPointer<UInt8>, caretBeforeIndex: Int, caretAfterIndex: Int,
        output: UnsafeMutablePointer<UInt8>, placed: UnsafeMutablePointer<UInt8>
    ) -> ValueLayout.Outcome {
        if let slot = mask.uniformSlot, value.count <= mask.slotCount, slot.acceptsAll(value) {
            return layOutRuns(mask, value: value, caretBeforeIndex: caretBeforeIndex, caretAfterIndex: caretAfterIndex,
                              output: output, placed: placed)
        }
        return mask.withElements { elements in
            var written = 0
            var placedCount = 0
            var offsetBefore = -1
            var offsetAfter = -1
            var valueIndex = 0
            var pendingLiterals = 0
            var elementIndex = 0
            let elementCount = elements.count
            let valueCount = value.count
            guard let valueBase = value.baseAddress else {
                return ValueLayout.Outcome()
            }
            walk: while elementIndex < elementCount {
                let element = elements[elementIndex]
                if element.kind == .literal {
                    elementIndex &+= 1
                    continue walk
                }
                let low = element.acceptedLow
                let accepted = element.acceptedCount
                while valueIndex < valueCount {
                    let byte = valueBase[valueIndex]
                    let index = valueIndex
                    valueIndex &+= 1
                    guard byte &- low < accepted else { continue }
                    // The literals before this slot appear only now that a value character follows.
                    while pendingLiterals < elementIndex {
                        output[written] = elements[pendingLiterals].asciiByte
                        written &+= 1
                        pendingLiterals &+= 1
                    }
                    if offsetBefore < 0 && index >= caretBeforeIndex { offsetBefore = written }
                    output[written] = byte
                    written &+= 1
                    placed[placedCount] = byte
                    placedCount &+= 1
                    if index == caretAfterIndex { offsetAfter = written }
                    elementIndex &+= 1
                    pendingLiterals = elementIndex
                    continue walk
                }
                break walk
            }
            return ValueLayout.Outcome(outputUTF16Length: written, placedCount: placedCount,
                                       offsetBeforeIndex: offsetBefore < 0 ? nil : offsetBefore,
                                       offsetAfterIndex: offsetAfter < 0 ? nil : offsetAfter)
        }
    }

    /// ``layOut(_:value:caretBeforeIndex:caretAfterIndex:output:placed:)`` when every slot is of
    /// one kind and takes every value byte (the caller checked): every byte is placed, in order,
    /// so runs are copied whole and the caret offsets follow from where each run starts.
    private static func layOutRuns(
        _ mask: MaskStorage, value: UnsafeBufferPointer<UInt8>, caretBeforeIndex: Int, caretAfterIndex: Int,
        output: UnsafeMutablePointer<UInt8>, placed: UnsafeMutablePointer<UInt8>
    ) -> ValueLayout.Outcome {
        mask.withElements { elements in
            guard let valueBase = value.baseAddress, let elementBase = elements.baseAddress else { return ValueLayout.Outcome() }
            let valueCount = value.count
            let elementCount = elements.count
            var written = 0
            var valueIndex = 0
            var elementIndex = 0
            var offsetBefore: Int?
            var offsetAfter: Int?
            // Literals are written only while value bytes remain to follow them; runs alternate.
            while valueIndex < valueCount, elementIndex < elementCount {
                let element = elementBase[elementIndex]
                let runEnd = Swift.min(Swift.max(element.runEnd, elementIndex &+ 1), elementCount)
                if element.kind == .literal {
                    while elementIndex < runEnd {
                        output[written] = elementBase[elementIndex].asciiByte
                        written &+= 1
                        elementIndex &+= 1
                    }
                    continue
                }
                let count = Swift.min(runEnd &- elementIndex, valueCount &- valueIndex)
                if offsetBefore == nil, caretBeforeIndex < valueIndex &+ count {
                    offsetBefore = written &+ Swift.max(0, caretBeforeIndex &- valueIndex)
                }
                if caretAfterIndex >= valueIndex, caretAfterIndex < valueIndex &+ count {
                    offsetAfter = written &+ (caretAfterIndex &- valueIndex) &+ 1
                }
                (output + written).update(from: valueBase + valueIndex, count: count)
                written &+= count
                valueIndex &+= count
                elementIndex &+= count
            }
            placed.update(from: valueBase, count: valueIndex)
            return ValueLayout.Outcome(outputUTF16Length: written, placedCount: valueIndex,
                                       offsetBeforeIndex: offsetBefore, offsetAfterIndex: offsetAfter)
        }
    }
}
