import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
import PaymentFormTestSupport
/// IIN lookups: the digit rules, 404, co-brands, the offline answer and supersession.
@Suite("IIN lookups", .timeLimit(.minutes(10)))
struct IINLookupTests {
    let context = SandboxHarness.context

    /// What the sandbox's IIN endpoint was sent, recorded by an intercept that lets the request through.
    final class SentBins: Sendable {
        private let bins = Shared<[String]>([])

        func record(_ request: HTTPRequest) -> HTTPResponse? {
            if request.path.hasSuffix("getIINdetails"), let text = String(bytes: request.body, encoding: .utf8),
               let range = text.range(of: #""bin":"[0-9]*""#, options: .regularExpression) {
                bins.append(String(text[range].dropFirst(7).dropLast()))
            }
            return nil
        }

        var all: [String] { bins.value }
    }

    @Test("digits sent: none below 6, the first 8 from 8 on, else the first 6", arguments: [
        ("", IINStatus.notEnoughDigits, nil as String?),
        ("4", .notEnoughDigits, nil),
        ("41111", .notEnoughDigits, nil),
        ("4111 1", .notEnoughDigits, nil),
        ("411111", .supported, "411111"),
        ("4111112", .supported, "411111"),
        ("41111122", .supported, "41111122"),
        ("4111-1122-3344-5566", .supported, "41111122"),
        ("4111 11x", .unknown, nil),
        ("123456", .unknown, "123456"),
    ])
    func digitRules(number: String, status: IINStatus, sent: String?) async throws {
        let bins = SentBins()
        let harness = try SandboxHarness(intercept: bins.record)
        defer { harness.stop() }
        let answer = try await harness.session.iinDetails(forPartialCardNumber: number, context: context)
        #expect(answer.status == status)
        #expect(bins.all == (sent.map { [$0] } ?? []))
        if status == .supported {
            #expect(answer.paymentProductId == 1)
            #expect(answer.source == .server)
        }
        #expect(!answer.description.contains("4111"))
    }

