import Testing
@testable import PaymentFormLocalization

/// Which message an error gets: its reason, field and product, in the localization order.
@Suite("Validation messages in the field's terms")
struct ValidationMessageTests {
    struct MessageCase: Sendable, CustomTestStringConvertible {
        let errorId: String
        var reason: String? = nil
        var parameters: [String: Int] = [:]
        var fieldIds: [String] = []
        var productId: String? = nil
        let expected: String
        var testDescription: String { "\(fieldIds.first ?? "-") \(errorId) \(reason ?? "") → \(expected)" }
    }

    @Test("English: what is wrong, named in the field's terms", arguments: [
        MessageCase(errorId: "length", reason: "tooShort", parameters: ["minLength": 13, "maxLength": 19], fieldIds: ["cardNumber"],
                    productId: "1", expected: "Enter the full card number."),
        MessageCase(errorId: "length", reason: "tooLong", parameters: ["minLength": 13, "maxLength": 19], fieldIds: ["cardNumber"],
                    expected: "This card number is too long."),
        MessageCase(errorId: "luhn", fieldIds: ["cardNumber"], expected: "This card number is not valid. Please check it."),
        MessageCase(errorId: "required", fieldIds: ["cardNumber"], expected: "Enter your card number."),
        // Amex's CID is exactly 4 digits; other cards' codes 3 or 4.
        MessageCase(errorId: "length", reason: "tooShort", parameters: ["minLength": 4, "maxLength": 4], fieldIds: ["cvv"],
                    productId: "2", expected: "Enter the 4-digit security code."),
        MessageCase(errorId: "length", reason: "tooLong", parameters: ["minLength": 3, "maxLength": 4], fieldIds: ["cvv"],
                    productId: "1", expected: "Enter the 3- or 4-digit security code."),
        // A form that names its security code its own way reads the cvv messages second.
        MessageCase(errorId: "length", reason: "tooShort", parameters: ["minLength": 3, "maxLength": 4],
                    fieldIds: ["VerificationCode", "cvv"], expected: "Enter the 3- or 4-digit security code."),
        MessageCase(errorId: "expirationDate", reason: "incomplete", fieldIds: ["expiryDate"], expected: "Enter the full expiry date."),
        MessageCase(errorId: "expirationDate", reason: "expired", fieldIds: ["expiryDate"], expected: "This card has expired."),
        MessageCase(errorId: "expirationDate", reason: "tooFarAhead", fieldIds: ["cardExpiryDate", "expiryDate"],
                    expected: "Check the expiry year."),
        MessageCase(errorId: "expirationDate", reason: "invalidMonth", expected: "Check the expiry month."),
        MessageCase(errorId: "expirationDate", expected: "This expiry date is not valid."),
        MessageCase(errorId: "iban", reason: "incomplete", fieldIds: ["iban"], expected: "Enter the full IBAN."),
        MessageCase(errorId: "iban", fieldIds: ["iban"], expected: "This IBAN is not valid. Please check it."),
        MessageCase(errorId: "length", reason: "tooShort", parameters: ["minLength": 15, "maxLength": 34], fieldIds: ["iban"],
                    expected: "Enter the full IBAN."),
        MessageCase(errorId: "required", fieldIds: ["emailAddress"], expected: "Enter your email address."),
        MessageCase(errorId: "emailAddress", fieldIds: ["emailAddress"], expected: "Enter a valid email address, such as name@example.com."),
        // The product's own entry first: SEPA's checkbox is its mandate.
        MessageCase(errorId: "required", fieldIds: ["termsAndConditions"], productId: "770",
                    expected: "Please accept the SEPA Direct Debit mandate to continue."),
        MessageCase(errorId: "termsAndConditions", fieldIds: ["termsAndConditions"], productId: "770",
                    expected: "Please accept the SEPA Direct Debit mandate to continue."),
        MessageCase(errorId: "required", fieldIds: ["termsAndConditions"], productId: "9",
                    expected: "Please accept the terms and conditions to continue."),
        // Fields without their own texts keep the generic ones.
        MessageCase(errorId: "required", fieldIds: ["nickname"], expected: "This field is required."),
        MessageCase(errorId: "length", reason: "tooShort", parameters: ["minLength": 2, "maxLength": 51], fieldIds: ["cardholderName"],
                    expected: "Enter between 2 and 51 characters."),
        MessageCase(errorId: "length", reason: "sideways", parameters: ["minLength": 3, "maxLength": 4], expected: "Enter between 3 and 4 characters."),
        // Plural forms: one character, two characters.
        MessageCase(errorId: "length", reason: "tooShort", parameters: ["minLength": 1, "maxLength": 1], expected: "Enter exactly 1 character."),
        MessageCase(errorId: "length", reason: "tooShort", parameters: ["minLength": 2, "maxLength": 2], expected: "Enter exactly 2 characters."),
        MessageCase(errorId: "length", reason: "tooShort", parameters: ["minLength": 1], expected: "Enter at least 1 character."),
        MessageCase(errorId: "length", reason: "tooLong", parameters: ["maxLength": 1], expected: "Enter no more than 1 character."),
        MessageCase(errorId: "length", reason: "tooLong", parameters: ["minLength": 0, "maxLength": 0], expected: "Enter no more than 0 characters."),
    ])
    func english(_ testCase: MessageCase) {
        let message = Localizer(languageTag: "en").validationMessage(
            errorId: testCase.errorId, reason: testCase.reason, parameters: testCase.parameters,
            fieldIds: testCase.fieldIds, productId: testCase.productId)
        #expect(message == testCase.expected)
    }

