import Testing
import PaymentFormMasking

/// Plain ASCII text takes byte paths (a byte loop for format, run-by-run copying for digits in a
/// digits-only mask, byte loops for edits); everything else takes the `Character` path. On ASCII
/// input both must give exactly the same results, since the `Character` path is the one
/// definition the byte paths implement faster.
@Suite("ASCII byte paths against the Character path")
struct ASCIIPathTests {
    typealias SeededGenerator = MaskPropertyTests.SeededGenerator

    /// Masks that take every fast path: one slot kind with literals outside it (run copying),
    /// mixed kinds, literals a slot would take, `*` slots, non-ASCII literals.
    static let masks = [
        "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", "{{99}}/{{99}}", "{{9999}}", "+{{99}} {{999}} {{99999999}}",
        "({{999}}) {{999}}-{{9999}}", "{{aaaa}}-{{aaaaaaaaaaa}}", "{{AA}}{{99}} {{AAAA}} {{9999}}", "{{99999999999}}9{{99}}",
        "1-{{999}}", "{{****}}-{{****}}", "€ {{999}},{{99}}", "--{{99}}--", "{{9}}", "", "{{x9}}", "{{99}}{{99}}",
    ]

    static func asciiText(_ random: inout SeededGenerator, digitsOnly: Bool) -> String {
        let pieces = digitsOnly ? ["0", "1", "4", "7", "9"] : ["0", "1", "4", "9", " ", "-", "/", "(", ")", "+", "a", "Z", "x", "*", "{", "}", ","]
        return (0..<Int.random(in: 0...30, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "1" }.joined()
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func formatAndUnformatAgree(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        for mask in Self.masks.map(Mask.init) {
            for round in 0..<200 {
                let text = Self.asciiText(&random, digitsOnly: round % 2 == 0)
                #expect(mask.format(text) == mask.formatByCharacters(text), "\(mask.pattern) \(text)")
                #expect(mask.unformat(text) == mask.unformatByCharacters(text), "\(mask.pattern) \(text)")
                #expect(mask.isComplete(text) == mask.isCompleteByCharacters(text), "\(mask.pattern) \(text)")
                let cursor = Int.random(in: -1...(text.count + 1), using: &random)
                #expect(mask.format(text, cursor: cursor) == mask.formatByCharacters(text, cursor: cursor), "\(mask.pattern) \(text)")
            }
        }
    }

    @Test(arguments: [4, 5, 6] as [UInt64])
    func editsAgree(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        for mask in Self.masks.map(Mask.init) where mask.hasPlaceholders {
            var text = ""
            for round in 0..<300 {
                let length = text.utf16.count
                let lower = Int.random(in: -1...(length + 1), using: &random)
                let upper = Int.random(in: lower...(length + 2), using: &random)
                let edit: TextEdit
                switch Int.random(in: 0..<5, using: &random) {
                case 0: edit = .deleteBackward
                case 1: edit = .deleteForward
                default: edit = .insert(Self.asciiText(&random, digitsOnly: round % 3 != 0).prefix(Int.random(in: 1...20, using: &random)).description)
                }
                let fast = mask.apply(edit, to: text, selection: lower..<upper)
                let reference = mask.applyByCharacters(edit, to: text, selection: lower..<upper)
                #expect(fast == reference, "\(mask.pattern) \(text) \(edit) \(lower)..<\(upper)")
                text = round % 17 == 0 ? mask.format(Self.asciiText(&random, digitsOnly: true)) : fast.text
            }
        }
    }

    @Test("typed digits fill a digits-only mask run by run, at any length", arguments: [0, 1, 3, 4, 5, 8, 9, 15, 16, 17, 19, 20, 64, 1_000])
    func runCopying(length: Int) {
        let digits = String(repeating: "1234567890", count: length / 10 + 1).prefix(length).description
        for pattern in ["{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", String(repeating: "{{9999}} ", count: 300), "{{99999999999999999999}}-{{9}}"] {
            let mask = Mask(pattern)
            #expect(mask.format(digits) == mask.formatByCharacters(digits))
        }
    }
}
