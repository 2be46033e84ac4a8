/// Why a brand table was refused: every problem found, each a sentence naming where it is
/// (`brands[2] (american-express).gaps: ...`). Tables hold no card data, so values are quoted.
package struct BrandTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in the order they were found.
    package let problems: [String]

    /// An error with `problems`.
    package init(problems: [String]) {
        self.problems = problems
    }

    /// `The brand table is not usable: <first problem>; <second>; ...` (at most 10, then a count).
    package var description: String {
        let shown = problems.prefix(10).joined(separator: "; ")
        let more = problems.count > 10 ? "; and \(problems.count - 10) more problems" : ""
        return "The brand table is not usable: \(shown)\(more)."
    }
}
