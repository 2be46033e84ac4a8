import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport
import PaymentFormFixtures

/// Hostile or broken definitions and values: each gets an error or a bounded result, never a
/// crash, a hang or unbounded memory. The documented limits are in docs/limits.md.
///
/// Nothing here asserts a duration (figures live in payform-bench): a bound that stopped holding
/// makes a test run past the suite's time limit, which fails it.
@Suite("Resource bounds", .timeLimit(.minutes(3)))
struct ResourceBoundsTests {
    private let context = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    @Test("a 50 MB document is refused before it is parsed")
    func fiftyMegabyteDocument() throws {
        // A valid product whose label is 50 MB of "a" (built in place: the test must not be slow).
        let head = Array(#"{"id": 1, "paymentMethod": "card", "displayHints": {"label": ""#.utf8)
        let tail = Array(#""}, "fields": []}"#.utf8)
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 50_000_000)
        bytes.replaceSubrange(0..<head.count, with: head)
        bytes.replaceSubrange(bytes.count - tail.count..<bytes.count, with: tail)
        let error = #expect(throws: DefinitionError.self) { try PaymentProduct.decode(from: bytes) }
        let syntax = try #require(error?.kind.malformedJSONSyntax, "expected malformed JSON, got \(String(describing: error))")
        #expect(syntax.contains("document larger than \(32 << 20) bytes"))
        #expect(error?.code == "malformed_json")
    }

    @Test("10,000 levels of nesting are refused at the parser's depth limit", arguments: ["[", #"{"a":"#])
    func deepNesting(opening: String) throws {
        let closing = opening == "[" ? "]" : "}"
        let text = String(repeating: opening, count: 10_000) + "1" + String(repeating: closing, count: 10_000)
        let error = #expect(throws: DefinitionError.self) { try PaymentProduct.decode(from: Array(text.utf8)) }
        let syntax = try #require(error?.kind.malformedJSONSyntax, "expected malformed JSON, got \(String(describing: error))")
        #expect(syntax.contains("nesting deeper than 256 levels"))
    }

    @Test("deep nesting through Foundation's JSONDecoder is an error too")
    func deepNestingThroughCodable() {
        let text = #"{"id": 1, "paymentMethod": "card", "displayHints": "# + String(repeating: "[", count: 10_000)
            + String(repeating: "]", count: 10_000) + "}"
        #expect(throws: (any Error).self) { try JSONDecoder().decode(PaymentProduct.self, from: Data(text.utf8)) }
    }

    @Test("a product with 20,000 fields, made in code past the decoding bound, validates (every lookup structure is linear)")
    func manyFields() throws {
        // Decoding refuses more than 500 fields (DefinitionLimitTests); an app can still set more.
        var product = try Fixtures.decode(PaymentProduct.self, Fixtures.product(fields: "[]")).value
        product.fields = (0..<20_000).map { PaymentProductField(id: "f\($0)") }
        #expect(product.fields.count == 20_000)
        #expect(PaymentRequest(product: product).validate(in: context).isValid)
    }

    @Test("a 1 MB card number is reported invalid, not formatted or matched for ever")
    func megabyteFieldValue() throws {
        let product = try Fixtures.sample("visa")
        var request = PaymentRequest(product: product)
        let huge = String(repeating: "4", count: 1_000_000)
        try request.setValue(huge, forField: "cardNumber")
        try request.setValue(String(repeating: "é", count: 1_000_000), forField: "cardholderName")
        // The card mask holds 19 digits; a request keeps the rest (never shorter than typed), and
        // validation judges the whole value in linear time: its length is wrong (a million 4s
        // happen to pass Luhn).
        #expect(request.unmaskedValue(forField: "cardNumber")?.count == 1_000_000)
        #expect(request.maskedValue(forField: "cardNumber")?.count == 23 + (1_000_000 - 19))
        let report = request.validate(in: context)
        #expect(report.errors(forField: "cardNumber").map(\.errorId) == ["length"])
        #expect(report.errors(forField: "cardholderName").map(\.errorId) == ["length"])
        #expect(try request.inputState(ofField: "cardholderName", in: context) == .invalid)
    }

    @Test("a 100,000-character mask parses, formats and edits")
    func hugeMask() throws {
        let pattern = String(repeating: "{{9999}} ", count: 11_112)
        #expect(pattern.count > 100_000)
        let field = #"{"id": "f", "displayHints": {"formElement": {"type": "text"}, "mask": "\#(pattern)"}}"#
        let json = Fixtures.product(fields: "[" + field + "]")
        let product = try Fixtures.decode(PaymentProduct.self, json).value
        let mask = try #require(product.fields.first?.mask)
        #expect(mask.capacity == 44_448)
        let digits = String(repeating: "1234567890", count: 4_000)
        let formatted = mask.format(digits)
        #expect(mask.unformat(formatted) == digits)
        let edited = mask.apply(.insert("0"), to: formatted, selection: 10..<10)
        #expect(edited.outcome == .changed)
        #expect(edited.value.count == digits.count + 1)
        let erased = mask.apply(.deleteBackward, to: edited.text, selection: edited.cursor..<edited.cursor)
        #expect(erased.value == digits)
    }

    /// Patterns with catastrophic (exponential or polynomial) backtracking, as a hostile or
    /// careless definition could send them, values that trigger it, and an ordinary value each
    /// pattern accepts (none for `(.*a){20}`: every value it accepts needs the backtracking the
    /// budget cuts off, so it errs towards refusing, as documented).
    static let hostilePatterns: [(pattern: String, value: String, accepted: String?)] = [
        ("(a+)+", String(repeating: "a", count: 40) + "!", "aaa"),
        ("(a|aa)+", String(repeating: "a", count: 60) + "!", "aaa"),
        ("(?:a*)*b", String(repeating: "a", count: 5_000), "aab"),
        ("(.*a){20}", String(repeating: "a", count: 30) + "!", nil),
        (".*.*.*=.*", String(repeating: "x", count: 20_000), "x=y"),
        ("^(\\w+\\s?)*$", String(repeating: "word ", count: 20) + "!", "word word"),
    ]

    @Test("a hostile regular expression in a definition is cut off by the backtracking budget",
          arguments: hostilePatterns)
    func catastrophicBacktracking(pattern: String, value: String, accepted: String?) throws {
        let escaped = pattern.replacingOccurrences(of: "\\", with: "\\\\")
        let json = Fixtures.product(fields: "[" + Fixtures.field(id: "f", #""dataRestrictions": {"isRequired": true, "validators": {"regularExpression": {"regularExpression": "\#(escaped)"}}}"#) + "]")
        let product = try Fixtures.decode(PaymentProduct.self, json).value
        var request = PaymentRequest(product: product)
        try request.setValue(value, forField: "f")
        // Refused (the value does not match, or matching gave up): never an endless match.
        #expect(request.validate(in: context).errors(forField: "f").map(\.errorId) == ["regularExpression"])
        // As-you-type state errs towards "keep typing" when the engine gives up.
        #expect(try request.inputState(ofField: "f", in: context) != .valid)
        // The same pattern still accepts an ordinary value.
        if let accepted {
            try request.setValue(accepted, forField: "f")
            #expect(request.validate(in: context).errors(forField: "f").isEmpty, "\(pattern) refused \(accepted)")
        }
    }

    @Test("a hostile pattern against a 1 MB value is bounded too")
    func catastrophicBacktrackingOnAHugeValue() throws {
        let expression = try RegularExpression("(.*a){12}")
        #expect(!expression.matchesWhole(String(repeating: "a", count: 1_000_000) + "!"))
    }
}

extension DefinitionError.Kind {
    /// What the JSON parser said, for a `malformedJSON` error; `nil` for any other kind.
    var malformedJSONSyntax: String? {
        if case .malformedJSON(let syntax) = self { return syntax }
        return nil
    }
}
