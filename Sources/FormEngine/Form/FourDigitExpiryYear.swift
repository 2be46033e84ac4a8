/// The one rule that reads an expiry date typed with a four-digit year into a field whose mask
/// holds a two-digit year (`{{99}}/{{99}}`): `12/2030` and `122030` mean December 2030, `12/30`.
///
/// Without it the mask would take the first two digits of the year (`12/20`, long expired). The
/// form controller applies it to a value set or pasted over the whole field, and a
/// ``PaymentRequest`` to every value before unmasking, so both read `12/2030` alike.
enum FourDigitExpiryYear {
    /// Separators a customer puts between month and year.
    private static let separators: Set<Character> = ["/", "-", ".", " "]

    /// `MM/YY` for a value `MM/YYYY` or `MMYYYY` (separators `/ - . space` between month and
    /// year, or none) whose month is 01–12 and whose year is 2000–2099; `nil` for any other value.
    ///
    /// ```swift
    /// FourDigitExpiryYear.twoDigitForm(of: "12/2030")   // "12/30"
    /// FourDigitExpiryYear.twoDigitForm(of: "12/30")     // nil: nothing to read
    /// ```
    static func twoDigitForm(of value: String) -> String? {
        let characters = Array(value)
        guard characters.count >= 6 else { return nil }
        let month = characters[..<2]
        var yearStart = 2
        while yearStart < characters.count, separators.contains(characters[yearStart]) { yearStart += 1 }
        let year = characters[yearStart...]
        guard year.count == 4, (month + year).allSatisfy({ $0.isASCII && $0.isNumber }),
              year.first == "2", year.dropFirst().first == "0",
              let monthNumber = Int(String(month)), (1...12).contains(monthNumber) else { return nil }
        return String(month) + "/" + String(year.suffix(2))
    }
}
