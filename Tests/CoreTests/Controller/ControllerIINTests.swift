import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport
import PaymentFormFixtures

/// Server IIN answers for tests: what `getIINdetails` answers, as a session hands it over.
enum IINAnswers {
    static func server(_ productId: Int?, allowed: Bool = true, coBrands: [(Int, Bool)] = []) -> IINLookupResult {
        let details = IINDetailsResponse(
            paymentProductId: productId, isAllowedInContext: allowed,
            coBrands: coBrands.map { IINDetailsResponse.CoBrand(paymentProductId: $0.0, isAllowedInContext: $0.1) })
        let status: IINStatus = productId == nil ? .unknown : allowed ? .supported : .existingButNotAllowed
        return IINLookupResult(status: status, source: .server, details: details)
    }

    /// Cartes Bancaires (130) co-badged with Visa (1), both allowed.
    static let cartesBancairesVisa = server(130, coBrands: [(130, true), (1, true)])
}

@Suite("Form controller: server IIN answers (co-brands, allowedInContext)")
struct ControllerIINTests {
    @Test("a co-badged card's co-brands become the brand choice, with products; selectBrand takes cartes-bancaires")
    func coBrandsFromServer() throws {
        var controller = try ControllerFixtures.cardForm("visa")
        try controller.focus("cardNumber")
        try controller.type("40000025", into: "cardNumber")
        // Offline, 40000025 is plain Visa: nothing to choose, and Cartes Bancaires is refused.
        #expect(controller.brandChoice.options.isEmpty)
        #expect(throws: PaymentRequestError.brandNotOffered("cartes-bancaires")) { try controller.selectBrand("cartes-bancaires") }

        let update = controller.applyIINLookup(IINAnswers.cartesBancairesVisa)
        #expect(update.outcome == .changed)
        #expect(controller.brandChoice.options.map(\.id) == ["cartes-bancaires", "visa"])
        #expect(controller.brandChoice.paymentProductId(forBrandId: "cartes-bancaires") == 130)
        #expect(controller.brandChoice.paymentProductId(forBrandId: "visa") == 1)
        // The brand the answer lists first is pre-selected, and its product is the form's.
        #expect(controller.brandChoice.selected?.id == "cartes-bancaires")
        #expect(update.itemChanged && controller.item.id == "130")
        // The customer changes it: Visa's product pays; and back.
        try controller.selectBrand("visa")
        #expect(controller.item.id == "1")
        try controller.selectBrand("cartes-bancaires")
        #expect(controller.item.id == "130")
        #expect(controller.request.selectedBrand?.id == "cartes-bancaires")
        // Typing the rest of the number keeps the answer and the choice.
        try controller.type("00001001", into: "cardNumber")
        #expect(controller.brandChoice.selected?.id == "cartes-bancaires")
        #expect(controller.request.selectedBrand?.id == "cartes-bancaires")
        let submission = controller.submit()
        #expect(submission.errors.filter { $0.fieldId == "cardNumber" } == [])
        #expect(submission.paymentProductId == "130")
    }

    @Test("changing one of the digits the answer was taken for drops it: offline detection decides again")
    func changedDigitsDropTheAnswer() throws {
        var controller = try ControllerFixtures.cardForm("visa")
        try controller.set("cardNumber", value: "4000002500001001")
        controller.applyIINLookup(IINAnswers.cartesBancairesVisa)
        try controller.selectBrand("cartes-bancaires")
        // The 8th digit changes: the answer was for 40000025.
        try controller.set("cardNumber", value: "4000002600001001")
        #expect(controller.brandChoice.options.isEmpty)
        #expect(controller.brandChoice.selected == nil)
        #expect(controller.request.selectedBrand == nil)
        #expect(controller.item.id == "1")                                // plain Visa again
        // Back to the same first digits: the held answer applies again (the choice starts anew,
        // at the brand it lists first).
        try controller.set("cardNumber", value: "4000002500001001")
        #expect(controller.brandChoice.options.map(\.id) == ["cartes-bancaires", "visa"])
        #expect(controller.brandChoice.selected?.id == "cartes-bancaires")
        #expect(controller.item.id == "130")
    }

    @Test("an answer taken at 6 digits holds while those 6 stay")
    func sixDigitAnswer() throws {
        var controller = try ControllerFixtures.cardForm("visa")
        try controller.set("cardNumber", value: "4000002")
        controller.applyIINLookup(IINAnswers.cartesBancairesVisa)
        try controller.set("cardNumber", value: "4000009999")
        #expect(controller.brandChoice.options.map(\.id) == ["cartes-bancaires", "visa"])
        try controller.set("cardNumber", value: "400001")
        #expect(controller.brandChoice.options.isEmpty)
    }

