import Testing
@testable import PaymentFormValidation

/// ASCII digits: the only digits the validators accept.
@Suite("ASCII digits")
struct ASCIIDigitsTests {
    @Test("every character an ASCII digit, and nothing else", arguments: [
        ("", true), ("0", true), ("4111111111111111", true), ("0123456789", true),
        ("4111 1111", false), ("12a", false), ("/", false), (":", false), ("١٢٣", false), ("１２", false),
        ("1\u{301}", false), ("12\n", false), ("é1", false),
    ])
    func areAll(text: String, expected: Bool) {
        #expect(ASCIIDigits.areAll(in: text) == expected)
        #expect(ASCIIDigits.areAll(in: text) == text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) })
    }

    @Test("a short run's value", arguments: [("0", 0), ("07", 7), ("123456789", 123_456_789)] as [(String, Int?)])
    func value(text: String, expected: Int?) {
        #expect(ASCIIDigits.value(of: Array(text.utf8)) == expected)
    }

    @Test("no value for an empty, long or mixed run", arguments: ["", "1234567890", "1a", " 1", "١"])
    func noValue(text: String) {
        #expect(ASCIIDigits.value(of: Array(text.utf8)) == nil)
    }
}
