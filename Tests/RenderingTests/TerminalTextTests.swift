import Testing
import PaymentFormEngine
import PaymentFormRendering
import PaymentFormTestSupport

/// One classification of what a terminal could act on, shown as escapes in diagnostics and
/// replaced in previews.
@Suite("Terminal text")
struct TerminalTextTests {
    @Test("escape: C0 but tab, DEL, C1 and the bidi controls become visible escapes", arguments: [
        ("plain text, tab\tkept", "plain text, tab\tkept"),
        ("\u{1B}[2J", #"\u{1B}[2J"#),
        ("\u{1B}]0;title\u{07}", #"\u{1B}]0;title\u{7}"#),
        ("a\nb\rc\u{0}", #"a\nb\rc\u{0}"#),
        ("\u{7F}\u{85}\u{9B}31m", #"\u{7F}\u{85}\u{9B}31m"#),
        ("abc\u{202E}fed\u{202C}", #"abc\u{202E}fed\u{202C}"#),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", #"\u{2066}\u{2067}\u{2068}\u{2069}"#),
        ("\u{200F}", #"\u{200F}"#),
        ("Ünïcödé → ✓", "Ünïcödé → ✓"),
    ])
    func escape(text: String, escaped: String) {
        #expect(TerminalText.escape(text) == escaped)
        #expect(TerminalText.escape(escaped) == escaped, "escaping twice changes nothing")
        #expect(!TerminalText.escape(text).unicodeScalars.contains(where: TerminalText.isUnsafe))
    }

    @Test("escapeLines keeps the line feeds between lines and escapes the rest")
    func lines() {
        #expect(TerminalText.escapeLines("payform: warning: a\u{1B}[31m\npayform: b\r\n") == "payform: warning: a\\u{1B}[31m\npayform: b\\r\n")
        #expect(TerminalText.escapeLines("one\ntwo\n") == "one\ntwo\n")
    }

    @Test("sanitize (previews) replaces the same characters")
    func sanitize() {
        let hostile = "a\u{1B}b\u{202E}c\u{9B}d\u{7F}e\tf\ng"
        #expect(TerminalText.sanitize(hostile) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\tf g")
    }
}

/// The HTML preview keeps a definition text's bidi controls from reordering the rest of the page.
@Suite("Bidi isolation in the HTML preview")
struct BidiIsolationTests {
    @Test("texts with bidi controls are isolated; a stray closer cannot end the isolation early", arguments: [
        ("Card number", "Card number"),
        ("abc\u{202E}fed", "\u{2068}abc\u{202E}fed\u{2069}"),
        ("\u{2067}open isolate", "\u{2068}\u{2067}open isolate\u{2069}\u{2069}"),
        ("a\u{2069}\u{202E}b", "\u{2068}a\u{FFFD}\u{202E}b\u{2069}"),
        ("\u{2066}x\u{2069}\u{2069}y", "\u{2068}\u{2066}x\u{2069}\u{FFFD}y\u{2069}"),
    ])
    func isolate(text: String, isolated: String) {
        #expect(BidiControls.isolate(text) == isolated)
    }

    @Test("labels, placeholders, tooltips and options of the page are isolated; typed values are not")
    func page() throws {
        let override = "Card \u{202E}rebmun"
        let quoted = String(decoding: JSONText.quote(override), as: UTF8.self)
        let json = """
            {"id": 987654, "paymentMethod": "card", "displayHints": {"label": \(quoted)}, "fields": [
             {"id": "f", "type": "text", "displayHints": {"label": \(quoted), "placeholderLabel": \(quoted),
              "tooltip": {"label": \(quoted)}, "formElement": {"type": "text"}}},
             {"id": "l", "type": "text", "displayHints": {"label": "List", "formElement": {"type": "list",
              "valueMapping": [{"value": "v", "displayName": \(quoted)}]}}}]}
            """
        let product = try PaymentProduct(jsonEncoded: Array(json.utf8))
        let localizer = Localizer(languageTag: "en")
        var controller = PaymentFormController(item: product, localizer: localizer, context: .current())
        _ = try controller.set("f", value: "typed \u{202E}value")
        let html = FormHTMLRenderer(languageTag: "en", localizer: localizer).render(controller)
        let isolated = "\u{2068}" + override + "\u{2069}"
        // Title, heading, label, placeholder, tooltip and the option: every place the text shows.
        #expect(html.components(separatedBy: isolated).count - 1 == 6)
        #expect(!html.replacingOccurrences(of: isolated, with: "").contains(override))
        #expect(html.contains("value=\"typed \u{202E}value\""), "what the customer typed is shown as typed")
    }
}
