import Foundation
import PaymentFormTestSupport
import Testing
@testable import PaymentFormValidation
@testable import PaymentFormPatternFallback

/// The engine's own backtracking matcher (what the WebAssembly engine runs outside the linear
/// subset) against ICU, the same pattern compiled ICU-only: the same verdict and the same
/// as-you-type state (ICU's "hit end" included) on every value either engine decides.
@Suite("Backtracking matcher against ICU", .timeLimit(.minutes(5)))
struct BacktrackingMatcherTests {
    /// Patterns with values to try: each value and every string of up to three characters of
    /// ``BacktrackingMatcherTests/alphabet`` are compared.
    static let table: [(String, [String])] = [
        // Look-ahead and look-behind, positive and negative.
        ("(?=.*\\d)(?=.*[a-z]).{4,8}", ["abc1", "abcd", "1234", "a1", "ab12cd34x", "a1b2c3d4"]),
        ("(?!000)\\d{3}", ["000", "001", "12", "1234"]),
        ("a(?=b)\\w+", ["ab", "abc", "ac", "a"]),
        ("(?<=a)b|ab", ["ab", "b", "aab"]),
        ("\\w+(?<!x)", ["abx", "abc", "x", ""]),
        ("(?<=\\d{2})x|\\d*x", ["12x", "x", "1x", "123x"]),
        ("(?<!a)b+", ["b", "bb", "ab"]),
        ("x(?<=(?:a|bc)x)", ["x", "ax"]),
        ("(?=a)", ["", "a"]),
        // Greedy, lazy and possessive quantifiers; atomic groups.
        ("a*?b", ["b", "aab", "aaa", "ba"]),
        ("(a|ab)*?c", ["c", "abac", "ab", "abc"]),
        ("a++b", ["aab", "aa", "b"]),
        ("a*+a", ["aa", "a", ""]),
        ("(?:ab)?+a", ["aba", "a", "ab"]),
        ("a{2,3}+a", ["aaaa", "aaa", "aa"]),
        ("(?>a+)b", ["aab", "aa", "b"]),
        ("(?>a|ab)c", ["ac", "abc", "a"]),
        ("a{2,3}?b", ["aab", "aaab", "ab", "aaaab"]),
        ("(?:a|b){2,}?c", ["abc", "ac", "ababc", "abab"]),
        ("(?:ab){0}c", ["c", "abc"]),
        ("(?:a?){3}b", ["b", "aab", "aaab", "aaaab"]),
        ("(a?)*b", ["b", "ab", "aab", "aa"]),
        ("(?:x*|y)+z", ["z", "xz", "yxz", "xy"]),
        ("(?:a|b?){2,}c", ["c", "abc", "bbbc", "ab"]),
        ("(?:\\d{0,2}-)*\\d", ["1", "12-3", "-1", "12-", "1-2-3"]),
        // Back-references.
        ("(a|b)\\1", ["aa", "bb", "ab", "a"]),
        ("(\\w+) \\1", ["ab ab", "ab ac", "a a", "ab a"]),
        ("(?<q>['\"])\\w*\\k<q>", ["'ab'", "\"a\"", "'a\"", "'"]),
        ("(a)?b\\1", ["aba", "b", "ab"]),
        // Alternation and classes with escapes.
        ("cat|ca|c", ["cat", "ca", "c", "catt"]),
        ("[\\w.-]+@[\\w-]+\\.[a-z]{2,}", ["a.b@c-d.ef", "a@b.c", "@b.cd", "a@b"]),
        ("[^\\s\\d]+", ["ab", "a b", "a1", "é"]),
        ("[\\t\\n\\x{41}\\u0042-\\u0044]+", ["ABD", "\t\n", "E"]),
        ("[\\p{Lu}\\d]{2}", ["A1", "a1", "É١"]),
        ("\\P{L}+", ["12", "a", "-"]),
        ("[\\h]+\\v", ["  \n", "\t\u{2028}", " "]),
        // \w \W \s \S \d \D \b \B \R.
        ("\\w+\\W\\w+", ["ab-cd", "ab cd", "abcd", "é_1 x"]),
        ("\\s*\\S+\\s*", [" ab ", "\u{A0}a", "\u{2029}", "  "]),
        ("\\d+\\D", ["12x", "١٢a", "12"]),
        ("\\b\\w+\\b", ["ab", "ab cd"]),
        (".*\\bcat\\b.*", ["a cat b", "concat", "cat", "cats"]),
        ("a\\Bb|a\\b.", ["ab", "a-", "a b"]),
        ("\\w\\b", ["a", "a\u{301}", "é"]),
        ("a\\Rb", ["a\r\nb", "a\nb", "a\rb", "a\u{2028}b", "ab"]),
        // . with and without (?s); ^ and $ with (?m); \A \z \Z \G.
        (".+", ["abc", "a\nb", "😀é", "\r\n"]),
        ("(?s).+", ["a\nb", "\r\n", ""]),
        ("(?s).", ["\r\n", "\n", "a"]),
        ("(?s).*x", ["a\r\nx", "\r\nx", "x"]),
        ("(?m)^a$\\n^b$", ["a\nb", "a\nc", "ab"]),
        ("(?m)a$", ["a", "a\n"]),
        ("(?m)a\\n^", ["a\n"]),
        ("a$\\n?", ["a", "a\n", "a\r\n"]),
        ("a\\Z\\r?\\n?", ["a", "a\n", "a\r\n", "a\n\n"]),
        ("\\Aab\\z", ["ab", "ab\n"]),
        ("\\Ga+", ["aa", ""]),
        ("^a|b$", ["a", "b", "ab"]),
        // (?i) on ASCII patterns, (?x), and escapes.
        ("(?i)abc", ["ABC", "aBc", "ab", "abd"]),
        ("(?i)k[^s]", ["KX", "\u{212A}x", "ks", "k\u{17F}"]),
        ("(?i)(?:yes|no)", ["YES", "No", "yess"]),
        ("a(?i)b(?-i)c", ["aBc", "AbC", "abc"]),
        ("(?i:x)y", ["Xy", "XY"]),
        ("(?x) a b # a comment", ["ab", "a b"]),
        ("(?x) [a b]+ \\  c", ["ab c", "a c", " c"]),
        ("\\x41\\u00e9\\x{1F600}\\t", ["Aé😀\t", "A"]),
        ("\\Qa.b\\E+", ["a.b", "a.bbb", "axb"]),
        ("\\0101\\.", ["A.", "A"]),
        // Nested and counted repeats.
        ("(?:(?:a|b)c){2,4}", ["acbc", "acbcac", "ac", "acbcacbcac"]),
        ("(\\d{3}-){2}\\d{4}", ["123-456-7890", "123-45-7890"]),
        ("[ab]{3,5}?c", ["aaac", "abababc", "abc"]),
        ("(?:a+)+b", ["aab", "aaa"]),
        ("(?=.)(?:.|a){1,3}(?:.|a){1,3}b", ["aab", "aaaaab", "aa"]),
    ]