    static let generic = TranslationKey.validationError("length.between")
    static let field = TranslationKey.fieldValidationError(fieldId: "cvv", "length.between")
    static let reasonField = TranslationKey.fieldValidationError(fieldId: "cvv", "length.tooShort")
    static let product = TranslationKey.productFieldValidationError(productId: "2", fieldId: "cvv", "length.between")

    struct OrderCase: Sendable, CustomTestStringConvertible {
        let name: String
        let tables: [String: [String: String]]
        var overrides: [String: [String: String]] = [:]
        let language: String
        let expected: String
        var testDescription: String { name }
    }

    @Test("the order: product, field, generic; the requested language before English; the reason before the bounds", arguments: [
        OrderCase(name: "product beats field and generic", tables: ["en": [product: "P", field: "F", generic: "G"]], language: "en", expected: "P"),
        OrderCase(name: "field beats generic", tables: ["en": [field: "F", generic: "G"]], language: "en", expected: "F"),
        OrderCase(name: "the reason's text beats the bounds' text at one level", tables: ["en": [field: "F", reasonField: "R"]],
                  language: "en", expected: "R"),
        OrderCase(name: "a product's bounds text beats a field's reason text", tables: ["en": [product: "P", reasonField: "R"]],
                  language: "en", expected: "P"),
        OrderCase(name: "generic in the requested language beats field-specific in English",
                  tables: ["fr": [generic: "G-fr"], "en": [field: "F-en"]], language: "fr-CA", expected: "G-fr"),
        OrderCase(name: "field-specific in a parent language beats generic in the regional one",
                  tables: ["fr-CA": [generic: "G-ca"], "fr": [field: "F-fr"]], language: "fr-CA", expected: "F-fr"),
        OrderCase(name: "English field-specific when the language has nothing", tables: ["en": [field: "F-en", generic: "G-en"]],
                  language: "ja", expected: "F-en"),
        OrderCase(name: "a merchant's field text beats the shipped one", tables: ["en": [field: "F"]], overrides: ["en": [field: "M"]],
                  language: "en", expected: "M"),
        OrderCase(name: "a merchant's generic text does not beat a shipped field text", tables: ["en": [field: "F"]],
                  overrides: ["en": [generic: "M"]], language: "en", expected: "F"),
    ])
    func order(_ testCase: OrderCase) {
        let localizer = Localizer(languageTag: testCase.language, overrides: testCase.overrides, tables: testCase.tables)
        let message = localizer.validationMessage(errorId: "length", reason: "tooShort", parameters: ["minLength": 3, "maxLength": 4],
                                                  fieldIds: ["cvv"], productId: "2")
        #expect(message == testCase.expected)
    }

    @Test("a counted message takes its language's plural form for the number it names", arguments: [
        ("ru", ["minLength": 1, "maxLength": 1], "Введите ровно 1 символ."),
        ("ru", ["minLength": 3, "maxLength": 3], "Введите ровно 3 символа."),
        ("ru", ["minLength": 5, "maxLength": 5], "Введите ровно 5 символов."),
        ("ru", ["minLength": 11, "maxLength": 11], "Введите ровно 11 символов."),
        ("ru", ["minLength": 21, "maxLength": 21], "Введите ровно 21 символ."),
        ("ru", ["minLength": 2, "maxLength": 21], "Введите от 2 до 21 символа."),
        ("pl", ["minLength": 22, "maxLength": 22], "Wpisz dokładnie 22 znaki."),
        ("pl", ["minLength": 12, "maxLength": 12], "Wpisz dokładnie 12 znaków."),
        ("cs", ["minLength": 2], "Zadejte alespoň 2 znaky."),
        ("ro", ["minLength": 20, "maxLength": 20], "Introduceți exact 20 de caractere."),
        ("ro", ["minLength": 19, "maxLength": 19], "Introduceți exact 19 caractere."),
        ("fr", ["minLength": 1], "Saisissez au moins 1 caractère."),
        ("fr-CA", ["maxLength": 0], "Saisissez 0 caractère au maximum."),
        ("de", ["minLength": 1], "Geben Sie mindestens 1 Zeichen ein."),
        ("ga", ["minLength": 8, "maxLength": 8], "Cuir isteach 8 gcarachtar go díreach."),
        ("ar", ["minLength": 16, "maxLength": 16], "يجب أن يكون عدد الأحرف 16 بالضبط."),
        ("ja", ["minLength": 1, "maxLength": 1], "1文字で入力してください。"),
    ] as [(String, [String: Int], String)])
    func pluralForms(language: String, parameters: [String: Int], expected: String) {
        #expect(Localizer(languageTag: language).validationMessage(errorId: "length", parameters: parameters) == expected)
    }

