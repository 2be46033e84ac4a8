/// What one run of a ``BacktrackingPattern`` found.
package struct BacktrackingRun: Sendable, Hashable {
    /// The whole value matches.
    package var matched: Bool
    /// The run looked at the end of the value (on some path), so a continuation could change
    /// the outcome; meaningful when it finished without a match.
    package var hitEnd: Bool
    /// The steps it took (``RegularExpressionBudget/stepsPerReport`` make one of ICU's reports).
    package var steps: Int
    /// `false` when it was stopped (its allowance, or memory) and decided nothing.
    package var finished: Bool

    /// A run's outcome.
    package init(matched: Bool, hitEnd: Bool, steps: Int, finished: Bool) {
        self.matched = matched
        self.hitEnd = hitEnd
        self.steps = steps
        self.finished = finished
    }
}
