import Testing
import PaymentFormValidation

/// A context at a fixed month written `YYYY-MM`, so tables stay readable.
/// An unparsable month records a test failure.
func context(_ month: String, sourceLocation: SourceLocation = #_sourceLocation) -> ValidationContext {
    if let now = YearMonth(parsing: month) { return ValidationContext(now: now) }
    Issue.record("bad month \(month) in a test table", sourceLocation: sourceLocation)
    return ValidationContext(now: .fallback)
}

/// The month used by tables that do not depend on "now".
let anyContext = context("2026-06")

/// Shorthand for `validate(_:in:) == nil`.
func passes(_ validator: Validator, _ value: String, _ context: ValidationContext = anyContext) -> Bool {
    validator.validate(value, in: context) == nil
}
