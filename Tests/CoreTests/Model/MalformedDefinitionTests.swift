import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport

/// Malformed definitions: each gives a typed error naming the JSON path and the kind of problem.
@Suite("Malformed definitions")
struct MalformedDefinitionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let json: String
        let path: String
        let code: String
        let message: String
        var testDescription: String { name }
    }

    static let validField = Fixtures.field(id: "ok")

    static let cases: [Case] = [
        Case(name: "an account on file given as a product",
             json: #"{"id": 1001, "paymentProductId": 3, "displayHints": {"logo": "x"}, "attributes": []}"#,
             path: "(root)", code: "invalid_value", message: "this is an account on file (it has paymentProductId or attributes), not a payment product or product group"),
        Case(name: "a product without displayHints or displayHintsList",
             json: #"{"id": 1, "paymentMethod": "card", "fields": []}"#,
             path: "displayHints", code: "missing_key", message: "required key is missing"),
        Case(name: "a field given as a product",
             json: #"{"id": "cvv", "type": "numericstring", "displayHints": {"formElement": {"type": "text"}}}"#,
             path: "(root)", code: "invalid_value", message: "this is a field (it has type or dataRestrictions), not a payment product or product group"),
        Case(name: "minLength as a string",
             json: Fixtures.product(fields: "[\(validField), \(validField.replacingOccurrences(of: "ok", with: "b")), " + Fixtures.field(id: "c", #""dataRestrictions": {"validators": {"length": {"minLength": "3"}}}"#) + "]"),
             path: "fields[2].dataRestrictions.validators.length.minLength", code: "type_mismatch", message: "expected integer, found string"),
        Case(name: "maxLength as a fraction",
             json: Fixtures.product(fields: "[" + Fixtures.field(#""dataRestrictions": {"validators": {"length": {"maxLength": 4.5}}}"#) + "]"),
             path: "fields[0].dataRestrictions.validators.length.maxLength", code: "type_mismatch", message: "expected integer, found number"),
        Case(name: "range bound beyond 64 bits",
             json: Fixtures.product(fields: "[" + Fixtures.field(#""dataRestrictions": {"validators": {"range": {"maxValue": 99999999999999999999}}}"#) + "]"),
             path: "fields[0].dataRestrictions.validators.range.maxValue", code: "invalid_value", message: "out of range"),
        Case(name: "length with max below min",
             json: Fixtures.product(fields: "[" + Fixtures.field(#""dataRestrictions": {"validators": {"length": {"minLength": 5, "maxLength": 2}}}"#) + "]"),
             path: "fields[0].dataRestrictions.validators.length.maxLength", code: "invalid_value", message: "less than minLength"),
        Case(name: "isRequired as a string",
             json: Fixtures.product(fields: "[" + Fixtures.field(#""dataRestrictions": {"isRequired": "yes"}"#) + "]"),
             path: "fields[0].dataRestrictions.isRequired", code: "type_mismatch", message: "expected boolean, found string"),
        Case(name: "validators as an array",
             json: Fixtures.product(fields: "[" + Fixtures.field(#""dataRestrictions": {"validators": ["luhn"]}"#) + "]"),
             path: "fields[0].dataRestrictions.validators", code: "type_mismatch", message: "expected object, found array"),
        Case(name: "fixedList with a number among its values",
             json: Fixtures.product(fields: "[" + Fixtures.field(#""dataRestrictions": {"validators": {"fixedList": {"allowedValues": ["a", 2]}}}"#) + "]"),
             path: "fields[0].dataRestrictions.validators.fixedList.allowedValues[1]", code: "type_mismatch", message: "expected string, found integer"),
        Case(name: "regularExpression without a pattern",
             json: Fixtures.product(fields: "[" + Fixtures.field(#""dataRestrictions": {"validators": {"regularExpression": {}}}"#) + "]"),
             path: "fields[0].dataRestrictions.validators.regularExpression.regularExpression", code: "missing_key", message: "required key is missing"),
        Case(name: "boletoBancarioRequiredness without its length",
             json: Fixtures.product(fields: "[" + Fixtures.field(#""dataRestrictions": {"validators": {"boletoBancarioRequiredness": {}}}"#) + "]"),
             path: "fields[0].dataRestrictions.validators.boletoBancarioRequiredness.fiscalNumberLength", code: "missing_key", message: "required key is missing"),
        Case(name: "field without id",
             json: Fixtures.product(fields: #"[{"displayHints": {"formElement": {"type": "text"}}}]"#),
             path: "fields[0].id", code: "missing_key", message: "required key is missing"),
        Case(name: "field without display hints",
             json: Fixtures.product(fields: #"[{"id": "x"}]"#),
             path: "fields[0].displayHints", code: "missing_key", message: "required key is missing"),
        Case(name: "form element without type",
             json: Fixtures.product(fields: #"[{"id": "x", "displayHints": {"formElement": {}}}]"#),
             path: "fields[0].displayHints.formElement.type", code: "missing_key", message: "required key is missing"),
        Case(name: "form element type as a number (unknown values are kept, wrong types are not)",
             json: Fixtures.product(fields: #"[{"id": "x", "displayHints": {"formElement": {"type": 3}}}]"#),
             path: "fields[0].displayHints.formElement.type", code: "type_mismatch", message: "expected string, found integer"),
        Case(name: "list option without a value",
             json: Fixtures.product(fields: #"[{"id": "x", "displayHints": {"formElement": {"type": "list", "valueMapping": [{"value": "a"}, {"displayName": "B"}]}}}]"#),
             path: "fields[0].displayHints.formElement.valueMapping[1].value", code: "missing_key", message: "required key is missing"),
        Case(name: "display order as a string",
             json: Fixtures.product(fields: #"[{"id": "x", "displayHints": {"displayOrder": "1", "formElement": {"type": "text"}}}]"#),
             path: "fields[0].displayHints.displayOrder", code: "type_mismatch", message: "expected integer, found string"),
        Case(name: "duplicate field ids",
             json: Fixtures.product(fields: "[\(validField), \(validField)]"),
             path: "fields[1].id", code: "invalid_value", message: "duplicate field id 'ok'"),
        Case(name: "duplicate field ids among many (the set kept from 32 fields on)",
             json: Fixtures.product(fields: "[" + ((0..<40).map { Fixtures.field(id: "f\($0)") } + [Fixtures.field(id: "f3")]).joined(separator: ", ") + "]"),
             path: "fields[40].id", code: "invalid_value", message: "duplicate field id 'f3'"),
        Case(name: "duplicate field id just past the point where the set takes over",
             json: Fixtures.product(fields: "[" + ((0..<32).map { Fixtures.field(id: "f\($0)") } + [Fixtures.field(id: "f31")]).joined(separator: ", ") + "]"),
             path: "fields[32].id", code: "invalid_value", message: "duplicate field id 'f31'"),
        Case(name: "canonically equal field ids are one id (é as one scalar and as e + accent)",
             json: Fixtures.product(fields: "[\(Fixtures.field(id: "caf\u{E9}")), \(Fixtures.field(id: "cafe\u{301}"))]"),
             path: "fields[1].id", code: "invalid_value", message: "duplicate field id 'cafe\u{301}'"),
        Case(name: "fields as an object",
             json: Fixtures.product(fields: "{}"),
             path: "fields", code: "type_mismatch", message: "expected array, found object"),
        Case(name: "product id as a boolean",
             json: #"{"id": false, "fields": []}"#,
             path: "id", code: "type_mismatch", message: "expected string or integer, found boolean"),
        Case(name: "product without id",
             json: #"{"paymentMethod": "card"}"#,
             path: "id", code: "missing_key", message: "required key is missing"),
        Case(name: "a product that is an array",
             json: #"[1, 2]"#,
             path: "(root)", code: "type_mismatch", message: "expected object, found array"),
        Case(name: "truncated JSON",
             json: #"{"id": 1, "fields": [{"id": "x", "displayHints": {"#,
             path: "(root)", code: "malformed_json", message: "unexpected end of input"),
        Case(name: "trailing garbage",
             json: #"{"id": 1} x"#,
             path: "(root)", code: "malformed_json", message: "unexpected content after the JSON value"),
        Case(name: "empty field id",
             json: Fixtures.product(fields: #"[{"id": "", "displayHints": {"formElement": {"type": "text"}}}]"#),
             path: "fields[0].id", code: "invalid_value", message: "must not be empty"),
        Case(name: "tooltip as a string",
             json: Fixtures.product(fields: #"[{"id": "x", "displayHints": {"tooltip": "help", "formElement": {"type": "text"}}}]"#),
             path: "fields[0].displayHints.tooltip", code: "type_mismatch", message: "expected object, found string"),
    ]

    @Test("gives a typed error with the JSON path", arguments: cases)
    func malformed(_ testCase: Case) {
        #expect {
            _ = try PaymentProduct.decode(from: Array(testCase.json.utf8))
        } throws: { error in
            guard let error = error as? DefinitionError else { return false }
            let text = String(describing: error)
            let pathMatches = testCase.code == "malformed_json" || error.path.description == testCase.path
            #expect(pathMatches, "path \(error.path) != \(testCase.path)")
            #expect(error.code == testCase.code)
            #expect(text.contains(testCase.message), "\(text)")
            return pathMatches && error.code == testCase.code && text.contains(testCase.message)
        }
    }

    @Test("the full message reads path first")
    func messageShape() throws {
        let json = Fixtures.product(fields: "[\(Self.validField), " + Fixtures.field(id: "b") + ", " + Fixtures.field(id: "c", #""dataRestrictions": {"validators": {"length": {"minLength": "3"}}}"#) + "]")
        #expect {
            _ = try PaymentProduct.decode(from: Array(json.utf8))
        } throws: { error in
            String(describing: error) == "fields[2].dataRestrictions.validators.length.minLength: expected integer, found string"
        }
    }

    @Test("an account on file with a bad attribute is skipped and reported; the product survives")
    func badAccountOnFile() throws {
        let json = #"""
        {"id": 3, "paymentMethod": "card", "displayHints": {}, "accountsOnFile": [
          {"id": 1, "paymentProductId": 3, "attributes": [{"key": "cardNumber", "status": "READ_ONLY"}]},
          {"id": 2, "paymentProductId": 3, "attributes": [{"key": "cardNumber"}]}
        ], "fields": []}
        """#
        let decoded = try PaymentProduct.decode(from: Array(json.utf8))
        #expect(decoded.value.accountsOnFile.map(\.id) == ["1"])
        #expect(decoded.diagnostics.count == 1)
        #expect(decoded.diagnostics.first.map(String.init(describing:))?.contains("accountsOnFile[1].attributes[0].status: required key is missing") == true)
    }

    @Test("an unknown attribute status is kept by name and reported")
    func unknownStatus() throws {
        let json = #"{"id": 3, "paymentMethod": "card", "displayHints": {}, "accountsOnFile": [{"id": 1, "paymentProductId": 3, "attributes": [{"key": "cvv", "status": "MAY_WRITE"}]}]}"#
        let decoded = try PaymentProduct.decode(from: Array(json.utf8))
        #expect(decoded.value.accountsOnFile.first?.attributes.first?.status == .other("MAY_WRITE"))
        #expect(decoded.diagnostics.count == 1)
    }
}

@Suite("Masks without placeholders")
struct MaskWithoutPlaceholdersTests {
    /// Fuzzing finding: a mask with no `{{ }}` unmasked every value to "" (Connect's rule), while
    /// editing took it as plain text, so a customer saw "1230" and an empty value was sent.
    @Test("are reported, and the field formats, edits and unmasks as plain text")
    func treatedAsUnmasked() throws {
        let json = Fixtures.product(fields: "[" + #"{"id": "f", "displayHints": {"formElement": {"type": "text"}, "mask": "ref-"}}"# + "]")
        let decoded = try Fixtures.decode(PaymentProduct.self, json)
        #expect(decoded.diagnostics.map(\.kind) == [.maskWithoutPlaceholders(pattern: "ref-")])
        #expect(decoded.diagnostics.first?.path.description == "fields[0].displayHints.mask")
        let field = try #require(decoded.value.fields.first)
        #expect(field.mask?.pattern == "ref-")       // kept, so the definition re-encodes as sent
        #expect(field.effectiveMask == nil)

        let edit = FieldFormatter(field: field).apply(.insert("1230"), to: "", selection: 0..<0)
        #expect(edit.text == "1230")
        #expect(field.unmask(edit.text) == edit.value)
        var request = PaymentRequest(product: decoded.value)
        try request.setValue(edit.text, forField: "f")
        #expect(request.unmaskedValue(forField: "f") == "1230")
        #expect(request.maskedValue(forField: "f") == "1230")
    }
}
