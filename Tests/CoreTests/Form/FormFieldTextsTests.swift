import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport
import PaymentFormFixtures

/// What a form field carries for a front end: texts from the right source, filled links,
/// resolved images and logos, and a length limit that fits the mask.
@Suite("Form field texts and limits")
struct FormFieldTextsTests {
    static let languages = ["en", "fr", "de", "es", "it", "nl", "pt"]

    @Test("the definition's own placeholder beats the generic table entry (Amex 4-6-5), in every language", arguments: languages)
    func amexPlaceholder(language: String) throws {
        let form = PaymentForm(product: try Fixtures.sample("amex"), localizer: Localizer(languageTag: language))
        let card = try #require(form.fields.first { $0.id == "cardNumber" })
        #expect(card.placeholder == "**** ****** *****")
        // The product-specific table entry still wins over the definition.
        let cvv = try #require(form.fields.first { $0.id == "cvv" })
        #expect(cvv.label == Localizer(languageTag: language).string(forKey: "gc.general.paymentProducts.2.paymentProductFields.cvv.label"))
    }

    @Test("SEPA's debit day label and placeholder come from the definition, in every language", arguments: languages)
    func sepaDebitDay(language: String) throws {
        let form = PaymentForm(product: try Fixtures.sample("sepa-direct-debit"), localizer: Localizer(languageTag: language))
        let debitDay = try #require(form.fields.first { $0.id == "debitDay" })
        #expect(debitDay.label == "Day of the month to debit")
        #expect(debitDay.placeholder == "1-28")
    }

    @Test("a terms-and-conditions {link} is filled with the link text, whose range is given", arguments: languages)
    func termsLink(language: String) throws {
        let localizer = Localizer(languageTag: language)
        let form = PaymentForm(product: try Fixtures.sample("sepa-direct-debit"), localizer: localizer)
        let terms = try #require(form.fields.first { $0.id == "termsAndConditions" })
        let linkText = try #require(localizer.fieldLinkText(productId: "770", fieldId: "termsAndConditions"))
        #expect(!terms.label.contains("{link}"))
        #expect(terms.linkText == linkText)
        #expect(terms.link == "https://example.com/sepa-mandate-terms")
        let range = try #require(terms.linkTextRange)
        let units = Array(terms.label.utf16)
        #expect(String(decoding: units[range], as: UTF16.self) == linkText)
    }

    @Test("without a link text the URL stands in; a label without {link} has no range")
    func linkFallback() throws {
        let json = Fixtures.product(fields: "[" + Fixtures.field(id: "terms", #""type": "boolean""#)
            .replacingOccurrences(of: #""formElement": {"type": "text"}"#, with: #""formElement": {"type": "boolean"}, "label": "Accept {link} now", "link": "https://x.test/t""#) + "]")
        let product = try PaymentProduct.decode(from: Array(json.utf8)).value
        let field = try #require(PaymentForm(product: product, localizer: Localizer(languageTag: "en")).fields.first)
        #expect(field.label == "Accept https://x.test/t now")
        #expect(field.linkTextRange == 7..<23)
        let visa = PaymentForm(product: try Fixtures.sample("visa"), localizer: Localizer(languageTag: "en"))
        #expect(visa.fields.allSatisfy { $0.linkText == nil && $0.linkTextRange == nil })
    }

    @Test("logos and tooltip images resolve against the asset base URL; mustWriteReason is kept")
    func assetsAndReasons() throws {
        let product = try Fixtures.sample("mastercard-accounts-on-file")
        let base = "https://assets.example.test/"
        let form = PaymentForm(product: product, accountOnFile: product.accountOnFile(withId: "1001"),
                               localizer: Localizer(languageTag: "en"), assetBaseURL: base)
        #expect(form.logo == "https://assets.example.test/templates/master/global/css/img/ppimages/pp_logo_3_v1.png")
        #expect(form.accountOnFile?.logo == "https://assets.example.test/templates/master/global/css/img/ppimages/pp_logo_3_v1.png")
        #expect(form.fields.first { $0.id == "cvv" }?.mustWriteReason == "IN_THE_PAST")
        let visa = PaymentForm(product: try Fixtures.sample("visa"), localizer: Localizer(languageTag: "en"), assetBaseURL: "https://a.test")
        #expect(visa.fields.first { $0.id == "cvv" }?.tooltipImage == "https://a.test/templates/master/global/css/img/ppimages/ppf_cvv_v1.png")
        let relative = PaymentForm(product: try Fixtures.sample("visa"), localizer: Localizer(languageTag: "en"))
        #expect(relative.fields.first { $0.id == "cvv" }?.tooltipImage == "templates/master/global/css/img/ppimages/ppf_cvv_v1.png")
        #expect(AssetURL.resolve("https://cdn.test/x.png", base: base) == "https://cdn.test/x.png")
        #expect(AssetURL.resolve("/x.png", base: "https://a.test") == "https://a.test/x.png")
    }

    @Test("maxLength is the mask's formatted capacity, else the length validator's maximum", arguments: [
        ("visa", "cardNumber", 23), ("visa", "expiryDate", 5), ("visa", "cvv", 4), ("sepa-direct-debit", "iban", 42),
        ("amex", "cardNumber", 17), ("visa", "cardholderName", 51), ("sepa-direct-debit", "debitDay", nil),
    ] as [(String, String, Int?)])
    func maxLength(sample: String, fieldId: String, expected: Int?) throws {
        let form = PaymentForm(product: try Fixtures.sample(sample), localizer: Localizer(languageTag: "en"))
        #expect(form.fields.first { $0.id == fieldId }?.maxLength == expected)
    }
}
