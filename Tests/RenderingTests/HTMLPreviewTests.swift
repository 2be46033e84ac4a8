import Testing
import PaymentFormEngine
import PaymentFormRendering
import PaymentFormTestSupport
import PaymentFormFixtures

/// The HTML preview as a page: no length limit that cuts input, localized button, accessible
/// help, required markers and errors, read-only fields, and no raw card data posted.
@Suite("HTML preview page")
struct HTMLPreviewTests {
    static let now = ValidationContext(now: YearMonth(year: 2026, month: 6)!)

    static func product(_ name: String) throws -> PaymentProduct {
        try Fixtures.sample(name)
    }

    static func page(_ name: String, language: String = "en", account: String? = nil) throws -> String {
        let product = try product(name)
        let localizer = Localizer(languageTag: language)
        let form = PaymentForm(product: product, accountOnFile: account.flatMap { product.accountOnFile(withId: $0) }, localizer: localizer)
        return FormHTMLRenderer(languageTag: localizer.languageTag, localizer: localizer).render(form)
    }

    static func input(_ html: String, _ fieldId: String) -> HTMLStructure.Tag? {
        HTMLStructure(html).tags.first { tag in tag.attributes.contains { $0.name == "data-field-id" && $0.value == fieldId } }
    }

    static func attribute(_ tag: HTMLStructure.Tag?, _ name: String) -> String?? {
        tag?.attributes.first { $0.name == name }.map(\.value)
    }

    @Test("no input cuts what is typed: no maxlength, so 12/2030 pasted into MM/YY is not read as 12/20", arguments: [
        ("visa", "cardNumber"), ("visa", "expiryDate"), ("visa", "cvv"), ("sepa-direct-debit", "iban"), ("amex", "cardNumber"),
    ])
    func noMaxLength(sample: String, fieldId: String) throws {
        let html = try Self.page(sample)
        HTMLRendererTests.checkStructure(html)
        let input = try #require(Self.input(html, fieldId))
        #expect(Self.attribute(input, "maxlength") == nil)
        #expect(!html.contains("maxlength"))
    }

