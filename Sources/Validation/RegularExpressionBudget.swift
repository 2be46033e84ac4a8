/// How much work ICU may spend on the regular expressions of one request, shared by all of them.
///
/// ICU has no timeout; the engine counts its progress reports (one about every 10,000 matching
/// steps) and stops a match that exceeds its allowance: the per-match budget
/// (``RegularExpression/backtrackingBudget(forUTF16Count:)``), and never more than what is left
/// of the request's. A hostile definition with a thousand fields of catastrophic patterns
/// therefore costs one request's budget, not a thousand match budgets. Once the request's budget
/// is spent, the remaining ICU matches are not started: their values are refused, and their
/// as-you-type state is `incomplete` (never `invalid`).
///
/// Patterns the engine runs on its own linear matcher (see ``RegularExpression``) cost nothing
/// here: they take one step per character whatever the pattern.
package struct RegularExpressionBudget: Sendable, Hashable {
    /// Progress reports a whole request may take: about 6 million matching steps, which is
    /// roughly 100 ms of ICU matching on a 2.4 GHz core.
    package static let reportsPerRequest = 600

    /// A fresh budget for one request (a validation, or one field's as-you-type state).
    package static var perRequest: RegularExpressionBudget { RegularExpressionBudget(reports: reportsPerRequest) }

    /// Progress reports not spent yet.
    package private(set) var remainingReports: Int
    /// Progress reports spent so far.
    package private(set) var spentReports = 0
    /// ICU matches stopped for lack of budget, or not started because it was spent.
    package private(set) var cutOffMatches = 0

    /// A budget of `reports` progress reports.
    package init(reports: Int) {
        remainingReports = Swift.max(0, reports)
    }

    /// Whether nothing is left: further ICU matches are refused without running.
    package var isSpent: Bool { remainingReports == 0 }

    /// How many reports the next match on a value of `utf16Count` units may take.
    func allowance(forUTF16Count utf16Count: Int) -> Int {
        Swift.min(RegularExpression.backtrackingBudget(forUTF16Count: utf16Count), remainingReports)
    }

    /// Records a match that took `reports` reports, and whether it was stopped (or never started).
    mutating func record(reports: Int, cutOff: Bool) {
        let spent = Swift.min(Swift.max(0, reports), remainingReports)
        remainingReports -= spent
        spentReports += spent
        if cutOff { cutOffMatches += 1 }
    }
}
