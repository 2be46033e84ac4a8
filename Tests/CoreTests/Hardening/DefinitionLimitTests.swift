import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
import PaymentFormTestSupport

/// The bounds on a form's size (``DefinitionLimit``, docs/limits.md): a definition at each bound
/// decodes, one past it is refused with `limit_exceeded` at the JSON path of what is too large,
/// naming the bound and never the text.
@Suite("Definition limits")
struct DefinitionLimitTests {
    /// `count` distinct text fields.
    private static func fields(_ count: Int) -> String {
        "[" + (0..<count).map { Fixtures.field(id: "f\($0)") }.joined(separator: ",") + "]"
    }

    /// A group (`cards`) around the given fields JSON.
    private static func group(fields: String) -> String {
        #"{"id": "cards", "displayHints": {"logo": "x"}, "fields": \#(fields)}"#
    }

    @Test("the bounds are as documented")
    func bounds() {
        #expect(DefinitionLimit.fields.maximum == 500)
        #expect(DefinitionLimit.options.maximum == 1_000)
        #expect(DefinitionLimit.textBytes.maximum == 4_096)
    }

    @Test("a product and a group with 500 fields decode; with 501, limit_exceeded at fields", arguments: [false, true])
    func fieldCount(isGroup: Bool) throws {
        let document = { (count: Int) in isGroup ? Self.group(fields: Self.fields(count)) : Fixtures.product(fields: Self.fields(count)) }
        let atLimit = try AnyPaymentItem(jsonEncoded: Array(document(500).utf8))
        #expect(atLimit.fields.count == 500)
        #expect(atLimit.kind == (isGroup ? .group : .product))
        let error = #expect(throws: DefinitionError.self) { try AnyPaymentItem(jsonEncoded: Array(document(501).utf8)) }
        #expect(error?.kind == .limitExceeded(.fields, count: 501))
        #expect(error?.code == "limit_exceeded")
        #expect(error?.jsonPath == "fields")
        #expect(error?.description == "fields: 501 fields, more than the 500 a product or group may have")
    }

    @Test("a field count far past the bound is refused before any field is read")
    func farPastTheBound() {
        // 10,000 fields, the last one broken: the count is what is reported, not the broken field.
        let fields = "[" + (0..<9_999).map { Fixtures.field(id: "f\($0)") }.joined(separator: ",") + #",{"id": 1}]"#
        let error = #expect(throws: DefinitionError.self) { try PaymentProduct(jsonEncoded: Array(Fixtures.product(fields: fields).utf8)) }
        #expect(error?.kind == .limitExceeded(.fields, count: 10_000))
    }

