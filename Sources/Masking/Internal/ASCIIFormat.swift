/// `format` for the common case — ASCII text, a mask whose literals are all ASCII — written for
/// the cost of the work.
///
/// The same walk as ``FormatWalk`` (which the other cases use, and which the tests compare this
/// with on every ASCII input): a slot takes the next byte in its range, dropping the others; a
/// literal is written and consumes an equal input byte; when the input ends before a literal
/// run, that run is completed; otherwise the output stops.
///
/// Typed digits in a digits-only mask (a card number, an expiry date, a CVV) take a shorter way,
/// ``copyRuns(_:input:output:)``: when every slot is of one kind, no literal is a character of
/// that kind and every input byte is one (checked eight bytes at a time), each slot takes
/// exactly the next input byte and no literal consumes any, so the text is the input copied run
/// by run between the literals.
enum ASCIIFormat {
    /// The most bytes the walk can write for `inputCount` input bytes: one per literal, one per
    /// slot filled (each from one input byte).
    static func outputCapacity(_ mask: MaskStorage, inputCount: Int) -> Int {
        Swift.min(inputCount, mask.slotCount) + mask.literalUTF8Count
    }

    /// Formats `input` into `output` (at least ``outputCapacity(_:inputCount:)`` bytes); returns
    /// how many bytes it wrote.
    @inline(__always)
    static func run(_ mask: MaskStorage, input: UnsafeBufferPointer<UInt8>, output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        // Checked once here rather than per byte: the walk never writes more than this.
        guard output.count >= outputCapacity(mask, inputCount: input.count) else { return 0 }
        return mask.withElements { elements in walk(elements, input: input, output: output) }
    }

    /// The walk when every input byte fills the next slot (the caller checked that the mask has
    /// a ``MaskHeader/uniformSlot`` that takes every byte of `input`): copies runs. `output`
    /// holds at least ``outputCapacity(_:inputCount:)`` bytes; returns how many it wrote.
    @inline(__always)
    static func copyRuns(_ mask: MaskStorage, input: UnsafeBufferPointer<UInt8>, output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard output.count >= outputCapacity(mask, inputCount: input.count) else { return 0 }
        return mask.withElements { elements in copyRuns(elements, input: input, output: output) }
    }

    @inline(__always)
    private static func copyRuns(
        _ elements: UnsafeBufferPointer<MaskElement>, input: UnsafeBufferPointer<UInt8>, output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        guard let elementBase = elements.baseAddress, let outputBase = output.baseAddress,
              let inputBase = input.baseAddress, !input.isEmpty
        else {
            return elements.isEmpty || output.baseAddress == nil ? 0 : completeLiteralRun(elements, at: 0, output: output, written: 0)
        }
        let elementCount = elements.count
        let inputCount = input.count
        let outputCount = output.count
        var elementIndex = 0
        var inputIndex = 0
        var written = 0
        // With one slot kind, runs alternate: [literals] slots literals slots … Run ends never
        // pass the element count (the parser closes every run inside it).
        if elementBase[0].kind == .literal {
            // A leading literal run consumes nothing here (no input byte equals a literal).
            let runEnd = Swift.min(elementBase[0].runEnd, elementCount)
            while elementIndex < runEnd {
                outputBase[written] = elementBase[elementIndex].asciiByte
                written &+= 1
                elementIndex &+= 1
            }
        }
        while elementIndex < elementCount {
            // A run of slots takes the next input bytes as they are.
            let slotsEnd = Swift.min(elementBase[elementIndex].runEnd, elementCount)
            let available = inputCount &- inputIndex
            let count = Swift.min(slotsEnd &- elementIndex, available)
            if count <= 8, available >= 8, outputCount &- written >= 8 {
                let word = UnsafeRawPointer(inputBase + inputIndex).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(outputBase + written).storeBytes(of: word, as: UInt64.self)
            } else {
                (outputBase + written).update(from: inputBase + inputIndex, count: count)
            }
            written &+= count
            inputIndex &+= count
            elementIndex &+= count
            if inputIndex == inputCount {
                // Input exhausted: inside the run, nothing more; at its end, the literal run
                // that follows is written.
                guard elementIndex == slotsEnd else { return written }
                return completeLiteralRun(elements, at: elementIndex, output: output, written: written)
            }
            guard elementIndex < elementCount else { break }
            // The literal run that follows: written; it consumes nothing.
            let literalsEnd = Swift.min(elementBase[elementIndex].runEnd, elementCount)
            repeat {
                outputBase[written] = elementBase[elementIndex].asciiByte
                written &+= 1
                elementIndex &+= 1
            } while elementIndex < literalsEnd
        }
        return written
    }

