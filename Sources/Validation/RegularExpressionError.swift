/// A `regularExpression` validator's pattern that does not compile.
///
/// A definition carrying such a pattern is a decoding diagnostic: the validator is neither
/// silently dropped (as the older SDKs do) nor allowed to crash.
package struct RegularExpressionError: Error, Sendable, Hashable {
    /// The pattern as the definition sent it.
    package let pattern: String
    /// Why it was rejected (the regular-expression engine's explanation where it gives one).
    package let reason: String

    /// Creates an error for `pattern`.
    package init(pattern: String, reason: String) {
        self.pattern = pattern
        self.reason = reason
    }
}

extension RegularExpressionError: CustomStringConvertible {
    /// The pattern and the reason, e.g. `invalid regular expression "(": …`.
    package var description: String {
        "invalid regular expression \(pattern.debugDescription): \(reason)"
    }
}
