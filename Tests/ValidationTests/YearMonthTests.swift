import Testing
import PaymentFormValidation

@Suite("YearMonth")
struct YearMonthTests {
    @Test(arguments: [
        ("2026-12", 2026, 12),
        ("2027-01", 2027, 1),
        ("0001-01", 1, 1),
        ("9999-12", 9999, 12),
    ])
    func parses(text: String, year: Int, month: Int) throws {
        let parsed = try #require(YearMonth(parsing: text))
        #expect(parsed.year == year)
        #expect(parsed.month == month)
        #expect(parsed.description == text)
    }

    @Test(arguments: [
        "", "2026", "2026-1", "2026-13", "2026-00", "0000-01", "26-12", "2026/12", " 2026-12",
        "2026-12 ", "２０２６-１２", "2026-1x", "+026-12", "20261-12", "2026-012",
    ])
    func rejects(text: String) {
        #expect(YearMonth(parsing: text) == nil)
    }

    @Test(arguments: [(2026, 0), (2026, 13), (0, 1), (10_000, 1), (Int.max, 12), (Int.min, 1)])
    func validatesComponents(year: Int, month: Int) {
        #expect(YearMonth(year: year, month: month) == nil)
    }

    @Test func ordersByYearThenMonth() throws {
        let december = try #require(YearMonth(year: 2026, month: 12))
        let january = try #require(YearMonth(year: 2027, month: 1))
        let june = try #require(YearMonth(year: 2026, month: 6))
        #expect(june < december)
        #expect(december < january)
        #expect([january, june, december].sorted() == [june, december, january])
    }

    /// The century rule for two-digit expiry years, both ways: in now's century, no window.
    @Test(arguments: [
        (2026, 30, 2030), (2026, 0, 2000), (2026, 99, 2099), (2099, 0, 2000), (2100, 5, 2105),
        (2100, 99, 2199), (26, 30, 30), (9999, 99, 9999),
    ])
    func twoDigitYears(nowYear: Int, twoDigits: Int, fullYear: Int) throws {
        let now = try #require(YearMonth(year: nowYear, month: 6))
        #expect(now.fullYear(ofTwoDigitYear: twoDigits) == fullYear)
        #expect(now.twoDigitYear(of: fullYear) == twoDigits)
    }

    @Test(arguments: [(2026, 1999), (2026, 2100), (2100, 2099), (2100, 2200), (26, 100)])
    func yearsOutsideNowsCenturyHaveNoTwoDigitForm(nowYear: Int, fullYear: Int) throws {
        let now = try #require(YearMonth(year: nowYear, month: 6))
        #expect(now.twoDigitYear(of: fullYear) == nil)
    }
}