    /// The characters of the generated values.
    static let alphabet = ["a", "b", "A", "1", " ", "\n", "é"]

    @Test(arguments: table)
    func agreesWithICU(pattern: String, values: [String]) throws {
        let icu = try RegularExpression(icuOnly: pattern)
        let own = try RegularExpression(backtrackingOnly: pattern)
        #expect(own.runsOnBacktrackingMatcher)
        var generated = [""]
        var frontier = [""]
        for _ in 0..<3 {
            frontier = frontier.flatMap { prefix in Self.alphabet.map { prefix + $0 } }
            generated += frontier
        }
        var compared = 0
        for value in values + generated {
            guard let reference = Self.answer(icu, value) else { continue }
            compared += 1
            let answer = try #require(Self.answer(own, value), "\(pattern.debugDescription) on \(value.debugDescription): not finished")
            #expect(answer == reference, "\(pattern.debugDescription) on \(value.debugDescription)")
        }
        #expect(compared >= generated.count)
    }

    /// Whether `expression` matches `value` whole and its as-you-type state, with a budget of its
    /// own; `nil` when the run was stopped.
    static func answer(_ expression: RegularExpression, _ value: String) -> (Bool, InputState)? {
        var budget = RegularExpressionBudget.perRequest
        let matches = expression.matchesWhole(value, budget: &budget)
        let state = expression.inputState(of: value, budget: &budget)
        return budget.cutOffMatches == 0 ? (matches, state) : nil
    }

