internal import PaymentFormJSON
import PaymentFormMasking

extension AccountOnFile {
    /// The account's label for a list of saved accounts, built from `labelTemplate`:
    /// each item's attribute, formatted with its relaxed mask when it has one,
    /// trimmed, empty parts skipped, joined with single spaces.
    ///
    /// `Road Runner` and `************4242` with `{{9999}} {{9999}} {{9999}} {{9999}}` give
    /// `Road Runner **** **** **** 4242`.
    public var label: String {
        var parts: [String] = []
        for item in displayHints.labelTemplate {
            guard let value = attribute(forField: item.attributeKey)?.value else { continue }
            var part = value
            if let pattern = item.mask, !pattern.isEmpty {
                part = Mask(pattern).relaxed.format(value)
            }
            let trimmed = part.trimmingWhitespace()
            if !trimmed.isEmpty { parts.append(trimmed) }
        }
        return parts.joined(separator: " ")
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space (Unicode white space and newlines):
    /// characters whose first scalar has `White_Space`, as `Character.isWhitespace` says.
    package func trimmingWhitespace() -> String {
        func isWhitespace(_ character: Character) -> Bool { character.unicodeScalars.first.map(UnicodeWhiteSpace.contains) ?? false }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
              let last = lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return String(self[first...last])
    }
}
