/// `fixedList`: the value equals one allowed value exactly.
///
/// "Exactly" means the same Unicode scalars (compared as UTF-8), not merely canonically
/// equivalent text: the value is sent to the server as is, and `é` precomposed and `e` + U+0301
/// are different values there. An empty list accepts nothing.
enum FixedListRule {
    static func isValid(_ value: String, allowedValues: [String]) -> Bool {
        allowedValues.contains { $0.utf8.elementsEqual(value.utf8) }
    }

    static func inputState(of value: String, allowedValues: [String]) -> InputState {
        if isValid(value, allowedValues: allowedValues) { return .valid }
        return allowedValues.contains { $0.utf8.starts(with: value.utf8) } ? .incomplete : .invalid
    }
}
