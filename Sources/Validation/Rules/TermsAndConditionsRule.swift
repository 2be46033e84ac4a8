/// `termsAndConditions`: the value is exactly `true` (not `TRUE`, `1` or `yes`).
enum TermsAndConditionsRule {
    static func isValid(_ value: String) -> Bool {
        value.utf8.elementsEqual("true".utf8)
    }

    static func inputState(of value: String) -> InputState {
        if isValid(value) { return .valid }
        return "true".utf8.starts(with: value.utf8) ? .incomplete : .invalid
    }
}
