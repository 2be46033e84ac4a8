import PaymentFormMasking
import PaymentFormValidation

/// The one reading of an expiry date written whole into a field whose mask holds a two-digit
/// month and a two-digit year (`{{99}}/{{99}}`): what a request validates and sends
/// (``PaymentProductField/unmask(_:)``, so `payform validate`, `prepare` and `unmask --product`),
/// and what the form controller shows for a value set or pasted over the whole field.
///
/// Two ways of writing a date the mask alone would misread are read as `MM/YY` first:
/// - a four-digit year 2000–2099: `12/2030` and `122030` mean December 2030, `12/30` (the mask
///   alone would take `12/20`, long expired);
/// - a one-digit month 1–9 set off by a separator: `1/30` and `1/2030` mean January 2030, `01/30`
///   (the mask alone would take `13/0`).
///
/// Everything else is left to the mask, which keeps what it cannot hold (`12/203` is `12203`,
/// `13/30` is `1330`: a date that cannot exist stays what was typed and fails validation; it
/// never becomes another, valid date).
///
/// The years it reads are 2000–2099, fixed (semantics §3, step 2), not "now's century": it runs
/// where no clock is at hand (``PaymentRequest/unmaskedValue(forField:)``). The two-digit year it
/// leaves is then read by the one century rule, ``YearMonth/fullYear(ofTwoDigitYear:)``, which
/// gives the same year until 2099.
enum ExpiryDateReading {
    /// `value` as a request keeps it on `mask` (a two-digit-month, two-digit-year mask): the
    /// `MM/YY` form of a date written another way (see ``twoDigitForm(of:)``), then the mask's
    /// unmasking that keeps what it cannot hold.
    ///
    /// ```swift
    /// ExpiryDateReading.unmask("12/2030", mask: Mask("{{99}}/{{99}}"))   // "1230"
    /// ExpiryDateReading.unmask("12/203", mask: Mask("{{99}}/{{99}}"))    // "12203": fails validation
    /// ```
    static func unmask(_ value: String, mask: Mask) -> String {
        mask.unformatKeepingOverflow(twoDigitForm(of: value) ?? value)
    }

    /// `MM/YY` for a value `MM/YYYY` or `MMYYYY` (separators `/ - . space` between month and
    /// year, or none) whose month is 01–12 and whose year is 2000–2099, or for a value `M/YY` or
    /// `M/YYYY` (a month 1–9, then at least one separator, then two digits or a year 2000–2099);
    /// `nil` for any other value.
    ///
    /// ```swift
    /// ExpiryDateReading.twoDigitForm(of: "12/2030")   // "12/30"
    /// ExpiryDateReading.twoDigitForm(of: "1/30")      // "01/30"
    /// ExpiryDateReading.twoDigitForm(of: "12/30")     // nil: the mask reads it as it is
    /// ```
    ///
    /// Reads bytes: every character it accepts is ASCII, so any other byte means `nil` (and in
    /// ASCII text each byte is a character, CR LF aside, which is neither digit nor separator).
    static func twoDigitForm(of value: String) -> String? {
        var value = value
        return value.withUTF8 { bytes -> String? in
            guard bytes.count >= 3, let first = ASCIIDigits.digit(bytes[0]) else { return nil }
            let monthEnd = ASCIIDigits.digit(bytes[1]) == nil ? 1 : 2
            var yearStart = monthEnd
            while yearStart < bytes.count, isSeparator(bytes[yearStart]) { yearStart += 1 }
            let yearLength = bytes.count - yearStart
            guard bytes[yearStart...].allSatisfy({ ASCIIDigits.digit($0) != nil }) else { return nil }
            let month: [UInt8]
            if monthEnd == 2, let second = ASCIIDigits.digit(bytes[1]) {
                // Two month digits: only a four-digit year needs reading.
                guard yearLength == 4, (1...12).contains(first * 10 + second) else { return nil }
                month = [bytes[0], bytes[1]]
            } else {
                // One month digit: a separator must end it (`130` is the mask's to read).
                guard yearStart > monthEnd, yearLength == 2 || yearLength == 4, first >= 1 else { return nil }
                month = [UInt8(ascii: "0"), bytes[0]]
            }
            if yearLength == 4, bytes[yearStart] != UInt8(ascii: "2") || bytes[yearStart + 1] != UInt8(ascii: "0") { return nil }
            return String(decoding: month + [UInt8(ascii: "/"), bytes[bytes.count - 2], bytes[bytes.count - 1]], as: UTF8.self)
        }
    }

    /// Separators a customer puts between month and year: `/ - . space`.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ")
    }
}
