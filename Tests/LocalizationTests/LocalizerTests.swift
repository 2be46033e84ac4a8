import Testing
@testable import PaymentFormLocalization

@Suite("Localizer")
struct LocalizerTests {
    // MARK: Lookup order, on explicit tables so each rule is isolated.

    static let product = TranslationKey.productField(productId: "2", fieldId: "cvv", .label)
    static let generic = TranslationKey.genericField(fieldId: "cvv", .label)

    struct OrderCase: Sendable, CustomTestStringConvertible {
        let name: String
        let tables: [String: [String: String]]
        let language: String
        let definitionText: String?
        let expected: String?
        var testDescription: String { name }
    }

    @Test("field text: product-specific > definition text > generic > English > readable fallback", arguments: [
        OrderCase(name: "product-specific wins", tables: ["en": [product: "P", generic: "G"]], language: "en",
                  definitionText: "D", expected: "P"),
        // The definition's own text fits its product (Amex's 4-6-5 placeholder), so it beats the generic entry.
        OrderCase(name: "definition text beats generic", tables: ["en": [generic: "G"]], language: "en", definitionText: "D", expected: "D"),
        OrderCase(name: "generic without definition text", tables: ["en": [generic: "G"]], language: "en", definitionText: nil, expected: "G"),
        OrderCase(name: "definition text next", tables: ["en": [:]], language: "en", definitionText: "D", expected: "D"),
        OrderCase(name: "blank definition text skipped", tables: ["en": [:]], language: "en", definitionText: "  ",
                  expected: "Cvv"),
        OrderCase(name: "readable fallback last", tables: [:], language: "en", definitionText: nil, expected: "Cvv"),
        // Within the requested language, a generic translation beats a product-specific one in English.
        OrderCase(name: "generic fr beats product-specific en",
                  tables: ["fr": [generic: "G-fr"], "en": [product: "P-en"]], language: "fr-CA", definitionText: nil,
                  expected: "G-fr"),
        // The definition arrives localized by the Client API, so it beats the English fallback...
        OrderCase(name: "definition text beats English fallback", tables: ["en": [product: "P-en"]], language: "ja",
                  definitionText: "セキュリティコード", expected: "セキュリティコード"),
        // ...and without it the English text is used.
        OrderCase(name: "English fallback without definition text", tables: ["en": [product: "P-en"]], language: "ja",
                  definitionText: nil, expected: "P-en"),
        // A product-specific entry anywhere in the requested chain beats a generic one.
        OrderCase(name: "product-specific in the chain before generic", tables: ["fr-CA": [generic: "G-ca"], "fr": [product: "P-fr"]],
                  language: "fr-CA", definitionText: nil, expected: "P-fr"),
        OrderCase(name: "regional generic before parent generic", tables: ["fr-CA": [generic: "G-ca"], "fr": [generic: "G-fr"]],
                  language: "fr-CA", definitionText: nil, expected: "G-ca"),
    ])
    func fieldTextOrder(_ testCase: OrderCase) {
        let localizer = Localizer(languageTag: testCase.language, overrides: [:], tables: testCase.tables)
        #expect(localizer.fieldText(.label, productId: "2", fieldId: "cvv", definitionText: testCase.definitionText)
                == testCase.expected)
    }

    @Test("placeholder and tooltip have no readable fallback")
    func noFallbackForPlaceholder() {
        let localizer = Localizer(languageTag: "en", overrides: [:], tables: [:])
        #expect(localizer.fieldText(.placeholder, productId: "1", fieldId: "fooBar", definitionText: nil) == nil)
        #expect(localizer.fieldText(.tooltipText, productId: "1", fieldId: "fooBar", definitionText: nil) == nil)
        #expect(localizer.fieldText(.tooltipText, productId: "1", fieldId: "fooBar", definitionText: "T") == "T")
        #expect(localizer.fieldText(.label, productId: "1", fieldId: "fooBar", definitionText: nil) == "Foo bar")
        #expect(localizer.fieldText(.label, productId: "1", fieldId: "", definitionText: nil) == nil)
    }

    @Test("product names: translation, definition label, English, then a readable stand-in")
    func productNameOrder() {
        let key = TranslationKey.productName(productId: "99")
        let tables = ["en": [key: "N-en", TranslationKey.unnamedProduct: "Method {productId}"], "fr": [key: "N-fr"]]
        #expect(Localizer(languageTag: "fr", overrides: [:], tables: tables).productName(productId: "99", definitionLabel: "D") == "N-fr")
        #expect(Localizer(languageTag: "de", overrides: [:], tables: tables).productName(productId: "99", definitionLabel: "D") == "D")
        #expect(Localizer(languageTag: "de", overrides: [:], tables: tables).productName(productId: "99", definitionLabel: nil) == "N-en")
        #expect(Localizer(languageTag: "de", overrides: [:], tables: tables).productName(productId: "5", definitionLabel: nil) == "Method 5")
        // The stand-in's text is written once, in en.json: tables without it (only a broken build's)
        // show its key, never a second English copy from the code.
        #expect(Localizer(languageTag: "de", overrides: [:], tables: [:]).productName(productId: "5", definitionLabel: "") == TranslationKey.unnamedProduct)
    }

    // MARK: Shipped tables.

    @Test("shipped product names", arguments: [
        ("en", "770", "SEPA Direct Debit"), ("fr", "770", "Prélèvement SEPA"), ("de", "770", "SEPA-Lastschrift"),
        ("nl", "770", "SEPA-incasso"), ("es", "770", "Adeudo directo SEPA"), ("it", "770", "Addebito diretto SEPA"),
        ("pt", "770", "Débito Direto SEPA"), ("fr", "1", "Visa"), ("de", "2", "American Express"),
        ("nl", "809", "iDEAL"), ("it", "3", "Mastercard"), ("pt-BR", "770", "Débito Direto SEPA"),
        ("fr", "4242", "Moyen de paiement 4242"),
    ])
    func shippedProductNames(language: String, productId: String, expected: String) {
        #expect(Localizer(languageTag: language).productName(productId: productId, definitionLabel: nil) == expected)
    }

    @Test("Amex's CVV text overrides the generic one; other cards get the generic text")
    func amexOverride() {
        let localizer = Localizer(languageTag: "en")
        let amex = localizer.fieldText(.label, productId: "2", fieldId: "cvv", definitionText: "CVV")
        let visa = localizer.fieldText(.label, productId: "1", fieldId: "cvv", definitionText: "CVV")
        let unlabelled = localizer.fieldText(.label, productId: "1", fieldId: "cvv", definitionText: nil)
        #expect(amex == "4-digit security code (CID)")
        #expect(visa == "CVV")   // the definition's own text beats the generic entry
        #expect(unlabelled == "Security code (CVV)")
        #expect(localizer.fieldText(.tooltipText, productId: "2", fieldId: "cvv", definitionText: nil)?.contains("front") == true)
        #expect(localizer.productGroupName(groupId: "cards", definitionLabel: nil) == "Cards")
        #expect(Localizer(languageTag: "de").productGroupName(groupId: "cards", definitionLabel: nil) == "Karten")
        #expect(localizer.productGroupName(groupId: "eWallets", definitionLabel: nil) == "E wallets")
    }

    @Test("the SEPA mandate label has a {link} to fill with the link text")
    func sepaTermsLink() throws {
        for language in Localizer.shippedLanguages {
            let localizer = Localizer(languageTag: language)
            let label = try #require(localizer.fieldText(.label, productId: "770", fieldId: "termsAndConditions", definitionText: nil))
            let link = try #require(localizer.string(
                forKey: "gc.general.paymentProducts.770.paymentProductFields.termsAndConditions.link.label"))
            #expect(label.contains("{link}"))
            #expect(localizer.fill(label, with: ["link": link]).contains(link))
        }
    }

    // MARK: Languages.

    @Test("language fallback chain", arguments: [
        ("fr-CA", "fr-CA", ["fr-CA", "fr", "en"]),
        ("fr_ca", "fr-CA", ["fr-CA", "fr", "en"]),
        ("pt-BR", "pt-BR", ["pt-BR", "pt", "en"]),
        // Traditional Chinese never reads the Simplified `zh`.
        ("zh-Hant-TW", "zh-Hant-TW", ["zh-Hant-TW", "zh-Hant", "en"]),
        ("zh-TW", "zh-Hant-TW", ["zh-Hant-TW", "zh-Hant", "en"]),
        ("zh_HK", "zh-Hant-HK", ["zh-Hant-HK", "zh-Hant", "en"]),
        ("zh-CN", "zh-CN", ["zh-CN", "zh", "en"]),
        ("zh-Hans-CN", "zh-Hans-CN", ["zh-Hans-CN", "zh-Hans", "zh", "en"]),
        // Retired and macrolanguage codes read the tables' code; Nynorsk reads Bokmål.
        ("iw", "he", ["he", "en"]),
        ("iw-IL", "he-IL", ["he-IL", "he", "en"]),
        ("no", "nb", ["nb", "en"]),
        ("no_NO", "nb-NO", ["nb-NO", "nb", "en"]),
        ("nn-NO", "nn-NO", ["nn-NO", "nn", "nb", "en"]),
        ("en-GB", "en-GB", ["en-GB", "en"]),
        ("EN", "en", ["en"]),
        ("xx", "xx", ["xx", "en"]),
        ("", "en", ["en"]),
        ("C", "en", ["en"]),
        ("!!", "en", ["en"]),
    ])
    func chain(input: String, tag: String, chain: [String]) {
        let localizer = Localizer(languageTag: input)
        #expect(localizer.languageTag == tag)
        #expect(localizer.fallbackChain == chain)
    }

    @Test("lookups follow the chain to the shipped tables", arguments: [
        ("fr-CA", "Ce champ est obligatoire."),
        ("pt-BR", "Este campo é obrigatório."),
        ("DE_at", "Dies ist ein Pflichtfeld."),
        ("xx", "This field is required."),
        ("", "This field is required."),
        ("iw", "זהו שדה חובה."),
        ("no", "Dette feltet må fylles ut."),
        ("nn", "Dette feltet må fylles ut."),
        ("zh-CN", "此字段为必填项。"),
        ("zh-Hans", "此字段为必填项。"),
        ("zh-TW", "此欄位為必填。"),
        ("zh-HK", "此欄位為必填。"),
        ("ar-EG", "هذا الحقل مطلوب."),
    ])
    func chainLookup(language: String, expected: String) {
        #expect(Localizer(languageTag: language).validationMessage(errorId: "required", parameters: [:]) == expected)
    }

    @Test("preferredLanguageTag reads LC_ALL, then LC_MESSAGES, then LANG", arguments: [
        (["LANG": "fr_CA.UTF-8"], "fr-CA"),
        (["LANG": "de_AT.UTF-8"], "de-AT"),
        (["LC_ALL": "nl_NL.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "de_DE"], "nl-NL"),
        (["LC_MESSAGES": "it_IT@euro", "LANG": "de_DE"], "it-IT"),
        (["LC_ALL": "", "LANG": "pt_BR.UTF-8"], "pt-BR"),
        (["LC_ALL": "C", "LANG": "pt_BR.UTF-8"], nil),
        (["LANG": "C.UTF-8"], nil),
        (["LANG": "POSIX"], nil),
        ([:], nil),
        (["LANGUAGE": "fr"], nil),
    ] as [([String: String], String?)])
    func preferredLanguage(environment: [String: String], expected: String?) {
        #expect(Localizer.preferredLanguageTag(environment: environment) == expected)
    }

    @Test("a de_AT environment gets German")
    func environmentToGerman() throws {
        let tag = try #require(Localizer.preferredLanguageTag(environment: ["LANG": "de_AT.UTF-8"]))
        #expect(Localizer(languageTag: tag).productName(productId: "770", definitionLabel: nil) == "SEPA-Lastschrift")
    }

    // MARK: Overrides.

    @Test("a merchant's wording replaces one key for one language only")
    func overridesOneKey() {
        let key = TranslationKey.genericField(fieldId: "cvv", .label)
        let localizer = Localizer(languageTag: "fr", overrides: ["fr": [key: "Cryptogramme"]])
        #expect(localizer.string(forKey: key) == "Cryptogramme")
        #expect(localizer.fieldText(.label, productId: "1", fieldId: "cvv", definitionText: nil) == "Cryptogramme")
        // Other keys and other languages are untouched.
        #expect(localizer.fieldText(.label, productId: "1", fieldId: "cardNumber", definitionText: nil) == "Numéro de carte")
        let german = Localizer(languageTag: "de", overrides: ["fr": [key: "Cryptogramme"]])
        #expect(german.string(forKey: key) == "Kartenprüfnummer (CVV)")
    }

    @Test("an override for fr applies to fr-CA, and tags match case-insensitively", arguments: ["fr", "FR", "fr_FR"])
    func overrideForParentLanguage(overrideTag: String) {
        let key = TranslationKey.validationError("required")
        let localizer = Localizer(languageTag: "fr-CA", overrides: [overrideTag: [key: "Obligatoire"]])
        // `fr_FR` is a sibling of fr-CA, not its parent, so it must not apply.
        let expected = overrideTag == "fr_FR" ? "Ce champ est obligatoire." : "Obligatoire"
        #expect(localizer.validationMessage(errorId: "required", parameters: [:]) == expected)
    }

    @Test("a regional override wins over the parent's override; canonical spelling wins a tie")
    func overridePrecedence() {
        let key = "k"
        let localizer = Localizer(languageTag: "fr-CA", overrides: ["fr": [key: "parent"], "fr-CA": [key: "regional"]])
        #expect(localizer.string(forKey: key) == "regional")
        let tie = Localizer(languageTag: "fr", overrides: ["FR": [key: "upper"], "fr": [key: "canonical"], "Fr": [key: "mixed"]])
        #expect(tie.string(forKey: key) == "canonical")
        let merged = Localizer(languageTag: "fr", overrides: ["FR": ["a": "A"], "fr": ["b": "B"]])
        #expect(merged.string(forKey: "a") == "A")
        #expect(merged.string(forKey: "b") == "B")
        #expect(Localizer(languageTag: "fr", overrides: ["": [key: "x"], "C": [key: "y"]]).string(forKey: key) == nil)
    }

    @Test("an override can add a validation message the tables lack")
    func overrideAddsMessage() {
        let localizer = Localizer(languageTag: "en", overrides: ["en": [TranslationKey.validationError("zip"): "Check the postcode."]])
        #expect(localizer.validationMessage(errorId: "zip", parameters: [:]) == "Check the postcode.")
        #expect(Localizer(languageTag: "en").validationMessage(errorId: "zip", parameters: [:]) == "This value is not valid.")
    }

    // MARK: Validation messages.

    @Test("length and range pick the variant that names their bounds", arguments: [
        ("length", ["minLength": 16, "maxLength": 16], "Enter exactly 16 characters."),
        ("length", ["minLength": 0, "maxLength": 19], "Enter no more than 19 characters."),
        ("length", ["maxLength": 19], "Enter no more than 19 characters."),
        ("length", ["minLength": 3], "Enter at least 3 characters."),
        ("length", ["minLength": 3, "maxLength": 4], "Enter between 3 and 4 characters."),
        ("length", [:], "This value is not valid."),
        ("range", ["minValue": 1, "maxValue": 28], "Enter a number from 1 to 28."),
        ("range", ["minValue": 0, "maxValue": 99], "Enter a number from 0 to 99."),
        ("range", ["minValue": -5], "Enter a number of -5 or more."),
        ("range", ["maxValue": 100], "Enter a number of 100 or less."),
        ("range", [:], "This value is not valid."),
        ("length.between", ["minLength": 1, "maxLength": 2], "Enter between 1 and 2 characters."),
        ("iban", [:], "This IBAN is not valid. Please check it."),
        ("luhn", [:], "This card number is not valid. Please check it."),
        ("noSuchRule", ["x": 1], "This value is not valid."),
        ("", [:], "This value is not valid."),
    ] as [(String, [String: Int], String)])
    func variants(errorId: String, parameters: [String: Int], expected: String) {
        #expect(Localizer(languageTag: "en").validationMessage(errorId: errorId, parameters: parameters) == expected)
    }

    @Test("no shipped message leaves a placeholder unfilled", arguments: Localizer.shippedLanguages)
    func noRawTokens(language: String) {
        let localizer = Localizer(languageTag: language)
        let cases: [(String, [String: Int])] = [
            ("length", ["minLength": 2, "maxLength": 4]), ("length", ["minLength": 4, "maxLength": 4]),
            ("length", ["maxLength": 4]), ("length", ["minLength": 4]), ("range", ["minValue": 1, "maxValue": 9]),
            ("range", ["minValue": 1]), ("range", ["maxValue": 9]),
        ]
        for (errorId, parameters) in cases {
            let message = localizer.validationMessage(errorId: errorId, parameters: parameters)
            #expect(!message.contains("{"), "\(language) \(errorId) \(parameters): \(message)")
            for value in parameters.values { #expect(message.contains(String(value)), "\(language): \(message)") }
        }
    }

    @Test("a French range message, filled")
    func frenchRange() {
        #expect(Localizer(languageTag: "fr").validationMessage(errorId: "range", parameters: ["minValue": 1, "maxValue": 28])
                == "Saisissez un nombre compris entre 1 et 28.")
    }

    @Test("fill is exposed unchanged from PlaceholderTemplate")
    func fill() {
        let localizer = Localizer(languageTag: "en")
        #expect(localizer.fill("{a} {b} {a}", with: ["a": "{b}", "b": "%d"]) == "{b} %d {b}")
    }

    @Test("the validation-message variant choice", arguments: [
        ("length", ["minLength": 5, "maxLength": 5], "length.exact"),
        ("length", ["minLength": 0, "maxLength": 0], "length.max"),
        ("length", ["minLength": -1, "maxLength": 3], "length.max"),
        ("range", ["minValue": 5, "maxValue": 5], "range"),
        ("required", [:], "required"),
    ] as [(String, [String: Int], String?)])
    func messageId(errorId: String, parameters: [String: Int], expected: String?) {
        #expect(ValidationMessageId.resolve(errorId: errorId, parameters: parameters) == expected)
    }
}
