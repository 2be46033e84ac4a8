/// `emailAddress`: one or more `.`-separated local labels, `@`, then two or more `.`-separated
/// domain labels, the last at least two characters long. Labels are non-empty and hold any
/// characters but `@` and `.` (the Client API pattern has no letter classes, so case never matters).
///
/// `a.b@c.de` and `"a b"@c.de` pass; `a..b@c.de`, `a@b.c`, `@b.cd`, `a@bcd` and `a@b@c.de` fail.
enum EmailAddressRule {
    static func isValid(_ value: String) -> Bool {
        guard let at = value.firstIndex(of: "@") else { return false }
        let local = value[..<at]
        let domain = value[value.index(after: at)...]
        guard labelsAreWellFormed(local), labelsAreWellFormed(domain) else { return false }
        guard let lastDot = domain.lastIndex(of: ".") else { return false } // one domain label only
        return domain[domain.index(after: lastDot)...].count >= 2
    }

    /// Whether `text` is one or more non-empty labels separated by single dots, without `@`.
    private static func labelsAreWellFormed(_ text: Substring) -> Bool {
        var labelLength = 0
        for character in text {
            switch character {
            case "@": return false
            case ".":
                if labelLength == 0 { return false }
                labelLength = 0
            default:
                labelLength += 1
            }
        }
        return labelLength > 0
    }

    /// Incomplete while the value could still grow into an address: no `@` yet with well-formed
    /// labels so far (a trailing dot included), or a single `@` followed by domain labels so far.
    static func inputState(of value: String) -> InputState {
        if isValid(value) { return .valid }
        guard let at = value.firstIndex(of: "@") else {
            return labelsArePrefix(value[...]) ? .incomplete : .invalid
        }
        let local = value[..<at]
        let domain = value[value.index(after: at)...]
        guard labelsAreWellFormed(local), labelsArePrefix(domain) else { return .invalid }
        return .incomplete
    }

    /// Whether `text` can start a run of labels: no `@`, no leading or doubled dot.
    private static func labelsArePrefix(_ text: Substring) -> Bool {
        var previousWasDotOrStart = true
        for character in text {
            switch character {
            case "@": return false
            case ".":
                if previousWasDotOrStart { return false }
                previousWasDotOrStart = true
            default:
                previousWasDotOrStart = false
            }
        }
        return true
    }
}
