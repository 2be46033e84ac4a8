import Foundation
import Testing
import PaymentFormEngine
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport

/// Product and group texts in the request's locale, as the platform serves them.
@Suite("Sandbox texts per locale", .timeLimit(.minutes(10)))
struct SandboxTextsTests {
    static let context = "countryCode=FR&currencyCode=EUR&amount=1000"

    /// Label, placeholder and tooltip of each field of a served product.
    static func texts(_ product: JSONValue) -> [String: [String?]] {
        guard case .array(let fields)? = product["fields"] else { return [:] }
        var result: [String: [String?]] = [:]
        for field in fields {
            guard case .string(let id)? = field["id"] else { continue }
            let hints = field["displayHints"]
            func text(_ value: JSONValue?) -> String? {
                if case .string(let text)? = value { return text }
                return nil
            }
            result[id] = [text(hints?["label"]), text(hints?["placeholderLabel"]), text(hints?["tooltip"]?["label"])]
        }
        return result
    }

    @Test("a French context gets French labels, placeholders and tooltips (from the shipped tables), not a half-English form")
    func french() async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let visa = await sandbox.send("GET", "/client/v1/c1/products/1?\(Self.context)&locale=fr_FR")
        let french = Localizer(languageTag: "fr")
        #expect(Self.texts(visa.json) == [
            "cardNumber": [french.string(forKey: "gc.general.paymentProductFields.cardNumber.label"), "**** **** **** ****", nil],
            "expiryDate": ["Date d'expiration", "MM/AA", nil],
            "cvv": ["Cryptogramme visuel (CVV)", "123", "Le code à 3 chiffres au dos de votre carte, près de la signature."],
            "cardholderName": ["Nom du titulaire de la carte", "Nom tel qu'il figure sur la carte", nil],
        ])
        // The product-specific key wins over the generic one (American Express's CID).
        let amex = await sandbox.send("GET", "/client/v1/c1/products/2?\(Self.context)&locale=fr")
        #expect(Self.texts(amex.json)["cvv"]?.first == french.string(forKey: "gc.general.paymentProducts.2.paymentProductFields.cvv.label"))
        // A text without letters is the same in every language: Amex keeps its 4-6-5 placeholder.
        #expect(Self.texts(amex.json)["cardNumber"]?[1] == "**** ****** *****")
    }

    @Test("names, list texts and groups follow the locale; other languages fall back along their tags", arguments: [
        ("de_DE", "Kartennummer"), ("de-AT", "Kartennummer"), ("nl", "Kaartnummer"), ("pt_BR", nil as String?),
    ])
    func otherLanguages(locale: String, cardNumber: String?) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let localizer = Localizer(languageTag: locale)
        let visa = await sandbox.send("GET", "/client/v1/c1/products/1?\(Self.context)&locale=\(locale)")
        let expected = cardNumber ?? localizer.string(forKey: "gc.general.paymentProductFields.cardNumber.label")
        #expect(Self.texts(visa.json)["cardNumber"]?.first == expected)
        let ideal = await sandbox.send("GET", "/client/v1/c1/products/809?\(Self.context)&locale=\(locale)")
        #expect(Self.texts(ideal.json)["issuerId"]?[1] == localizer.string(forKey: "gc.general.paymentProductFields.issuerId.placeholder"))
        let groups = await sandbox.send("GET", "/client/v1/c1/productgroups?\(Self.context)&locale=\(locale)")
        let items = try #require(groups.json["paymentProductGroups"]?.arrayValue, "no groups: \(groups)")
        #expect(items.first?["displayHints"]?["label"] == .string(localizer.productGroupName(groupId: "cards", definitionLabel: nil)))
    }

    @Test("in English, or without a locale, the files' own texts are served as written")
    func english() async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let file = try JSONParser().parse(try Fixtures.sampleJSON("amex"))
        for locale in ["", "&locale=en_US", "&locale=en", "&locale=EN-gb"] {
            let amex = await sandbox.send("GET", "/client/v1/c1/products/2?\(Self.context)\(locale)")
            #expect(Self.texts(amex.json) == Self.texts(file), "locale \(locale)")
            #expect(amex.json["displayHints"]?["label"] == "American Express")
        }
    }

    @Test("the product list is localized too, and keeps hide=fields")
    func list() async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let french = await sandbox.send("GET", "/client/v1/c1/products?\(Self.context)&locale=fr_FR&hide=fields")
        let english = await sandbox.send("GET", "/client/v1/c1/products?\(Self.context)&hide=fields")
        let products = try #require(french.json["paymentProducts"]?.arrayValue, "no list")
        let originals = try #require(english.json["paymentProducts"]?.arrayValue, "no list")
        #expect(products.allSatisfy { $0["fields"] == nil })
        let sepa = products.first { $0["id"] == 770 }
        #expect(sepa?["displayHints"]?["label"] == .string(Localizer(languageTag: "fr").productName(productId: "770", definitionLabel: nil)))
        #expect(sepa?["displayHints"]?["label"] != originals.first { $0["id"] == 770 }?["displayHints"]?["label"])
    }

    @Test("texts of a wrong type in a test folder stay as they are")
    func oddShapes() throws {
        let odd = try JSONParser().parse(Array(#"""
        {"id": 1, "displayHints": {"label": 7}, "fields": [{"id": "cvv", "displayHints": {"label": null, "tooltip": "x"}}, 3]}
        """#.utf8))
        #expect(DefinitionTexts.product(odd, locale: "fr") == odd)
    }
}
