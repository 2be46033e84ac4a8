import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
import PaymentFormJSON
import PaymentFormTestSupport

/// Security review: the web form put a definition's terms `link` into `href` unfiltered
/// (`javascript:`, `data:`, `//host`), while the HTML renderer allowed only http(s). The form model
/// now holds the one rule, so the web form, every renderer and an app see the same link or none.
@Suite("A definition's link: http(s) only, in the form model")
struct WebLinkTests {
    static let cases: [(String, Bool)] = [
        ("https://example.com/terms", true), ("http://example.com/terms", true), ("HTTPS://EXAMPLE.COM", true),
        ("javascript:alert(1)", false), (" javascript:alert(1)", false), ("JaVaScRiPt:alert(1)", false),
        ("java\tscript:alert(1)", false), ("data:text/html,<script>alert(1)</script>", false),
        ("//evil.example/x", false), ("https:///path", false), ("https://x.example/\"onmouseover=\"", false),
        ("vbscript:msgbox", false), ("/relative/terms", false), ("https://x.example/a b", false), ("https://", false),
        ("https://x.example/\u{85}", false), ("https://x.example/`", false), ("", false),
    ]

    @Test("FormField.link is the link only when it may be followed; displayHints keep what was sent", arguments: cases)
    func formField(link: String, followable: Bool) throws {
        let quoted = String(decoding: JSONText.quote(link), as: UTF8.self)
        let json = Fixtures.product(fields: """
            [{"id": "termsAndConditions", "type": "boolean", "displayHints": {"label": "I accept the {link}",
              "link": \(quoted), "formElement": {"type": "boolean"}}}]
            """)
        let product = try Fixtures.decode(PaymentProduct.self, json).value
        let field = try #require(PaymentForm(product: product, localizer: Localizer(languageTag: "en")).fields.first)
        #expect(field.link == (followable ? link : nil))
        #expect(product.fields[0].displayHints.link == link)
        #expect(WebLink.checked(link) == (followable ? link : nil))
    }
}
