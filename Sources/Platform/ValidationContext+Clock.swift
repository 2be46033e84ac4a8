import Foundation
import PaymentFormValidation

extension ValidationContext {
    /// Creates a context for the month `date` falls in, in the Gregorian calendar and `timeZone`.
    ///
    /// "Now" is computed in the Gregorian calendar whatever calendar the device uses (a Buddhist
    /// or Japanese device calendar would otherwise shift the century of expiry dates). Dates
    /// outside the years 1...9999 are clamped to that range.
    package init(date: Date, timeZone: TimeZone = ValidationContext.utc) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = calendar.dateComponents([.era, .year, .month], from: date)
        // Era 0 is BC: such a date clamps to the first supported year.
        let year = components.era == 0 ? YearMonth.supportedYears.lowerBound : (components.year ?? 1)
        let clampedYear = min(max(year, YearMonth.supportedYears.lowerBound), YearMonth.supportedYears.upperBound)
        let month = min(max(components.month ?? 1, 1), 12)
        // Both are clamped into range, so this never falls back in practice.
        self.init(now: YearMonth(year: clampedYear, month: month) ?? YearMonth.fallback)
    }

    /// A context for the month the clock reads now, in the Gregorian calendar and `timeZone`.
    ///
    /// ```swift
    /// let live = ValidationContext.current()                       // this month, UTC
    /// let local = ValidationContext.current(timeZone: .current)    // this month, device time zone
    /// ```
    ///
    /// - Parameters:
    ///   - clock: Returns the current date; inject a fixed one in tests.
    ///   - timeZone: Where the month is counted; UTC unless given (pass `.current` to use the
    ///     device's time zone).
    public static func current(clock: () -> Date = { Date() }, timeZone: TimeZone = ValidationContext.utc) -> ValidationContext {
        ValidationContext(date: clock(), timeZone: timeZone)
    }

    /// Coordinated Universal Time, the default time zone for "now".
    public static let utc: TimeZone = TimeZone(secondsFromGMT: 0) ?? TimeZone.current
}
