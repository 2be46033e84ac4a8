import Testing
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormCore
@testable import PaymentFormCards
import PaymentFormTestSupport
import PaymentFormFixtures
import PaymentFormJSON

/// One card form for every card (issue: "the number decides the product, the shopper's brand
/// choice is what is sent"): a form opened on the `cards` group takes the merchant's card
/// products, and the card number names the one that pays, through the controller (which the CLI
/// and the web form drive).
@Suite("One card form for every card")
struct CardFormTests {
    /// A card number, what the form shows for it, the product it pays with, and the IIN answer
    /// it needs to name it (a Visa or Mastercard number on a form that also takes Cartes
    /// Bancaires: only the lookup can tell), if any.
    struct Card: Sendable, CustomTestStringConvertible {
        let number: String
        let text: String
        let productId: String
        let cvv: String
        var iin: IINLookupResult? = nil
        var testDescription: String { "product \(productId)" }
    }

    static let cards: [Card] = [
        Card(number: "378282246310005", text: "3782 822463 10005", productId: "2", cvv: "1234"),
        Card(number: "5555555555554444", text: "5555 5555 5555 4444", productId: "3", cvv: "123", iin: IINAnswers.server(3)),
        Card(number: "4111111111111111", text: "4111 1111 1111 1111", productId: "1", cvv: "123", iin: IINAnswers.server(1)),
        Card(number: "4571000000000001", text: "4571 0000 0000 0001", productId: "123", cvv: "123"),   // Dankort + Visa: Dankort listed first
    ]

    @Test("typed key by key on the cards group, the number switches the form to its product; submit names it and encrypts it", arguments: cards)
    func typedIntoTheGroup(card: Card) throws {
        var controller = try ControllerFixtures.cardForm()
        #expect(controller.item.kind == .group)
        #expect(controller.fields.map(\.id) == ["cardNumber", "expiryDate", "cvv", "cardholderName"])
        try controller.focus("cardNumber")
        var updates = try controller.type(card.number, into: "cardNumber")
        if let iin = card.iin {
            // Offline the number may be a Cartes Bancaires card too: the form waits for the lookup,
            // and a submit now names no product.
            #expect(controller.item.kind == .group)
            #expect(controller[field: "cardNumber"]?.state == .incomplete)
            #expect(controller.submit().errors.first { $0.fieldId == "cardNumber" }?.errorId == "cardUndecided")
            updates.append(controller.applyIINLookup(iin))
        }
        #expect(updates.filter(\.itemChanged).count >= 1)
        #expect(controller.item.id == card.productId)
        #expect(controller[field: "cardNumber"]?.text == card.text)
        #expect(controller[field: "cardNumber"]?.state == .valid)
        try controller.set("expiryDate", value: "12/30")
        try controller.set("cvv", value: card.cvv)
        let key = try Fixtures.demoEncryptionKey()
        let submission = try controller.submit(clientSessionId: "session", key: key, metaInfo: .current(appIdentifier: "tests"))
        #expect(submission.isValid)
        #expect(submission.paymentProductId == card.productId)
        let prepared = try #require(submission.prepared)
        let payload = try DecryptedPayload(token: prepared.encryptedFields, key: try DecryptionKey(pemRepresentation: try Fixtures.demoPrivateKeyPEM()))
        #expect(payload.json["paymentProductId"] == PaymentFormJSON.JSONValue.number(card.productId))
    }

