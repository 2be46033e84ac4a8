import Foundation
internal import PaymentFormConcurrency

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

    /// Whether ICU's anchored form has been compiled (for tests of what compiling costs).
    var hasCompiledICUForm: Bool { compiled.hasAnchoredForm }

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

    /// Compiles `pattern` without the process-wide cache: what a pattern never seen before costs.
    package init(uncached pattern: String) throws(RegularExpressionError) {
        self.pattern = pattern
        self.compiled = try CompiledPattern(pattern)
    }

    /// A pattern that runs on ICU even when the linear matcher could take it: the reference the
    /// differential tests compare the linear matcher with. Compiled at once.
    package init(icuOnly pattern: String) throws(RegularExpressionError) {
        self.pattern = pattern
        try Self.checkWithICU(pattern)
        self.compiled = CompiledPattern(icu: pattern, anchored: try Self.anchor(pattern))
    }

    /// Empties the process-wide cache of compiled patterns, so that the next pattern of each kind
    /// is compiled again (for benchmarks of a first decode).
    package static func removeCachedPatterns() {
        sharedCompiledPatterns.removeAll()
    }

    /// Throws when ICU does not compile `pattern` as sent. Checked before anchoring: wrapping
    /// could "repair" a broken pattern (`a)|(b`). The empty pattern is valid by definition (it
    /// matches only ""), though Foundation on Linux refuses to compile it on its own.
    static func checkWithICU(_ pattern: String) throws(RegularExpressionError) {
        guard !pattern.isEmpty else { return }
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            throw RegularExpressionError(pattern: pattern, reason: reason(for: error))
        }
    }

    /// Compiles `pattern` (which ICU compiles as sent) anchored to whole values.
    static func anchor(_ pattern: String) throws(RegularExpressionError) -> NSRegularExpression {
        // Anchor by wrapping in a non-capturing group (keeps alternations and group numbers intact)
        // between \A and \z. The never-matching alternative `(?!)` changes nothing about what
        // matches; it stops ICU from answering "hit end" merely because the value is shorter than
        // the pattern's minimum length, which keeps `inputState` precise (`\d{3}` on `1a`).
        // A trailing free-spacing comment (`(?x)… # note`) or an open `\Q` quote would swallow
        // the closing `)`, which makes that wrap fail to compile; closing them first (a newline
        // ends a comment, `\E` ends a quote) handles those patterns.
        let closings = ["", "\\E", "\n", "\\E\n"]
        for closing in closings {
            if let compiled = try? NSRegularExpression(pattern: "\\A(?:(?:" + pattern + closing + ")\\z|(?!))") {
                return compiled
            }
        }
        throw RegularExpressionError(pattern: pattern, reason: "the pattern cannot be anchored to match whole values")
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
        let length = value.utf16.count
        var matched = false
        run(on: value, length: length, reportCompletion: false, budget: &budget) { match, _ in
            // Belt and braces: the wrap already forces this, but a match must cover every UTF-16 unit.
            if let match { matched = match.range.location == 0 && match.range.length == length }
        }
        return matched
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
        var hitEnd = false
        let finished = run(on: value, length: value.utf16.count, reportCompletion: true, budget: &budget) { _, flags in
            if flags.contains(.hitEnd) { hitEnd = true }
        }
        return hitEnd || !finished
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

    /// Runs the anchored ICU match on `value`, passing the match found and the completion report
    /// (`nil` match) to `body`, with their flags. Returns `false` when the budget ran out and the
    /// engine was stopped (or, with the budget already spent, never started).
    @discardableResult
    private func run(
        on value: String, length: Int, reportCompletion: Bool, budget: inout RegularExpressionBudget,
        _ body: (NSTextCheckingResult?, NSRegularExpression.MatchingFlags) -> Void
    ) -> Bool {
        // The anchored form is compiled on the first match. ICU compiled the pattern as sent, and
        // one of the wraps in `anchor(_:)` compiles every such pattern tried; should one not, the
        // value is refused, never passed.
        guard let anchored = compiled.anchored else { return true }
        let allowance = budget.allowance(forUTF16Count: length)
        guard allowance > 0 else {
            budget.record(reports: 0, cutOff: true)
            return false
        }
        var reports = 0
        var finished = true
        var options: NSRegularExpression.MatchingOptions = [.anchored, .reportProgress]
        if reportCompletion { options.insert(.reportCompletion) }
        // Foundation on Linux declares the block escaping, though it runs only during the call.
        withoutActuallyEscaping(body) { body in
            anchored.enumerateMatches(in: value, options: options, range: NSRange(location: 0, length: length)) {
                match, flags, stop in
                if match != nil || flags.contains(.completed) {
                    body(match, flags)
                } else {
                    reports += 1
                    if reports > allowance {
                        finished = false
                        stop.pointee = true
                    }
                }
            }
        }
        budget.record(reports: Swift.min(reports, allowance), cutOff: !finished)
        return finished
    }

    /// Equal when the patterns are equal (the compiled form follows from the pattern).
    public static func == (lhs: RegularExpression, rhs: RegularExpression) -> Bool {
        lhs.pattern == rhs.pattern
    }

    /// Hashes the pattern.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
    }

    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo["NSInvalidValue"] as? String, !detail.isEmpty {
            return "ICU rejected the pattern (\(detail))"
        }
        return "ICU rejected the pattern (error \(nsError.code))"
    }
}

