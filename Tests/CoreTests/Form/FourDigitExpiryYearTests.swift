import Testing
@testable import PaymentFormCore

/// `MM/YYYY` read as `MM/YY`: a table of cases, and the byte-wise reading compared with the rule
/// as written over characters on every string built from the pieces a customer types.
@Suite("Four-digit expiry years")
struct FourDigitExpiryYearTests {
    @Test("what reads as MM/YY, and what does not", arguments: [
        ("12/2030", "12/30"), ("122030", "12/30"), ("12-2030", "12/30"), ("12.2030", "12/30"), ("12 2030", "12/30"),
        ("12 / 2030", "12/30"), ("01      2000", "01/00"), ("09/2099", "09/99"),
        ("12/30", nil), ("1230", nil), ("13/2030", nil), ("00/2030", nil), ("12/2130", nil), ("12/1999", nil),
        ("12/20300", nil), ("12/203", nil), ("1a/2030", nil), ("12/2o30", nil), ("12\r\n2030", nil), ("１２/2030", nil),
        ("12/2030 ", nil), (" 12/2030", nil), ("12é2030", nil), ("1\u{301}2/2030", nil), ("", nil),
    ] as [(String, String?)])
    func table(value: String, expected: String?) {
        #expect(FourDigitExpiryYear.twoDigitForm(of: value) == expected)
    }

    @Test("byte-wise, it answers as the rule over characters does (every string of up to 4 pieces)")
    func sameAsCharacters() {
        let pieces = ["1", "2", "0", "3", "9", "/", "-", ".", " ", "20", "2030", "12", "a", "é", "\u{301}", "\r\n", "\r", "\n", "١"]
        var values = [""]
        var checked = 0
        for _ in 0..<4 {
            var next: [String] = []
            for value in values {
                for piece in pieces {
                    let longer = value + piece
                    next.append(longer)
                    #expect(FourDigitExpiryYear.twoDigitForm(of: longer) == Self.overCharacters(longer), "\(longer.unicodeScalars.map { $0.value })")
                    checked += 1
                }
            }
            values = next
        }
        #expect(checked == 19 + 19 * 19 + 19 * 19 * 19 + 19 * 19 * 19 * 19)
    }

    /// The rule as the documentation states it, over characters.
    static func overCharacters(_ value: String) -> String? {
        let characters = Array(value)
        guard characters.count >= 6 else { return nil }
        let month = characters[..<2]
        var yearStart = 2
        while yearStart < characters.count, ["/", "-", ".", " "].contains(characters[yearStart]) { yearStart += 1 }
        let year = characters[yearStart...]
        guard year.count == 4, (month + year).allSatisfy({ $0.isASCII && $0.isNumber }),
              year.first == "2", year.dropFirst().first == "0",
              let monthNumber = Int(String(month)), (1...12).contains(monthNumber) else { return nil }
        return String(month) + "/" + String(year.suffix(2))
    }
}
