extension Mask {
    /// Formats `input` the way the Connect SDKs do (semantics §1).
    ///
    /// Each placeholder takes the next input character that fits it (others are dropped); each
    /// literal is written, consuming the input character if it is that literal, so formatted text
    /// formats to itself. When the input runs out right before or inside a literal run, the rest of
    /// that run is appended; input beyond the mask's capacity is dropped.
    ///
    /// ```swift
    /// Mask("{{99}}/{{99}}").format("1230")                 // "12/30"
    /// Mask("{{99}}-{{99}}").format("12")                   // "12-"
    /// Mask("+{{99}}").format("")                           // "+"
    /// ```
    public func format(_ input: String) -> String {
        // Typed digits in a digits-only mask: the bytes are checked once (which also shows they
        // are ASCII) and copied run by run.
        if let slot = storage.uniformSlot, slot.kind != .any {
            let copied: String?? = input.utf8.withContiguousStorageIfAvailable { bytes in
                guard slot.acceptsAll(bytes) else { return nil }
                let capacity = ASCIIFormat.outputCapacity(storage, inputCount: bytes.count)
                return String(unsafeUninitializedCapacity: capacity) { ASCIIFormat.copyRuns(storage, input: bytes, output: $0) }
            }
            if let text = copied ?? nil { return text }
        }
        return withUnits(of: input, ascii: { bytes in
            guard storage.hasOnlyASCIILiterals else { return format(bytes) }
            let capacity = ASCIIFormat.outputCapacity(storage, inputCount: bytes.count)
            return String(unsafeUninitializedCapacity: capacity) { ASCIIFormat.run(storage, input: bytes, output: $0) }
        }, characters: { format($0) })
    }

    /// Format over the input's units, written straight into the result's storage: one
    /// allocation at most (none for a result of up to 15 bytes, which `String` keeps inline).
    /// The generic walk's format of `input`'s characters (see `Mask+ReferencePaths.swift`).
    func characterFormat(_ input: UnsafeBufferPointer<Character>) -> String { format(input) }
    func characterFormat(_ input: UnsafeBufferPointer<Character>, cursor: Int) -> FormattedText { format(input, cursor: cursor) }
    func characterUnformat(_ text: UnsafeBufferPointer<Character>) -> String { unformat(text) }
    func characterPlacedCount(_ value: UnsafeBufferPointer<Character>) -> Int { placedCount(value) }

    @inline(__always)
    private func format<Unit: MaskUnit>(_ input: UnsafeBufferPointer<Unit>) -> String {
        let bound = valueByteBound(input) + storage.literalUTF8Count
        return makeString(byteBound: bound, inPlace: Unit.self == UInt8.self) { output in
            var value = DiscardingUnitSink<Unit>()
            var observer = NoFormatObservation()
            _ = FormatWalk.run(storage, input: input, output: &output, value: &value, observer: &observer)
        }
    }

    /// Formats `input` and moves `cursor` (a UTF-16 offset into `input`) along with it.
    ///
    /// The result cursor sits just before the output produced from the input character at
    /// `cursor`: literals the mask inserts before it count, characters dropped before it do not.
    /// When that character is never reached (cursor at the end, or the character was cut at the
    /// mask's capacity) the cursor is the end of the output. Out-of-range cursors are clamped, and
    /// the result never exceeds `text.utf16.count`. This fixes the Connect SDKs' cursor arithmetic.
    ///
    /// ```swift
    /// let mask = Mask("{{9999}} {{9999}} {{9999}} {{9999}}")
    /// let formatted = mask.format("123456789", cursor: 7)
    /// // formatted.text == "1234 5678 9", formatted.cursor == 8
    /// ```
    public func format(_ input: String, cursor: Int) -> FormattedText {
        let inputCursor = Swift.max(0, cursor)
        return withUnits(of: input, ascii: { format($0, cursor: inputCursor) }, characters: { format($0, cursor: inputCursor) })
    }

    @inline(__always)
    private func format<Unit: MaskUnit>(_ input: UnsafeBufferPointer<Unit>, cursor inputCursor: Int) -> FormattedText {
        let bound = valueByteBound(input) + storage.literalUTF8Count
        var observer = CursorObservation(inputCursor: inputCursor)
        var outcome = FormatWalk.Outcome()
        let text = makeString(byteBound: bound, inPlace: Unit.self == UInt8.self) { output in
            var value = DiscardingUnitSink<Unit>()
            outcome = FormatWalk.run(storage, input: input, output: &output, value: &value, observer: &observer)
        }
        return FormattedText(text: text, cursor: observer.cursor ?? outcome.outputUTF16Length)
    }

    /// The value in `text`: the characters that land on placeholders when `text` is formatted.
    ///
    /// Works on masked and unmasked text alike, so `unformat(unformat(x)) == unformat(x)`; it drops
    /// characters the mask rejects and cuts at the mask's capacity. A mask without placeholders
    /// unformats everything to `""`.
    ///
    /// ```swift
    /// let card = Mask("{{9999}} {{9999}} {{9999}} {{9999}}")
    /// card.unformat("4111 1111 1111 1111")   // "4111111111111111"
    /// card.unformat("1234abcd5678")          // "12345678"
    /// ```
    public func unformat(_ text: String) -> String {
        withUnits(of: text, ascii: { unformat($0) }, characters: { unformat($0) })
    }