    /// The general walk, byte by byte.
    @inline(__always)
    private static func walk(
        _ elements: UnsafeBufferPointer<MaskElement>, input: UnsafeBufferPointer<UInt8>, output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        guard let elementBase = elements.baseAddress, let outputBase = output.baseAddress else { return 0 }
        let elementCount = elements.count
        let inputCount = input.count
        var elementIndex = 0
        var inputIndex = 0
        var written = 0
        if let inputBase = input.baseAddress, inputCount > 0 {
            walk: while elementIndex < elementCount {
                let element = elementBase[elementIndex]
                if element.kind == .literal {
                    let byte = element.asciiByte
                    if inputBase[inputIndex] == byte { inputIndex &+= 1 }
                    outputBase[written] = byte
                    written &+= 1
                    elementIndex &+= 1
                    if inputIndex == inputCount { break walk }
                    continue walk
                }
                // One slot: bytes that do not fit are dropped until one does.
                let low = element.acceptedLow
                let accepted = element.acceptedCount
                repeat {
                    let byte = inputBase[inputIndex]
                    inputIndex &+= 1
                    if byte &- low < accepted {
                        outputBase[written] = byte
                        written &+= 1
                        elementIndex &+= 1
                        if inputIndex == inputCount { break walk }
                        continue walk
                    }
                } while inputIndex < inputCount
                // Input exhausted inside a placeholder run: stop without a tail.
                return written
            }
        }
        return completeLiteralRun(elements, at: elementIndex, output: output, written: written)
    }

    /// Input exhausted: a literal run it stopped in (or right before) is completed.
    @inline(__always)
    private static func completeLiteralRun(
        _ elements: UnsafeBufferPointer<MaskElement>, at start: Int, output: UnsafeMutableBufferPointer<UInt8>, written: Int
    ) -> Int {
        var written = written
        var index = start
        guard index < elements.count, elements[index].kind == .literal, let output = output.baseAddress else { return written }
        let end = Swift.min(elements[index].runEnd, elements.count)
        while index < end {
            output[written] = elements[index].asciiByte
            written &+= 1
            index &+= 1
        }
        return written
    }
}

extension MaskElement {
    /// Whether this slot takes each of the first `count` (1...8) bytes of `word` (eight bytes of
    /// text read as a little-endian integer, so the first byte is the lowest), with the
    /// arithmetic of ``acceptsAll(_:)-(UnsafeBufferPointer<UInt8>)``.
    @inline(__always)
    func acceptsAll(_ word: UInt64, count: Int) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let aboveLow = word &+ UInt64(0x80 &- acceptedLow) &* ones
        let aboveHigh = word &+ UInt64(0x80 &- (acceptedLow &+ acceptedCount)) &* ones
        let lanes: UInt64 = 0x8080_8080_8080_8080 >> UInt64((8 &- count) &* 8)
        // A byte at or above 0x80 would set the top bit of both sums: refused as well.
        return (aboveLow & ~aboveHigh & ~word & lanes) == lanes
    }

    /// Whether this slot takes every byte of `bytes` (ASCII), eight at a time.
    ///
    /// For an ASCII byte `b`, `b + 0x80 − low` has its top bit set exactly when `b ≥ low`, and
    /// `b + 0x80 − (low + accepted)` exactly when `b ≥ low + accepted`; no byte carries into the
    /// next because every range ends at or below 0x80.
    func acceptsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let aboveLow = UInt64(0x80 &- acceptedLow) &* ones
        let aboveHigh = UInt64(0x80 &- (acceptedLow &+ acceptedCount)) &* ones
        let raw = UnsafeRawPointer(base)
        var index = 0
        let count = bytes.count
        while count &- index >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if (word &+ aboveLow) & ~(word &+ aboveHigh) & ~word & high != high { return false }
            index &+= 8
        }
        while index < count {
            if base[index] &- acceptedLow >= acceptedCount { return false }
            index &+= 1
        }
        return true
    }
}