    @Test("typed past the eighth digit and back: the answer for the first 6 decides again at once, not offline detection")
    func eightDigitsAndBack() throws {
        // The cards group taking Cartes Bancaires: offline, a Visa number names no product.
        var controller = try ControllerFixtures.cardForm()
        try controller.set("cardNumber", value: "444444")
        controller.applyIINLookup(IINAnswers.server(1))
        #expect(controller.item.id == "1")
        try controller.set("cardNumber", value: "44444444")
        controller.applyIINLookup(IINAnswers.server(1))
        #expect(controller.item.id == "1")
        // Back to 7 digits: the 8-digit answer no longer holds, the 6-digit one does.
        let back = try controller.set("cardNumber", value: "4444444")
        #expect(controller.item.id == "1")
        #expect(!back.itemChanged)
        // An unknown answer drops both: offline detection decides again.
        try controller.set("cardNumber", value: "44444444")
        controller.applyIINLookup(IINAnswers.server(nil))
        try controller.set("cardNumber", value: "4444444")
        #expect(controller.item.id == "cards")
    }

    @Test("the 8-digit answer decides while the number starts with its digits, the 6-digit one below it")
    func sixAndEightDigitAnswers() throws {
        var controller = try ControllerFixtures.cardForm()
        try controller.set("cardNumber", value: "400000")
        controller.applyIINLookup(IINAnswers.cartesBancairesVisa)
        try controller.set("cardNumber", value: "40000025")
        controller.applyIINLookup(IINAnswers.server(1))
        #expect(controller.brandChoice.options.isEmpty)
        #expect(controller.item.id == "1")
        try controller.set("cardNumber", value: "4000002")
        #expect(controller.brandChoice.options.map(\.id) == ["cartes-bancaires", "visa"])
        #expect(controller.item.id == "130")
        // Past the eighth digit again, on the digits of the 8-digit answer: it decides again.
        try controller.set("cardNumber", value: "4000002500001001")
        #expect(controller.brandChoice.options.isEmpty)
        #expect(controller.item.id == "1")
        // Other 7th and 8th digits: only the 6-digit answer holds.
        try controller.set("cardNumber", value: "4000009900001001")
        #expect(controller.brandChoice.options.map(\.id) == ["cartes-bancaires", "visa"])
    }

    @Test("a request refuses the card by the answer that holds: allowedInContext below the eighth digit only")
    func refusalByTheAnswerThatHolds() throws {
        var request = PaymentRequest(product: try Fixtures.sample("visa"))
        try request.setValue("411111", forField: "cardNumber")
        request.applyIINLookup(IINAnswers.server(1, allowed: false))
        try request.setValue("41111111", forField: "cardNumber")
        request.applyIINLookup(IINAnswers.server(1))
        #expect(!request.validate(in: ControllerFixtures.now).errors(forField: "cardNumber").map(\.errorId).contains("allowedInContext"))
        try request.setValue("4111111", forField: "cardNumber")
        #expect(request.validate(in: ControllerFixtures.now).errors(forField: "cardNumber").first?.errorId == "allowedInContext")
    }

    @Test("the server's answer wins over an offline co-badge: Dankort + Visa offline, Visa only on the server")
    func serverWinsOverOffline() throws {
        var controller = try ControllerFixtures.cardForm("visa")
        try controller.set("cardNumber", value: "45710000")
        #expect(controller.brandChoice.options.map(\.id) == ["dankort", "visa"])
        controller.applyIINLookup(IINAnswers.server(1))
        #expect(controller.brandChoice.options.isEmpty)
        // An unknown answer drops the held one: offline detection decides again.
        controller.applyIINLookup(IINAnswers.server(nil))
        #expect(controller.brandChoice.options.map(\.id) == ["dankort", "visa"])
    }

    @Test("only brands allowed in the context are offered; a product id no brand lists is left out")
    func onlyAllowedBrands() throws {
        var controller = try ControllerFixtures.cardForm("visa")
        try controller.set("cardNumber", value: "40000025")
        controller.applyIINLookup(IINAnswers.server(1, coBrands: [(130, false), (1, true), (3, true)]))
        #expect(controller.brandChoice.options.map(\.id) == ["visa", "mastercard"])
        #expect(controller.item.id == "1")
        controller.applyIINLookup(IINAnswers.server(130, coBrands: [(130, true), (1, false), (999_999, true)]))
        #expect(controller.brandChoice.options.isEmpty)   // one brand left: nothing to choose
        #expect(controller[field: "cardNumber"]?.error == nil)
    }

