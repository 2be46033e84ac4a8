import Testing
@testable import PaymentFormLocalization

@Suite("LanguageTag")
struct LanguageTagTests {
    @Test("parses and canonicalizes", arguments: [
        ("fr", "fr"),
        ("FR", "fr"),
        ("fr-CA", "fr-CA"),
        ("fr_ca", "fr-CA"),
        ("fr_CA.UTF-8", "fr-CA"),
        ("de_AT.UTF-8@euro", "de-AT"),
        ("sr_RS@latin", "sr-RS"),
        ("zh-hant-tw", "zh-Hant-TW"),
        ("ZH_HANT", "zh-Hant"),
        ("es-419", "es-419"),
        ("  pt-BR \n", "pt-BR"),
        ("en-GB-oxendict", "en-GB-oxendict"),
        ("fr-CA-", "fr-CA"),          // cut at the empty subtag
        ("fr-C!A", "fr"),             // cut at the first invalid subtag
    ])
    func canonical(input: String, expected: String) {
        #expect(LanguageTag(input)?.text == expected)
    }

    @Test("rejects what names no language", arguments: [
        "", "   ", "C", "c", "POSIX", "C.UTF-8", "x", "1234", "-fr", "_", ".UTF-8", "f!r", "toolonglanguage",
        // Full case mapping would turn these into POSIX; they are not ASCII, so no tag either way.
        "poſix", "posıx", "fré",
    ])
    func rejects(input: String) {
        #expect(LanguageTag(input) == nil)
    }

    @Test("prefixes run from the full tag down to the language")
    func prefixes() {
        #expect(LanguageTag("zh-Hant-TW")?.prefixes == ["zh-Hant-TW", "zh-Hant", "zh"])
        #expect(LanguageTag("fr")?.prefixes == ["fr"])
    }
}
