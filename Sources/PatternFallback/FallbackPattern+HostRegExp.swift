#if arch(wasm32)
/// A validator pattern outside the linear matcher's subset, on the host's engine: in WebAssembly,
/// JavaScript's `RegExp` (Unicode mode), through the module's imports.
///
/// The host translates the pattern (leading `(?i)`, `(?s)`, `(?m)` become `RegExp`'s flags; the
/// pattern is anchored to whole values) and answers whether a value matches. What differs from
/// ICU, which the Client API's patterns are written for (the web engine's documentation lists it
/// too):
/// - a pattern `RegExp` cannot read is refused (a definition diagnostic, and its validator fails
///   every value), though ICU may read it: possessive quantifiers, atomic groups, `\Q…\E`,
///   inline flags other than leading `i`, `s`, `m`, set operations, `\h`, `\z`-style anchors;
/// - so is a pattern that could backtrack without bound, since `RegExp` has no time limit: a
///   group repeated without bound (or more than 16 times) holding a repetition of varying count
///   or an alternation (`(a+)+`, `(\w|a)+`); ICU runs those within a budget;
/// - a pattern ICU refuses may be read: `--` at either end of a class (`[^--]`, `[--a]`), ICU's
///   set-difference syntax, is a hyphen or a range to `RegExp` (natively such a pattern is a
///   definition diagnostic);
/// - `RegExp` reports no "hit end": the as-you-type state of a value that does not match is
///   `incomplete`, never `invalid` (an error message waits for the field to lose the focus);
/// - there is no backtracking budget: the host's engine runs a match to its end, which the
///   refusal above keeps linear or polynomial. Patterns in the linear matcher's subset (nearly all
///   definitions') never get here.
///
/// The host's compiled pattern is released when the last value holding it goes.
package final class FallbackPattern: Sendable {
    /// The pattern as the definition sent it.
    package let pattern: String
    /// The host's handle of the compiled pattern.
    private let handle: Int32

    /// Compiles `pattern` with the host's engine; throws when it cannot read it.
    package init(_ pattern: String) throws(FallbackPatternError) {
        self.pattern = pattern
        var bytes = Array(pattern.utf8)
        let handle = bytes.withUnsafeMutableBufferPointer { buffer in
            payformHostRegexCompile(buffer.baseAddress, Int32(buffer.count))
        }
        guard handle > 0 else { throw FallbackPatternError(reason: "the host's RegExp does not run the pattern (it cannot read it, or it could backtrack without bound)") }
        self.handle = handle
    }

    deinit {
        payformHostRegexRelease(handle)
    }

    /// Compiles `pattern` (the host compiles at once anyway).
    package convenience init(compilingNow pattern: String) throws(FallbackPatternError) {
        try self.init(pattern)
    }

    /// The name of the engine, for messages and documentation.
    package static let engineName = "RegExp"

    /// Always: the host compiles the anchored form with the pattern.
    package var hasAnchoredForm: Bool { true }

    /// Runs the pattern against the whole of `value`; the host cannot stop a run nor tell whether
    /// it looked past the end, so a run always finishes and reports `hitEnd`.
    package func run(_ value: String, reportCompletion: Bool, allowance: Int) -> FallbackRun {
        var bytes = Array(value.utf8)
        let matched = bytes.withUnsafeMutableBufferPointer { buffer in
            payformHostRegexMatch(handle, buffer.baseAddress, Int32(buffer.count))
        }
        return FallbackRun(matched: matched == 1, hitEnd: true, reports: 0, finished: true)
    }
}

/// Compiles a pattern (UTF-8) anchored to whole values; a handle above 0, or 0 when it cannot.
@_extern(wasm, module: "env", name: "regex_compile")
private func payformHostRegexCompile(_ pattern: UnsafeMutablePointer<UInt8>?, _ count: Int32) -> Int32

/// Releases the compiled pattern `handle`.
@_extern(wasm, module: "env", name: "regex_release")
private func payformHostRegexRelease(_ handle: Int32)

/// 1 when the compiled pattern `handle` matches the whole value (UTF-8), else 0.
@_extern(wasm, module: "env", name: "regex_match")
private func payformHostRegexMatch(_ handle: Int32, _ value: UnsafeMutablePointer<UInt8>?, _ count: Int32) -> Int32
#endif
