import Foundation
import Testing
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox

/// The wallet samples (Apple Pay 302, Google Pay 320): listed, and their networks served, so the
/// JavaScript SDKs' networks calls answer.
@Suite("Sandbox wallet samples")
struct SandboxWalletTests {
    @Test("Apple Pay and Google Pay are listed and answer their networks; a card product has none", arguments: [
        ("302", ["Amex", "Discover", "MasterCard", "Visa"]), ("320", ["AMEX", "DISCOVER", "MASTERCARD", "VISA"]),
    ])
    func networks(id: String, expected: [String]) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let context = "countryCode=NL&currencyCode=EUR&amount=1000"
        let list = await sandbox.send("GET", "/client/v1/c1/products?\(context)&hide=fields")
        let products = try #require(list.json["paymentProducts"]?.arrayValue, "no products: \(list)")
        #expect(products.contains { $0["id"] == .number(id) && $0["paymentMethod"] == "mobile" })
        let networks = await sandbox.send("GET", "/client/v1/c1/products/\(id)/networks?\(context)")
        #expect(networks.status == 200)
        #expect(networks.json["networks"] == .array(expected.map { .string($0) }))
        #expect(await sandbox.send("GET", "/client/v1/c1/products/1/networks?\(context)").status == 404)
        let product = try PaymentProduct(jsonEncoded: Array(await sandbox.send("GET", "/client/v1/c1/products/\(id)?\(context)").body.utf8))
        #expect(product.fields.isEmpty && product.paymentMethod == "mobile")
    }
}
