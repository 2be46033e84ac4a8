import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport

/// Security review: a key repeated within an object of a definition silently took the last
/// value (a `cvv` length of 999 overriding 4). The last occurrence still wins, as JSON readers
/// do, but every repetition is reported with its path.
@Suite("Duplicate keys in definitions")
struct DuplicateKeyTests {
    @Test("a repeated key is reported at its path; the last occurrence is used")
    func reportedAndLastWins() throws {
        let validators = #""dataRestrictions": {"isRequired": true, "validators": {"length": {"minLength": 3, "maxLength": 4, "maxLength": 999}}}"#
        let json = Fixtures.product(fields: "[" + Fixtures.field(id: "cvv", validators) + "]")
        let decoded = try Fixtures.decode(PaymentProduct.self, json)
        let field = try #require(decoded.value.fields.first)
        #expect(field.dataRestrictions.validators == [.length(minLength: 3, maxLength: 999)])
        #expect(decoded.diagnostics.map(\.kind) == [.duplicateKey(name: "maxLength")])
        #expect(decoded.diagnostics.first?.path.description == "fields[0].dataRestrictions.validators.length.maxLength")
        #expect(decoded.diagnostics.first?.description
            == "fields[0].dataRestrictions.validators.length.maxLength: key 'maxLength' appears more than once in its object; the last occurrence is used")
        // The diagnostic never carries a value.
        #expect(decoded.diagnostics.first?.description.contains("999") == false)
    }

    @Test("every repetition is reported in document order, in any object", arguments: [
        (#"{"id": 1, "id": 2, "paymentMethod": "card", "displayHints": {}}"#, ["id"], ["id"]),
        (#"{"id": 1, "paymentMethod": "card", "displayHints": {"label": "a", "label": "b", "label": "c"}}"#,
         ["label", "label"], ["displayHints.label", "displayHints.label"]),
        (#"{"id": 1, "paymentMethod": "card", "displayHints": {}, "unknownExtension": [{"x": 1}, {"y": {"z": 1, "z": 2}}]}"#, ["z"], ["unknownExtension[1].y.z"]),
        (#"{"id": 1, "paymentMethod": "card", "displayHints": {}, "fields": [], "fields": []}"#, ["fields"], ["fields"]),
        (#"{"id": 1, "paymentMethod": "card", "displayHints": {}, "a": {"k": 1}, "b": {"k": 2}}"#, [], []),
    ])
    func repetitions(json: String, names: [String], paths: [String]) throws {
        let decoded = try Fixtures.decode(PaymentProduct.self, json)
        #expect(decoded.diagnostics.map(\.kind) == names.map { .duplicateKey(name: $0) })
        #expect(decoded.diagnostics.map(\.path.description) == paths)
    }

    @Test("the reading through init(jsonEncoded:diagnostics:) reports them too")
    func throughClientAPIModel() throws {
        var diagnostics: [DefinitionDiagnostic] = []
        let product = try PaymentProduct(jsonEncoded: Array(#"{"id": 1, "paymentMethod": "card", "paymentMethod": "redirect", "displayHints": {}}"#.utf8),
                                         diagnostics: &diagnostics)
        #expect(product.paymentMethod == "redirect")
        #expect(diagnostics.map(\.kind) == [.duplicateKey(name: "paymentMethod")])
    }

    @Test("a document with thousands of repetitions lists 100 and counts the rest")
    func bounded() throws {
        let members = (0..<5_000).map { #""k": \#($0)"# }.joined(separator: ", ")
        let json = #"{"id": 1, "paymentMethod": "card", "displayHints": {}, "extension": {\#(members)}}"#
        let decoded = try Fixtures.decode(PaymentProduct.self, json)
        #expect(decoded.diagnostics.count == DefinitionDiagnostic.maximumDuplicateKeyReports + 1)
        #expect(decoded.diagnostics.dropLast().allSatisfy { $0.kind == .duplicateKey(name: "k") })
        #expect(decoded.diagnostics.last?.kind == .moreDuplicateKeys(count: 4_999 - 100))
    }

    @Test("the shipped samples have no repeated keys")
    func samplesAreClean() throws {
        for name in Fixtures.sampleNames {
            let data = try Fixtures.sampleJSON(name)
            #expect(try PaymentProduct.decode(from: data).diagnostics.allSatisfy {
                if case .duplicateKey = $0.kind { return false }
                return true
            })
        }
    }
}
