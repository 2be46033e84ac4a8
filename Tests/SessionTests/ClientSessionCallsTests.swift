import Foundation
import Testing
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSamples
import PaymentFormSandboxClientAPI
import PaymentFormTestSupport
/// Every call of the session against the sandbox, over real loopback HTTP.
@Suite("ClientSession calls against the sandbox", .timeLimit(.minutes(10)))
struct ClientSessionCallsTests {
    let context = SandboxHarness.context

    @Test("the product list comes without fields, in display order, and the full product with them")
    func products() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let list = try await harness.session.paymentProducts(for: context)
        #expect(list.productsInDisplayOrder.map(\.id) == ["1", "130", "2", "3", "809", "770", "302", "320"])
        #expect(list.paymentProducts.allSatisfy { $0.fields.isEmpty })
        let visa = try await harness.session.paymentProduct(withId: "1", context: context)
        #expect(visa.displayHints.label == "Visa")
        #expect(visa.fields.map(\.id) == ["cardNumber", "expiryDate", "cvv", "cardholderName"])
        let mastercard = try await harness.session.paymentProduct(withId: "3", context: context)
        #expect(mastercard.accountsOnFile.count == 2)
    }

    @Test("groups: the list without fields, one group with them, and payment items with both")
    func groups() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let groups = try await harness.session.paymentProductGroups(for: context)
        #expect(groups.paymentProductGroups.map(\.id) == ["cards"])
        #expect(groups.paymentProductGroups[0].fields.isEmpty)
        let cards = try await harness.session.paymentProductGroup(withId: "cards", context: context)
        #expect(cards.fields.map(\.id) == ["cardNumber", "expiryDate", "cvv", "cardholderName"])
        let items = try await harness.session.paymentItems(for: context, groupingProducts: true)
        #expect(items.groups?.paymentProductGroups.map(\.id) == ["cards"])
        #expect(items.ungroupedProducts.map(\.id) == ["809", "770", "302", "320"])
        let ungrouped = try await harness.session.paymentItems(for: context)
        #expect(ungrouped.groups == nil)
        #expect(ungrouped.products.paymentProducts.count == 8)
    }

    @Test("a recurring context offers only products that allow recurring payments")
    func recurringContext() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        var recurring = context
        recurring.isRecurring = true
        let list = try await harness.session.paymentProducts(for: recurring)
        #expect(!list.paymentProducts.contains { $0.id == "809" })
        #expect(list.paymentProducts.allSatisfy { $0.allowsRecurring })
    }

    @Test("the public key is the demo key and prepares payloads the sandbox key decrypts")
    func publicKeyAndPrepare() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let key = try await harness.session.publicKey()
        #expect(key.keyId == "demo-key-NOT-FOR-PRODUCTION-0001")
        let encryptionKey = try await harness.session.encryptionKey()
        #expect(encryptionKey.bitCount == 2048)
        var request = PaymentRequest(product: try await harness.session.paymentProduct(withId: "1", context: context))
        try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
        try request.setValue("12/35", forField: "expiryDate")
        try request.setValue("123", forField: "cvv")
        let prepared = try await harness.session.prepare(request)
        let pem = try Fixtures.demoPrivateKeyPEM()
        let payload = try DecryptedPayload(token: prepared.encryptedFields, key: DecryptionKey(pemRepresentation: pem))
        #expect(payload.clientSessionId == harness.server.configuration.clientSessionId)
        #expect(payload.paymentValues["cardNumber"] == "4111111111111111")
        #expect(payload.keyId == "demo-key-NOT-FOR-PRODUCTION-0001")
        let meta = try #require(Data(base64Encoded: prepared.encodedClientMetaInfo))
        #expect(String(decoding: meta, as: UTF8.self).contains(#""appIdentifier":"session-tests""#))
    }

    @Test("an invalid request is not prepared, and says why")
    func prepareInvalid() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        var request = PaymentRequest(product: try await harness.session.paymentProduct(withId: "1", context: context))
        try request.setValue("4111", forField: "cardNumber")
        await #expect(throws: PrepareError.self) { try await harness.session.prepare(request) }
    }

    @Test("directory, convert amount, customer details, third-party status")
    func services() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let directory = try await harness.session.directory(forProductId: "809", countryCode: "NL", currencyCode: "EUR")
        #expect(directory.entries.map(\.issuerId) == ["ABNANL2A", "INGBNL2A", "RABONL2U", "SNSBNL2A", "TRIONL2U"])
        #expect(try await harness.session.convertAmount(1_000, from: "EUR", to: "USD") == 1_100)
        #expect(try await harness.session.convertAmount(1_000, from: "EUR", to: "JPY") == 1_600)
        #expect(try await harness.session.convertAmount(160, from: "JPY", to: "EUR") == 100)
        let details = try await harness.session.customerDetails(forProductId: "1", countryCode: "SE", values: [("fiscalNumber", "19121212-1212")])
        #expect(details.country == "SE")
        #expect(details.fiscalNumber == "19121212-1212")
        #expect(!details.description.contains("1212"))
        #expect(try await harness.session.thirdPartyStatus(forPaymentId: "000000123-waiting").thirdPartyStatus == .waiting)
        #expect(try await harness.session.thirdPartyStatus(forPaymentId: "000000123").thirdPartyStatus == .completed)
    }

    @Test("networks of a wallet product; a card product has none (404)")
    func networks() async throws {
        let harness = try SandboxHarness(data: SandboxData.load(productsFolder: ExtendedProducts.folder()))
        defer { harness.stop() }
        let networks = try await harness.session.paymentProductNetworks(forProductId: "302", context: context)
        #expect(networks.networks == ["Visa", "MasterCard", "amex"])
        await #expect { try await harness.session.paymentProductNetworks(forProductId: "1", context: context) } throws: { error in
            (error as? ClientAPIError)?.httpStatus == 404
        }
    }

    @Test("asset URLs resolve against the asset URL, and the sandbox serves the logos")
    func assets() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let visa = try await harness.session.paymentProduct(withId: "1", context: context)
        let logo = try #require(visa.displayHints.logo)
        let url = try #require(harness.session.assetURL(for: logo))
        #expect(url.absoluteString == harness.server.assetUrl + "/templates/master/global/css/img/ppimages/pp_logo_1_v1.png")
        #expect(harness.session.assetURL(for: "https://cdn.example/x.gif")?.absoluteString == "https://cdn.example/x.gif")
        #expect(harness.session.assetURL(for: "javascript:alert(1)") == nil)
        #expect(harness.session.assetURL(for: "a/../../secret") == nil)
        let bytes = try await harness.session.assetData(for: logo)
        #expect(bytes.starts(with: Array("<svg ".utf8)))
        await #expect { try await harness.session.assetData(for: "not/there.png") } throws: { error in
            (error as? ClientAPIError)?.httpStatus == 404
        }
    }

    @Test("every request is logged on one line without query or card data")
    func logging() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        _ = try await harness.session.paymentProducts(for: context)
        _ = try await harness.session.iinDetails(forPartialCardNumber: "4111111111111111", context: context)
        let lines = harness.log.value
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("GET /client/v1/customer-1/products 200 "))
        #expect(lines[1].hasPrefix("POST /client/v1/customer-1/services/getIINdetails 200 "))
        #expect(!lines.joined().contains("41111111"))
        #expect(!lines.joined().contains("countryCode"))
        #expect(SandboxServer.loggable("/x/4111111111111111/y") == "/x/[digits]/y")
    }
}
