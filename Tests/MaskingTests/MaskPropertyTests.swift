import Testing
import PaymentFormMasking
import PaymentFormTestSupport

/// Seeded random masks, inputs and edits: invariants that must hold for all of them.
struct MaskPropertyTests {
    /// SplitMix64: small, deterministic and good enough to spread test cases.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    // Literal pieces avoid characters that join with a neighbour into one grapheme (combining marks,
    // ZWJ, CR/LF), which would change what "one character" means across the boundary.
    static let literals = [" ", "-", "/", "(", ")", "+", ".", "9", "a", "A", "*", "{", "}", "ü", "€", "😀", "x"]
    static let placeholders = ["9", "9", "9", "a", "A", "*", "*", "x"]
    static let pieces = ["0", "1", "2", "5", "9", "a", "z", "A", "Z", " ", "-", "/", "(", "+", ".", "*", "{",
                         "é", "e\u{301}", "😀", "👨‍👩‍👧", "🇩🇪", "٣", "४", "中", "ü", "€", "\u{00A0}"]

    static func randomMask(_ random: inout SeededGenerator) -> Mask {
        var pattern = ""
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            if Bool.random(using: &random) {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    pattern += literals.randomElement(using: &random) ?? " "
                }
            } else {
                pattern += "{{"
                for _ in 0..<Int.random(in: 0...5, using: &random) {
                    pattern += placeholders.randomElement(using: &random) ?? "9"
                }
                if Int.random(in: 0..<10, using: &random) > 0 { pattern += "}}" }
            }
        }
        return Mask(pattern)
    }

    static func randomText(_ random: inout SeededGenerator, maxPieces: Int = 14) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...maxPieces, using: &random) {
            text += pieces.randomElement(using: &random) ?? "1"
        }
        return text
    }

    /// Whether `sub` is `text` with some characters left out.
    static func isSubsequence(_ sub: String, of text: String) -> Bool {
        var remaining = Substring(text)
        for character in sub {
            guard let found = remaining.firstIndex(of: character) else { return false }
            remaining = remaining[remaining.index(after: found)...]
        }
        return true
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func formatIsIdempotentAndUnformatKeepsAcceptedCharacters(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        for _ in 0..<1_500 {
            let mask = Self.randomMask(&random)
            let input = Self.randomText(&random)
            let formatted = mask.format(input)
            #expect(mask.format(formatted) == formatted, "\(mask.pattern)")
            let value = mask.unformat(input)
            #expect(mask.unformat(formatted) == value, "\(mask.pattern)")
            #expect(value.count <= mask.capacity)
            #expect(Self.isSubsequence(value, of: input), "\(mask.pattern)")
            let cursor = Int.random(in: -2...(input.utf16.count + 2), using: &random)
            let withCursor = mask.format(input, cursor: cursor)
            #expect(withCursor.text == formatted)
            #expect(withCursor.cursor >= 0 && withCursor.cursor <= formatted.utf16.count)
        }
    }

    /// The request path's unmask: never shorter than `unformat`, equal to it plus the overflow,
    /// and the overflow is exactly the end of the input (so nothing typed is lost beyond the mask).
    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func unformatKeepingOverflowLosesNothingBeyondTheMask(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        for _ in 0..<2_000 {
            let mask = Self.randomMask(&random)
            let text = Self.randomText(&random, maxPieces: 30)
            let overflow = mask.overflow(of: text)
            let kept = mask.unformatKeepingOverflow(text)
            #expect(kept == mask.unformat(text) + overflow, "\(mask.pattern)")
            #expect(text.hasSuffix(overflow), "\(mask.pattern)")
            // A mask that is not full stopped because the input ran out: nothing overflows.
            if mask.unformat(text).count < mask.capacity { #expect(overflow.isEmpty, "\(mask.pattern)") }
        }
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func editsKeepTheCaretInsideAndTheTextFormatted(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        for _ in 0..<1_500 {
            let mask = Self.randomMask(&random)
            guard mask.hasPlaceholders else { continue }
            // Start from the layout an edit produces, or sometimes from raw text.
            var text = Self.randomText(&random)
            if Bool.random(using: &random) {
                text = mask.apply(.insert(text), to: "", selection: 0..<0).text
            }
            let length = text.utf16.count
            let lower = Int.random(in: -1...(length + 1), using: &random)
            let upper = Int.random(in: lower...(length + 2), using: &random)
            let edit: TextEdit
            switch Int.random(in: 0..<4, using: &random) {
            case 0: edit = .deleteBackward
            case 1: edit = .deleteForward
            default: edit = .insert(Self.randomText(&random, maxPieces: 4))
            }
            let result = mask.apply(edit, to: text, selection: lower..<upper)
            #expect(result.cursor >= 0 && result.cursor <= result.text.utf16.count, "\(mask.pattern)")
            #expect(result.value == mask.unformat(result.text), "\(mask.pattern)")
            if result.outcome == .rejected {
                #expect(result.text == text)
                continue
            }
            // The text is what format gives for it, less only a trailing literal run.
            let reformatted = mask.format(result.text)
            #expect(reformatted.hasPrefix(result.text), "\(mask.pattern)")
            #expect(mask.unformat(reformatted) == result.value, "\(mask.pattern)")
            #expect(result.text.isEmpty == result.value.isEmpty, "\(mask.pattern)")
            // Applying the value again from scratch gives the same text.
            let retyped = mask.apply(.insert(result.value), to: "", selection: 0..<0)
            if retyped.outcome == .changed, result.value.allSatisfy({ $0.isASCII }) {
                #expect(retyped.text == result.text || mask.pattern.contains("*"), "\(mask.pattern)")
            }
        }
    }
}
