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
        if let formatted = withPlainASCII(input, { bytes in
            let walk = FormatWalk<UInt8>(mask: self, input: bytes.makeIterator(),
                                         producesOutput: true, collectsValue: false,
                                         reservingBytes: bytes.count + literalUTF8Count)
            return String(decoding: walk.output, as: UTF8.self)
        }) {
            return formatted
        }
        let walk = FormatWalk<Character>(mask: self, input: input.makeIterator(),
                                         producesOutput: true, collectsValue: false,
                                         reservingBytes: input.utf8.count + literalUTF8Count)
        return String(decoding: walk.output, as: UTF8.self)
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
    /// mask.format("123456789", cursor: 7)   // text "1234 5678 9", cursor 8
    /// ```
    public func format(_ input: String, cursor: Int) -> FormattedText {
        var probes = FormatWalk<UInt8>.Probes()
        probes.inputCursor = Swift.max(0, cursor)
        if let formatted = withPlainASCII(input, { bytes -> FormattedText in
            let walk = FormatWalk<UInt8>(mask: self, input: bytes.makeIterator(), probes: probes,
                                         producesOutput: true, collectsValue: false,
                                         reservingBytes: bytes.count + literalUTF8Count)
            return FormattedText(text: String(decoding: walk.output, as: UTF8.self),
                                 cursor: walk.cursor ?? walk.outputUTF16Length)
        }) {
            return formatted
        }
        var characterProbes = FormatWalk<Character>.Probes()
        characterProbes.inputCursor = probes.inputCursor
        let walk = FormatWalk<Character>(mask: self, input: input.makeIterator(), probes: characterProbes,
                                         producesOutput: true, collectsValue: false,
                                         reservingBytes: input.utf8.count + literalUTF8Count)
        return FormattedText(text: String(decoding: walk.output, as: UTF8.self),
                             cursor: walk.cursor ?? walk.outputUTF16Length)
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
        if let value = withPlainASCII(text, { bytes in
            let walk = FormatWalk<UInt8>(mask: self, input: bytes.makeIterator(),
                                         producesOutput: false, collectsValue: true)
            return String(decoding: walk.value, as: UTF8.self)
        }) {
            return value
        }
        let walk = FormatWalk<Character>(mask: self, input: text.makeIterator(),
                                         producesOutput: false, collectsValue: true)
        return String(walk.value)
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
        if let complete = withPlainASCII(value, { bytes in
            ValueLayout<UInt8>(mask: self, value: Array(bytes), caretBeforeIndex: Int.max,
                               caretAfterIndex: -1).placed.count == capacity
        }) {
            return complete
        }
        return ValueLayout<Character>(mask: self, value: Array(value), caretBeforeIndex: Int.max,
                                      caretAfterIndex: -1).placed.count == capacity
    }
}