    @Test("exists but not allowed: allowedInContext on the card number, shown at once, until the number changes",
          arguments: [("en", "This card cannot be used for this payment. Please use another card."),
                      ("fr", "Cette carte ne peut pas être utilisée pour ce paiement. Veuillez utiliser une autre carte.")])
    func notAllowed(language: String, message: String) throws {
        var controller = try ControllerFixtures.cardForm("visa", language: language, takingCartesBancaires: false)
        try controller.focus("cardNumber")
        try controller.type("41111111", into: "cardNumber")
        let update = controller.applyIINLookup(IINAnswers.server(1, allowed: false))
        let card = try #require(update["cardNumber"])
        #expect(card.error?.errorId == "allowedInContext")
        #expect(card.message == message)
        #expect(card.state == .invalid)                                    // focused, and shown: typing cannot fix it
        #expect(!controller.isValid)
        // Typing on keeps it; the whole request says so first.
        try controller.type("11111111", into: "cardNumber")
        #expect(controller[field: "cardNumber"]?.error?.errorId == "allowedInContext")
        #expect(!controller[field: "cardNumber"]!.complete)
        let submission = controller.submit()
        #expect(submission.errors.map(\.errorId).first == "allowedInContext")
        // Another card: the answer no longer holds (a Mastercard, which this card form takes).
        try controller.set("cardNumber", value: "5555555555554444")
        #expect(controller[field: "cardNumber"]?.error == nil)
        #expect(controller[field: "cardNumber"]?.state == .valid)
    }

    @Test("isAllowedInContext false refuses a co-badged card too: the API says none of its brands is allowed here")
    func refusedCoBadgedCard() throws {
        var controller = try ControllerFixtures.cardForm("visa")
        try controller.set("cardNumber", value: "4000002500001001")
        let answer = IINAnswers.server(130, allowed: false, coBrands: [(130, false), (1, true)])
        #expect(answer.status == .existingButNotAllowed)
        #expect(answer.coBrands.isEmpty)                                   // not supported: no details
        controller.applyIINLookup(answer)
        #expect(controller.brandChoice.options.isEmpty)
        #expect(controller.submit().errors.first { $0.fieldId == "cardNumber" }?.errorId == "allowedInContext")
    }

    @Test("answers that say nothing about the number now are rejected and change nothing")
    func ignoredAnswers() throws {
        var controller = try ControllerFixtures.cardForm("visa")
        try controller.set("cardNumber", value: "40000")
        let early = controller.applyIINLookup(IINAnswers.cartesBancairesVisa)
        #expect(early.outcome == .rejected)    // fewer than 6 digits
        try controller.set("cardNumber", value: "40000025")
        for ignored in [IINLookupResult.notEnoughDigits, .pending,
                        IINLookupResult(status: .supported, source: .offline, details: IINAnswers.cartesBancairesVisa.details)] {
            let update = controller.applyIINLookup(ignored)
            #expect(update.outcome == .rejected)
            #expect(update.fields.isEmpty)
        }
        #expect(controller.brandChoice.options.isEmpty)
        // A read-only card number (an account on file) takes no answer.
        var account = try ControllerFixtures.controller("mastercard-accounts-on-file", account: "1001")
        let accountUpdate = account.applyIINLookup(IINAnswers.server(3, allowed: false))
        #expect(accountUpdate.outcome == .rejected)
        #expect(account.isValid == account.submit().isValid)
    }

    @Test("switching the product keeps the answer: it is about the card number, not the product")
    func productSwitchKeepsAnswer() throws {
        var controller = try ControllerFixtures.controller("visa", otherSamples: ["amex"])
        try controller.set("cardNumber", value: "41111111")
        controller.applyIINLookup(IINAnswers.server(1, allowed: false))
        try controller.selectProduct(id: "2")
        #expect(controller[field: "cardNumber"]?.state == .invalid)
        try controller.blur("cardNumber")
        #expect(controller[field: "cardNumber"]?.error?.errorId == "allowedInContext")
    }
}

@Suite("Payment request: server IIN answers")
struct PaymentRequestIINTests {
    @Test("validate reports allowedInContext first on the card number, inputState is invalid")
    func requestRefusesCard() throws {
        var request = PaymentRequest(product: try Fixtures.sample("visa"))
        try request.setValue("4111 1111 1111 111", forField: "cardNumber")
        let taken = request.applyIINLookup(IINAnswers.server(1, allowed: false))
        #expect(taken)
        let report = request.validate(in: ControllerFixtures.now)
        #expect(report.errors(forField: "cardNumber").map(\.errorId) == ["allowedInContext", "luhn"])
        #expect(try request.inputState(ofField: "cardNumber", in: ControllerFixtures.now) == .invalid)
        #expect(Localizer(languageTag: "de").message(for: report.errors[0]) == "Diese Karte kann für diese Zahlung nicht verwendet werden. Bitte verwenden Sie eine andere Karte.")
        // The description never shows the digits the answer holds for.
        #expect(!String(describing: request).contains("4111"))
        #expect(!String(reflecting: request).contains("4111"))
    }

    @Test("without a card number, or with too few digits, the answer is not taken")
    func notTaken() throws {
        var request = PaymentRequest(product: try Fixtures.sample("visa"))
        var taken = [request.applyIINLookup(IINAnswers.server(1, allowed: false))]
        try request.setValue("41 11", forField: "cardNumber")
        taken.append(request.applyIINLookup(IINAnswers.server(1, allowed: false)))
        try request.setValue("4111 11x", forField: "cardNumber")
        taken.append(request.applyIINLookup(IINAnswers.server(1, allowed: false)))
        #expect(taken == [false, false, false])
        #expect(request.iinAnswers.isEmpty)
    }
}