    @Test("a plural form comes from the texts the message does: a merchant's text holds for every number")
    func pluralFormsFromOneSource() {
        let key = TranslationKey.validationError("length.exact")
        let localizer = Localizer(languageTag: "ru", overrides: ["ru": [key: "Нужно символов: {maxLength}."]])
        for count in [1, 3, 5, 21] {
            #expect(localizer.validationMessage(errorId: "length", parameters: ["minLength": count, "maxLength": count])
                    == "Нужно символов: \(count).")
        }
    }

    /// Every message the engine picks, with the bounds it is given.
    static let cases: [(errorId: String, reason: String?, parameters: [String: Int], fieldIds: [String], productId: String?)] = [
        ("required", nil, [:], ["cardNumber"], "1"), ("length", "tooShort", ["minLength": 13, "maxLength": 19], ["cardNumber"], "1"),
        ("length", "tooLong", ["minLength": 13, "maxLength": 19], ["cardNumber"], "1"), ("luhn", nil, [:], ["cardNumber"], "1"),
        ("required", nil, [:], ["cvv"], "1"), ("length", "tooShort", ["minLength": 3, "maxLength": 4], ["cvv"], "1"),
        ("length", "tooShort", ["minLength": 4, "maxLength": 4], ["cvv"], "2"), ("regularExpression", nil, [:], ["cvv"], "1"),
        ("required", nil, [:], ["expiryDate"], "1"), ("expirationDate", "incomplete", [:], ["expiryDate"], "1"),
        ("expirationDate", "invalidMonth", [:], ["expiryDate"], "1"), ("expirationDate", "expired", [:], ["expiryDate"], "1"),
        ("expirationDate", "tooFarAhead", [:], ["expiryDate"], "1"), ("regularExpression", nil, [:], ["expiryDate"], "1"),
        ("required", nil, [:], ["cardholderName"], "1"), ("regularExpression", nil, [:], ["cardholderName"], "1"),
        ("required", nil, [:], ["iban"], "770"), ("length", "tooShort", ["minLength": 15, "maxLength": 34], ["iban"], "770"),
        ("length", "tooLong", ["minLength": 15, "maxLength": 34], ["iban"], "770"), ("iban", "incomplete", [:], ["iban"], "770"),
        ("iban", nil, [:], ["iban"], "770"), ("required", nil, [:], ["accountHolderName"], "770"),
        ("regularExpression", nil, [:], ["accountHolderName"], "770"), ("required", nil, [:], ["emailAddress"], "770"),
        ("emailAddress", nil, [:], ["emailAddress"], "770"), ("required", nil, [:], ["debitDay"], "770"),
        ("range", nil, ["minValue": 1, "maxValue": 28], ["debitDay"], "770"), ("required", nil, [:], ["termsAndConditions"], "770"),
        ("termsAndConditions", nil, [:], ["termsAndConditions"], "770"), ("required", nil, [:], ["termsAndConditions"], "1"),
        ("required", nil, [:], ["issuerId"], "809"), ("fixedList", nil, [:], ["issuerId"], "809"),
    ]

    @Test("every language has its own text for every message the engine picks, filled in", arguments: Localizer.shippedLanguages)
    func everyLanguage(language: String) {
        let localizer = Localizer(languageTag: language)
        let english = Localizer(languageTag: "en")
        for (errorId, reason, parameters, fieldIds, productId) in Self.cases {
            let message = localizer.validationMessage(errorId: errorId, reason: reason, parameters: parameters, fieldIds: fieldIds, productId: productId)
            let generic = localizer.validationMessage(errorId: errorId, parameters: parameters)
            #expect(!message.contains("{") && !message.contains("}"), "\(language) \(fieldIds) \(errorId): \(message)")
            for value in parameters.values where fieldIds != ["cardNumber"] && fieldIds != ["iban"] {
                #expect(message.contains(String(value)), "\(language) \(fieldIds) \(errorId): \(message)")
            }
            if language != "en" {
                let inEnglish = english.validationMessage(errorId: errorId, reason: reason, parameters: parameters, fieldIds: fieldIds, productId: productId)
                #expect(message != inEnglish, "\(language) \(fieldIds) \(errorId): the English text")
            }
            // The specific text says more than the generic one wherever the tables have one.
            if reason != nil || errorId == "required" {
                #expect(message != generic, "\(language) \(fieldIds) \(errorId): the generic text")
            }
        }
    }
}