    @inline(__always)
    private func unformat<Unit: MaskUnit>(_ text: UnsafeBufferPointer<Unit>) -> String {
        makeString(byteBound: valueByteBound(text), inPlace: Unit.self == UInt8.self) { bytes in
            var output = DiscardingByteSink()
            var value = UTF8UnitSink<Unit>(bytes: bytes)
            var observer = NoFormatObservation()
            _ = FormatWalk.run(storage, input: text, output: &output, value: &value, observer: &observer)
            bytes = value.bytes
        }
    }

    /// The value in `text` as a payment request keeps it: ``unformat(_:)``, followed, as typed, by
    /// whatever input is left once the mask has run out (`overflow(of:)`).
    ///
    /// ``unformat(_:)`` cuts at the mask's capacity, as the Connect SDKs do. A request must never
    /// validate or send less than the customer typed, so it keeps the rest and lets the field's
    /// validators judge it (a 16-digit number on a 15-digit mask then fails `length`).
    /// Characters the mask filters inside its runs are filtered as ``unformat(_:)`` does.
    ///
    /// ```swift
    /// let expiry = Mask("{{99}}/{{99}}")
    /// expiry.unformat("12/300")                  // "1230"
    /// expiry.unformatKeepingOverflow("12/300")   // "12300"
    /// expiry.unformatKeepingOverflow("12-35")    // "1235": the `-` is filtered, nothing is left over
    /// ```
    public func unformatKeepingOverflow(_ text: String) -> String {
        withUnits(of: text, ascii: { unformatKeepingOverflow($0) }, characters: { unformatKeepingOverflow($0) })
    }

    /// One walk: the value characters as ``unformat(_:)`` collects them, then the units the walk
    /// never reached, appended to the same string.
    @inline(__always)
    private func unformatKeepingOverflow<Unit: MaskUnit>(_ text: UnsafeBufferPointer<Unit>) -> String {
        var bound = 0
        if Unit.self == UInt8.self {
            bound = text.count
        } else {
            for unit in text { bound += unit.maskUTF8Length }
        }
        return makeString(byteBound: bound, inPlace: Unit.self == UInt8.self) { bytes in
            var output = DiscardingByteSink()
            var value = UTF8UnitSink<Unit>(bytes: bytes)
            var observer = NoFormatObservation()
            let consumed = FormatWalk.run(storage, input: text, output: &output, value: &value, observer: &observer).consumedUnitCount
            for unit in text[consumed...] { value.append(unit) }
            bytes = value.bytes
        }
    }

    /// The input left once the mask has run out: what ``unformat(_:)`` and ``format(_:)`` drop
    /// beyond the mask's capacity, exactly as typed; `""` when the mask holds all of `text`.
    ///
    /// ```swift
    /// Mask("{{99}}/{{99}}").overflow(of: "12/300")   // "0"
    /// Mask("{{99}}/{{99}}").overflow(of: "12/3")     // ""
    /// ```
    package func overflow(of text: String) -> String {
        withUnits(of: text, ascii: { overflow($0) }, characters: { overflow($0) })
    }

    @inline(__always)
    private func overflow<Unit: MaskUnit>(_ text: UnsafeBufferPointer<Unit>) -> String {
        var output = DiscardingByteSink()
        var value = DiscardingUnitSink<Unit>()
        var observer = NoFormatObservation()
        let consumed = FormatWalk.run(storage, input: text, output: &output, value: &value, observer: &observer).consumedUnitCount
        guard consumed < text.count else { return "" }
        return Unit.string(from: UnsafeBufferPointer(rebasing: text[consumed...]))
    }

    /// Whether the unmasked `value` fills every placeholder of the mask.
    ///
    /// The value is laid into the slots as the editor does (characters that do not fit a slot are
    /// dropped; characters beyond the capacity are ignored). A mask without placeholders is
    /// trivially complete.
    ///
    /// ```swift
    /// let expiry = Mask("{{99}}/{{99}}")
    /// expiry.isComplete("1230")   // true
    /// expiry.isComplete("123")    // false
    /// ```
    public func isComplete(_ value: String) -> Bool {
        let capacity = self.capacity
        if capacity == 0 { return true }
        return withUnits(of: value, ascii: { placedCount($0) == capacity }, characters: { placedCount($0) == capacity })
    }

    /// At most how many UTF-8 bytes the value characters taken from `input` occupy: one per slot
    /// for ASCII input (so a megabyte pasted into a card field never sizes a megabyte buffer), all
    /// of the input otherwise.
    @inline(__always)
    private func valueByteBound<Unit: MaskUnit>(_ input: UnsafeBufferPointer<Unit>) -> Int {
        if Unit.self == UInt8.self { return Swift.min(input.count, storage.slotCount) }
        var bytes = 0
        for unit in input { bytes += unit.maskUTF8Length }
        return bytes
    }

    /// How many of `value`'s characters the editor would place into slots.
    private func placedCount<Unit: MaskUnit>(_ value: UnsafeBufferPointer<Unit>) -> Int {
        var output = DiscardingByteSink()
        var placed = DiscardingUnitSink<Unit>()
        return ValueLayout.run(storage, value: value, caretBeforeIndex: Int.max, caretAfterIndex: -1,
                               output: &output, placed: &placed).placedCount
    }
}
