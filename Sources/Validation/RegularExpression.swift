internal import PaymentFormConcurrency
#if !arch(wasm32)
import PaymentFormPatternFallback
#endif

/// A compiled `regularExpression` validator pattern that must match a value **whole**.
///
/// Patterns are ICU syntax (what `NSRegularExpression` and the Client API use, close to Java's):
/// inline flags such as `(?i)`, property classes such as `\p{L}`. Patterns from the API are
/// usually unanchored (`(?:0[1-9]|1[0-2])[0-9]{2}`); this type anchors them itself, so `1230`
/// matches and `x1230` or `12301` do not. An empty pattern matches only the empty value.
///
/// Engines, one meaning. ICU decides what is valid. The common shapes
/// (`^[0-9]{3,4}$`, `(?:0[1-9]|1[0-2])[0-9]{2}`, `[\p{L} '-]+`: classes, groups, alternation and
/// bounded repeats) are a part of ICU's syntax that the engine reads itself and runs on a small
/// linear-time matcher of its own: one step per character, so no pattern can make it slow, and
/// no Foundation call per match. Everything else (`.` under flags, look-around, back-references,
/// `\w`, …) runs on a backtracking engine within a step budget (`RegularExpressionBudget`):
/// ICU natively, and in WebAssembly the engine's own backtracking matcher
/// (`BacktrackingPattern`), which runs ICU's instructions with ICU's meaning and refuses what
/// it cannot reproduce. They agree on every value; differential tests and the
/// `regex-differential` fuzz target hold both matchers to ICU, and the linear matcher's reader to
/// patterns ICU compiles.
///
/// Compiling is cheap and lazy where it can be: a pattern of the linear matcher's subset never
/// reaches ICU at all (reading it is what checks it); any other pattern is checked by its engine
/// when the value is created, so a pattern that does not compile is refused there (for a
/// definition: a decoding diagnostic), and ICU's anchored form is compiled on its first match.
///
/// ```swift
/// if case .regularExpression(let expression) = validator {
///     expression.pattern     // as the definition sent it, such as "(?:0[1-9]|1[0-2])[0-9]{2}": the whole value must match
/// }
/// ```
public struct RegularExpression: Sendable, Hashable {
    /// The pattern as the definition sent it (without the anchoring this type adds).
    public let pattern: String

    /// The compiled form, on the engine that runs it.
    private let compiled: CompiledPattern

    /// Whether matching runs on the engine's linear-time matcher.
    package var runsOnLinearMatcher: Bool {
        if case .linear = compiled.engine { return true }
        return false
    }

    /// Whether matching runs on the engine's own backtracking matcher (always the case, in
    /// WebAssembly, for a pattern outside the linear matcher's subset).
    package var runsOnBacktrackingMatcher: Bool {
        if case .backtracking = compiled.engine { return true }
        return false
    }

    #if !arch(wasm32)
    /// Whether ICU's anchored form has been compiled (for tests of what compiling costs).
    package var hasCompiledICUForm: Bool {
        if case .icu(let fallback) = compiled.engine { return fallback.hasAnchoredForm }
        return false
    }
    #endif

    /// Why the pattern cannot run here (no engine of this build compiles it), or `nil` when it can.
    /// Such a pattern fails every value: a rule that cannot be checked never passes one.
    package var unusableReason: String? {
        if case .unusable(let reason) = compiled.engine { return reason }
        return nil
    }

