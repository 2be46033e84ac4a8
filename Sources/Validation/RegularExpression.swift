internal import PaymentFormConcurrency
import PaymentFormPatternFallback

/// A compiled `regularExpression` validator pattern that must match a value **whole**.
///
/// Patterns are ICU syntax (what `NSRegularExpression` and the Client API use, close to Java's):
/// inline flags such as `(?i)`, property classes such as `\p{L}`. Patterns from the API are
/// usually unanchored (`(?:0[1-9]|1[0-2])[0-9]{2}`); this type anchors them itself, so `1230`
/// matches and `x1230` or `12301` do not. An empty pattern matches only the empty value.
///
/// Two engines, one meaning. ICU decides what is valid. The common shapes
/// (`^[0-9]{3,4}$`, `(?:0[1-9]|1[0-2])[0-9]{2}`, `[\p{L} '-]+`: classes, groups, alternation and
/// bounded repeats) are a part of ICU's syntax that the engine reads itself and runs on a small
/// linear-time matcher of its own: one step per character, so no pattern can make it slow, and
/// no Foundation call per match. Everything else (`(?i)`, `.`, look-around, back-references, …)
/// runs on ICU within a backtracking budget. The two agree on every value; a differential test
/// and fuzz target hold them to it, and to the matcher reading only patterns ICU compiles.
///
/// Compiling is cheap and lazy where it can be: a pattern of the linear matcher's subset never
/// reaches ICU at all (reading it is what checks it); any other pattern is checked by ICU when
/// the value is created, so a pattern that does not compile is refused there (for a definition:
/// a decoding diagnostic), and the anchored form it matches with is compiled on its first match.
///
/// ```swift
/// if case .regularExpression(let expression) = validator {
///     expression.pattern     // as the definition sent it, such as "(?:0[1-9]|1[0-2])[0-9]{2}": the whole value must match
/// }
/// ```
public struct RegularExpression: Sendable, Hashable {
    /// The pattern as the definition sent it (without the anchoring this type adds).
    public let pattern: String

    /// The compiled forms: the linear matcher's when the pattern is in its subset, else ICU's.
    private let compiled: CompiledPattern

    /// Whether matching runs on the engine's linear-time matcher rather than ICU.
    package var runsOnLinearMatcher: Bool { compiled.linear != nil }

    /// Whether the fallback engine's anchored form has been compiled (for tests of what compiling costs).
    package var hasCompiledICUForm: Bool { compiled.fallback?.hasAnchoredForm ?? false }

    /// Why the pattern cannot run here (no engine of this build compiles it), or `nil` when it can.
    /// Such a pattern fails every value: a rule that cannot be checked never passes one.
    package var unusableReason: String? { compiled.unusableReason }

    /// Compiles `pattern`, or throws ``RegularExpressionError`` when it is not a valid ICU pattern.
    ///
    /// Compiled patterns are shared process-wide (in a bounded cache): product lists
    /// repeat the same few patterns.
    package init(_ pattern: String) throws(RegularExpressionError) {
        self.pattern = pattern
        self.compiled = try sharedCompiledPatterns.compiled(pattern) { pattern throws(RegularExpressionError) in
            try CompiledPattern(pattern)
        }
    }

    /// A pattern no engine here runs, kept so that it fails every value (with ``unusableReason``
    /// `reason`) instead of being left out, which would pass every value.
    package init(unusable pattern: String, reason: String) {
        self.pattern = pattern
        self.compiled = CompiledPattern(unusable: reason)
    }

    /// Compiles `pattern` without the process-wide cache: what a pattern never seen before costs.
    package init(uncached pattern: String) throws(RegularExpressionError) {
        self.pattern = pattern
        self.compiled = try CompiledPattern(pattern)
    }

    /// A pattern that runs on the fallback engine (ICU) even when the linear matcher could take
    /// it: the reference the differential tests compare the linear matcher with. Compiled at once.
    package init(icuOnly pattern: String) throws(RegularExpressionError) {
        self.pattern = pattern
        do {
            self.compiled = CompiledPattern(fallback: try FallbackPattern(compilingNow: pattern))
        } catch {
            throw RegularExpressionError(pattern: pattern, reason: error.reason)
        }
    }

    /// Empties the process-wide cache of compiled patterns, so that the next pattern of each kind
    /// is compiled again (for benchmarks of a first decode).
    package static func removeCachedPatterns() {
        sharedCompiledPatterns.removeAll()
    }

    /// Whether the pattern matches the whole of `value` (not merely a part of it).
    ///
    /// On ICU, a value whose match needs more backtracking than
    /// ``backtrackingBudget(forUTF16Count:)`` allows is refused (`false`): the pattern comes from
    /// a definition, and a hostile or careless one (`(a+)+`) must not hang a form. Real validator
    /// patterns stay far below the budget, and the common ones never reach ICU at all.
    package func matchesWhole(_ value: String) -> Bool {
        var budget = RegularExpressionBudget.perRequest
        return matchesWhole(value, budget: &budget)
    }

