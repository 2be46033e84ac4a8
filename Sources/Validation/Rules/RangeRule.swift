/// `range`: the value is an integer literal within the inclusive bounds (`nil`: unbounded).
enum RangeRule {
    static func isValid(_ value: String, minValue: Int?, maxValue: Int?) -> Bool {
        guard let literal = IntegerLiteral(value) else { return false }
        return MagnitudeBounds(negative: literal.isNegative, minValue: minValue, maxValue: maxValue)
            .contains(literal.magnitude)
    }

    static func inputState(of value: String, minValue: Int?, maxValue: Int?) -> InputState {
        guard let literal = IntegerLiteral(value, allowingNoDigits: true) else { return .invalid }
        if literal.digitCount == 0 {
            // "", "+" or "-": any magnitude of the sign(s) still open will do.
            let signs: [Bool] = value.isEmpty ? [false, true] : [literal.isNegative]
            let open = signs.contains { !MagnitudeBounds(negative: $0, minValue: minValue, maxValue: maxValue).isEmpty }
            return open ? .incomplete : .invalid
        }
        let bounds = MagnitudeBounds(negative: literal.isNegative, minValue: minValue, maxValue: maxValue)
        if bounds.contains(literal.magnitude) { return .valid }
        return bounds.admitsContinuation(of: literal.magnitude) ? .incomplete : .invalid
    }
}
