import Testing
@testable import PaymentFormLocalization

/// What a page's `lang` and `dir` say: the language the texts are actually in, and its direction.
@Suite("Text language and direction")
struct TextLanguageTests {
    @Test("lang is the language the texts are in; dir is its direction", arguments: [
        ("fr-CA", "fr-CA", TextDirection.leftToRight),
        ("ar", "ar", .rightToLeft),
        ("ar_EG.UTF-8", "ar-EG", .rightToLeft),
        ("he-IL", "he-IL", .rightToLeft),
        ("iw", "he", .rightToLeft),
        ("pt-BR", "pt-BR", .leftToRight),
        ("no", "nb", .leftToRight),
        ("nn", "nb", .leftToRight),
        ("zh-TW", "zh-Hant-TW", .leftToRight),
        ("zh-CN", "zh-CN", .leftToRight),
        // No Persian texts: the form is English, left to right, whatever the page's language.
        ("fa", "en", .leftToRight),
        ("ur-PK", "en", .leftToRight),
        ("xx", "en", .leftToRight),
        ("", "en", .leftToRight),
    ])
    func language(requested: String, lang: String, direction: TextDirection) {
        let localizer = Localizer(languageTag: requested)
        #expect(localizer.textLanguageTag == lang)
        #expect(localizer.textDirection == direction)
    }

    @Test("a merchant's whole language makes the form that language; a few words of it do not")
    func merchantLanguage() throws {
        let english = try #require(ShippedTables.shared.table(for: "en"))
        var persian = english.mapValues { "فا: " + $0 }
        let partial = Localizer(languageTag: "fa-IR", overrides: ["fa": ["gc.app.paymentProductDetails.payButton": "پرداخت"]])
        #expect(partial.payButtonTitle == "پرداخت")
        #expect(partial.textLanguageTag == "en")
        #expect(partial.textDirection == .leftToRight)
        let whole = Localizer(languageTag: "fa-IR", overrides: ["fa": persian])
        #expect(whole.textLanguageTag == "fa-IR")
        #expect(whole.textDirection == .rightToLeft)
        // Plural forms are not needed for that: Persian has none of English's `#one`.
        persian = persian.filter { TranslationKey.pluralBase(of: $0.key) == nil }
        #expect(Localizer(languageTag: "fa", overrides: ["fa": persian]).textLanguageTag == "fa")
        // A merchant's few words in a shipped language keep it that language.
        #expect(Localizer(languageTag: "ar", overrides: ["ar": ["gc.app.paymentProductDetails.payButton": "ادفع الآن"]]).textLanguageTag == "ar")
    }

    @Test("direction by script when the tag names one, else by language", arguments: [
        ("ar", TextDirection.rightToLeft), ("he", .rightToLeft), ("iw", .rightToLeft), ("fa-AF", .rightToLeft),
        ("ur", .rightToLeft), ("ckb", .rightToLeft), ("yi", .rightToLeft), ("dv", .rightToLeft), ("ps", .rightToLeft),
        ("az-Arab", .rightToLeft), ("pa-Arab-PK", .rightToLeft), ("uz-Arab", .rightToLeft), ("sd-Deva", .leftToRight),
        ("az-Latn", .leftToRight), ("ku", .leftToRight), ("ha", .leftToRight), ("en", .leftToRight), ("zh-Hant", .leftToRight),
        ("ja", .leftToRight), ("", .leftToRight), ("C", .leftToRight), ("ar-001", .rightToLeft),
    ])
    func direction(tag: String, expected: TextDirection) {
        #expect(TextDirection(languageTag: tag) == expected)
    }
}
