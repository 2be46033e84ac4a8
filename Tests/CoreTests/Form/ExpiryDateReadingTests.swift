import Testing
@testable import PaymentFormCore
import PaymentFormMasking

/// `MM/YYYY` and `M/YY` read as `MM/YY`: a table of cases, and the byte-wise reading compared with
/// the rule as written over characters on every string built from the pieces a customer types.
@Suite("Expiry date reading")
struct ExpiryDateReadingTests {
    @Test("what reads as MM/YY, and what does not", arguments: [
        ("12/2030", "12/30"), ("122030", "12/30"), ("12-2030", "12/30"), ("12.2030", "12/30"), ("12 2030", "12/30"),
        ("12 / 2030", "12/30"), ("01      2000", "01/00"), ("09/2099", "09/99"),
        ("1/30", "01/30"), ("9-30", "09/30"), ("1/2030", "01/30"), ("1 / 30", "01/30"), ("5.2099", "05/99"),
        ("12/30", nil), ("1230", nil), ("13/2030", nil), ("00/2030", nil), ("12/2130", nil), ("12/1999", nil),
        ("12/20300", nil), ("12/203", nil), ("1a/2030", nil), ("12/2o30", nil), ("12\r\n2030", nil), ("１２/2030", nil),
        ("12/2030 ", nil), (" 12/2030", nil), ("12é2030", nil), ("1\u{301}2/2030", nil), ("", nil),
        ("0/30", nil), ("130", nil), ("12030", nil), ("1/3", nil), ("1/203", nil), ("1/2130", nil), ("1 2 / 3 0", nil), ("1/", nil),
    ] as [(String, String?)])
    func table(value: String, expected: String?) {
        #expect(ExpiryDateReading.twoDigitForm(of: value) == expected)
    }

    @Test("the request's value: the MM/YY form unmasked, anything else as the mask keeps it", arguments: [
        ("12/2030", "1230"), ("122030", "1230"), ("12/30", "1230"), ("1230", "1230"), ("12/203", "12203"), ("13/30", "1330"),
        ("00/30", "0030"), ("12-30", "1230"), ("1 2 / 3 0", "1230"), ("1/30", "0130"), ("12/300", "12300"),
    ])
    func unmasked(value: String, expected: String) {
        #expect(ExpiryDateReading.unmask(value, mask: Mask("{{99}}/{{99}}")) == expected)
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
                    #expect(ExpiryDateReading.twoDigitForm(of: longer) == Self.overCharacters(longer), "\(longer.unicodeScalars.map { $0.value })")
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
        let isDigit = { (character: Character) in character.isASCII && character.isNumber }
        let separators: [Character] = ["/", "-", ".", " "]
        guard let first = characters.first, isDigit(first) else { return nil }
        let monthLength = characters.count > 1 && isDigit(characters[1]) ? 2 : 1
        var yearStart = monthLength
        while yearStart < characters.count, separators.contains(characters[yearStart]) { yearStart += 1 }
        let year = characters[yearStart...]
        guard year.allSatisfy(isDigit) else { return nil }
        if year.count == 4, !(year.first == "2" && year.dropFirst().first == "0") { return nil }
        let month = String(characters[..<monthLength])
        guard let monthNumber = Int(month), (1...12).contains(monthNumber) else { return nil }
        if monthLength == 2 {
            guard year.count == 4 else { return nil }
            return month + "/" + String(year.suffix(2))
        }
        guard yearStart > monthLength, year.count == 2 || year.count == 4 else { return nil }
        return "0" + month + "/" + String(year.suffix(2))
    }
}
