#if !arch(wasm32)
import Foundation
import PaymentFormConcurrency

/// A validator pattern outside the linear matcher's subset, on ICU through
/// `NSRegularExpression` (the engine the Client API's patterns are written for): what the native
/// engine runs such patterns on. The WebAssembly engine runs them on its own backtracking matcher
/// instead (`BacktrackingPattern` in the validation module), which a differential test holds to
/// this one; this module is empty there.
///
/// `@unchecked Sendable`: `pattern` is immutable; the anchored form is compiled once, with its
/// lock held, and `NSRegularExpression` is documented as safe to use for matching from several
/// threads at once (it is not `Sendable` on every platform).
package final class FallbackPattern: @unchecked Sendable {
    /// The pattern as the definition sent it.
    package let pattern: String
    /// The anchored form, compiled on the first match.
    private let anchoredForm: LockedValue<AnchoredForm>

    /// Where the anchored form stands.
    private enum AnchoredForm {
        case notCompiled
        case compiled(NSRegularExpression)
        /// No wrap compiled (the value is then refused, never passed).
        case failed
    }

    /// Checks that ICU compiles `pattern` as sent; the anchored form is left to the first match.
    package init(_ pattern: String) throws(FallbackPatternError) {
        try Self.check(pattern)
        self.pattern = pattern
        self.anchoredForm = LockedValue(.notCompiled)
    }

    /// Checks `pattern` and compiles its anchored form at once.
    package init(compilingNow pattern: String) throws(FallbackPatternError) {
        try Self.check(pattern)
        self.pattern = pattern
        self.anchoredForm = LockedValue(.compiled(try Self.anchor(pattern)))
    }

    /// The name of the engine, for messages and documentation.
    package static let engineName = "ICU"

    /// Whether the anchored form was compiled (or tried).
    package var hasAnchoredForm: Bool {
        anchoredForm.withLock { form in
            if case .notCompiled = form { return false }
            return true
        }
    }

    /// Runs the pattern against the whole of `value`.
    ///
    /// `allowance` is how many of ICU's progress reports (about every 10,000 matching steps) the
    /// run may take before it is stopped; with `reportCompletion`, the run also says whether the
    /// engine looked past the end of the value (``FallbackRun/hitEnd``).
    package func run(_ value: String, reportCompletion: Bool, allowance: Int) -> FallbackRun {
        // The anchored form is compiled on the first match. ICU compiled the pattern as sent, and
        // one of the wraps in `anchor(_:)` compiles every such pattern tried; should one not, the
        // value is refused, never passed.
        guard let anchored else { return FallbackRun(matched: false, hitEnd: false, reports: 0, finished: true) }
        guard allowance > 0 else { return FallbackRun(matched: false, hitEnd: false, reports: 0, finished: false) }
        let length = value.utf16.count
        var reports = 0
        var finished = true
        var matched = false
        var hitEnd = false
        var options: NSRegularExpression.MatchingOptions = [.anchored, .reportProgress]
        if reportCompletion { options.insert(.reportCompletion) }
        anchored.enumerateMatches(in: value, options: options, range: NSRange(location: 0, length: length)) { match, flags, stop in
            if let match {
                // Belt and braces: the wrap already forces this, but a match must cover every unit.
                matched = match.range.location == 0 && match.range.length == length
                if flags.contains(.hitEnd) { hitEnd = true }
            } else if flags.contains(.completed) {
                if flags.contains(.hitEnd) { hitEnd = true }
            } else {
                reports += 1
                if reports > allowance {
                    finished = false
                    stop.pointee = true
                }
            }
        }
        return FallbackRun(matched: matched, hitEnd: hitEnd, reports: min(reports, allowance), finished: finished)
    }

    /// The anchored form, compiled on first use; `nil` if it cannot be.
    private var anchored: NSRegularExpression? {
        // Compiled with the lock held: concurrent first matches compile once.
        anchoredForm.withLock { form in
            switch form {
            case .compiled(let expression):
                return expression
            case .failed:
                return nil
            case .notCompiled:
                guard let expression = try? Self.anchor(pattern) else {
                    form = .failed
                    return nil
                }
                form = .compiled(expression)
                return expression
            }
        }
    }

    /// Throws when ICU does not compile `pattern` as sent. Checked before anchoring: wrapping
    /// could "repair" a broken pattern (`a)|(b`). The empty pattern is valid by definition (it
    /// matches only ""), though Foundation on Linux refuses to compile it on its own.
    private static func check(_ pattern: String) throws(FallbackPatternError) {
        guard !pattern.isEmpty else { return }
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            throw FallbackPatternError(reason: reason(for: error))
        }
    }

    /// Compiles `pattern` (which ICU compiles as sent) anchored to whole values.
    private static func anchor(_ pattern: String) throws(FallbackPatternError) -> NSRegularExpression {
        // Anchor by wrapping in a non-capturing group (keeps alternations and group numbers intact)
        // between \A and \z. The never-matching alternative `(?!)` changes nothing about what
        // matches; it stops ICU from answering "hit end" merely because the value is shorter than
        // the pattern's minimum length, which keeps the as-you-type state precise (`\d{3}` on `1a`).
        // A trailing free-spacing comment (`(?x)… # note`) or an open `\Q` quote would swallow
        // the closing `)`, which makes that wrap fail to compile; closing them first (a newline
        // ends a comment, `\E` ends a quote) handles those patterns.
        for closing in ["", "\\E", "\n", "\\E\n"] {
            if let compiled = try? NSRegularExpression(pattern: "\\A(?:(?:" + pattern + closing + ")\\z|(?!))") {
                return compiled
            }
        }
        throw FallbackPatternError(reason: "the pattern cannot be anchored to match whole values")
    }

    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo["NSInvalidValue"] as? String, !detail.isEmpty {
            return "ICU rejected the pattern (\(detail))"
        }
        return "ICU rejected the pattern (error \(nsError.code))"
    }
}
#endif
