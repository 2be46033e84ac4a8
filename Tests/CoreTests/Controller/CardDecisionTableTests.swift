import Testing
import PaymentFormEngine
@testable import PaymentFormCore
import PaymentFormTestSupport
import PaymentFormFixtures
import PaymentFormJSON

/// The card rule's table (`Tests/Vectors/cards/card-decisions.json`): for the products a form
/// takes, a number, a server IIN answer or none, and the customer's co-badge choice, what submit
/// says — the product paid with, or the number's errors. The same table runs through the page's
/// WebAssembly engine (`Web/test/card-decisions.test.mjs`).
@Suite("The card rule's table: offline detection narrows, it never refuses on its own")
struct CardDecisionTableTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let about: String
        let json: JSONValue
        var testDescription: String { about }
    }

    static let cases: [Case] = {
        guard let text = try? PackageFiles.text("Tests/Vectors/cards/card-decisions.json"),
              let table = try? JSONParser().parse(Array(text.utf8)), case .array(let cases)? = table["cases"]
        else { return [] }
        return cases.map { Case(about: $0["about"]?.stringValue ?? "?", json: $0) }
    }()

    @Test("the table has its cases")
    func tableIsThere() {
        #expect(Self.cases.count >= 30)
    }

    /// The product of a sample name (see the table's `about`).
    static func product(_ name: String) throws -> PaymentProduct {
        switch name {
        case "unknown":
            var product = try Fixtures.sample("visa")
            product.id = "999"
            product.displayHints.label = "A card no table knows"
            return product
        case "dankort":
            var product = try Fixtures.sample("visa")
            product.id = "123"
            product.displayHints.label = "Dankort"
            return product
        default:
            return try Fixtures.sample(name)
        }
    }

    @Test("each case", arguments: cases)
    func decide(testCase: Case) throws {
        let json = testCase.json
        let listed: [String]? = json["products"]?.arrayValue?.compactMap(\.stringValue)
        let names = try #require(listed)
        let products = try names.map(Self.product)
        let item: AnyPaymentItem
        var others = products.map(AnyPaymentItem.product)
        if json["group"] == .bool(true) {
            item = .group(try PaymentProductGroup.decode(from: Array(try PackageFiles.text("Resources/Groups/cards.json").utf8)).value)
        } else {
            item = others.removeFirst()
        }
        var controller = PaymentFormController(item: item, localizer: Localizer(languageTag: "en"), context: ControllerFixtures.now, otherItems: others)
        let number = try #require(json["number"]?.stringValue)
        try controller.set("cardNumber", value: number)
        if let iin = json["iin"], iin != .null {
            controller.applyIINLookup(try IINLookupResult(serverJSON: iin))
        }
        if let choice = json["choice"]?.stringValue { try controller.selectBrand(choice) }
        // The other fields valid, for the product the form is on now.
        let isAmex = number.hasPrefix("34") || number.hasPrefix("37")
        for field in controller.fields where field.id != "cardNumber" {
            switch field.id {
            case "expiryDate": try controller.set(field.id, value: "12/30")
            case "cvv": try controller.set(field.id, value: isAmex && controller.item.id == "2" ? "1234" : "123")
            case "cardholderName": try controller.set(field.id, value: "Jane Doe")
            default: break
            }
        }
        let submission = controller.submit()
        let numberErrors = submission.errors.filter { $0.fieldId == "cardNumber" }.map(\.errorId)
        if let product = json["expect"]?["product"]?.stringValue {
            #expect(submission.errors.map(\.errorId) == [], "\(testCase.about)")
            #expect(submission.paymentProductId == product, "\(testCase.about)")
        } else {
            let listedErrors: [String]? = json["expect"]?["errors"]?.arrayValue?.compactMap(\.stringValue)
            let expected = try #require(listedErrors)
            #expect(numberErrors == expected, "\(testCase.about)")
            #expect(!submission.isValid)
        }
    }
}
