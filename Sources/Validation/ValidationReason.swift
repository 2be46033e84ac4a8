/// Why a value failed its validator, where the validator can tell more than its id: the detail
/// a message needs to say what is wrong ("Enter the full expiry date" for `02`, "This card has
/// expired" for `12/20`, "Check the expiry year" for `12/99`).
///
/// A closed set: each validator gives the reasons listed with it, or none. It says nothing about
/// the value beyond the reason (never a digit of it), so it is as safe to log as the error.
///
/// ```swift
/// let context = ValidationContext(now: YearMonth(year: 2026, month: 6)!)
/// Validator.expirationDate.validate("1299", in: context)?.reason                        // .tooFarAhead
/// Validator.length(minLength: 13, maxLength: 19).validate("4111", in: context)?.reason  // .tooShort
/// ```
public enum ValidationReason: String, Sendable, Hashable, CaseIterable {
    /// `length`: fewer characters than its minimum.
    case tooShort
    /// `length`: more characters than its maximum.
    case tooLong
    /// `expirationDate`: digits that stop before a whole `MMYY` (`02`, `1`, or `MMYYY` on the
    /// way to `MMYYYY`); `iban`: characters that fit an IBAN's structure but are too few for one.
    case incomplete
    /// `expirationDate`: a whole date whose month is not 01–12 (`1330`, `0030`).
    case invalidMonth
    /// `expirationDate`: a month before the current one.
    case expired
    /// `expirationDate`: a year more than 25 after the current one (`12/99` in 2026).
    case tooFarAhead
}
