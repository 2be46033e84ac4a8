import Foundation
import Testing
import PaymentFormEngine

@Suite("ValidationContext")
struct ValidationContextTests {
    /// 2026-12-31T23:30:00Z.
    static let newYearsEve = Date(timeIntervalSince1970: 1_798_759_800)

    @Test func monthIsCountedInUTCByDefault() {
        let context = ValidationContext.current(clock: { Self.newYearsEve })
        #expect(context.now == YearMonth(year: 2026, month: 12))
    }

    @Test func aTimeZoneCanMoveTheMonth() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(ValidationContext(date: Self.newYearsEve, timeZone: tokyo).now == YearMonth(year: 2027, month: 1))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(ValidationContext(date: Self.newYearsEve, timeZone: newYork).now == YearMonth(year: 2026, month: 12))
    }

    @Test func theClockDecidesExpiry() {
        let context = ValidationContext.current(clock: { Self.newYearsEve })
        #expect(Validator.expirationDate.validate("1226", in: context) == nil)
        #expect(Validator.expirationDate.validate("1126", in: context) != nil)
    }

    @Test func datesOutsideSupportedYearsAreClamped() {
        #expect(ValidationContext(date: .distantFuture).now.year == 4001)
        #expect(ValidationContext(date: Date(timeIntervalSince1970: 1e13)).now.year == 9999)
        #expect(ValidationContext(date: Date(timeIntervalSince1970: -1e12)).now.year == 1)
    }

    @Test func currentIsAGregorianMonth() {
        let now = ValidationContext.current().now
        #expect((2024...2200).contains(now.year))
        #expect((1...12).contains(now.month))
    }
}
