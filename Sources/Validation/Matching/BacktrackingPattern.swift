/// A validator pattern outside the linear matcher's subset, on the engine's own backtracking
/// matcher: what the WebAssembly engine runs where the native engine runs ICU.
///
/// It reads ICU's syntax and runs a program of ICU's instructions (``BacktrackingCompiler``), so
/// it answers what ICU answers, including ICU's "hit end" (whether a longer value could still
/// match), which the as-you-type state reads; a test table and the `regex-differential` fuzz
/// target hold it to ICU. What it cannot run exactly (``BacktrackingSyntax`` lists it) it
/// refuses, and the validator then fails every value (error `uncheckable`).
///
/// A run takes at most the steps it is allowed, counted in the unit of ICU's progress reports
/// (``RegularExpressionBudget/stepsPerReport`` steps to a report), so a request's patterns draw
/// on the same budget whichever engine runs them; a run stopped by its allowance decided nothing,
/// and the value is refused (as-you-type: `incomplete`).
package struct BacktrackingPattern: Sendable {
    /// The compiled program.
    let program: BacktrackingProgram

    /// Compiles `pattern`, or throws why this matcher does not run it.
    package init(_ pattern: String) throws(BacktrackingPatternError) {
        do {
            program = try BacktrackingProgram(BacktrackingSyntax.parse(pattern))
        } catch {
            throw BacktrackingPatternError(reason: "the engine's matcher does not run it: \(error.reason)")
        }
    }

    /// Runs the pattern against the whole of `value`, within `allowance` steps.
    package func run(_ value: String, allowance: Int) -> BacktrackingRun {
        guard allowance > 0 else { return BacktrackingRun(matched: false, hitEnd: false, steps: 0, finished: false) }
        return BacktrackingMachine.run(program, input: Array(value.utf16), allowance: allowance)
    }
}

/// Why the backtracking matcher does not run a pattern.
package struct BacktrackingPatternError: Error, Sendable, Hashable {
    /// What it does not run, and where.
    package let reason: String
}
