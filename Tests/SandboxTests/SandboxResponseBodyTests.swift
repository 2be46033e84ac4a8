import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI

/// Product and group answers are the items' JSON written once at start, joined per answer: each
/// answer must be the bytes `JSONWriter` writes for the same JSON, built the way the Client API
/// shapes it.
@Suite("Sandbox answers from pre-written JSON")
struct SandboxResponseBodyTests {
    static let headers: HTTPHeaders = [HTTPHeaderField("Authorization", "GCS v1Client:s1")]

    static func answer(_ target: String) throws -> [UInt8] {
        let server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1"))
        let response = server.respond(to: HTTPRequest(method: "GET", target: target, headers: headers), fromLoopback: true)
        #expect(response.status == 200, "\(target)")
        return response.body
    }

    static func written(_ value: JSONValue) -> [UInt8] {
        Array(JSONWriter().string(from: value).utf8)
    }

    static func withoutFields(_ json: JSONValue) -> JSONValue {
        guard case .object(let object) = json else { return json }
        return .object(JSONObject(object.members.filter { $0.key != "fields" }))
    }

    /// No locale, English, and two other languages (the texts are written per language at start).
    static let locales: [String?] = [nil, "en_US", "fr_FR", "de-CH"]

    static func query(_ locale: String?) -> String { locale.map { "&locale=\($0)" } ?? "" }

    @Test("lists, with and without fields and in each language, are what JSONWriter writes",
          arguments: [false, true], locales)
    func lists(hidingFields: Bool, locale: String?) throws {
        let data = try SandboxData.samples()
        let hide = hidingFields ? "&hide=images,fields" : ""
        let offered = data.products.filter { ClientAPIRouter.offers($0.model, in: PaymentContext(
            amountOfMoney: AmountOfMoney(amount: 1000, currencyCode: "EUR"), countryCode: "NL", isRecurring: false)) }
        #expect(!offered.isEmpty)
        let products = offered.map { item in
            let json = DefinitionTexts.product(item.json, locale: locale)
            return hidingFields ? Self.withoutFields(json) : json
        }
        #expect(try Self.answer("/client/v1/c1/products?countryCode=NL&currencyCode=EUR&amount=1000" + hide + Self.query(locale))
            == Self.written(["paymentProducts": .array(products)]))
        let groups = data.groups.map { item in
            let json = DefinitionTexts.group(item.json, locale: locale)
            return hidingFields ? Self.withoutFields(json) : json
        }
        #expect(try Self.answer("/client/v1/c1/productgroups?countryCode=NL&currencyCode=EUR" + hide + Self.query(locale))
            == Self.written(["paymentProductGroups": .array(groups)]))
    }

    @Test("one product or group, in each language, is its JSON as JSONWriter writes it", arguments: locales)
    func items(locale: String?) throws {
        let data = try SandboxData.samples()
        for item in data.products {
            let target = "/client/v1/c1/products/\(item.model.id)?countryCode=NL&currencyCode=EUR&amount=1000" + Self.query(locale)
            if ClientAPIRouter.offers(item.model, in: PaymentContext(amountOfMoney: AmountOfMoney(amount: 1000, currencyCode: "EUR"),
                                                                   countryCode: "NL", isRecurring: false)) {
                #expect(try Self.answer(target) == Self.written(DefinitionTexts.product(item.json, locale: locale)), "\(item.model.id)")
            }
        }
        for item in data.groups {
            #expect(try Self.answer("/client/v1/c1/productgroups/\(item.model.id)?countryCode=NL&currencyCode=EUR" + Self.query(locale))
                == Self.written(DefinitionTexts.group(item.json, locale: locale)))
        }
    }
}