    @Test("a required field's marker is hidden from assistive technology: the input's accessible name is its label")
    func requiredMarker() throws {
        let html = try Self.page("visa")
        // cardNumber is required, cardholderName is not.
        #expect(html.contains(#"<label for="field-cardNumber">Card number<span class="required-marker" aria-hidden="true"> *</span></label>"#),
                "\(html)")
        #expect(html.contains(#"<label for="field-cardholderName">Cardholder name</label>"#), "\(html)")
        #expect(Self.attribute(Self.input(html, "cardNumber"), "required") == .some(nil))
        #expect(!html.contains("::after"), "no generated content in a label")
    }

    @Test("the pay button and the preview notice are in the page's language, in its direction", arguments: [
        ("en", "Pay", "ltr"), ("fr", "Payer", "ltr"), ("de", "Bezahlen", "ltr"), ("es", "Pagar", "ltr"), ("it", "Paga", "ltr"),
        ("nl", "Betalen", "ltr"), ("pt", "Pagar", "ltr"), ("pl", "Zapłać", "ltr"), ("ja", "支払う", "ltr"), ("ar", "ادفع", "rtl"),
        ("he", "תשלום", "rtl"),
    ])
    func localizedButton(language: String, title: String, direction: String) throws {
        let html = try Self.page("visa", language: language)
        #expect(html.contains("<button type=\"submit\">\(title)</button>"))
        #expect(html.contains(HTMLEscaping.escape(Localizer(languageTag: language).previewNotice)))
        #expect(html.contains("<html lang=\"\(language)\" dir=\"\(direction)\">"))
    }

    @Test("on a right-to-left page the card number, expiry and security code still read left to right")
    func rightToLeftInputs() throws {
        let html = try Self.page("visa", language: "ar")
        for id in ["cardNumber", "expiryDate", "cvv"] {
            #expect(Self.attribute(Self.input(html, id), "dir") == .some("ltr"), "\(id)")
        }
        let english = try Self.page("visa", language: "en")
        #expect(Self.attribute(Self.input(english, "cardNumber"), "dir") == nil)
    }

    @Test("nothing is posted: no names, no method, and the page says it is a preview")
    func noRawCardDataPosted() throws {
        let html = try Self.page("visa")
        let structure = HTMLStructure(html)
        #expect(!structure.tags.contains { tag in tag.name == "input" && tag.attributes.contains { $0.name == "name" } })
        let form = try #require(structure.tags.first { $0.name == "form" })
        #expect(!form.attributes.contains { $0.name == "method" || $0.name == "action" })
        #expect(Self.attribute(form, "aria-describedby") == .some("preview-notice"))
        #expect(html.contains("id=\"preview-notice\""))
        // Opting in names the inputs and posts.
        let localizer = Localizer(languageTag: "en")
        let posting = FormHTMLRenderer(languageTag: "en", localizer: localizer, postsValues: true)
            .render(PaymentForm(product: try Self.product("ideal"), localizer: localizer))
        #expect(posting.contains("method=\"post\""))
        #expect(posting.contains("name=\"issuerId\""))
    }

    @Test("tooltips and errors are tied to their inputs; aria-invalid follows the state")
    func describedBy() throws {
        let localizer = Localizer(languageTag: "en")
        var controller = PaymentFormController(item: try Self.product("visa"), localizer: localizer, context: Self.now)
        try controller.focus("expiryDate")
        try controller.set("expiryDate", value: "12/20")          // expired: shown while focused
        try controller.set("cardNumber", value: "4111")
        let html = FormHTMLRenderer(languageTag: "en", localizer: localizer).render(controller)
        HTMLRendererTests.checkStructure(html)
        let cvv = Self.input(html, "cvv")
        #expect(Self.attribute(cvv, "aria-describedby") == .some("field-cvv-tooltip"))
        #expect(html.contains("<small class=\"tooltip\" id=\"field-cvv-tooltip\""))
        let expiry = Self.input(html, "expiryDate")
        #expect(Self.attribute(expiry, "aria-describedby") == .some("field-expiryDate-tooltip field-expiryDate-error"))
        #expect(Self.attribute(expiry, "aria-invalid") == .some("true"))
        #expect(Self.attribute(expiry, "value") == .some("12/20"))
        #expect(html.contains("<p class=\"error\" id=\"field-expiryDate-error\" role=\"alert\">This card has expired.</p>"))
        // Not focused, never blurred: incomplete and silent.
        #expect(Self.attribute(Self.input(html, "cardNumber"), "aria-invalid") == .some("false"))
        #expect(!html.contains("field-cardNumber-error"))
        #expect(Self.attribute(cvv, "value") == nil)
    }

    @Test("a read-only saved card number is shown as read-only")
    func readOnly() throws {
        let html = try Self.page("mastercard-accounts-on-file", account: "1001")
        HTMLRendererTests.checkStructure(html)
        let card = Self.input(html, "cardNumber")
        #expect(Self.attribute(card, "readonly") == .some(nil))
        #expect(Self.attribute(card, "value") == .some("**** **** **** 4444"))
        #expect(Self.attribute(card, "required") == nil)
        #expect(Self.attribute(card, "placeholder") == nil)
        #expect(html.contains("<div class=\"field read-only\">\n<label for=\"field-cardNumber\">"))
        #expect(html.contains(".field input[readonly]"))
    }

    @Test("the terms label links its filled-in text")
    func termsLink() throws {
        let html = try Self.page("sepa-direct-debit", language: "fr")
        HTMLRendererTests.checkStructure(html)
        #expect(html.contains("J&#39;autorise ce prélèvement SEPA et j&#39;accepte les <a href=\"https://example.com/sepa-mandate-terms\" target=\"_blank\" rel=\"noopener noreferrer\">conditions du mandat de prélèvement SEPA</a>."))
        #expect(!html.contains("{link}"))
    }
}
