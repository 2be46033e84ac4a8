/// `length`: the number of characters (extended grapheme clusters) lies within the bounds.
enum LengthRule {
    static func isValid(_ value: String, minLength: Int, maxLength: Int?) -> Bool {
        let count = value.count
        return count >= minLength && count <= (maxLength ?? Int.max)
    }

    static func inputState(of value: String, minLength: Int, maxLength: Int?) -> InputState {
        let count = value.count
        if count > (maxLength ?? Int.max) { return .invalid }
        if count >= minLength { return .valid }
        // Too short: appending characters helps, unless the bounds admit no length at all.
        return minLength <= (maxLength ?? Int.max) ? .incomplete : .invalid
    }
}
