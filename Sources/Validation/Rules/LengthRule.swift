/// `length`: the number of characters (extended grapheme clusters) lies within the bounds.
enum LengthRule {
    static func isValid(_ value: String, minLength: Int, maxLength: Int?) -> Bool {
        let count = characterCount(of: value)
        return count >= minLength && count <= (maxLength ?? Int.max)
    }

    /// Why a value fails: `tooLong` past the maximum, else `tooShort` (the bounds admit no length
    /// at all: a value too short for the minimum is still reported so).
    static func reason(_ value: String, minLength: Int, maxLength: Int?) -> ValidationReason {
        characterCount(of: value) > (maxLength ?? Int.max) ? .tooLong : .tooShort
    }

    static func inputState(of value: String, minLength: Int, maxLength: Int?) -> InputState {
        let count = characterCount(of: value)
        if count > (maxLength ?? Int.max) { return .invalid }
        if count >= minLength { return .valid }
        // Too short: appending characters helps, unless the bounds admit no length at all.
        return minLength <= (maxLength ?? Int.max) ? .incomplete : .invalid
    }

    /// `value.count`, without the grapheme walk for ASCII text: there every scalar is a
    /// character of its own except CR LF, which Unicode joins into one (rule GB3).
    static func characterCount(of value: String) -> Int {
        var value = value
        let ascii: Int? = value.withUTF8 { bytes in
            var count = bytes.count
            var previous: UInt8 = 0
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == 0x0A && previous == 0x0D { count -= 1 }
                previous = byte
            }
            return count
        }
        return ascii ?? value.count
    }
}
