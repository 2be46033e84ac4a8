import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormJSON
import PaymentFormTestSupport

/// `surchargeCalculation` and `dccrate` (Online Payments) over loopback HTTP: the requests the
/// session sends, and the answers decoded into the model. The intercept answers as the Online
/// Payments API does, so these tests do not depend on the sandbox serving the calls.
@Suite("Surcharge and currency conversion calls", .timeLimit(.minutes(10)))
struct SurchargeAndCurrencyConversionTests {
    /// Records the requests to one path suffix and answers them with `answer`.
    final class Scripted: Sendable {
        private let requests = Shared<[HTTPRequest]>([])
        let suffix: String
        let answer: HTTPResponse

        init(_ suffix: String, answer: HTTPResponse) {
            self.suffix = suffix
            self.answer = answer
        }

        func respond(_ request: HTTPRequest) -> HTTPResponse? {
            guard request.path.hasSuffix(suffix) else { return nil }
            requests.append(request)
            return answer
        }

        var sent: [HTTPRequest] { requests.value }
    }

    static func json(_ text: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "application/json")], body: Array(text.utf8))
    }

    static let surchargeAnswer = json(#"""
        {"surcharges": [
          {"paymentProductId": 1, "result": "OK", "netAmount": {"amount": 1000, "currencyCode": "EUR"},
           "surchargeAmount": {"amount": 366, "currencyCode": "EUR"}, "totalAmount": {"amount": 1366, "currencyCode": "EUR"},
           "surchargeRate": {"surchargeProductTypeId": "PAYMENT_PRODUCT_TYPE_ID", "surchargeProductTypeVersion": "1a2b", "adValoremRate": 3.3, "specificRate": 333}},
          {"paymentProductId": 3, "result": "NO_SURCHARGE", "netAmount": {"amount": 1000, "currencyCode": "EUR"},
           "surchargeAmount": {"amount": 0, "currencyCode": "EUR"}, "totalAmount": {"amount": 1000, "currencyCode": "EUR"}},
          {"paymentProductId": "x"}
        ]}
        """#)

    static let offer = json(#"""
        {"docSessionId": "91e6bfec501c484bbcd27d8d7972f2b5q", "result": {"result": "Allowed"},
         "proposal": {"baseAmount": {"amount": 1000, "currencyCode": "AUD"}, "targetAmount": {"amount": 665, "currencyCode": "USD"},
                      "rate": {"exchangeRate": 0.66484161, "invertedExchangeRate": 1.504117649, "markUpRate": 2,
                               "quotationDateTime": "2024-04-03T07:30:00Z", "source": "Six Financial Services"},
                      "disclaimerDisplay": "Show this", "disclaimerReceipt": "Print this"}}
        """#)

    static let euros = AmountOfMoney(amount: 1_000, currencyCode: "EUR")

    @Test("surchargeCalculation: POST …/client/v1/<customer>/services/surchargeCalculation with 8 digits, decoded per product")
    func surcharge() async throws {
        let scripted = Scripted("services/surchargeCalculation", answer: Self.surchargeAnswer)
        let harness = try SandboxHarness(intercept: scripted.respond)
        defer { harness.stop() }
        let surcharges = try await harness.session.surcharges(forPartialCardNumber: "4111 1111 1111 1111", paymentProductId: 1, amount: Self.euros)
        #expect(surcharges.map(\.paymentProductId) == [1, 3])              // the unreadable entry is skipped
        #expect(surcharges[0].surchargeAmount == AmountOfMoney(amount: 366, currencyCode: "EUR"))
        #expect(surcharges[0].totalAmount.amount == 1_366)
        #expect(surcharges[1].surchargeAmount.amount == 0)
        let request = try #require(scripted.sent.first)
        #expect(request.method == "POST")
        #expect(request.path == "/client/v1/customer-1/services/surchargeCalculation")
        let body = try JSONParser().parse(request.body)
        #expect(body == ["cardSource": ["card": ["cardNumber": "41111111", "paymentProductId": 1]],
                         "amountOfMoney": ["amount": 1000, "currencyCode": "EUR"]])
        // Kept: the same call again asks nothing.
        _ = try await harness.session.surcharges(forPartialCardNumber: "41111111 2", paymentProductId: 1, amount: Self.euros)
        #expect(scripted.sent.count == 1)
        // The model keeps the whole answer, rate included, in its Client API JSON.
        #expect(surcharges[0].jsonString().contains(#""adValoremRate":3.3"#))
        #expect(try Surcharge(jsonEncoded: Array(surcharges[0].jsonString().utf8)) == surcharges[0])
    }

    @Test("dccrate: POST …/client/v2/<customer>/services/dccrate; an offer decoded, docSessionId read as dccSessionId")
    func currencyConversion() async throws {
        let scripted = Scripted("services/dccrate", answer: Self.offer)
        let harness = try SandboxHarness(intercept: scripted.respond)
        defer { harness.stop() }
        let quote = try #require(try await harness.session.currencyConversionQuote(forPartialCardNumber: "411111", amount: Self.euros))
        #expect(quote.dccSessionId == "91e6bfec501c484bbcd27d8d7972f2b5q")
        #expect(quote.targetAmount == AmountOfMoney(amount: 665, currencyCode: "USD"))
        #expect(quote.exchangeRate == 0.66484161)
        #expect(quote.markUpRate == 2)
        #expect(quote.disclaimerDisplay == "Show this")
        let request = try #require(scripted.sent.first)
        #expect(request.path == "/client/v2/customer-1/services/dccrate")
        #expect(try JSONParser().parse(request.body) == ["cardSource": ["card": ["cardNumber": "411111"]],
                                                          "transaction": ["amount": ["amount": 1000, "currencyCode": "EUR"]]])
        // The rate's numbers keep their text.
        #expect(quote.jsonString().contains(#""exchangeRate":0.66484161"#))
        #expect(quote.jsonString().contains(#""dccSessionId":"91e6bfec501c484bbcd27d8d7972f2b5q""#))
    }

    @Test("dccrate without an offer: nil for the app, the whole answer for fetch", arguments: [
        #"{"dccSessionId": "s-1", "result": {"result": "NotAvailable", "resultReason": "same currency"}}"#,
        #"{"result": {"result": "InvalidCard"}}"#,
    ])
    func noOffer(answer: String) async throws {
        let harness = try SandboxHarness(intercept: Scripted("services/dccrate", answer: Self.json(answer)).respond)
        defer { harness.stop() }
        #expect(try await harness.session.currencyConversionQuote(forPartialCardNumber: "41111111", amount: Self.euros) == nil)
        let whole = try await harness.session.currencyConversion(for: .partialCard(digits: "41111111", paymentProductId: nil), amount: Self.euros)
        #expect(whole.isOffer == false)
    }

    @Test("bad card numbers are refused before anything is sent, and never repeated", arguments: ["4111", "4111 11x1", ""])
    func refusedBeforeSending(number: String) async throws {
        let scripted = Scripted("services/", answer: Self.surchargeAnswer)
        let harness = try SandboxHarness(intercept: scripted.respond)
        defer { harness.stop() }
        let error = await #expect(throws: ClientAPIError.self) {
            try await harness.session.surcharges(forPartialCardNumber: number, amount: Self.euros)
        }
        #expect(error?.kind == .configuration)
        #expect(error.map { !$0.description.contains("4111") } == true)
        await #expect(throws: ClientAPIError.self) {
            try await harness.session.currencyConversionQuote(forPartialCardNumber: number, amount: Self.euros)
        }
        #expect(scripted.sent.isEmpty)
    }

    @Test("error bodies: errorCode read where code is absent (the Online Payments SDK's shape)")
    func errorBodies() async throws {
        let notFound = HTTPResponse(status: 404, headers: [HTTPHeaderField("Content-Type", "application/json")], body: Array(#"""
            {"errorId": "93614968", "errors": [{"errorCode": "50001111", "category": "DIRECT_PLATFORM_ERROR", "httpStatusCode": 404,
             "id": "CURRENCY_CONVERSION_NOT_FOUND_REQUEST", "message": "Some request parameter not found"}]}
            """#.utf8))
        let harness = try SandboxHarness(intercept: Scripted("services/dccrate", answer: notFound).respond)
        defer { harness.stop() }
        let error = await #expect(throws: ClientAPIError.self) {
            try await harness.session.currencyConversionQuote(forPartialCardNumber: "41111111", amount: Self.euros)
        }
        #expect(error?.httpStatus == 404)
        #expect(error?.errors.first?.code == "50001111")
        #expect(error?.call == "POST v2/services/dccrate")
        #expect(error?.description.contains("50001111") == true)
    }

    @Test("the base URL: …/client, …/client/v1 and the bare origin all reach v1 and v2 paths")
    func versionedPaths() async throws {
        for suffix in ["/client", "/client/v1", "", "/client/"] {
            let scripted = Scripted("services/dccrate", answer: Self.offer)
            let harness = try SandboxHarness(intercept: scripted.respond)
            defer { harness.stop() }
            var configuration = harness.session.configuration
            configuration.clientApiUrl = harness.server.baseURL + suffix
            let session = try ClientSession(configuration)
            _ = try await session.currencyConversionQuote(forPartialCardNumber: "41111111", amount: Self.euros)
            #expect(scripted.sent.first?.path == "/client/v2/customer-1/services/dccrate", "\(suffix)")
            #expect(try await session.paymentProducts(for: SandboxHarness.context).paymentProducts.isEmpty == false)
        }
    }
}
