import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport
import PaymentFormFixtures

/// What the core does with card brands: product ids on offer, card-number layouts within a
/// field's limits, and the co-badge choice riding with a request.
@Suite("Card brands in products and requests")
struct BrandsInFormsTests {
    static func list(_ ids: [Int]) throws -> PaymentProductList {
        let products = ids.map { #"{"id": \#($0), "paymentMethod": "card", "displayHints": {"logo": "x"}}"# }
        return try Fixtures.decode(PaymentProductList.self, #"{"paymentProducts": [\#(products.joined(separator: ","))]}"#).value
    }

    @Test("product ids: the offered ones, brand by brand, in order", arguments: [
        ("4571", [1, 3, 123, 130], [123, 1]),
        ("4571", [1, 114, 122, 123], [123, 1, 114, 122]),
        ("4571", [3], []),
        ("4111", [122, 1, 3], [1, 122]),
        ("457", [1, 147, 123], [1, 147, 123]),       // ambiguous: every candidate's offered products
        ("6703", [117, 3012], [3012, 117]),
        ("7", [1, 2, 3], []),
        ("6200", [56, 869], [56, 869]),
    ])
    func productIds(number: String, offered: [Int], expected: [Int]) throws {
        let detection = try BrandDetector.shipped.detect(number)
        #expect(try Self.list(offered).paymentProductIds(for: detection.brands) == expected)
    }

    @Test("a co-badge choice can keep only the brands on offer")
    func offeredBrands() throws {
        let detection = try BrandDetector.shipped.detect("4571")
        #expect(try Self.list([1]).offeredBrands(among: detection.brands).map(\.id) == ["visa"])
        #expect(try Self.list([1, 123]).offeredBrands(among: detection.brands).map(\.id) == ["dankort", "visa"])
    }

    @Test("a card-number field's layout: the brand's, within the field's length rule and mask")
    func fieldLayout() throws {
        let visaField = try #require(try Fixtures.sample("visa").field(withId: "cardNumber"))
        let amexField = try #require(try Fixtures.sample("amex").field(withId: "cardNumber"))
        let amex = try BrandDetector.shipped.detect("3782")
        let visa = try BrandDetector.shipped.detect("4111")
        let unknown = BrandDetection.unknown
        #expect(visaField.cardNumberLayout(for: amex).mask.pattern == "{{9999}} {{999999}} {{99999}}")
        #expect(visaField.cardNumberLayout(for: amex).grouped("378282246310005") == "3782 822463 10005")
        #expect(visaField.cardNumberLayout(for: visa).maximumLength == 19)
        #expect(visaField.cardNumberLayout(for: visa).allowedLengths == [16, 18, 19])
        #expect(amexField.cardNumberLayout(for: visa).maximumLength == 15, "the product's rule is tighter")
        #expect(amexField.cardNumberLayout(for: visa).allowedLengths == [])
        #expect(visaField.cardNumberLayout(for: unknown) == .generic)
    }

    @Test("a request detects its card number's brand")
    func requestDetection() throws {
        var request = PaymentRequest(product: try Fixtures.sample("visa"))
        #expect(request.brandDetection() == .unknown)
        try request.setValue("4571 0000 0000 0001", forField: "cardNumber")
        #expect(request.brandDetection().brandIds == ["dankort", "visa"])
        try request.setValue("4571 x", forField: "cardNumber")
        #expect(request.brandDetection().brandIds == ["dankort", "visa"], "the mask drops what is not a digit")
        let ideal = PaymentRequest(product: try Fixtures.sample("ideal"))
        #expect(ideal.brandDetection() == .unknown)
    }

    @Test("the selected brand rides with the request, shows in its description, and leaves the payload as it was")
    func selectedBrand() throws {
        let (key, privateKey) = try PrepareTests.keys()
        let values = ["cardNumber": "4571 0000 0000 0001", "expiryDate": "12/30", "cvv": "123"]
        let plain = try PrepareTests.request("visa", values)
        var chosen = plain
        var choice = BrandChoice()
        choice.update(with: chosen.brandDetection())
        try choice.select(brandId: "dankort")
        chosen.selectedBrand = choice.selected
        #expect(chosen.selectedBrand?.id == "dankort")
        #expect(plain.selectedBrand == nil)
        #expect(chosen.description.contains("selectedBrand: dankort"))
        #expect(!chosen.description.contains("4571"))
        #expect(String(reflecting: chosen).contains("dankort"))

        let prepared = try chosen.prepare(clientSessionId: "s", key: key, metaInfo: .current(), in: PrepareTests.now)
        let reference = try plain.prepare(clientSessionId: "s", key: key, metaInfo: .current(), in: PrepareTests.now)
        let payload = try DecryptedPayload(token: prepared.encryptedFields, key: privateKey)
        let referencePayload = try DecryptedPayload(token: reference.encryptedFields, key: privateKey)
        let members = try #require(payload.json.objectValue, "payload is not an object")
        let referenceMembers = try #require(referencePayload.json.objectValue, "payload is not an object")
        #expect(members.keys == referenceMembers.keys)
        #expect(payload.json["paymentValues"] == referencePayload.json["paymentValues"])
        #expect(payload.json["paymentProductId"] == referencePayload.json["paymentProductId"])
    }
}
