import Foundation
import PaymentFormTestSupport
import Testing
@testable import PaymentFormValidation
@testable import PaymentFormPatternFallback

/// Compiling is lazy and cheap: a pattern of the linear matcher's subset never reaches ICU (its
/// reader is its only check), any other is checked by ICU at once and anchored on its first match.
@Suite("regularExpression: compiling", .timeLimit(.minutes(3)))
struct RegularExpressionCompileTests {
    @Test("a pattern of the linear subset is never compiled by ICU", arguments: [
        "(?:0[1-9]|1[0-2])[0-9]{2}", "^[0-9]{3}[0-9]?$", "[\\p{L} '.-]+", "^[0-9]{4}$", "", "\\d{3}",
    ])
    func linearPatternsSkipICU(pattern: String) throws {
        let expression = try RegularExpression(uncached: pattern)
        #expect(expression.runsOnLinearMatcher)
        _ = expression.matchesWhole("1230")
        _ = Validator.regularExpression(expression).inputState(of: "12", in: anyContext)
        #expect(!expression.hasCompiledICUForm)
    }

    @Test("a pattern outside the subset is checked at once and anchored on its first match")
    func icuPatternsAnchorOnFirstMatch() throws {
        let expression = try RegularExpression(uncached: "(?i)[\\p{Lu}\\p{Ll} '.-]+")
        #expect(!expression.runsOnLinearMatcher)
        #expect(!expression.hasCompiledICUForm)
        #expect(expression.matchesWhole("Zoë O'Brien"))
        #expect(expression.hasCompiledICUForm)
        #expect(!expression.matchesWhole("Zoë 1"))
    }

    /// What the reader takes is the whole check of the patterns it runs: each must be one ICU
    /// compiles, or a broken pattern would decode without its diagnostic.
    @Test("every pattern the linear reader takes is one ICU compiles", arguments: [1, 2, 3, 4] as [UInt64])
    func readerTakesOnlyValidPatterns(seed: UInt64) throws {
        let pieces = ["a", "0", "9", "-", "^", "$", "[", "]", "(", ")", "?", ":", "|", "*", "+", "{", "}", ",", "1", "\\",
                      "d", "p", "P", "L", "{L}", "{Nd}", "{Xx}", "\\p{L}", "é", " ", "&", ".", "#", "Q", "E", "!", "=",
                      "\\-", "\\d", "\\]", "[^", "\\u", "(?", "(?:", "{2}", "{1,}", "{2,1}", "z-a", "a-z", "\\\\"]
        var random = SeededGenerator(seed: seed)
        var taken = 0
        for _ in 0..<5_000 {
            let pattern = (0..<Int.random(in: 1...10, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
            guard LinearPattern(pattern) != nil else { continue }
            taken += 1
            #expect((try? NSRegularExpression(pattern: pattern)) != nil, "\(pattern.debugDescription)")
            #expect((try? RegularExpression(icuOnly: pattern)) != nil, "\(pattern.debugDescription)")
        }
        #expect(taken > 100)
    }

    /// Edges of the subset that ICU refuses: they are left to ICU, which reports them.
    @Test("patterns ICU refuses are refused, whichever engine would run them", arguments: [
        "[z-a]", "a{2,1}", "\\p{Xx}", "[]", "[^]", "(", ")", "a)|(b", "*", "a**", "{", "[a-\\d]", "\\", "(?<a", "a{1001}{2}",
    ])
    func refusedPatterns(pattern: String) {
        let icuRefuses = (try? NSRegularExpression(pattern: pattern)) == nil
        #expect(((try? RegularExpression(uncached: pattern)) == nil) == icuRefuses, "\(pattern.debugDescription)")
    }
}
