import Testing
import PaymentFormEngine
import PaymentFormRendering
import PaymentFormTestSupport

/// The HTML preview never lets a definition's text become markup.
@Suite("HTML form renderer")
struct HTMLRendererTests {
    static func render(fields: String, accountsOnFile: String = "[]", accountOnFile: String? = nil) throws -> String {
        let json = #"{"id": 1, "paymentMethod": "card", "displayHints": {"label": "Card"}, "fields": \#(fields), "accountsOnFile": \#(accountsOnFile)}"#
        let product = try PaymentProduct(jsonEncoded: Array(json.utf8))
        let localizer = Localizer(languageTag: "en")
        let form = PaymentForm(product: product, accountOnFile: accountOnFile.flatMap { product.accountOnFile(withId: $0) }, localizer: localizer)
        return FormHTMLRenderer(languageTag: "en", localizer: localizer).render(form)
    }

    static func checkStructure(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let structure = HTMLStructure(html)
        #expect(structure.problems.isEmpty, "\(structure.problems)", sourceLocation: sourceLocation)
        #expect(structure.tagNames.subtracting(RendererAllowList.tags).isEmpty, "tags: \(structure.tagNames.subtracting(RendererAllowList.tags))", sourceLocation: sourceLocation)
        let unexpected = RendererAllowList.unexpectedAttributes(in: structure)
        #expect(unexpected.isEmpty, "attributes: \(unexpected)", sourceLocation: sourceLocation)
        for tag in structure.tags where tag.name == "a" {
            for attribute in tag.attributes where attribute.name == "href" {
                let value = (attribute.value ?? "").lowercased()
                #expect(value.hasPrefix("https://") || value.hasPrefix("http://"), "href \(value)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Hostile texts: a quote followed by a combining mark is one `Character` but still a quote
    /// to an HTML parser.
    static let hostile = [
        "x\"\u{0301} autofocus onfocus=alert(1) x=\"",
        "x'\u{0301} onmouseover=alert(1) x='",
        "\u{0301}\"><script>alert(1)</script>",
        "a<\u{0338}b>\u{20D2}",
        "`onerror=alert(1)`",
        "\u{1B}[31mred\u{0}\u{7F}\u{85}",
    ]

    @Test("hostile placeholders, labels and tooltips stay text", arguments: hostile)
    func hostileFieldTexts(text: String) throws {
        let quoted = String(decoding: JSONText.quote(text), as: UTF8.self)
        let html = try Self.render(fields: """
            [{"id": "f", "type": "text", "displayHints": {"label": \(quoted), "placeholderLabel": \(quoted),
              "tooltip": {"label": \(quoted)}, "formElement": {"type": "text"}}}]
            """)
        Self.checkStructure(html)
        #expect(!html.contains("<script"))
        #expect(!html.unicodeScalars.contains("\u{1B}"))
    }

    @Test("a hostile mask stays inside data-mask", arguments: hostile)
    func hostileMask(text: String) throws {
        let quoted = String(decoding: JSONText.quote("{{9999}}" + text), as: UTF8.self)
        let html = try Self.render(fields: """
            [{"id": "f", "type": "numericstring", "displayHints": {"mask": \(quoted), "formElement": {"type": "text"}}}]
            """)
        Self.checkStructure(html)
    }

    @Test("hostile account-on-file values and list options stay text", arguments: hostile)
    func hostileAccountOnFile(text: String) throws {
        let quoted = String(decoding: JSONText.quote(text), as: UTF8.self)
        let html = try Self.render(
            fields: """
            [{"id": "alias", "type": "text", "displayHints": {"formElement": {"type": "text"}}},
             {"id": "bank", "type": "text", "displayHints": {"formElement": {"type": "list",
               "valueMapping": [{"value": \(quoted), "displayName": \(quoted)}]}}}]
            """,
            accountsOnFile: """
            [{"id": 7, "paymentProductId": 1, "displayHints": {"labelTemplate": [{"attributeKey": "alias"}]},
              "attributes": [{"key": "alias", "value": \(quoted), "status": "READ_ONLY"}]}]
            """,
            accountOnFile: "7")
        Self.checkStructure(html)
    }

    @Test("only http and https links become hyperlinks", arguments: [
        ("https://example.com/terms", true), ("http://example.com/terms", true), ("HTTPS://EXAMPLE.COM", true),
        ("javascript:alert(1)", false), (" javascript:alert(1)", false), ("JaVaScRiPt:alert(1)", false),
        ("java\tscript:alert(1)", false), ("data:text/html,<script>alert(1)</script>", false),
        ("//evil.example/x", false), ("https:///path", false), ("https://x.example/\"onmouseover=\"", false),
        ("vbscript:msgbox", false), ("/relative/terms", false),
    ])
    func links(link: String, clickable: Bool) throws {
        let quoted = String(decoding: JSONText.quote(link), as: UTF8.self)
        let html = try Self.render(fields: """
            [{"id": "termsAndConditions", "type": "boolean", "displayHints": {"label": "I accept the {link}",
              "link": \(quoted), "formElement": {"type": "boolean"}}}]
            """)
        Self.checkStructure(html)
        let anchors = HTMLStructure(html).tags.filter { $0.name == "a" }
        #expect(anchors.count == (clickable ? 1 : 0))
    }
}

/// The terminal preview never lets a definition's text reach the terminal as control sequences.
@Suite("Text form renderer")
struct TextRendererTests {
    @Test("escape sequences, C1 controls and bidi overrides in definitions are neutralised", arguments: [false, true])
    func controlCharacters(color: Bool) throws {
        let hostile = "a\u{1B}]52;c;ZXZpbA==\u{07}b\u{1B}[2Jc\u{9B}31md\u{202E}e\u{2066}f\u{0}g\rh"
        let quoted = String(decoding: JSONText.quote(hostile), as: UTF8.self)
        let json = #"{"id": 1, "paymentMethod": "card", "displayHints": {"label": \#(quoted)}, "fields": [{"id": "f", "type": "text", "displayHints": {"label": \#(quoted), "placeholderLabel": \#(quoted), "tooltip": {"label": \#(quoted)}, "formElement": {"type": "text"}}}]}"#
        let product = try PaymentProduct(jsonEncoded: Array(json.utf8))
        let text = FormTextRenderer(color: color).render(PaymentForm(product: product, localizer: Localizer(languageTag: "en")))
        let controls = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
        if color {
            // Only the renderer's own styling: ESC [ 1 m, ESC [ 2 m and ESC [ 0 m.
            let escapes = text.components(separatedBy: "\u{1B}").dropFirst()
            #expect(escapes.allSatisfy { $0.hasPrefix("[0m") || $0.hasPrefix("[1m") || $0.hasPrefix("[2m") })
            #expect(controls.allSatisfy { $0 == "\u{1B}" })
        } else {
            #expect(controls.isEmpty)
        }
        #expect(text.contains("a\u{FFFD}]52;c;ZXZpbA==\u{FFFD}b"))
    }
}