    /// Compiles `pattern`, or throws ``RegularExpressionError`` when no engine of this build
    /// runs it (natively: when it is not a valid ICU pattern).
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
        self.compiled = CompiledPattern(.unusable(reason))
    }

    /// Compiles `pattern` without the process-wide cache: what a pattern never seen before costs.
    package init(uncached pattern: String) throws(RegularExpressionError) {
        self.pattern = pattern
        self.compiled = try CompiledPattern(pattern)
    }

    /// A pattern on the engine's own backtracking matcher even when the linear matcher could
    /// take it, on every platform: what WebAssembly runs, for the differential tests against ICU.
    package init(backtrackingOnly pattern: String) throws(RegularExpressionError) {
        self.pattern = pattern
        do {
            self.compiled = CompiledPattern(.backtracking(try BacktrackingPattern(pattern)))
        } catch {
            throw RegularExpressionError(pattern: pattern, reason: error.reason)
        }
    }

    #if !arch(wasm32)
    /// A pattern that runs on ICU even when the linear matcher could take it: the reference the
    /// differential tests compare the engine's matchers with. Compiled at once.
    package init(icuOnly pattern: String) throws(RegularExpressionError) {
        self.pattern = pattern
        do {
            self.compiled = CompiledPattern(.icu(try FallbackPattern(compilingNow: pattern)))
        } catch {
            throw RegularExpressionError(pattern: pattern, reason: error.reason)
        }
    }
    #endif

    /// Empties the process-wide cache of compiled patterns, so that the next pattern of each kind
    /// is compiled again (for benchmarks of a first decode).
    package static func removeCachedPatterns() {
        sharedCompiledPatterns.removeAll()
    }

    /// Whether the pattern matches the whole of `value` (not merely a part of it).
    ///
    /// On a backtracking engine, a value whose match needs more steps than
    /// ``backtrackingBudget(forUTF16Count:)`` allows is refused (`false`): the pattern comes from
    /// a definition, and a hostile or careless one (`(a+)+`) must not hang a form. Real validator
    /// patterns stay far below the budget, and the common ones never backtrack at all.
    package func matchesWhole(_ value: String) -> Bool {
        var budget = RegularExpressionBudget.perRequest
        return matchesWhole(value, budget: &budget)
    }

    /// ``matchesWhole(_:)`` drawing the backtracking work from a budget shared with the rest of a
    /// request.
    package func matchesWhole(_ value: String, budget: inout RegularExpressionBudget) -> Bool {
        if case .linear(let linear) = compiled.engine { return linear.run(value) == .match }
        return run(value, reportsEnd: false, budget: &budget).matched
    }

    /// The as-you-type state of `value`: one run of the linear matcher, or one run of a
    /// backtracking engine with its "hit end" report.
    ///
    /// The linear matcher answers exactly. A backtracking engine reports whether a failed match
    /// ever needed to look at the end of the value: when it did not, no continuation can change
    /// the outcome (`invalid`). That answer is never wrongly `invalid`; it may be `incomplete`
    /// for a value no continuation actually completes (the engine reached the end on a path that
    /// later fails), which only delays an error message. A value that exhausts the backtracking
    /// budget is `incomplete` too: it was not decided.
    func inputState(of value: String, budget: inout RegularExpressionBudget) -> InputState {
        if case .linear(let linear) = compiled.engine {
            switch linear.run(value) {
            case .match: return .valid
            case .prefix: return .incomplete
            case .dead: return .invalid
            }
        }
        let run = run(value, reportsEnd: true, budget: &budget)
        if run.matched { return .valid }
        return run.hitEnd || !run.finished ? .incomplete : .invalid
    }

    /// How many of ICU's progress reports (`RegularExpressionBudget/stepsPerReport` steps each)
    /// one match may take for a value of `count` UTF-16 units.
    ///
    /// 100 reports plus one per 1,000 units (a million steps plus ten per character) is far
    /// above what a linear pattern needs (one report per 5,000–10,000 characters), and caps an
    /// exponential pattern (`(a+)+` on 30 `a`s and a `!`) or a polynomial one (`.*.*.*=.*`) at
    /// tens of milliseconds for values of usual sizes, and at a fraction of a second for a
    /// megabyte. A request's matches together never take more than
    /// `RegularExpressionBudget.reportsPerRequest` (600).
    package static func backtrackingBudget(forUTF16Count count: Int) -> Int {
        100 + count / 1_000
    }

    /// What one backtracking run found.
    private struct Run {
        var matched: Bool
        var hitEnd: Bool
        var finished: Bool
    }

    /// Runs the backtracking engine on `value` within what the budget allows, and records what
    /// the run took; `reportsEnd` asks ICU for its hit-end report (the engine's own matcher
    /// always makes it).
    private func run(_ value: String, reportsEnd: Bool, budget: inout RegularExpressionBudget) -> Run {
        switch compiled.engine {
        case .backtracking(let pattern):
            let run = pattern.run(value, allowance: budget.stepAllowance(forUTF16Count: value.utf16.count))
            budget.record(steps: run.steps, cutOff: !run.finished)
            return Run(matched: run.matched, hitEnd: run.hitEnd, finished: run.finished)
        #if !arch(wasm32)
        case .icu(let fallback):
            let allowance = budget.allowance(forUTF16Count: value.utf16.count)
            let run = fallback.run(value, reportCompletion: reportsEnd, allowance: allowance)
            budget.record(steps: run.reports * RegularExpressionBudget.stepsPerReport, cutOff: !run.finished)
            return Run(matched: run.matched, hitEnd: run.hitEnd, finished: run.finished)
        #endif
        case .linear, .unusable:
            return Run(matched: false, hitEnd: false, finished: true)
        }
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

/// A pattern's compiled form, shared process-wide by every ``RegularExpression`` of the pattern:
/// the linear-time matcher when the pattern is in its subset, else the build's backtracking
/// engine (ICU natively, the engine's own matcher in WebAssembly).
final class CompiledPattern: Sendable {
    /// Which engine runs the pattern.
    enum Engine: Sendable {
        /// The linear-time matcher (the pattern is in its subset).
        case linear(LinearPattern)
        /// The engine's own backtracking matcher.
        case backtracking(BacktrackingPattern)
        #if !arch(wasm32)
        /// ICU.
        case icu(FallbackPattern)
        #endif
        /// No engine here runs it (why): it matches nothing.
        case unusable(String)
    }

    let engine: Engine

    /// Compiles `pattern`: on the linear matcher when it is in its subset, else on the build's
    /// backtracking engine (throwing when it does not take the pattern); ICU's anchored form is
    /// left to the first match.
    init(_ pattern: String) throws(RegularExpressionError) {
        if let linear = LinearPattern(pattern) {
            engine = .linear(linear)
            return
        }
        #if arch(wasm32)
        do {
            engine = .backtracking(try BacktrackingPattern(pattern))
        } catch {
            throw RegularExpressionError(pattern: pattern, reason: error.reason)
        }
        #else
        do {
            engine = .icu(try FallbackPattern(pattern))
        } catch {
            throw RegularExpressionError(pattern: pattern, reason: error.reason)
        }
        #endif
    }

    init(_ engine: Engine) {
        self.engine = engine
    }
}

extension RegularExpression: CustomStringConvertible {
    /// The pattern, e.g. `/(?:0[1-9]|1[0-2])[0-9]{2}/`.
    public var description: String {
        "/\(pattern)/"
    }
}
