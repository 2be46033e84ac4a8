/// A problem in a definition that did not stop it from being read, reported so it is never silent.
///
/// Examples: an unknown validator kind (kept by name), a regular expression that does not
/// compile (kept, failing every value), a malformed product in a list (skipped).
package struct DefinitionDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What was noticed.
    package enum Kind: Sendable, Hashable {
        /// A validator key the engine does not know; kept by name, it never fails a value.
        case unknownValidator(name: String)
        /// A `regularExpression` pattern that does not compile; the validator is kept and fails
        /// every value (error `uncheckable`).
        case invalidRegularExpression(pattern: String, reason: String)
        /// An element of a list that could not be read; it is skipped and the rest kept.
        case skippedElement(DefinitionError)
        /// A value of an open set (form element type, field type, input type, attribute status)
        /// that the engine does not know; kept by name.
        case unknownValue(String)
        /// A mask with no `{{ }}` placeholder: it could only ever show its literals, so the field
        /// is formatted, edited and unmasked as if it had no mask.
        case maskWithoutPlaceholders(pattern: String)
        /// An object holds the key `name` more than once; the last occurrence is used (as in
        /// JavaScript), and `path` names the key. Reported for every repetition, up to
        /// ``DefinitionDiagnostic/maximumDuplicateKeyReports`` per document.
        case duplicateKey(name: String)
        /// The document repeats keys more often than are reported one by one: `count` more
        /// repetitions, each also resolved to its last occurrence.
        case moreDuplicateKeys(count: Int)
    }

    /// How many repeated keys a document reports one by one (the rest are counted in one
    /// ``Kind/moreDuplicateKeys(count:)``), so a hostile document cannot grow the list without
    /// bound.
    package static let maximumDuplicateKeyReports = 100

    /// Where it was noticed.
    package let path: JSONPath
    /// What was noticed.
    package let kind: Kind

    /// A diagnostic at `path`.
    package init(path: JSONPath, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// The JSON path, then what was noticed and what the engine did about it.
    package var description: String {
        switch kind {
        case .unknownValidator(let name): "\(path): unknown validator '\(name)' kept by name; it does not affect validation"
        case .invalidRegularExpression(let pattern, let reason):
            "\(path): regular expression \(pattern.debugDescription) does not compile (\(reason)); every value fails it (error 'uncheckable')"
        case .skippedElement(let error): "skipped an element that could not be read: \(error)"
        case .unknownValue(let value): "\(path): unknown value '\(value)' kept by name"
        case .maskWithoutPlaceholders(let pattern):
            "\(path): mask \(pattern.debugDescription) has no {{ }} placeholder; the field is treated as unmasked"
        case .duplicateKey(let name): "\(path): key '\(name)' appears more than once in its object; the last occurrence is used"
        case .moreDuplicateKeys(let count): "\(count) more repeated keys not listed; the last occurrence of each is used"
        }
    }
}