    /// What the matcher cannot reproduce exactly is refused: the validator then fails every
    /// value (`uncheckable`) instead of answering differently from ICU.
    @Test("refuses what it cannot run as ICU does", arguments: [
        "[a-z&&[^aeiou]]", "[a-z--[aeiou]]", "[[a-c][x]]", "[[:alpha:]]", "\\p{Latin}", "\\p{Alphabetic}", "\\N{DIGIT ONE}",
        "\\X", "\\cA", "(?i)ß", "(?i)straße", "(?i)ss", "(?i)[\\p{L}]", "(?i)\\p{Lu}", "(?i)[\\w]", "(?i)(a)\\1", "(?w)\\b",
        "(?d).", "(?#comment)a", "(a?)*+", "a{1001}", "x(?=a)*", "^*", "a**",
    ])
    func refusesWhatItCannotReproduce(pattern: String) {
        #expect(throws: RegularExpressionError.self) { _ = try RegularExpression(backtrackingOnly: pattern) }
    }

    /// Patterns ICU refuses are refused too (natively a definition diagnostic, in WebAssembly the
    /// same), never read some other way.
    @Test("refuses what ICU refuses", arguments: [
        "(", ")", "a)|(b", "[a-", "*a", "a{2,1}", "(?<name", "(?z)", "\\", "[z-a]", "\\1", "(?<=a+)b", "(?<a>x)(?<a>y)",
        "\\k<b>(?<b>x)", "\\x{110000}", "\\u12", "[]",
        // Found by the fuzz target: an unbounded loop of an empty group has no length bound for ICU.
        "(?<=(?:){2,})a", "(?i)(|(?<=|(?s:){2,}()()())(|)(|)(|))(|)(|)", "(?<=(?:)*a)b", "(?m)😀{2}(?<=(?m:)*a{1,2}?|)(|)|",
    ])
    func refusesWhatICURefuses(pattern: String) {
        #expect((try? NSRegularExpression(pattern: pattern)) == nil, "ICU takes \(pattern.debugDescription)")
        #expect(throws: RegularExpressionError.self) { _ = try RegularExpression(backtrackingOnly: pattern) }
    }

    /// The patterns a security review found freezing the page on the host's `RegExp`: the
    /// matcher stops each within its allowance, refuses the value and reports it `incomplete`.
    @Test("the review's patterns stop within the budget, failing closed", arguments: [
        ("(?=.)(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}b", 20),
        ("(?=.)(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}b", 100),
        ("(?=.).*.*.*.*.*x", 100),
        ("\\w*\\w*\\w*\\w*\\w*x", 100),
        ("(\\w+)+$", 100),
        ("(?=a)(a|aa)+b", 100),
    ])
    func reviewPatternsStop(pattern: String, length: Int) throws {
        let expression = try RegularExpression(backtrackingOnly: pattern)
        let value = String(repeating: "a", count: length - 1) + "!"
        var budget = RegularExpressionBudget.perRequest
        #expect(!expression.matchesWhole(value, budget: &budget))
        #expect(budget.cutOffMatches == 1)
        let perMatch = RegularExpression.backtrackingBudget(forUTF16Count: length) * RegularExpressionBudget.stepsPerReport
        #expect(budget.spentSteps == perMatch)
        // The as-you-type state of the same value: not decided, so incomplete (never valid).
        #expect(expression.inputState(of: value, budget: &budget) == .incomplete)
        #expect(budget.spentSteps == 2 * perMatch)
        #expect(budget.cutOffMatches == 2)
    }

