/// How much backtracking the regular expressions of one request may do, shared by all of them.
///
/// The backtracking engines have no timeout of their own. The work is counted in steps: ICU
/// reports progress about every ``stepsPerReport`` (10,000) of its steps, and the engine's own
/// backtracking matcher (what WebAssembly runs) counts its steps exactly, in the same unit. A
/// match that exceeds its allowance is stopped: the per-match budget
/// (``RegularExpression/backtrackingBudget(forUTF16Count:)``), and never more than what is left
/// of the request's. A hostile definition with a thousand fields of catastrophic patterns
/// therefore costs one request's budget, not a thousand match budgets. Once the request's budget
/// is spent, the remaining backtracking matches are not started: their values are refused, and
/// their as-you-type state is `incomplete` (never `invalid`).
///
/// Patterns the engine runs on its own linear matcher (see ``RegularExpression``) cost nothing
/// here: they take one step per character whatever the pattern.
package struct RegularExpressionBudget: Sendable, Hashable {
    /// Progress reports a whole request may take: 6 million steps, which is roughly 100 ms of
    /// ICU matching on a 2.4 GHz core, and 35–45 ms of the engine's own matcher in the page's
    /// WebAssembly (`docs/limits.md` has the figures). One budget for both: the page's matcher
    /// counts finer steps, so the same figure bounds it lower in time.
    package static let reportsPerRequest = 600

    /// Steps to one of ICU's progress reports.
    package static let stepsPerReport = 10_000

    /// A fresh budget for one request (a validation, or one field's as-you-type state).
    package static var perRequest: RegularExpressionBudget { RegularExpressionBudget(reports: reportsPerRequest) }

    /// Steps not spent yet.
    package private(set) var remainingSteps: Int
    /// Steps spent so far.
    package private(set) var spentSteps = 0
    /// Backtracking matches stopped for lack of budget, or not started because it was spent.
    package private(set) var cutOffMatches = 0

    /// A budget of `reports` progress reports.
    package init(reports: Int) {
        remainingSteps = Swift.max(0, reports) * Self.stepsPerReport
    }

    /// Progress reports not spent yet (whole ones).
    package var remainingReports: Int { remainingSteps / Self.stepsPerReport }

    /// Progress reports spent so far (whole ones).
    package var spentReports: Int { spentSteps / Self.stepsPerReport }

    /// Whether nothing is left: further backtracking matches are refused without running.
    package var isSpent: Bool { remainingSteps == 0 }

    /// How many of ICU's reports the next match on a value of `utf16Count` units may take.
    func allowance(forUTF16Count utf16Count: Int) -> Int {
        Swift.min(RegularExpression.backtrackingBudget(forUTF16Count: utf16Count), remainingReports)
    }

    /// How many steps of the engine's own matcher the next match on a value of `utf16Count`
    /// units may take.
    func stepAllowance(forUTF16Count utf16Count: Int) -> Int {
        Swift.min(RegularExpression.backtrackingBudget(forUTF16Count: utf16Count) * Self.stepsPerReport, remainingSteps)
    }

    /// Records a match that took `steps` steps, and whether it was stopped (or never started).
    mutating func record(steps: Int, cutOff: Bool) {
        let spent = Swift.min(Swift.max(0, steps), remainingSteps)
        remainingSteps -= spent
        spentSteps += spent
        if cutOff { cutOffMatches += 1 }
    }
}
