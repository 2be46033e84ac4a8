import Foundation
import Testing
@testable import PaymentFormValidation
@testable import PaymentFormPatternFallback

@Suite("regularExpression", .timeLimit(.minutes(3)))
struct RegularExpressionTests {
    @Test(arguments: [
        // Unanchored API patterns must match the whole value.
        ("(?:0[1-9]|1[0-2])[0-9]{2}", "1230", true),
        ("(?:0[1-9]|1[0-2])[0-9]{2}", "x1230", false),
        ("(?:0[1-9]|1[0-2])[0-9]{2}", "12301", false),
        ("(?:0[1-9]|1[0-2])[0-9]{2}", "1330", false),
        ("\\d{3}", "123", true),
        ("\\d{3}", "1234", false),                 // the old SDKs accept this
        ("\\d{3}", "x123x", false),
        ("\\d{3}", "123456", false),
        // Alternations are not split by the anchoring.
        ("a|ab", "ab", true),
        ("a|ab", "a", true),
        ("a|b", "ab", false),
        ("0|1[0-9]", "15", true),
        // Patterns that match the empty string: whole match, not "exactly one match".
        ("[0-9]*", "123", true),
        ("[0-9]*", "", true),
        ("[0-9]{0,4}", "12", true),
        ("^[0-9]*$", "", true),
        ("^[0-9]*$", "12a", false),
        // Inline flags and Unicode classes (ICU syntax).
        ("(?i)[a-z]+", "ABC", true),
        ("[a-z]+", "ABC", false),
        ("\\p{L}+", "Zoë", true),
        ("\\p{L}+", "Zoë1", false),
        ("\\p{Lu}\\p{Ll}+", "Élodie", true),
        ("[\\p{L} '-]{1,30}", "Jean-Luc O'Neill", true),
        // The empty pattern matches only the empty value.
        ("", "", true),
        ("", "a", false),
        // Free-spacing comments and quotes that run to the end of the pattern.
        ("(?x) \\d{2} # two digits", "12", true),
        ("(?x) \\d{2} # two digits", "123", false),
        ("\\Qa.b", "a.b", true),
        ("\\Qa.b", "axb", false),
        // Non-BMP characters are examined to the end (the old SDKs stop short).
        ("[0-9]+", "123😀", false),
        (".{2}", "😀😀", true),
        ("[0-9]{4}", "١٢٣٤", false),
        ("\\d{4}", "١٢٣٤", true),                 // ICU's \d is Unicode Nd, as the API sends it
        ("[0-9]+", "", false),
        ("a$", "a\n", false),                    // `$` before a final newline does not count
    ])
    func wholeMatch(pattern: String, value: String, matches: Bool) throws {
        let expression = try RegularExpression(pattern)
        #expect(expression.matchesWhole(value) == matches)
        #expect(passes(.regularExpression(expression), value) == matches)
    }

