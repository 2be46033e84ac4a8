/// Placeholder: the host engine is written next.
package final class FallbackPattern: Sendable {
    package let pattern: String
    package init(_ pattern: String) throws(FallbackPatternError) { self.pattern = pattern }
    package init(compilingNow pattern: String) throws(FallbackPatternError) { self.pattern = pattern }
    package static let engineName = "RegExp"
    package var hasAnchoredForm: Bool { false }
    package func run(_ value: String, reportCompletion: Bool, allowance: Int) -> FallbackRun {
        FallbackRun(matched: false, hitEnd: true, reports: 0, finished: true)
    }
}
