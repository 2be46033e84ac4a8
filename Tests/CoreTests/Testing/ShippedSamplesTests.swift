import PaymentFormCards
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import Testing

/// An app's or a backend's tests reach the shipped samples and the demo key pair through
/// `PaymentFormEngineTesting`, without a file path into the package.
@Suite("Shipped samples for tests")
struct ShippedSamplesTests {
    @Test("every sample product reads; an unknown name throws, naming the samples")
    func products() throws {
        #expect(ShippedSamples.productNames.contains("visa"))
        #expect(ShippedSamples.productNames == ShippedSamples.productNames.sorted())
        for name in ShippedSamples.productNames {
            let product = try ShippedSamples.product(named: name)
            // Wallets (Apple Pay, Google Pay) have no fields: the wallet's own sheet collects the card.
            #expect(!product.fields.isEmpty || product.paymentMethod == "mobile", "\(name)")
            #expect(try PaymentProduct(jsonEncoded: try #require(ShippedSamples.productJSON(named: name))) == product)
        }
        #expect(throws: ShippedSampleError.noSuchSample("no-such-sample", available: ShippedSamples.productNames)) {
            try ShippedSamples.product(named: "no-such-sample")
        }
        #expect(ShippedSampleError.noSuchSample("vsia", available: ["amex", "visa"]).description
            == "no shipped sample named 'vsia' (samples: amex, visa)")
        #expect(ShippedSamples.productJSON(named: "no-such-sample") == nil)
        #expect(try ShippedSamples.group(withId: "cards").id == "cards")
        #expect(throws: ShippedSampleError.noSuchSample("nope", available: ShippedSamples.groupIds)) { try ShippedSamples.group(withId: "nope") }
        #expect(ShippedSamples.groupIds.contains("cards"))
    }

    @Test("a form prepared with the demo public key decrypts with the demo private key")
    func demoKeyPair() throws {
        let visa = try ShippedSamples.product(named: "visa")
        var controller = PaymentFormController(item: visa, localizer: Localizer(languageTag: "en"),
                                               context: ValidationContext(now: YearMonth(year: 2026, month: 11)!))
        try controller.set("cardNumber", value: "4111 1111 1111 1111")
        try controller.set("expiryDate", value: "12/30")
        try controller.set("cvv", value: "123")
        let submission = try controller.submit(clientSessionId: "session", key: try EncryptionKey(ShippedSamples.demoPublicKey()),
                                               metaInfo: .current(appIdentifier: "tests"))
        let prepared = try #require(submission.prepared)
        let payload = try DecryptedPayload(token: prepared.encryptedFields, key: try ShippedSamples.demoDecryptionKey())
        #expect(payload.paymentValues == ["cardNumber": "4111111111111111", "expiryDate": "1230", "cvv": "123"])
    }

    /// One name for a card (issue 55): the product list's label (as the platform names the
    /// product: 130 "Carte Bancaire") is the name the form gives the brand that pays with it.
    @Test("a card product's label is the form's English name of its brand")
    func cardLabelsAreBrandNames() throws {
        let english = Localizer(languageTag: "en")
        var checked = 0
        for name in ShippedSamples.productNames {
            let product = try ShippedSamples.product(named: name)
            guard let id = Int(product.id), let label = product.displayHints.label else { continue }
            // The brand's own product (Visa's is 1; 114 and 122 are its debit and Electron products).
            for brand in BrandTable.shipped.brands where brand.paymentProductIds.first == id {
                #expect(brand.displayName(english) == label, "product \(id) (\(name)) is \(label) in the list, \(brand.displayName(english)) in the form")
                checked += 1
            }
        }
        #expect(checked >= 4, "the samples' card products checked: \(checked)")
    }
}
