import Testing
import PaymentFormTestSupport
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization

/// A keystroke that lands skips the check for cut characters when the new value holds every
/// old byte and every typed one (``PaymentFormController/keptEveryCharacter(_:typed:over:value:)``).
/// These cases hold that shortcut to what it claims, over random typing into many masks.
@Suite("Form controller: the keystroke shortcut past the cut-character check")
struct KeystrokeFastPathTests {
    /// Masks with digits, letters, wildcards, several literals, and the expiry shortcuts.
    static let masks: [(pattern: String, expiry: Bool)] = [
        ("{{9999}} {{9999}} {{9999}} {{9999}}", false),
        ("{{9999}} {{999999}} {{99999}}", false),
        ("{{99}}/{{99}}", true),
        ("{{99}}/{{9999}}", false),
        ("{{aaa}}-{{999}}", false),
        ("{{9999}} {{aa}}", false),
        ("{{****}} {{**}}", false),
        ("+{{99}} ({{999}}) {{999}}-{{99}}", false),
    ]

    @Test("whenever the shortcut is taken, the value is the old one with the typed character in it",
          arguments: masks.indices)
    func shortcutKeepsWhatWasTyped(maskIndex: Int) {
        let (pattern, expiry) = Self.masks[maskIndex]
        let formatter = FieldFormatter(mask: Mask(pattern), expiryShortcuts: expiry)
        // The expiry shortcuts rewrite what was typed, so they never take the shortcut.
        let shortcutExpected = !expiry
        // Wildcard slots can take a literal character the full check reads back as data; every
        // other mask must agree with the full check exactly.
        let hasWildcard = pattern.contains("*")
        let alphabet: [String] = ["0", "1", "2", "3", "7", "9", "a", "Z", "-", "/", " ", "(", "+", "٣", "é"]
        var generator = SeededGenerator(seed: UInt64(maskIndex) &+ 0x5EED)
        var shortcuts = 0
        for _ in 0..<40 {
            var text = ""
            for _ in 0..<24 {
                let value = formatter.keptValue(of: text)
                let caret = Int.random(in: 0...text.utf16.count, using: &generator)
                guard let typed = alphabet.randomElement(using: &generator) else { continue }
                let result = formatter.apply(.insert(typed), to: text, selection: caret..<caret)
                guard result.outcome == .changed else { continue }
                if PaymentFormController.keptEveryCharacter(result, typed: typed, over: caret..<caret, value: value, formatter: formatter) {
                    shortcuts += 1
                    let before = formatter.keptValue(of: PaymentFormController.text(text, utf16Prefix: caret)).count
                    let old = Array(value)
                    #expect(result.value == String(old[..<before]) + typed + String(old[before...]),
                            "mask \(pattern): the typed character is where it was typed, nothing else moved out")
                    if !hasWildcard {
                        #expect(formatter.keepingCutCharacters(of: result, inserting: typed, into: text,
                                                               selection: caret..<caret) == nil,
                                "mask \(pattern): the full check finds nothing the shortcut skipped")
                    }
                }
                text = result.text
            }
        }
        #expect(shortcutExpected ? shortcuts > 50 : shortcuts == 0, "mask \(pattern): the random typing took the shortcut \(shortcuts) times")
    }

    @Test("a paste with no room for all of it, a paste over a selection and a rewritten expiry digit take the full check")
    func cutsAreNotShortcut() {
        let card = FieldFormatter(mask: Mask("{{9999}} {{9999}}"), expiryShortcuts: false)
        let full = card.apply(.insert("999"), to: "1234 567", selection: 2..<2)
        #expect(full.value == "12934567")
        #expect(!PaymentFormController.keptEveryCharacter(full, typed: "999", over: 2..<2, value: "1234567", formatter: card),
                "two of the typed digits found no room")
        let pasted = card.apply(.insert("99"), to: "1234 5678", selection: 0..<2)
        #expect(!PaymentFormController.keptEveryCharacter(pasted, typed: "99", over: 0..<2, value: "12345678", formatter: card))
        let expiry = FieldFormatter(mask: Mask("{{99}}/{{99}}"), expiryShortcuts: true)
        let shortcut = expiry.apply(.insert("2"), to: "", selection: 0..<0)
        #expect(shortcut.value == "02")
        #expect(!PaymentFormController.keptEveryCharacter(shortcut, typed: "2", over: 0..<0, value: "", formatter: expiry))
        // `٣` (two bytes) typed as `03` (two bytes) with `9` pushed out: the byte count balances,
        // so under the expiry shortcuts the count is never trusted.
        let rewritten = expiry.apply(.insert("٣"), to: "03/9", selection: 0..<0)
        #expect(!PaymentFormController.keptEveryCharacter(rewritten, typed: "٣", over: 0..<0, value: "039", formatter: expiry))
    }
}