/// A pattern's compiled forms, shared process-wide by every ``RegularExpression`` of the pattern.
///
/// `@unchecked Sendable`: `linear` and `pattern` are immutable; the anchored ICU form is
/// compiled once, with its lock held, and `NSRegularExpression` is documented as safe to use for
/// matching from several threads at once (it is not `Sendable` on every platform).
final class CompiledPattern: @unchecked Sendable {
    /// The linear-time matcher, when the pattern is in its subset (then ICU is never needed).
    let linear: LinearPattern?
    /// The pattern as sent, for the anchored form.
    private let pattern: String
    /// The anchored ICU form, compiled on first use; `nil` for a pattern on the linear matcher.
    ///
    /// Absent rather than empty for linear patterns: those never reach ICU, and creating the lock
    /// (with the runtime's first-time work on its generic type and on `NSRegularExpression`) was
    /// about a sixth of a process's first decode.
    private let anchoredForm: LockedValue<AnchoredForm>?

    /// Where the anchored ICU form stands.
    private enum AnchoredForm {
        case notCompiled
        case compiled(NSRegularExpression)
        /// No wrap compiled (the value is then refused, never passed).
        case failed
    }

    /// Compiles `pattern`: on the linear matcher when it is in its subset, else checked by ICU
    /// (throwing when ICU does not compile it) with the anchored form left to the first match.
    init(_ pattern: String) throws(RegularExpressionError) {
        self.pattern = pattern
        if let linear = LinearPattern(pattern) {
            self.linear = linear
            self.anchoredForm = nil
        } else {
            try RegularExpression.checkWithICU(pattern)
            self.linear = nil
            self.anchoredForm = LockedValue(.notCompiled)
        }
    }

    /// An ICU pattern whose anchored form is already compiled.
    init(icu pattern: String, anchored: NSRegularExpression) {
        self.pattern = pattern
        self.linear = nil
        self.anchoredForm = LockedValue(.compiled(anchored))
    }

    /// Whether the anchored form was compiled (or tried).
    var hasAnchoredForm: Bool {
        guard let anchoredForm else { return false }
        return anchoredForm.withLock { form in
            if case .notCompiled = form { return false }
            return true
        }
    }

    /// The pattern anchored to whole values, compiled on first use; `nil` if it cannot be (or
    /// the pattern runs on the linear matcher).
    var anchored: NSRegularExpression? {
        // Compiled with the lock held: concurrent first matches compile once.
        anchoredForm?.withLock { form in
            switch form {
            case .compiled(let expression):
                return expression
            case .failed:
                return nil
            case .notCompiled:
                guard let expression = try? RegularExpression.anchor(pattern) else {
                    form = .failed
                    return nil
                }
                form = .compiled(expression)
                return expression
            }
        }
    }
}

extension RegularExpression: CustomStringConvertible {
    /// The pattern, e.g. `/(?:0[1-9]|1[0-2])[0-9]{2}/`.
    public var description: String {
        "/\(pattern)/"
    }
}
