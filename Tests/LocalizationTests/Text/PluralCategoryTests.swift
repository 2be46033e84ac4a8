import Testing
@testable import PaymentFormLocalization

@Suite("Plural categories (CLDR, whole numbers)")
struct PluralCategoryTests {
    @Test("the category of a number in a language", arguments: [
        ("en", 1, PluralCategory.one), ("en", 0, .other), ("en", 2, .other), ("de-AT", 1, .one), ("en", -1, .one),
        ("fr", 0, .one), ("fr", 1, .one), ("fr", 2, .other), ("fr", 1_000_000, .many), ("pt", 0, .other), ("es", 1_000_000, .many),
        ("ru", 1, .one), ("ru", 21, .one), ("ru", 11, .many), ("ru", 2, .few), ("ru", 24, .few), ("ru", 12, .many), ("ru", 5, .many),
        ("ru", 0, .many), ("uk", 103, .few), ("pl", 1, .one), ("pl", 21, .many), ("pl", 22, .few), ("pl", 5, .many),
        ("cs", 1, .one), ("cs", 3, .few), ("cs", 5, .other), ("sk", 22, .other), ("hr", 21, .one), ("hr", 3, .few), ("hr", 5, .other),
        ("lt", 1, .one), ("lt", 11, .other), ("lt", 21, .one), ("lt", 9, .few), ("lt", 10, .other),
        ("lv", 0, .zero), ("lv", 10, .zero), ("lv", 11, .zero), ("lv", 1, .one), ("lv", 21, .one), ("lv", 2, .other),
        ("sl", 1, .one), ("sl", 101, .one), ("sl", 2, .two), ("sl", 3, .few), ("sl", 5, .other),
        ("ro", 1, .one), ("ro", 0, .few), ("ro", 19, .few), ("ro", 20, .other), ("ro", 101, .few), ("ro", 120, .other),
        ("ar", 0, .zero), ("ar", 1, .one), ("ar", 2, .two), ("ar", 3, .few), ("ar", 10, .few), ("ar", 11, .many),
        ("ar", 99, .many), ("ar", 100, .other), ("ar", 103, .few),
        ("he", 1, .one), ("he", 2, .two), ("he", 3, .other), ("iw", 2, .two),
        ("ga", 1, .one), ("ga", 2, .two), ("ga", 5, .few), ("ga", 8, .many), ("ga", 11, .other),
        ("mt", 1, .one), ("mt", 2, .two), ("mt", 0, .few), ("mt", 10, .few), ("mt", 15, .many), ("mt", 20, .other),
        ("ja", 1, .other), ("zh-Hant", 1, .other), ("ko", 2, .other), ("tr", 1, .one), ("hu", 3, .other),
        ("", 1, .one), ("x!", 1, .one),
    ] as [(String, Int, PluralCategory)])
    func category(language: String, number: Int, expected: PluralCategory) {
        #expect(PluralCategory(number, language: language) == expected)
    }
}