    @Test("411111 is the Visa product; an unknown IIN is 404 and answers unknown")
    func visaAndUnknown() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let visa = try await harness.session.iinDetails(forPartialCardNumber: "411111", context: context)
        #expect(visa.status == .supported)
        #expect(visa.paymentProductId == 1)
        #expect(visa.details?.isAllowedInContext == true)
        let unknown = try await harness.session.iinDetails(forPartialCardNumber: "99999999", context: context)
        #expect(unknown.status == .unknown)
        #expect(unknown.paymentProductId == nil)
        #expect(harness.log.value.last?.contains(" 404 ") == true)
        let noContext = try await harness.session.iinDetails(forPartialCardNumber: "37144963")
        #expect(noContext.status == .supported)
        #expect(noContext.paymentProductId == 2)
    }

    @Test("a co-badged card lists its offered brands; a brand not allowed in the context is existingButNotAllowed")
    func coBrands() async throws {
        let harness = try SandboxHarness(data: SandboxData.load(productsFolder: ExtendedProducts.folder()))
        defer { harness.stop() }
        let dankort = try await harness.session.iinDetails(forPartialCardNumber: "45710012", context: context)
        #expect(dankort.status == .supported)
        #expect(dankort.paymentProductId == 123)
        #expect(dankort.coBrands.map(\.paymentProductId) == [123, 1])
        var large = context
        large.amountOfMoney.amount = 9_000_000
        let notAllowed = try await harness.session.iinDetails(forPartialCardNumber: "50190012", context: large)
        #expect(notAllowed.status == .existingButNotAllowed)
        // The Connect guide: "If the value of status is not Supported the other fields of
        // IINDetailsResponse will all be nil (or false in case of the allowedInContext field)."
        #expect(notAllowed.paymentProductId == nil)
        #expect(notAllowed.details == nil)
        #expect(notAllowed.coBrands.isEmpty)
    }

    // The Connect guide lists ValidationErrorAllowed ("the supplied value is not allowed in the
    // current payment context") among a request's errors; it was raised through the form
    // controller and `payform validate --iin` only (issue 35).
    @Test("allowedInContext on a plain PaymentRequest that took the session's IIN answer")
    func allowedInContextOnRequest() async throws {
        let harness = try SandboxHarness(data: SandboxData.load(productsFolder: ExtendedProducts.folder()))
        defer { harness.stop() }
        var large = context
        large.amountOfMoney.amount = 9_000_000
        var request = PaymentRequest(product: try ShippedSamples.product(named: "visa"))
        try request.setValue("5019 0012 3456 7895", forField: "cardNumber")
        try request.setValue("12/30", forField: "expiryDate")
        try request.setValue("123", forField: "cvv")
        let now = ValidationContext(now: try #require(YearMonth(year: 2026, month: 11)))
        let before = request.validate(in: now).errors.map(\.errorId)
        let answer = try await harness.session.iinDetails(forPartialCardNumber: "50190012", context: large)
        #expect(answer.status == .existingButNotAllowed)
        let taken = request.applyIINLookup(answer)
        #expect(taken)
        let report = request.validate(in: now)
        #expect(report.errors.first?.fieldId == "cardNumber")
        // The platform's refusal replaces the offline one (the number is no Visa card: cardNotAccepted).
        #expect(before.first == "cardNotAccepted")
        #expect(report.errors.map(\.errorId) == ["allowedInContext"] + before.dropFirst())
        #expect(try request.inputState(ofField: "cardNumber", in: now) == .invalid)
        // The same card in a context where it is allowed: the answer lifts the refusal.
        let allowed = try await harness.session.iinDetails(forPartialCardNumber: "50190012", context: context)
        #expect(allowed.status == .supported)
        let lifted = request.applyIINLookup(allowed)
        #expect(lifted)
        #expect(request.validate(in: now).errors.map(\.errorId) == before)
        // Another number: the held answer no longer applies.
        let again = request.applyIINLookup(answer)
        #expect(again)
        try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
        #expect(!request.validate(in: now).errors.map(\.errorId).contains("allowedInContext"))
    }

    // The Connect guide, "Issuer identification number check": "If the value of status is not
    // Supported the other fields of IINDetailsResponse will all be nil".
    @Test("only a supported answer carries a product, country or co-brands; an offline answer may still name brands")
    func notSupportedCarriesNothing() async throws {
        // A server answer with a product that is not allowed, and one without a product id.
        let notAllowedBody = #"{"paymentProductId": 3, "countryCode": "NL", "isAllowedInContext": false, "coBrands": [{"paymentProductId": 3, "isAllowedInContext": false}]}"#
        let harness = try SandboxHarness(intercept: { request in
            guard request.path.hasSuffix("getIINdetails") else { return nil }
            let text = String(decoding: request.body, as: UTF8.self)
            let body = text.contains("555555") ? notAllowedBody : #"{"countryCode": "NL", "isAllowedInContext": true}"#
            return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "application/json")], body: Array(body.utf8))
        })
        defer { harness.stop() }
        let notAllowed = try await harness.session.iinDetails(forPartialCardNumber: "555555", context: context)
        #expect(notAllowed.status == .existingButNotAllowed)
        #expect(notAllowed.details == nil)
        #expect(notAllowed.paymentProductId == nil)
        #expect(notAllowed.coBrands.isEmpty)
        let noProduct = try await harness.session.iinDetails(forPartialCardNumber: "999999", context: context)
        #expect(noProduct.status == .unknown)
        #expect(noProduct.details == nil)

        let offline = try SandboxHarness(offlineBrandDetector: BrandDetector.shipped)
        defer { offline.stop() }
        let ambiguous = try #require(offline.session.offlineIINDetails(forPartialCardNumber: "45"))
        #expect(ambiguous.status == .unknown)
        #expect(ambiguous.details == nil)
        #expect(!ambiguous.brands.isEmpty)

        // An answer that stops being supported loses what only a supported one has.
        var supported = try #require(offline.session.offlineIINDetails(forPartialCardNumber: "411111"))
        #expect(supported.paymentProductId == 1)
        supported.status = .pending
        #expect(supported.details == nil)
        #expect(supported.brands == ["visa"])
    }

    @Test("the offline detector answers at once, mapped to the offered products")
    func offline() async throws {
        let harness = try SandboxHarness(offlineBrandDetector: BrandDetector.shipped)
        defer { harness.stop() }
        #expect(harness.session.offlineIINDetails(forPartialCardNumber: "4")?.status == .unknown)
        let before = try #require(harness.session.offlineIINDetails(forPartialCardNumber: "411111"))
        #expect(before.status == .supported)
        #expect(before.source == .offline)
        #expect(before.paymentProductId == 1)
        #expect(before.brands == ["visa"])
        #expect(harness.server.answeredRequestCount == 0)
        #expect(harness.session.offlineIINDetails(forPartialCardNumber: "45")?.status == .unknown)
        #expect(harness.session.offlineIINDetails(forPartialCardNumber: "45")?.brands.contains("dankort") == true)
        #expect(harness.session.offlineIINDetails(forPartialCardNumber: "6011")?.paymentProductId == 128)
        _ = try await harness.session.paymentProducts(for: context)
        // Discover is not among the products offered now.
        #expect(harness.session.offlineIINDetails(forPartialCardNumber: "6011")?.status == .unknown)
        #expect(harness.session.offlineIINDetails(forPartialCardNumber: "457100")?.paymentProductId == 1)
        #expect(harness.session.offlineIINDetails(forPartialCardNumber: "4x") == nil)
        let plain = try SandboxHarness()
        defer { plain.stop() }
        #expect(plain.session.offlineIINDetails(forPartialCardNumber: "4111") == nil)
        let byDefault = try ClientSession(ClientSessionConfiguration(
            clientSessionId: "s", customerId: "c", clientApiUrl: plain.server.clientApiUrl, assetUrl: plain.server.assetUrl))
        #expect(byDefault.offlineIINDetails(forPartialCardNumber: "371449")?.paymentProductId == 2)
    }

    @Test("the offline answer names each brand's first offered product, from the detector's table")
    func detectorProductIds() throws {
        // A table where 4… is Visa (product 114 only), and 41… Visa co-badged with a brand X (9001).
        let table = try BrandTable(json: Array(#"""
            {"format": 1, "version": "test", "sources": [{"tag": "T", "source": "a test", "used": "everything"}],
             "brands": [
              {"id": "visa", "name": "Visa", "ranges": ["4"], "lengths": [16], "gaps": [4, 8, 12],
               "cvc": {"name": "CVV", "length": 3}, "productIds": [114]},
              {"id": "brand-x", "name": "X", "ranges": [{"range": "41", "with": ["visa"]}], "lengths": [16], "gaps": [4, 8, 12],
               "cvc": {"name": "CVC", "length": 3}, "productIds": [9001]}]}
            """#.utf8))
        let harness = try SandboxHarness(offlineBrandDetector: BrandDetector(table: table))
        defer { harness.stop() }
        let answer = try #require(harness.session.offlineIINDetails(forPartialCardNumber: "4111"))
        #expect(answer.coBrands.map(\.paymentProductId).sorted() == [114, 9001])
        #expect(answer.paymentProductId == answer.coBrands.first?.paymentProductId)
        // Each brand's first product that is offered, brand by brand, without repeats.
        let dankortVisa = try BrandDetector.shipped.detect("4571")
        #expect(dankortVisa.paymentProductIds(offered: [1, 122, 123]) == [123, 1])
        #expect(dankortVisa.paymentProductIds(offered: [122]) == [122])
        #expect(dankortVisa.paymentProductIds(offered: nil) == [123, 1])
    }

    @Test("a lookup stream yields the offline answer first, then the server's, which wins")
    func stream() async throws {
        let harness = try SandboxHarness(offlineBrandDetector: BrandDetector.shipped)
        defer { harness.stop() }
        let lookup = CardNumberLookup(session: harness.session, context: context)
        var answers: [IINLookupResult] = []
        for try await answer in await lookup.answers(forPartialCardNumber: "371449") { answers.append(answer) }
        #expect(answers.map(\.source) == [.offline, .server])
        #expect(answers.map(\.paymentProductId) == [2, 2])
        var short: [IINLookupResult] = []
        for try await answer in await lookup.answers(forPartialCardNumber: "37") { short.append(answer) }
        #expect(short.map(\.status) == [.supported, .notEnoughDigits])
    }

    @Test("a lookup superseded before the server answered is pending")
    func superseded() async throws {
        let gate = Gate()
        let harness = try SandboxHarness { request in
            if request.path.hasSuffix("getIINdetails"), request.body.count > 0, String(decoding: request.body, as: UTF8.self).contains("\"411111\"") {
                gate.arrived()
                gate.waitUntilOpen()
            }
            return nil
        }
        defer { harness.stop() }
        let lookup = CardNumberLookup(session: harness.session, context: context)
        let first = Task { try await lookup.lookUp("411111") }
        await gate.waitUntilArrived()
        let second = try await lookup.lookUp("37144963")
        gate.open()
        #expect(second.status == .supported)
        #expect(second.paymentProductId == 2)
        #expect(try await first.value.status == .pending)
    }
}

/// Holds an intercepted request until the test opens it; tells the test when one arrived.
final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var hasArrived = false
    private var isOpen = false

    func arrived() {
        condition.lock()
        hasArrived = true
        condition.broadcast()
        condition.unlock()
    }

    func waitUntilOpen() {
        condition.lock()
        while !isOpen { condition.wait() }
        condition.unlock()
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    private var isArrived: Bool {
        condition.lock()
        defer { condition.unlock() }
        return hasArrived
    }

    /// Polls without blocking a cooperative thread.
    func waitUntilArrived() async {
        while !isArrived {
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
    }
}
