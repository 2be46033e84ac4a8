import Foundation
import Testing
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
@testable import PayformCLI
import PaymentFormJSON

/// The client calls against the sandbox's own answers (no intercept): its surchargeCalculation and
/// dccrate endpoints, and the co-badged test cards 4000002500001001 and 5555552500001001 with
/// product 130 (Cartes Bancaires).
@Suite("Real clients end to end: surcharge, DCC and co-brands against the sandbox", .timeLimit(.minutes(10)))
struct RealClientsEndToEndTests {
    static let euros = AmountOfMoney(amount: 1_000, currencyCode: "EUR")
    static let context = PaymentContext(amountOfMoney: euros, countryCode: "FR")

    @Test("fetch surcharge and fetch dcc: the sandbox's answers decode into the model")
    func surchargeAndDCC() async throws {
        let sandbox = try ClientAPISandbox()
        defer { sandbox.stop() }
        let session = try ClientSession(sandbox.sessionConfiguration(appIdentifier: "e2e"))
            let surcharges = try await session.surcharges(forPartialCardNumber: "4111 1111 1111 1111", paymentProductId: 1, amount: Self.euros)
            let visa = try #require(surcharges.first { $0.paymentProductId == 1 })
            #expect(visa.totalAmount.amount == Self.euros.amount + visa.surchargeAmount.amount)
            #expect(visa.totalAmount.currencyCode == "EUR")
            // Across currencies the sandbox makes an offer from its fixed rates; in the same, none.
            let whole = try await session.currencyConversion(for: .partialCard(digits: "41111111", paymentProductId: 1), amount: Self.euros)
            #expect(["Allowed", "NotAvailable", "NoRate", "InvalidCard", "InvalidMerchant"].contains(whole.result))
            if whole.isOffer {
                #expect(whole.targetAmount?.currencyCode != "EUR")
                #expect(whole.exchangeRate != nil)
            }
            // The command line, on the sandbox's session line.
            let sessionFile = try CLI.temporaryFile(sandbox.server.sessionLine + "\n")
            let fetched = await CLI.execute(["fetch", "surcharge", "--number", "41111111", "--product-id", "1", "--amount", "1000",
                                             "--currency", "EUR", "--session", sessionFile])
            #expect(fetched.exitCode == 0, "\(fetched.stdout)")
            let dcc = await CLI.execute(["fetch", "dcc", "--number", "41111111", "--amount", "1000", "--currency", "EUR", "--session", sessionFile])
            #expect(dcc.exitCode == 0, "\(dcc.stdout)")
    }

    @Test("a co-badged test card: fetch iin's co-brands, fed to payform form, offer cartes-bancaires with product 130")
    func coBadgedCard() async throws {
        let sandbox = try ClientAPISandbox()
        defer { sandbox.stop() }
        let session = try ClientSession(sandbox.sessionConfiguration(appIdentifier: "e2e"))
        let lookup = try await session.iinDetails(forPartialCardNumber: "4000 0025 0000 1001", context: Self.context)
            #expect(lookup.coBrands.map(\.paymentProductId) == [130, 1])
            let sessionFile = try CLI.temporaryFile(sandbox.server.sessionLine + "\n")
            let fetched = await CLI.execute(["fetch", "iin", "--number", "40000025", "--country", "FR", "--currency", "EUR", "--amount", "1000",
                                             "--session", sessionFile])
            let events = [
                #"{"event":"set","field":"cardNumber","value":"4000 0025 0000 1001"}"#,
                #"{"event":"iin","result":\#(fetched.stdout.replacingOccurrences(of: "\n", with: " "))}"#,
                #"{"event":"selectBrand","brand":"cartes-bancaires"}"#,
            ]
            let form = CLI.run(["form", "--product", "sample:visa", "--product", "sample:cartes-bancaires"], stdin: events.joined(separator: "\n") + "\n")
            let answers = form.stdout.split(separator: "\n").compactMap { try? JSONParser().parse(Array($0.utf8)) }
            #expect(answers.count == 3)
            #expect(answers.last?["brand"] == "cartes-bancaires")
            #expect(answers.last?["brandOptions"] == [["brand": "cartes-bancaires", "paymentProductId": 130], ["brand": "visa", "paymentProductId": 1]])
    }
}