    /// Typing one of the review's values key by key: each keystroke's validation and state
    /// together stay within one request's budget, and none passes the value. (The first 20
    /// keystrokes and some later ones: each later one is cut off like the 20th.)
    @Test("typing 100 characters: every keystroke within one request's budget")
    func typingStaysWithinTheBudget() throws {
        let expression = try RegularExpression(backtrackingOnly: "(?=.).*.*.*.*.*x")
        var largest = 0
        for length in Array(1...20) + [50, 99, 100] {
            let value = String(repeating: "a", count: length)
            var budget = RegularExpressionBudget.perRequest
            #expect(!expression.matchesWhole(value, budget: &budget))
            #expect(expression.inputState(of: value, budget: &budget) != .valid)
            largest = max(largest, budget.spentSteps)
        }
        #expect(largest <= RegularExpressionBudget.reportsPerRequest * RegularExpressionBudget.stepsPerReport)
        #expect(largest == 2 * RegularExpression.backtrackingBudget(forUTF16Count: 100) * RegularExpressionBudget.stepsPerReport)
    }

    /// ICU's lazy loop over something that can match nothing has no progress check and runs
    /// until stopped; the matcher reproduces that, so both stop (and refuse the value).
    @Test("a lazy loop without progress is stopped by both engines")
    func lazyLoopWithoutProgress() throws {
        for expression in [try RegularExpression(icuOnly: "(a?)+?b"), try RegularExpression(backtrackingOnly: "(a?)+?b")] {
            var budget = RegularExpressionBudget.perRequest
            #expect(!expression.matchesWhole("aa", budget: &budget))
            #expect(budget.cutOffMatches == 1)
            #expect(expression.matchesWhole("ab"))
        }
    }

    /// The set operations classes are built with.
    @Test("sets: ranges merged, union, complement and ASCII case closure")
    func sets() {
        let letters = BacktrackingSet(pairs: [0x61, 0x7A, 0x41, 0x5A, 0x5B, 0x5B, 0x100, 0x100, 0x62, 0x63])
        #expect(letters.bounds == [0x41, 0x5B, 0x61, 0x7A, 0x100, 0x100])
        #expect(letters.count == 27 + 26 + 1)
        #expect(letters.contains(0x5B) && !letters.contains(0x60) && letters.contains(0x100) && !letters.contains(0x101))
        let union = letters.union(BacktrackingSet(pairs: [0x5C, 0x60, 0x10FFFF, 0x10FFFF]))
        #expect(union.bounds == [0x41, 0x7A, 0x100, 0x100, 0x10FFFF, 0x10FFFF])
        #expect(union.complement().bounds == [0, 0x40, 0x7B, 0xFF, 0x101, 0x10FFFE])
        #expect(union.complement().complement() == union)
        #expect(BacktrackingSet.empty.complement().count == 0x110000)
        #expect(BacktrackingSet.single(0x6B).closedOverASCIICase().bounds == [0x4B, 0x4B, 0x6B, 0x6B, 0x212A, 0x212A])
        #expect(BacktrackingSet.single(0x31).closedOverASCIICase().onlyMember == 0x31)
    }

    /// A request's budget caps the matches of many fields together, as with ICU.
    @Test("a request's matches share its budget; the later ones are not started")
    func requestBudgetIsShared() throws {
        let expression = try RegularExpression(backtrackingOnly: "(?=.).*.*.*.*.*x")
        let value = String(repeating: "a", count: 100)
        var budget = RegularExpressionBudget.perRequest
        for _ in 0..<20 { _ = expression.matchesWhole(value, budget: &budget) }
        #expect(budget.isSpent)
        #expect(budget.spentReports == RegularExpressionBudget.reportsPerRequest)
        #expect(budget.cutOffMatches == 20)
    }

    /// Ordinary values of ordinary patterns cost little: far below the budget.
    @Test("ordinary patterns on ordinary values spend a small part of the budget")
    func ordinaryWorkIsSmall() throws {
        let expression = try RegularExpression(backtrackingOnly: "^(?=.*\\d)(?=.*[A-Za-z])[\\w.@-]{8,64}$")
        var budget = RegularExpressionBudget.perRequest
        #expect(expression.matchesWhole("secret1234", budget: &budget))
        #expect(budget.spentSteps < 1_000)
        #expect(expression.matchesWhole(String(repeating: "a1", count: 32), budget: &budget))
        #expect(budget.cutOffMatches == 0)
    }
}
