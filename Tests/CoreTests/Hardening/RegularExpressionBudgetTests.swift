import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport
import PaymentFormFixtures

/// Security review: the backtracking budget was per match, so a definition of 1,000 fields with
/// `^(a|aa)+$` and 61-character values took 17.8 s to validate. Now the common patterns run on
/// the linear matcher (no backtracking at all), and what still runs on ICU shares one budget per
/// request. These tests assert on the work done and the cut-off outcome, never on time.
@Suite("Regular-expression budget per request", .timeLimit(.minutes(3)))
struct RegularExpressionBudgetTests {
    private let context = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    /// A product of `count` required fields, each with the regular expression `pattern` (one
    /// field decoded, the others its copies: decoding takes at most 500 fields).
    private func product(fields count: Int, pattern: String) throws -> PaymentProduct {
        let escaped = pattern.replacingOccurrences(of: "\\", with: "\\\\")
        let restrictions = #""dataRestrictions": {"isRequired": true, "validators": {"regularExpression": {"regularExpression": "\#(escaped)"}}}"#
        var product = try Fixtures.decode(PaymentProduct.self, Fixtures.product(fields: "[" + Fixtures.field(id: "f0", restrictions) + "]")).value
        let field = try #require(product.fields.first)
        product.fields = (0..<count).map { index in
            var copy = field
            copy.id = "f\(index)"
            return copy
        }
        return product
    }

    private func request(_ product: PaymentProduct, value: (Int) -> String) throws -> PaymentRequest {
        var request = PaymentRequest(product: product)
        for (index, field) in product.fields.enumerated() { try request.setValue(value(index), forField: field.id) }
        return request
    }

    @Test("1,000 fields of ^(a|aa)+$ with 61-character values: decided without any backtracking")
    func thousandFieldsOnTheLinearMatcher() throws {
        let product = try product(fields: 1_000, pattern: "^(a|aa)+$")
        let expression = try RegularExpression("^(a|aa)+$")
        #expect(expression.runsOnLinearMatcher)
        let hostile = try request(product) { _ in String(repeating: "a", count: 60) + "!" }
        var budget = RegularExpressionBudget.perRequest
        let report = hostile.validate(in: context, budget: &budget)
        #expect(report.errors.count == 1_000)
        #expect(report.errors.allSatisfy { $0.errorId == "regularExpression" })
        #expect(budget.spentReports == 0)
        #expect(budget.cutOffMatches == 0)
        // The same fields accept matching values.
        let fine = try request(product) { _ in String(repeating: "a", count: 61) }
        #expect(fine.validate(in: context).isValid)
        #expect(try hostile.inputState(ofField: "f0", in: context) == .invalid)
        #expect(try fine.inputState(ofField: "f0", in: context) == .valid)
    }

    @Test("1,000 fields of a pattern only ICU runs share one request budget, then are cut off")
    func thousandFieldsOnICU() throws {
        // `(?m)` keeps the pattern on ICU, where it backtracks exponentially on these values.
        let product = try product(fields: 1_000, pattern: "(?m)^(a|aa)+$")
        #expect(try !RegularExpression("(?m)^(a|aa)+$").runsOnLinearMatcher)
        let hostile = try request(product) { _ in String(repeating: "a", count: 60) + "!" }
        var budget = RegularExpressionBudget.perRequest
        let report = hostile.validate(in: context, budget: &budget)
        #expect(report.errors.count == 1_000)
        #expect(report.errors.allSatisfy { $0.errorId == "regularExpression" })
        // All the work the request did: one request's budget, not 1,000 match budgets.
        #expect(budget.isSpent)
        #expect(budget.spentReports == RegularExpressionBudget.reportsPerRequest)
        // Each match that ran was stopped at its allowance; the others never started.
        #expect(budget.cutOffMatches == 1_000)
    }

    @Test("once the budget is spent, even a matching value is refused (the cut-off outcome)")
    func cutOffRefusesLaterFields() throws {
        let product = try product(fields: 50, pattern: "(?m)^(a|aa)+$")
        let hostileThenFine = try request(product) { index in
            index < 49 ? String(repeating: "a", count: 60) + "!" : "aaaa"
        }
        var budget = RegularExpressionBudget.perRequest
        let report = hostileThenFine.validate(in: context, budget: &budget)
        #expect(report.errors(forField: "f49").map(\.errorId) == ["regularExpression"])
        // On its own, with a fresh budget, the last value matches.
        var alone = PaymentRequest(product: product)
        for field in product.fields { try alone.setValue("aaaa", forField: field.id) }
        #expect(alone.validate(in: context).isValid)
    }

    @Test("the as-you-type state of a field draws on one budget and errs towards incomplete")
    func inputStateBudget() throws {
        let product = try product(fields: 1, pattern: "(?m)^(a|aa)+$")
        let field = try #require(product.fields.first)
        var budget = RegularExpressionBudget(reports: 0)
        #expect(field.inputState(of: "aaaa", in: context, required: true, maximumLength: nil, budget: &budget) == .incomplete)
        #expect(budget.cutOffMatches >= 1)
        #expect(field.inputState(of: "aaaa", in: context) == .valid)
    }

    @Test("the card samples spend nothing: their patterns all run on the linear matcher")
    func samplesSpendNothing() throws {
        for name in Fixtures.sampleNames {
            let product = try Fixtures.sample(name)
            var request = PaymentRequest(product: product)
            for field in product.fields { try request.setValue("1234", forField: field.id) }
            var budget = RegularExpressionBudget.perRequest
            _ = request.validate(in: context, budget: &budget)
            #expect(budget.spentReports == 0, "\(name)")
            #expect(budget.cutOffMatches == 0, "\(name)")
        }
    }

    @Test("the form controller: one budget per event, and an event validates only what it changed")
    func controllerEventBudget() throws {
        // 30 required fields of a pattern only ICU runs, each filled with a value it backtracks on.
        let product = try product(fields: 30, pattern: "^(?m)(a|aa)+$")
        var controller = PaymentFormController(item: product, localizer: Localizer(languageTag: "en"), context: context)
        let hostile = String(repeating: "a", count: 60) + "!"
        for field in product.fields {
            try controller.set(field.id, value: hostile)
            // Every ICU match of the event (validation and every field's state) drew on one budget.
            #expect(controller.lastEventBudget.spentReports <= RegularExpressionBudget.reportsPerRequest)
        }
        // Before: each event validated all 30 fields twice, each with a fresh budget (~1.3 s a
        // keystroke). Now a keystroke costs what the same keystroke costs in a form of one such
        // field: the work of the field it changed, whatever the form's size.
        try controller.focus("f0")
        #expect(controller.lastEventBudget.spentReports == 0)
        try controller.edit("f0", selection: 61..<61, .insert("a"))
        var single = PaymentFormController(item: try self.product(fields: 1, pattern: "^(?m)(a|aa)+$"),
                                           localizer: Localizer(languageTag: "en"), context: context)
        try single.set("f0", value: hostile)
        try single.edit("f0", selection: 61..<61, .insert("a"))
        #expect(controller.lastEventBudget.spentReports == single.lastEventBudget.spentReports)
        #expect(controller.lastEventBudget.cutOffMatches == single.lastEventBudget.cutOffMatches)
        #expect(controller.lastEventBudget.spentReports < RegularExpressionBudget.reportsPerRequest)
        let submission = controller.submit()
        #expect(submission.errors.count == 30)
        #expect(submission.errors.allSatisfy { $0.errorId == "regularExpression" })
    }
}
