/// A month of a year in the Gregorian calendar, such as December 2026.
///
/// Years are limited to 1...9999: the range card expiry dates (`MMYYYY`) and `YYYY-MM` text can
/// express, and one in which `year + 25` never overflows.
///
/// ```swift
/// let now = YearMonth(year: 2026, month: 12)   // December 2026
/// // now?.year == 2026, now?.month == 12
/// YearMonth(year: 2026, month: 13)             // nil
/// ```
public struct YearMonth: Sendable, Hashable, Comparable {
    /// The Gregorian year, 1...9999.
    public let year: Int
    /// The month, 1 (January) ... 12 (December).
    public let month: Int

    /// The years a ``YearMonth`` can hold.
    package static let supportedYears: ClosedRange<Int> = 1...9999

    /// Creates a year and month, or `nil` when the month is not 1...12 or the year not 1...9999.
    public init?(year: Int, month: Int) {
        guard Self.supportedYears.contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// January of year 1: only used where an impossible `nil` must still produce a value.
    package static let fallback = YearMonth(uncheckedYear: 1, month: 1)

    private init(uncheckedYear year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// Parses `YYYY-MM` (exactly four ASCII digits, `-`, two ASCII digits), as the CLI's `--now`
    /// takes it. Returns `nil` for anything else, including month `00` or `13` and year `0000`.
    package init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
              let year = ASCIIDigits.value(of: bytes[0..<4]),
              let month = ASCIIDigits.value(of: bytes[5..<7])
        else { return nil }
        self.init(year: year, month: month)
    }

    /// The year a two-digit expiry year (0...99) means in this month: the one in this month's
    /// century (in 2026, `30` is 2030 and `99` is 2099; in 2100, `05` is 2105 and `99` 2199). The
    /// century rule for two-digit years, written once: the `expirationDate` rule reads `MMYY`
    /// with it, and the Sips and Saferpay adapters write the four-digit year they send with it.
    package func fullYear(ofTwoDigitYear twoDigits: Int) -> Int {
        year / 100 * 100 + twoDigits
    }

    /// The two-digit form of `fullYear` when ``fullYear(ofTwoDigitYear:)`` reads it back, so the
    /// year is in this month's century; `nil` otherwise.
    package func twoDigitYear(of fullYear: Int) -> Int? {
        let twoDigits = fullYear - year / 100 * 100
        return (0...99).contains(twoDigits) ? twoDigits : nil
    }

    /// Orders by year, then month.
    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}

extension YearMonth: CustomStringConvertible {
    /// The month as `YYYY-MM`, the form `init(parsing:)` reads.
    public var description: String {
        let year = String(year)
        let month = String(month)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-"
            + (month.count < 2 ? "0" : "") + month
    }
}
