/// What validators need to know about the world: the current month, for `expirationDate`.
///
/// "Now" is injected, so results are reproducible (tests, the CLI's `--now`); where the engine
/// runs on a platform with a clock, `ValidationContext.current()` reads it.
///
/// ```swift
/// let fixed = ValidationContext(now: YearMonth(year: 2026, month: 12)!)
/// ```
public struct ValidationContext: Sendable, Hashable {
    /// The current month as validators see it.
    public let now: YearMonth

    /// Creates a context in which it is `now`.
    public init(now: YearMonth) {
        self.now = now
    }
}