    /// A field with one text in each place a field carries one, `text` in the place under test.
    private static func field(placing text: String, at place: String) -> String {
        let quoted = "\"\(text)\""
        func at(_ name: String, _ other: String) -> String { place == name ? quoted : "\"\(other)\"" }
        return #"""
        {"id": \#(at("id", "f")), "type": "string",
         "displayHints": {"label": \#(at("label", "Label")), "placeholderLabel": \#(at("placeholderLabel", "Placeholder")),
                          "link": \#(at("link", "https://example.com/terms")),
                          "tooltip": {"label": \#(at("tooltip.label", "Tip")), "image": \#(at("tooltip.image", "tip.png"))},
                          "formElement": {"type": "list", "valueMapping": [
                            {"value": \#(at("value", "1")), "displayName": \#(at("displayName", "One"))}]}}}
        """#
    }

    /// Each text a field carries, with its path in a product whose only field it is.
    static let textPlaces: [(place: String, path: String)] = [
        ("id", "fields[0].id"),
        ("label", "fields[0].displayHints.label"),
        ("placeholderLabel", "fields[0].displayHints.placeholderLabel"),
        ("link", "fields[0].displayHints.link"),
        ("tooltip.label", "fields[0].displayHints.tooltip.label"),
        ("tooltip.image", "fields[0].displayHints.tooltip.image"),
        ("value", "fields[0].displayHints.formElement.valueMapping[0].value"),
        ("displayName", "fields[0].displayHints.formElement.valueMapping[0].displayName"),
    ]

    @Test("a field's text of 4,096 bytes decodes; of 4,097, limit_exceeded at its path", arguments: textPlaces)
    func textBytes(place: String, path: String) throws {
        let fitting = String(repeating: "a", count: 4_096)
        let product = try PaymentProduct(jsonEncoded: Array(Fixtures.product(fields: "[" + Self.field(placing: fitting, at: place) + "]").utf8))
        #expect(product.fields.count == 1)
        // A distinctive text, so that the test can see the error does not quote it.
        let tooLong = "secret" + String(repeating: "b", count: 4_091)
        let json = Fixtures.product(fields: "[" + Self.field(placing: tooLong, at: place) + "]")
        let error = #expect(throws: DefinitionError.self) { try PaymentProduct(jsonEncoded: Array(json.utf8)) }
        #expect(error?.kind == .limitExceeded(.textBytes, count: 4_097))
        #expect(error?.jsonPath == path)
        #expect(error?.description == "\(path): 4097 bytes, more than the 4096 a field's text may have")
        #expect(error?.description.contains("secret") == false)
    }

    @Test("texts are bounded in UTF-8 bytes, not characters")
    func utf8Bytes() throws {
        // "é" is two bytes: 2,048 of them fill the bound, 2,049 pass it.
        func product(label: String) -> [UInt8] {
            Array(Fixtures.product(fields: #"[{"id": "f", "displayHints": {"label": "\#(label)", "formElement": {"type": "text"}}}]"#).utf8)
        }
        let fitting = String(repeating: "é", count: 2_048)
        #expect(try PaymentProduct(jsonEncoded: product(label: fitting)).fields[0].displayHints.label == fitting)
        let error = #expect(throws: DefinitionError.self) { try PaymentProduct(jsonEncoded: product(label: String(repeating: "é", count: 2_049))) }
        #expect(error?.kind == .limitExceeded(.textBytes, count: 4_098))
    }

    @Test("a list field with 1,000 options decodes; with 1,001, limit_exceeded at its valueMapping")
    func optionCount() throws {
        func product(options count: Int) -> [UInt8] {
            let options = (0..<count).map { #"{"value": "\#($0)", "displayName": "Option \#($0)"}"# }.joined(separator: ",")
            return Array(Fixtures.product(fields: #"[{"id": "bank", "displayHints": {"formElement": {"type": "list", "valueMapping": [\#(options)]}}}]"#).utf8)
        }
        #expect(try PaymentProduct(jsonEncoded: product(options: 1_000)).fields[0].displayHints.formElement.valueMapping.count == 1_000)
        let error = #expect(throws: DefinitionError.self) { try PaymentProduct(jsonEncoded: product(options: 1_001)) }
        #expect(error?.kind == .limitExceeded(.options, count: 1_001))
        #expect(error?.jsonPath == "fields[0].displayHints.formElement.valueMapping")
        #expect(error?.code == "limit_exceeded")
    }

    @Test("an option's display element past the text bound is skipped and reported, as any broken one")
    func displayElement() throws {
        let long = String(repeating: "d", count: 4_097)
        let json = Fixtures.product(fields: #"""
            [{"id": "bank", "displayHints": {"formElement": {"type": "list", "valueMapping": [
              {"value": "1", "displayElements": [{"id": "displayName", "value": "\#(long)"}, {"id": "logo", "value": "l.png"}]}]}}}]
            """#)
        let decoded = try PaymentProduct.decode(from: Array(json.utf8))
        #expect(decoded.value.fields[0].displayHints.formElement.valueMapping[0].displayElements.map(\.id) == ["logo"])
        #expect(decoded.diagnostics.map(\.description).contains {
            $0.contains("fields[0].displayHints.formElement.valueMapping[0].displayElements[0]") && $0.contains("4097 bytes")
        })
    }

    @Test("the Codable path holds the same bounds")
    func codable() throws {
        let json = Data(Fixtures.product(fields: Self.fields(501)).utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(PaymentProduct.self, from: json) }
        #expect(try JSONDecoder().decode(PaymentProduct.self, from: Data(Fixtures.product(fields: Self.fields(500)).utf8)).fields.count == 500)
    }

    @Test("a product list skips a product past a bound and reports it; the others stay")
    func productList() throws {
        let small = Fixtures.product(fields: Self.fields(2))
        let large = Fixtures.product(fields: Self.fields(501)).replacingOccurrences(of: #""id": 1,"#, with: #""id": 2,"#)
        let decoded = try PaymentProductList.decode(from: Array(#"{"paymentProducts": [\#(small), \#(large)]}"#.utf8))
        #expect(decoded.value.paymentProducts.map(\.id) == ["1"])
        #expect(decoded.diagnostics.map(\.description).contains { $0.contains("paymentProducts[1].fields") && $0.contains("501 fields") })
    }
}
