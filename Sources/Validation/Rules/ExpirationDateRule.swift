/// `expirationDate`: exactly four ASCII digits `MMYY` or six `MMYYYY`, month 01–12.
///
/// `YY` is read in the century of "now" (``YearMonth/fullYear(ofTwoDigitYear:)``: in 2026, `30` is
/// 2030 and `99` is 2099; in December 2099, `0100` is January 2000, not 2100: semantics §2 fixes the
/// century, there is no sliding window).
/// Valid when the month is not before now's month and the year is at most now's year + 25 (any
/// month of that year).
enum ExpirationDateRule {
    /// The written month and year, or `nil` when the value is not `MMYY`/`MMYYYY` with month 01–12.
    private static func parse(_ value: String, now: YearMonth) -> (year: Int, month: Int)? {
        let bytes = value.utf8
        guard bytes.count == 4 || bytes.count == 6,
              let month = ASCIIDigits.value(of: bytes.prefix(2)),
              (1...12).contains(month),
              let writtenYear = ASCIIDigits.value(of: bytes.dropFirst(2))
        else { return nil }
        let year = bytes.count == 4 ? now.fullYear(ofTwoDigitYear: writtenYear) : writtenYear
        return (year, month)
    }

    private static func isAcceptable(year: Int, month: Int, now: YearMonth) -> Bool {
        (year, month) >= (now.year, now.month) && year <= now.year + 25
    }

    static func isValid(_ value: String, now: YearMonth) -> Bool {
        guard let (year, month) = parse(value, now: now) else { return false }
        return isAcceptable(year: year, month: month, now: now)
    }

    /// Why a value fails (it must): `incomplete` for digits short of `MMYY` or between `MMYY`
    /// and `MMYYYY` (`02`, `12203`), `invalidMonth` for a whole date with month 00 or 13–99,
    /// `expired` before now's month, `tooFarAhead` after now's year + 25; `nil` for anything else
    /// (other characters, more than six digits).
    static func reason(_ value: String, now: YearMonth) -> ValidationReason? {
        let bytes = value.utf8
        guard bytes.allSatisfy({ ASCIIDigits.digit($0) != nil }) else { return nil }
        switch bytes.count {
        case 0...3, 5: return .incomplete
        case 4, 6: break
        default: return nil
        }
        guard let (year, month) = parse(value, now: now) else { return .invalidMonth }
        if (year, month) < (now.year, now.month) { return .expired }
        return year > now.year + 25 ? .tooFarAhead : nil
    }

    /// Incomplete when some acceptable month, written as `MMYY` or `MMYYYY`, starts with `value`.
    ///
    /// Only 12 × 26 months are acceptable at any time, so trying each is cheap and exact.
    static func inputState(of value: String, now: YearMonth) -> InputState {
        if isValid(value, now: now) { return .valid }
        let typed = value.utf8
        guard typed.count < 6, typed.allSatisfy({ ASCIIDigits.digit($0) != nil }) else { return .invalid }
        for year in now.year...(now.year + 25) {
            for month in 1...12 where isAcceptable(year: year, month: month, now: now) {
                if typed.count < 4, let twoDigits = now.twoDigitYear(of: year),
                   matches(typed, month: month, yearDigits: twoDigits, width: 2) {
                    return .incomplete
                }
                if year <= 9999, matches(typed, month: month, yearDigits: year, width: 4) {
                    return .incomplete
                }
            }
        }
        return .invalid
    }

    /// Whether `typed` is a prefix of the month (2 digits) followed by `yearDigits` (`width` digits).
    /// Compares digit by digit arithmetically: no allocation per candidate.
    private static func matches(_ typed: String.UTF8View, month: Int, yearDigits: Int, width: Int) -> Bool {
        var divisor = 1
        for _ in 0..<(width + 1) { divisor *= 10 }
        let number = month * (divisor / 10) + yearDigits
        for byte in typed {
            guard let digit = ASCIIDigits.digit(byte), divisor > 0, number / divisor % 10 == digit else { return false }
            divisor /= 10
        }
        return true
    }
}
