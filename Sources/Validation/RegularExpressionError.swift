/// A `regularExpression` validator's pattern that does not compile.
///
/// A definition carrying such a pattern is a decoding diagnostic: the validator is neither
/// silently dropped (as the older SDKs do) nor allowed to crash.
public struct RegularExpressionError: Error, Sendable, Hashable {
    /// The pattern as the definition sent it.
    public let pattern: String
    /// Why it was rejected (the regular-expression engine's explanation where it gives one).
    public let reason: String

    /// Creates an error for `pattern`.
    public init(pattern: String, reason: String) {
        self.pattern = pattern
        self.reason = reason
    }
}

extension RegularExpressionError: CustomStringConvertible {
    /// The pattern and the reason, e.g. `invalid regular expression "(": …`.
    public var description: String {
        "invalid regular expression \(pattern.debugDescription): \(reason)"
    }
}