    /// ``matchesWhole(_:)`` drawing ICU's work from a budget shared with the rest of a request.
    package func matchesWhole(_ value: String, budget: inout RegularExpressionBudget) -> Bool {
        if let linear = compiled.linear { return linear.run(value) == .match }
        return run(value, reportCompletion: false, budget: &budget).matched
    }

    /// Whether appending characters to `value` could still produce a whole match.
    ///
    /// The linear matcher answers exactly. On ICU it uses the engine's "hit end" report: when a
    /// failed match attempt never needed to look past the end of the value, no continuation can
    /// change the outcome. That answer is therefore never wrongly `false`; it may be `true` for a
    /// value no continuation actually completes (the engine reached the end on a path that later
    /// fails), which only delays an error message. A value that exhausts the backtracking budget
    /// also answers `true`, for the same reason.
    func couldMatchWhole(afterAppendingTo value: String, budget: inout RegularExpressionBudget) -> Bool {
        if let linear = compiled.linear { return linear.run(value) != .dead }
        let run = run(value, reportCompletion: true, budget: &budget)
        return run.hitEnd || !run.finished
    }

    /// The as-you-type state of `value`: one run of the linear matcher, or ICU's match and
    /// hit-end report.
    func inputState(of value: String, budget: inout RegularExpressionBudget) -> InputState {
        if let linear = compiled.linear {
            switch linear.run(value) {
            case .match: return .valid
            case .prefix: return .incomplete
            case .dead: return .invalid
            }
        }
        if matchesWhole(value, budget: &budget) { return .valid }
        return couldMatchWhole(afterAppendingTo: value, budget: &budget) ? .incomplete : .invalid
    }

    /// How many of ICU's progress reports one match may take for a value of `count` UTF-16 units.
    ///
    /// ICU reports progress about every 10,000 matching steps. 100 reports plus one per 1,000
    /// units (about a million steps plus ten per character) is far above what a linear pattern
    /// needs (one report per 5,000–10,000 characters), and caps an exponential pattern (`(a+)+` on
    /// 30 `a`s and a `!`) or a polynomial one (`.*.*.*=.*`) at tens of milliseconds for values of
    /// usual sizes, and at a fraction of a second for a megabyte. A request's matches together
    /// never take more than `RegularExpressionBudget.reportsPerRequest` (600).
    package static func backtrackingBudget(forUTF16Count count: Int) -> Int {
        100 + count / 1_000
    }

    /// Runs the fallback engine on `value` within what the budget allows, and records what the
    /// run took.
    private func run(_ value: String, reportCompletion: Bool, budget: inout RegularExpressionBudget) -> FallbackRun {
        guard let fallback = compiled.fallback else { return FallbackRun(matched: false, hitEnd: false, reports: 0, finished: true) }
        let allowance = budget.allowance(forUTF16Count: value.utf16.count)
        let run = fallback.run(value, reportCompletion: reportCompletion, allowance: allowance)
        budget.record(reports: run.reports, cutOff: !run.finished)
        return run
    }

    /// Equal when the patterns are equal (the compiled form follows from the pattern).
    public static func == (lhs: RegularExpression, rhs: RegularExpression) -> Bool {
        lhs.pattern == rhs.pattern
    }

    /// Hashes the pattern.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
    }

}

/// A pattern's compiled forms, shared process-wide by every ``RegularExpression`` of the pattern:
/// the linear-time matcher when the pattern is in its subset (then the fallback engine is never
/// needed), else the platform's engine.
final class CompiledPattern: Sendable {
    /// The linear-time matcher, when the pattern is in its subset.
    let linear: LinearPattern?
    /// The fallback engine's form (ICU natively), for a pattern outside that subset.
    let fallback: FallbackPattern?

    /// Compiles `pattern`: on the linear matcher when it is in its subset, else checked by the
    /// fallback engine (throwing when it does not compile the pattern) with the anchored form
    /// left to the first match.
    init(_ pattern: String) throws(RegularExpressionError) {
        self.unusableReason = nil
        if let linear = LinearPattern(pattern) {
            self.linear = linear
            self.fallback = nil
        } else {
            do {
                self.fallback = try FallbackPattern(pattern)
            } catch {
                throw RegularExpressionError(pattern: pattern, reason: error.reason)
            }
            self.linear = nil
        }
    }

    /// Why neither engine runs the pattern (then both forms are `nil`), or `nil`.
    let unusableReason: String?

    /// A pattern on the fallback engine.
    init(fallback: FallbackPattern) {
        self.linear = nil
        self.fallback = fallback
        self.unusableReason = nil
    }

    /// A pattern neither engine runs: it matches nothing.
    init(unusable reason: String) {
        self.linear = nil
        self.fallback = nil
        self.unusableReason = reason
    }
}

extension RegularExpression: CustomStringConvertible {
    /// The pattern, e.g. `/(?:0[1-9]|1[0-2])[0-9]{2}/`.
    public var description: String {
        "/\(pattern)/"
    }
}
