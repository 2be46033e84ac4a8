// Fuzz target: the engine's own regular-expression matchers against ICU (semantics.md §2,
// `regularExpression`): the linear-time matcher on random patterns of its subset (`.` and `(?i)`
// included), and the backtracking matcher (what WebAssembly runs outside that subset) on random
// patterns with look-around, back-references, lazy and possessive quantifiers, atomic groups,
// `\w \s \b`, anchors and flags.
//
// Invariants: a pattern ICU compiles compiles for the engine too, and a pattern ICU refuses is
// refused by the engine too, by either matcher (their readers are the only check of the patterns
// they take, so they must take only patterns ICU compiles; the input's first byte, when 1 mod 4,
// makes the pattern out of raw syntax characters to probe that edge); whenever the linear matcher
// takes the pattern, it matches exactly the values ICU matches; its as-you-type state is `valid`
// exactly when ICU's is, and `invalid` whenever ICU's hit-end report says no continuation can
// match (ICU errs towards `incomplete`, the matcher is exact); whenever the backtracking matcher
// takes a pattern, its verdict and its as-you-type state (ICU's hit end) are ICU's. Values on
// which either engine exhausts its budget have no reference answer and are skipped.
import PaymentFormEngine

private let context = YearMonth(year: 2026, month: 6).map(ValidationContext.init(now:)) ?? .current()

/// Pieces of the subset: atoms (literals, escapes, classes, categories) and quantifiers.
private let atoms = ["a", "b", "c", "0", "1", "9", "-", " ", "é", "😀", "\\.", "\\-", "\\/", "\\d", "\\D", "\\p{L}", "\\p{Lu}",
                    "\\p{Ll}", "\\p{Nd}", "\\p{N}", "\\p{Zs}", "\\P{L}", "\\P{Nd}", "\\t", "[a-c]", "[^a]", "[0-9]",
                    "[\\p{L} '-]", "[^\\d]", "[a-z0-9]", "[-x]", "[x-]", "[^\\p{L}\\d]", "[\\D]", "[^\\D]", "[\\-\\]]",
                    "[A-Z]", "[é-ü]", ".", "k", "s", "t", "S", "[k-t]", "[^k]", "[s]"]
private let quantifiers = ["", "", "", "?", "*", "+", "{2}", "{1,3}", "{0,2}", "{2,}", "{3}", "*?", "+?", "??", "{1,2}?"]
/// Single syntax characters and short pieces, for the raw patterns.
private let syntax = ["a", "0", "9", "-", "^", "$", "[", "]", "(", ")", "?", ":", "|", "*", "+", "{", "}", ",", "1", "2",
                      "\\", "d", "p", "P", "L", "{L}", "{Nd}", "{Xx}", "\\p{L}", "é", " ", "&", ".", "#", "Q", "E", "!",
                      "=", "<", "_", "\\-", "\\d", "\\]", "[^", "\\u", "\\x", "\\Q", "(?", "(?:", "{2}", "{1,}",
                      "\\1", "\\k", "<a>", "(?<a>", "(?<=", "(?<!", "(?=", "(?!", "(?>", "(?i)", "(?x)", "(?-", "i", "x",
                      "\\w", "\\b", "\\z", "\\Z", "\\E", "\\0", "7", "{", "}", "\\x{", "\\N", "\\c", "&&", "--"]
