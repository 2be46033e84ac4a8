import PaymentFormValidation

/// The one rule that reads an expiry date typed with a four-digit year into a field whose mask
/// holds a two-digit year (`{{99}}/{{99}}`): `12/2030` and `122030` mean December 2030, `12/30`.
///
/// Without it the mask would take the first two digits of the year (`12/20`, long expired). The
/// form controller applies it to a value set or pasted over the whole field, and a
/// ``PaymentRequest`` to every value before unmasking, so both read `12/2030` alike.
///
/// The years it reads are 2000–2099, fixed (semantics §3, step 2), not "now's century": it runs
/// where no clock is at hand (``PaymentRequest/unmaskedValue(forField:)``). The two-digit year it
/// leaves is then read by the one century rule, ``YearMonth/fullYear(ofTwoDigitYear:)``, which
/// gives the same year until 2099.
enum FourDigitExpiryYear {
    /// `MM/YY` for a value `MM/YYYY` or `MMYYYY` (separators `/ - . space` between month and
    /// year, or none) whose month is 01–12 and whose year is 2000–2099; `nil` for any other value.
    ///
    /// ```swift
    /// FourDigitExpiryYear.twoDigitForm(of: "12/2030")   // "12/30"
    /// FourDigitExpiryYear.twoDigitForm(of: "12/30")     // nil: nothing to read
    /// ```
    ///
    /// Reads bytes: every character it accepts is ASCII, so any other byte means `nil` (and in
    /// ASCII text each byte is a character, CR LF aside, which is neither digit nor separator).
    static func twoDigitForm(of value: String) -> String? {
        var value = value
        return value.withUTF8 { bytes -> String? in
            guard bytes.count >= 6 else { return nil }
            var yearStart = 2
            while yearStart < bytes.count, isSeparator(bytes[yearStart]) { yearStart += 1 }
            guard bytes.count - yearStart == 4,
                  let tens = ASCIIDigits.digit(bytes[0]), let ones = ASCIIDigits.digit(bytes[1]), (1...12).contains(tens * 10 + ones),
                  bytes[yearStart...].allSatisfy({ ASCIIDigits.digit($0) != nil }),
                  bytes[yearStart] == UInt8(ascii: "2"), bytes[yearStart + 1] == UInt8(ascii: "0")
            else { return nil }
            return String(decoding: [bytes[0], bytes[1], UInt8(ascii: "/"), bytes[yearStart + 2], bytes[yearStart + 3]], as: UTF8.self)
        }
    }

    /// Separators a customer puts between month and year: `/ - . space`.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: " ")
    }
}
