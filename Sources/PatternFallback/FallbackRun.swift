#if !arch(wasm32)
/// What one run of a ``FallbackPattern`` found.
package struct FallbackRun: Sendable, Hashable {
    /// Whether the pattern matched the whole value.
    package var matched: Bool
    /// Whether the engine looked past the end of the value: some continuation could change the
    /// outcome.
    package var hitEnd: Bool
    /// How much of the allowance the run took (progress reports).
    package var reports: Int
    /// `false` when the allowance ran out and the run was stopped.
    package var finished: Bool

    /// A run's outcome.
    package init(matched: Bool, hitEnd: Bool, reports: Int, finished: Bool) {
        self.matched = matched
        self.hitEnd = hitEnd
        self.reports = reports
        self.finished = finished
    }
}

/// Why ICU refused a pattern.
package struct FallbackPatternError: Error, Sendable, Hashable {
    /// The engine's explanation.
    package let reason: String

    /// An error with its reason.
    package init(reason: String) {
        self.reason = reason
    }
}
#endif