    @Test(arguments: ["(", "[a-", "a)|(b", "\\", "*a", "(?<name", "a{2,1}", "(?z)"])
    func patternsThatDoNotCompileThrow(pattern: String) {
        #expect(throws: RegularExpressionError.self) {
            _ = try RegularExpression(pattern)
        }
        do {
            _ = try RegularExpression(pattern)
        } catch {
            #expect(error.pattern == pattern)
            #expect(!error.reason.isEmpty)
            #expect(error.description.contains(pattern.debugDescription))
        }
    }

    @Test func errorIsReportedForTheValidator() throws {
        let expression = try RegularExpression("[0-9]{3}")
        let error = Validator.regularExpression(expression).validate("12", in: anyContext)
        #expect(error == ValidationError(id: "regularExpression"))
    }

    @Test func equalityIsByPattern() throws {
        #expect(try RegularExpression("a+") == RegularExpression("a+"))
        #expect(try RegularExpression("a+") != RegularExpression("a*"))
        #expect(try RegularExpression("a+").pattern == "a+")
    }

    @Test(arguments: [
        ("\\d{3}", "", InputState.incomplete),
        ("\\d{3}", "12", .incomplete),
        ("\\d{3}", "123", .valid),
        ("\\d{3}", "1234", .invalid),
        ("\\d{3}", "1a", .invalid),
        ("(?:0[1-9]|1[0-2])[0-9]{2}", "1", .incomplete),
        ("(?:0[1-9]|1[0-2])[0-9]{2}", "13", .invalid),
        ("(?i)abc", "AB", .incomplete),
        ("(?i)abc", "AX", .invalid),
        ("[0-9]*", "12", .valid),
        ("", "", .valid),
        ("", "a", .invalid),
    ])
    func inputStates(pattern: String, value: String, state: InputState) throws {
        let validator = Validator.regularExpression(try RegularExpression(pattern))
        #expect(validator.inputState(of: value, in: anyContext) == state)
    }

    /// Patterns with catastrophic backtracking on ICU: matching gives up within the budget instead
    /// of running for minutes (`(?m)(a+)+` on 40 `a`s and a `!` takes 2^40 steps unbounded).
    /// These stay on ICU: `(?m)` and a repeat of a part that can match nothing are outside the
    /// linear matcher's subset.
    @Test(arguments: [
        ("(?m)(a+)+", String(repeating: "a", count: 40) + "!", "aaa"),
        ("(?m)(x+x+)+y", String(repeating: "x", count: 60), "xxy"),
        ("(?:.*){30}z", String(repeating: "q", count: 60), "z"),
    ])
    func catastrophicPatternsAreCutOff(pattern: String, value: String, ordinary: String) throws {
        let expression = try RegularExpression(pattern)
        #expect(!expression.runsOnLinearMatcher)
        var budget = RegularExpressionBudget.perRequest
        #expect(!expression.matchesWhole(value, budget: &budget))
        #expect(budget.cutOffMatches == 1)
        // Giving up is never reported as "cannot match": typing on stays possible.
        #expect(Validator.regularExpression(expression).inputState(of: value, in: anyContext) == .incomplete)
        // The same patterns still decide ordinary values.
        #expect(expression.matchesWhole(ordinary))
    }

    /// The same shapes without what keeps them on ICU run on the linear matcher: no budget, no
    /// cut-off, and an exact answer.
    @Test(arguments: [
        ("(a+)+", String(repeating: "a", count: 40) + "!", "aaa"),
        ("(x+x+)+y", String(repeating: "x", count: 60), "xxy"),
        ("(a|aa)+", String(repeating: "a", count: 5_000) + "!", "aaaa"),
        ("^(a|aa)+$", String(repeating: "a", count: 60) + "!", "aaaa"),
    ])
    func catastrophicShapesAreLinear(pattern: String, value: String, ordinary: String) throws {
        let expression = try RegularExpression(pattern)
        #expect(expression.runsOnLinearMatcher)
        var budget = RegularExpressionBudget.perRequest
        #expect(!expression.matchesWhole(value, budget: &budget))
        #expect(budget.spentReports == 0 && budget.cutOffMatches == 0)
        #expect(expression.matchesWhole(ordinary))
        // Exact: a value with a character no continuation gets past cannot become valid;
        // one that ran out of characters can.
        let state = Validator.regularExpression(expression).inputState(of: value, in: anyContext)
        #expect(state == (value.hasSuffix("!") ? .invalid : .incomplete))
    }

    @Test func backtrackingBudgetGrowsWithTheValue() {
        #expect(RegularExpression.backtrackingBudget(forUTF16Count: 0) == 100)
        #expect(RegularExpression.backtrackingBudget(forUTF16Count: 1_000_000) == 1_100)
    }

    /// A linear pattern on a long value stays far inside the budget: a megabyte still matches.
    @Test func longValuesWithLinearPatternsStillMatch() throws {
        let expression = try RegularExpression("[a-z]+")
        #expect(expression.matchesWhole(String(repeating: "a", count: 1_000_000)))
        #expect(!expression.matchesWhole(String(repeating: "a", count: 1_000_000) + "1"))
    }

    @Test func compiledPatternsAreSharedAndBounded() throws {
        let cache = RegularExpressionCache()
        var compiles = 0
        func compile(_ pattern: String) throws(RegularExpressionError) -> CompiledPattern {
            compiles += 1
            guard pattern != "(" else { throw RegularExpressionError(pattern: pattern, reason: "bad") }
            return try CompiledPattern(pattern)
        }
        let first = try cache.compiled("[0-9]+", compile)
        let second = try cache.compiled("[0-9]+", compile)
        #expect(first === second)
        #expect(compiles == 1)
        // A failure is remembered with its error, not recompiled.
        #expect(throws: RegularExpressionError(pattern: "(", reason: "bad")) { try cache.compiled("(", compile) }
        #expect(throws: RegularExpressionError(pattern: "(", reason: "bad")) { try cache.compiled("(", compile) }
        #expect(compiles == 2)
        // Full: emptied and started again, never grown past its capacity.
        for index in 0..<RegularExpressionCache.capacity + 10 { _ = try cache.compiled("x{\(index)}", compile) }
        #expect(cache.count <= RegularExpressionCache.capacity)
        #expect(cache.count == 12)
        cache.removeAll()
        #expect(cache.count == 0)
    }
}