private let characters = ["a", "b", "c", "0", "1", "9", "-", " ", "é", ".", "x", "Z", "١", "😀", "e\u{301}", "'", "]", "\t", "ü", "A",
                          "k", "K", "\u{212A}", "s", "S", "\u{17F}", "ß", "ﬆ", "\n", "\r", "\u{0B}", "\u{85}", "\u{2028}"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegexDifferential(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, count: size)
    let mode = input.byte() % 4
    if mode == 1 {
        // Raw syntax: anything either reader accepts must be a pattern ICU compiles.
        let pattern = (0..<Int(input.byte() % 24)).map { _ in syntax[Int(input.byte()) % syntax.count] }.joined()
        let engine = try? RegularExpression(uncached: pattern)
        let icu = try? RegularExpression(icuOnly: pattern)
        let backtracking = try? RegularExpression(backtrackingOnly: pattern)
        check(engine == nil || icu != nil, "the engine takes \(pattern.debugDescription), which ICU refuses")
        check(icu == nil || engine != nil, "ICU compiles \(pattern.debugDescription), the engine refuses it")
        check(backtracking == nil || icu != nil, "the backtracking matcher takes \(pattern.debugDescription), which ICU refuses")
        return 0
    }
    if mode == 3 {
        compareBacktracking(&input)
        return 0
    }
    var pattern = makePattern(&input, depth: 0)
    switch input.byte() % 4 {
    case 0: pattern = "^" + pattern + "$"
    case 1: pattern = "^" + pattern
    default: break
    }
    // Case-insensitive patterns: the matcher takes those whose letters are ASCII.
    if input.byte() % 3 == 0 { pattern = "(?i)" + pattern }
    guard let icu = try? RegularExpression(icuOnly: pattern) else {
        check((try? RegularExpression(pattern)) == nil, "the engine takes \(pattern.debugDescription), which ICU refuses")
        return 0
    }
    guard let engine = try? RegularExpression(pattern) else {
        check(false, "ICU compiles \(pattern.debugDescription), the engine refuses it")
        return 0
    }
    guard engine.runsOnLinearMatcher else { return 0 }
    trace("pattern \(pattern.debugDescription)")
    for _ in 0..<8 where !input.isAtEnd {
        let value = (0..<Int(input.byte() % 10)).map { _ in characters[Int(input.byte()) % characters.count] }.joined()
        // ICU backtracks, within a budget: a nested pattern can exhaust it on a few characters, and
        // a cut-off match answers `false` by design (the value is refused). Such a value has no
        // reference answer; the linear matcher, which needs no budget, is not compared on it.
        var budget = RegularExpressionBudget.perRequest
        let expected = icu.matchesWhole(value, budget: &budget)
        let icuState = Validator.regularExpression(icu).inputState(of: value, in: context, budget: &budget)
        guard budget.cutOffMatches == 0 else {
            trace("ICU cut off on \(value.debugDescription): not compared")
            continue
        }
        check(engine.matchesWhole(value) == expected,
              "\(pattern.debugDescription) on \(value.debugDescription): ICU \(expected), linear \(!expected)")
        let engineState = Validator.regularExpression(engine).inputState(of: value, in: context)
        check((engineState == .valid) == (icuState == .valid), "\(pattern.debugDescription) on \(value.debugDescription): states differ")
        if icuState == .invalid {
            check(engineState == .invalid, "\(pattern.debugDescription) on \(value.debugDescription): ICU says no continuation matches")
        }
    }
    return 0
}

/// A pattern of the subset: alternatives of sequences of quantified atoms or groups.
private func makePattern(_ input: inout FuzzInput, depth: Int) -> String {
    var branches: [String] = []
    let branchCount = depth < 3 && input.byte() % 4 == 0 ? 2 : 1
    for _ in 0..<branchCount {
        var sequence = ""
        for _ in 0..<Int(input.byte() % 5) {
            let atom: String
            if depth < 3, input.byte() % 5 == 0 {
                atom = (input.byte() % 2 == 0 ? "(" : "(?:") + makePattern(&input, depth: depth + 1) + ")"
            } else {
                atom = atoms[Int(input.byte()) % atoms.count]
            }
            sequence += atom + quantifiers[Int(input.byte()) % quantifiers.count]
        }
        branches.append(sequence)
    }
    return branches.joined(separator: "|")
}