    @Test("American Express: 4-6-5 grouping, a 4-digit CVV with its own hint, the caret kept where the customer types")
    func americanExpress() throws {
        var controller = try ControllerFixtures.cardForm()
        try controller.focus("cardNumber")
        try controller.type("3", into: "cardNumber")
        #expect(controller.item.kind == .group)                     // 3: several brands still possible
        let switched = try controller.type("7", into: "cardNumber")
        #expect(switched.last?.itemChanged == true)
        #expect(controller.item.id == "2")
        #expect(controller[field: "cardNumber"]?.selection == 2..<2)
        #expect(controller[field: "cardNumber"]?.hasFocus == true)
        #expect(controller[field: "cvv"]?.field.tooltip == Localizer(languageTag: "en").string(forKey: "gc.general.paymentProducts.2.paymentProductFields.cvv.tooltipText"))
        #expect(controller[field: "cvv"]?.field.maxLength == 4)
        // On the group, before any number, the CVV hint speaks of both kinds of card.
        let group = try ControllerFixtures.cardForm()
        #expect(group[field: "cvv"]?.field.tooltip?.contains("3- or 4-digit") == true)
        // Typing in the middle of the number keeps the caret after the typed digit.
        var middle = try ControllerFixtures.cardForm(takingCartesBancaires: false)
        try middle.set("cardNumber", value: "4111111111111111")
        try middle.focus("cardNumber")
        try middle.select("cardNumber", selection: 0..<1)
        let retyped = try middle.replace("cardNumber", range: 0..<1, with: "5")   // 5111…: Mastercard
        #expect(retyped.itemChanged && middle.item.id == "3")
        #expect(middle[field: "cardNumber"]?.selection == 1..<1)
    }

    @Test("a co-badged card: the brand the IIN answer lists first is pre-selected and pays; the customer's choice pays otherwise")
    func coBadged() throws {
        var controller = try ControllerFixtures.cardForm()
        try controller.set("cardNumber", value: "4000002500001001")
        #expect(controller.item.kind == .group)                     // offline: a Visa, maybe a CB card too
        #expect(controller.submit().errors.first { $0.fieldId == "cardNumber" }?.errorId == "cardUndecided")
        controller.applyIINLookup(IINAnswers.cartesBancairesVisa)
        #expect(controller.brandChoice.options.map(\.id) == ["cartes-bancaires", "visa"])
        #expect(controller.item.id == "130")
        try controller.set("expiryDate", value: "12/30")
        try controller.set("cvv", value: "123")
        #expect(controller.submit().paymentProductId == "130")
        try controller.selectBrand("visa")
        #expect(controller.submit().paymentProductId == "1")
        // The merchant may pre-select Visa instead.
        var preferring = try ControllerFixtures.cardForm(preferredBrandId: "visa")
        try preferring.set("cardNumber", value: "4000002500001001")
        preferring.applyIINLookup(IINAnswers.cartesBancairesVisa)
        #expect(preferring.item.id == "1")
    }

    @Test("a card of a brand the merchant takes no product for: cardNotAccepted, shown at once, localized, and no request", arguments: [
        ("en", "This card is not accepted. Please use another card."),
        ("fr", "Cette carte n'est pas acceptée. Veuillez utiliser une autre carte."),
    ])
    func notAccepted(language: String, message: String) throws {
        var controller = try ControllerFixtures.cardForm(language: language)
        try controller.focus("cardNumber")
        try controller.type("6011111111111117", into: "cardNumber")   // Discover
        let card = try #require(controller[field: "cardNumber"])
        #expect(card.brands?.brandIds == ["discover"])
        #expect(card.error?.errorId == "cardNotAccepted")
        #expect(card.message == message)
        #expect(card.state == .invalid && !card.complete)
        #expect(controller.item.kind == .group)
        try controller.set("expiryDate", value: "12/30")
        try controller.set("cvv", value: "123")
        let submission = try controller.submit(clientSessionId: "s", key: try Fixtures.demoEncryptionKey(), metaInfo: .current(appIdentifier: "tests"))
        #expect(!submission.isValid)
        #expect(submission.prepared == nil)
        #expect(submission.errors.first?.errorId == "cardNotAccepted")
    }

    @Test("a request on a card product alone takes its own brand's cards: the server judges the product as sent")
    func productAlone() throws {
        var request = PaymentRequest(product: try Fixtures.sample("visa"))
        try request.setValue("5555555555554444", forField: "cardNumber")
        try request.setValue("1230", forField: "expiryDate")
        try request.setValue("123", forField: "cvv")
        #expect(request.validateAsSent(in: ControllerFixtures.now).errors.map(\.errorId) == ["cardNotAccepted"])
        // A processor's card form (not a Client API product) has no such check.
        var sips = PaymentRequest(product: try Fixtures.sample("sips-card-order"))
        try sips.setValue("5555555555554444", forField: "cardNumber")
        #expect(!sips.validate(in: ControllerFixtures.now).errors.map(\.errorId).contains("cardNotAccepted"))
    }
}