/// Pieces of the backtracking matcher's patterns: atoms, group openings and quantifiers.
private let backtrackingAtoms = ["a", "b", "k", "s", "0", "1", "-", " ", "é", "😀", ".", "\\w", "\\W", "\\s", "\\S", "\\d",
                                 "\\D", "\\b", "\\B", "^", "$", "\\A", "\\z", "\\Z", "\\h", "\\R", "[ab]", "[^a]", "[\\w-]",
                                 "[a-c\\s]", "\\p{L}", "\\P{Nd}", "\\1", "\\.", "\\n", "\\x{41}", "\\u00e9", "[\\p{Lu}\\d]"]
private let backtrackingGroups = ["(", "(?:", "(?>", "(?=", "(?!", "(?<=", "(?<!", "(?i:", "(?s:", "(?m:", "(?-i:"]
private let backtrackingQuantifiers = ["", "", "", "?", "*", "+", "{2}", "{1,3}", "{0,2}", "{2,}", "*?", "+?", "??", "{1,2}?",
                                       "*+", "++", "?+", "{1,2}+"]
private let backtrackingFlags = ["", "", "", "(?i)", "(?s)", "(?m)", "(?x)", "(?ms)"]
private let backtrackingCharacters = characters + ["\r\n", "A", "B", "_", "1", "K", "\u{2029}", "x"]

/// The backtracking matcher against ICU on a random pattern of its syntax.
private func compareBacktracking(_ input: inout FuzzInput) {
    let pattern = backtrackingFlags[Int(input.byte()) % backtrackingFlags.count] + makeBacktrackingPattern(&input, depth: 0)
    guard let icu = try? RegularExpression(icuOnly: pattern) else {
        check((try? RegularExpression(backtrackingOnly: pattern)) == nil, "the backtracking matcher takes \(pattern.debugDescription), which ICU refuses")
        return
    }
    // A pattern the matcher refuses fails every value (fail closed): nothing to compare.
    guard let own = try? RegularExpression(backtrackingOnly: pattern) else { return }
    trace("backtracking pattern \(pattern.debugDescription)")
    for _ in 0..<8 where !input.isAtEnd {
        let value = (0..<Int(input.byte() % 8)).map { _ in backtrackingCharacters[Int(input.byte()) % backtrackingCharacters.count] }.joined()
        var icuBudget = RegularExpressionBudget.perRequest
        let expected = icu.matchesWhole(value, budget: &icuBudget)
        let icuState = Validator.regularExpression(icu).inputState(of: value, in: context, budget: &icuBudget)
        var ownBudget = RegularExpressionBudget.perRequest
        let matched = own.matchesWhole(value, budget: &ownBudget)
        let ownState = Validator.regularExpression(own).inputState(of: value, in: context, budget: &ownBudget)
        guard icuBudget.cutOffMatches == 0, ownBudget.cutOffMatches == 0 else {
            trace("cut off on \(value.debugDescription): not compared")
            continue
        }
        check(matched == expected, "\(pattern.debugDescription) on \(value.debugDescription): ICU \(expected), backtracking \(matched)")
        check(ownState == icuState, "\(pattern.debugDescription) on \(value.debugDescription): ICU \(icuState), backtracking \(ownState)")
    }
}

/// A pattern of the backtracking matcher's syntax: alternatives of sequences of quantified atoms
/// or groups.
private func makeBacktrackingPattern(_ input: inout FuzzInput, depth: Int) -> String {
    var branches: [String] = []
    let branchCount = depth < 3 && input.byte() % 4 == 0 ? 2 : 1
    for _ in 0..<branchCount {
        var sequence = ""
        for _ in 0..<Int(input.byte() % 5) {
            if depth < 3, input.byte() % 4 == 0 {
                sequence += backtrackingGroups[Int(input.byte()) % backtrackingGroups.count] + makeBacktrackingPattern(&input, depth: depth + 1) + ")"
            } else {
                sequence += backtrackingAtoms[Int(input.byte()) % backtrackingAtoms.count]
            }
            sequence += backtrackingQuantifiers[Int(input.byte()) % backtrackingQuantifiers.count]
        }
        branches.append(sequence)
    }
    return branches.joined(separator: "|")
}
