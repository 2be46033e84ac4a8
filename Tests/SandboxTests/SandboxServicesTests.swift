import Foundation
import Testing
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox

/// The calls the JavaScript SDKs make beyond the card flow (privacy policy, Apple Pay session,
/// surcharge, DCC), the versions in paths and the error bodies, over real loopback HTTP.
@Suite("Sandbox services: privacy policy, payment product sessions, surcharge, DCC", .timeLimit(.minutes(10)))
struct SandboxServicesTests {
    // MARK: - Privacy policy and Apple Pay session

    @Test("services/privacypolicy answers a fixed HTML text, with or without locale and product")
    func privacyPolicy() async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        for query in ["", "?locale=fr_FR", "?locale=nl_NL&paymentProductId=1"] {
            let answer = await sandbox.send("GET", "/client/v1/c1/services/privacypolicy\(query)")
            #expect(answer.status == 200, "\(answer)")
            guard case .string(let html)? = answer.json["htmlContent"] else {
                Issue.record("no htmlContent: \(answer)")
                continue
            }
            #expect(html.hasPrefix("<p>") && html.hasSuffix("</p>"))
        }
        #expect(await sandbox.send("GET", "/client/v1/c1/services/privacypolicy?paymentProductId=4242").status == 404)
        #expect(await sandbox.send("GET", "/client/v1/c1/services/privacypolicy?paymentProductId=x").status == 400)
        #expect(await sandbox.send("POST", "/client/v1/c1/services/privacypolicy", body: "{}").status == 405)
    }

    static let session302 = #"{"paymentProductSession302SpecificInput": {"displayName": "Shop", "domainName": "shop.example", "validationUrl": "https://apple-pay-gateway.apple.com/paymentservices/startSession"}}"#

    @Test("products/302/sessions answers a test Apple Pay merchant session as JSON text")
    func applePaySession() async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.post("products/302/sessions", Self.session302)
        #expect(answer.status == 200, "\(answer)")
        let text = try #require(answer.json["paymentProductSession302SpecificOutput"]?["sessionObject"]?.stringValue, "no sessionObject: \(answer)")
        let session = try JSONParser().parse(Array(text.utf8))
        #expect(session["domainName"] == "shop.example")
        #expect(session["displayName"] == "Shop")
        #expect(session["merchantIdentifier"] == "SANDBOX-TEST-MERCHANT-NOT-FOR-PRODUCTION")
        let start = try #require(session["epochTimestamp"]?.numberText.flatMap { Int($0) }, "no timestamps: \(text)")
        let end = try #require(session["expiresAt"]?.numberText.flatMap { Int($0) }, "no timestamps: \(text)")
        #expect(end - start == 300_000)
    }

    @Test("products/{id}/sessions: another product is 1007, a bad body 400", arguments: [
        ("products/1/sessions", session302, 404, "1007"),
        ("products/302/sessions", "not json", 400, "SANDBOX_BAD_REQUEST"),
        ("products/302/sessions", "{}", 400, "SANDBOX_BAD_REQUEST"),
        ("products/302/sessions", #"{"paymentProductSession302SpecificInput": {"displayName": "Shop", "domainName": "shop.example"}}"#, 400, "SANDBOX_BAD_REQUEST"),
    ])
    func applePaySessionErrors(path: String, body: String, status: Int, code: String) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.post(path, body)
        #expect(answer.status == status, "\(answer)")
        #expect(answer.error("code") == .string(code))
    }

    // MARK: - Surcharge

    static func surchargeBody(_ source: String, amount: String = #"{"amount": 1000, "currencyCode": "EUR"}"#) -> String {
        #"{"cardSource": \#(source), "amountOfMoney": \#(amount)}"#
    }

    @Test("surchargeCalculation: one entry per card product, from the documented rate table", arguments: [
        // Visa: 1.2 % of 1000 = 12.
        (#"{"card": {"cardNumber": "41111111"}}"#, [1], ["OK"], [12]),
        // Mastercard: 1.5 % + 10.
        (#"{"card": {"cardNumber": "5555555555554444"}}"#, [3], ["OK"], [25]),
        // American Express: 2.5 % + 20.
        (#"{"card": {"cardNumber": "371449635398431"}}"#, [2], ["OK"], [45]),
        // Co-badged: Cartes Bancaires (no surcharge) and Visa.
        (#"{"card": {"cardNumber": "4000002500001001"}}"#, [130, 1], ["NO_SURCHARGE", "OK"], [0, 12]),
        // The product named wins over the number's brands.
        (#"{"card": {"cardNumber": "40000025", "paymentProductId": 1}}"#, [1], ["OK"], [12]),
        // A token: the account on file 1001 is Mastercard's.
        (#"{"token": "1001"}"#, [3], ["OK"], [25]),
    ])
    func surcharge(source: String, products: [Int], results: [String], surcharges: [Int]) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        for path in ["services/surchargeCalculation", "services/surchargecalculation"] {
            let answer = await sandbox.post(path, Self.surchargeBody(source))
            #expect(answer.status == 200, "\(answer)")
            guard case .array(let entries)? = answer.json["surcharges"] else {
                Issue.record("no surcharges: \(answer)")
                continue
            }
            #expect(entries.map { $0["paymentProductId"] } == products.map { .number(String($0)) })
            #expect(entries.map { $0["result"] } == results.map { .string($0) })
            #expect(entries.map { $0["surchargeAmount"]?["amount"] } == surcharges.map { .number(String($0)) })
            #expect(entries.map { $0["totalAmount"]?["amount"] } == surcharges.map { .number(String(1000 + $0)) })
            #expect(entries.allSatisfy { $0["netAmount"] == ["amount": 1000, "currencyCode": "EUR"] })
            for (entry, result) in zip(entries, results) {
                #expect((entry["surchargeRate"] != nil) == (result == "OK"))
            }
        }
    }

    @Test("a surcharge rate reads as the API writes it")
    func surchargeRate() async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.post("services/surchargeCalculation", Self.surchargeBody(#"{"card": {"cardNumber": "41111111"}}"#))
        let rate = try #require(answer.json["surcharges"]?.arrayValue?.first?["surchargeRate"], "no rate: \(answer)")
        #expect(rate == .object(JSONObject([
            (key: "surchargeProductTypeId", value: "SANDBOX-VISA"), (key: "surchargeProductTypeVersion", value: "1"),
            (key: "adValoremRate", value: .number("1.2")), (key: "specificRate", value: 0),
        ])))
    }

    @Test("surchargeCalculation refuses bad bodies with the property at fault", arguments: [
        ("nonsense", 400, nil as String?),
        ("[]", 400, nil),
        (surchargeBody(#"{"card": {"cardNumber": "4111 1111"}}"#), 400, "cardSource.card.cardNumber"),
        (surchargeBody(#"{"card": {"cardNumber": "41111"}}"#), 400, "cardSource.card.cardNumber"),
        (surchargeBody(#"{"card": {"cardNumber": 41111111}}"#), 400, "cardSource.card.cardNumber"),
        (surchargeBody(#"{"card": {"cardNumber": "41111111", "paymentProductId": "1"}}"#), 400, "cardSource.card.paymentProductId"),
        (surchargeBody(#"{"card": {"cardNumber": "41111111", "paymentProductId": 4242}}"#), 404, "cardSource.card.paymentProductId"),
        (surchargeBody(#"{"card": {"cardNumber": "41111111", "paymentProductId": 809}}"#), 400, "cardSource.card.paymentProductId"),
        (surchargeBody(#"{"card": {"cardNumber": "99999999"}}"#), 404, "cardSource.card.cardNumber"),
        (surchargeBody(#"{"token": "no-such-token"}"#), 404, "cardSource.token"),
        (surchargeBody(#"{"card": {"cardNumber": "41111111"}, "token": "1001"}"#), 400, "cardSource"),
        (surchargeBody("{}"), 400, "cardSource"),
        (#"{"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}}"#, 400, "cardSource"),
        (surchargeBody(#"{"token": "1001"}"#, amount: #"{"amount": -1, "currencyCode": "EUR"}"#), 400, "amountOfMoney.amount"),
        (surchargeBody(#"{"token": "1001"}"#, amount: #"{"amount": 1.5, "currencyCode": "EUR"}"#), 400, "amountOfMoney.amount"),
        // The Online Payments Swift SDK's bug: the amount sent as the currency.
        (surchargeBody(#"{"token": "1001"}"#, amount: #"{"amount": 1000, "currencyCode": 1000}"#), 400, "amountOfMoney.currencyCode"),
        (surchargeBody(#"{"token": "1001"}"#, amount: "null"), 400, "amountOfMoney"),
    ])
    func surchargeErrors(body: String, status: Int, property: String?) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.post("services/surchargeCalculation", body)
        #expect(answer.status == status, "\(answer)")
        #expect(answer.error("propertyName") == property.map { .string($0) })
        #expect(!answer.body.contains("41111111"), "an error never echoes the card number")
    }

    // MARK: - DCC

    static func dccBody(_ source: String, currency: String = "EUR") -> String {
        #"{"cardSource": \#(source), "transaction": {"amount": {"amount": 1000, "currencyCode": "\#(currency)"}}}"#
    }

    @Test("dccrate under /client/v2: Allowed with a proposal at the convert-amount rates", arguments: [
        // Visa test card: a US card.
        (#"{"card": {"cardNumber": "41111111"}}"#, "EUR", "USD", 1100, "1.1", "0.909091"),
        // Mastercard test card: a UK card.
        (#"{"card": {"cardNumber": "5555555555554444"}}"#, "EUR", "GBP", 850, "0.85", "1.176471"),
        // Cartes Bancaires co-badged: a French card, from USD.
        (#"{"card": {"cardNumber": "4000002500001001"}}"#, "USD", "EUR", 909, "0.909091", "1.1"),
        // Account on file 1002 shows 555555: a UK card.
        (#"{"token": "1002"}"#, "EUR", "GBP", 850, "0.85", "1.176471"),
        // From a currency without decimals: 1000 JPY is 6.25 EUR, 5.3125 GBP.
        (#"{"card": {"cardNumber": "5555555555554444"}}"#, "JPY", "GBP", 531, "0.005313", "188.235294"),
    ])
    func dccAllowed(source: String, from: String, to: String, converted: Int, rate: String, inverted: String) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.post("services/dccrate", Self.dccBody(source, currency: from), version: "v2")
        #expect(answer.status == 200, "\(answer)")
        #expect(answer.json["result"] == ["result": "Allowed"])
        let session = try #require(answer.json["dccSessionId"]?.stringValue, "no dccSessionId: \(answer)")
        #expect(session.count == 32)
        #expect(answer.json["docSessionId"] == .string(session))
        let proposal = answer.json["proposal"]
        #expect(proposal?["baseAmount"] == ["amount": 1000, "currencyCode": .string(from)])
        #expect(proposal?["targetAmount"] == ["amount": .number(String(converted)), "currencyCode": .string(to)])
        #expect(proposal?["rate"]?["exchangeRate"] == .number(rate))
        #expect(proposal?["rate"]?["invertedExchangeRate"] == .number(inverted))
        #expect(proposal?["rate"]?["markUpRate"] == .number("0"))
        #expect(proposal?["rate"]?["source"] == "SANDBOX")
        let quoted = try #require(proposal?["rate"]?["quotationDateTime"]?.stringValue, "no quotationDateTime")
        #expect(ISO8601DateFormatter().date(from: quoted) != nil)
        #expect(proposal?["disclaimerReceipt"] != nil && proposal?["disclaimerDisplay"] != nil)
    }

    @Test("dccrate answers NotAvailable, NoRate or InvalidCard without a proposal", arguments: [
        // Same currency.
        (#"{"card": {"cardNumber": "41111111"}}"#, "USD", "NotAvailable"),
        // A Visa with no known currency.
        (#"{"card": {"cardNumber": "42424242"}}"#, "EUR", "NotAvailable"),
        // A token whose card number is all hidden.
        (#"{"token": "1001"}"#, "EUR", "NotAvailable"),
        // A currency the fixed rates do not have.
        (#"{"card": {"cardNumber": "41111111"}}"#, "XAF", "NoRate"),
        // No product for the number.
        (#"{"card": {"cardNumber": "99999999"}}"#, "EUR", "InvalidCard"),
    ])
    func dccNotAllowed(source: String, currency: String, result: String) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.post("services/dccrate", Self.dccBody(source, currency: currency), version: "v2")
        #expect(answer.status == 200, "\(answer)")
        #expect(answer.json["result"]?["result"] == .string(result))
        #expect(answer.json["result"]?["resultReason"] != nil)
        #expect(answer.json["dccSessionId"] == "")
        #expect(answer.json["docSessionId"] == "")
        #expect(answer.json["proposal"] == nil)
    }

    @Test("dccrate refuses bad bodies", arguments: [
        ("nonsense", "(none)"),
        (dccBody("{}"), "cardSource"),
        (#"{"cardSource": {"token": "1001"}}"#, "transaction"),
        (#"{"cardSource": {"token": "1001"}, "transaction": {}}"#, "transaction.amount"),
        (#"{"cardSource": {"token": "1001"}, "transaction": {"amount": {"amount": 10, "currencyCode": "eur"}}}"#, "transaction.amount.currencyCode"),
    ])
    func dccErrors(body: String, property: String) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.post("services/dccrate", body, version: "v2")
        #expect(answer.status == 400, "\(answer)")
        #expect(answer.error("propertyName") == (property == "(none)" ? nil : .string(property)))
    }

    // MARK: - Versions, customers, error bodies

    @Test("dccrate is a v2 call and the others v1: the wrong version is 404")
    func versions() async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let wrongDCC = await sandbox.post("services/dccrate", Self.dccBody(#"{"token": "1002"}"#))
        #expect(wrongDCC.status == 404)
        #expect(wrongDCC.error("message") == "this call is under /client/v2/, not /client/v1/")
        let wrongSurcharge = await sandbox.post("services/surchargeCalculation", Self.surchargeBody(#"{"token": "1002"}"#), version: "v2")
        #expect(wrongSurcharge.status == 404)
        #expect(await sandbox.send("GET", "/client/v2/c1/crypto/publickey").status == 404)
        #expect(await sandbox.send("GET", "/client/v3/c1/crypto/publickey").status == 404)
    }

    @Test("the new calls check Authorization (401) and the customer (404) like the others", arguments: [
        ("v1", "services/surchargeCalculation", "POST"), ("v2", "services/dccrate", "POST"),
        ("v1", "services/privacypolicy", "GET"), ("v1", "products/302/sessions", "POST"),
    ])
    func checks(version: String, path: String, method: String) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let body = method == "POST" ? "{}" : nil
        let unauthorized = await sandbox.send(method, "/client/\(version)/c1/\(path)", headers: [("Authorization", "GCS v1Client:wrong")], body: body)
        #expect(unauthorized.status == 401)
        #expect(unauthorized.error("code") == "9002")
        let stranger = await sandbox.send(method, "/client/\(version)/someone-else/\(path)", body: body)
        #expect(stranger.status == 404)
        #expect(stranger.error("code") == "SANDBOX_UNKNOWN_CUSTOMER")
        #expect(stranger.error("propertyName") == "customerId")
    }

    @Test("every error item carries its code as code and as errorCode (what the Online Payments SDKs read)", arguments: [
        ("GET", "/client/v1/c1/products", 400), ("GET", "/client/v1/c1/products/4242?countryCode=NL&currencyCode=EUR", 404),
        ("GET", "/nowhere", 404), ("PUT", "/client/v1/c1/products", 405),
    ])
    func errorCode(method: String, path: String, status: Int) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.send(method, path)
        #expect(answer.status == status, "\(answer)")
        let code = try #require(answer.error("code")?.stringValue, "no code: \(answer)")
        #expect(answer.error("errorCode") == .string(code))
        let unauthorized = await sandbox.send("GET", "/client/v1/c1/crypto/publickey", headers: [])
        #expect(unauthorized.error("code") == "9002")
        #expect(unauthorized.error("errorCode") == "9002")
    }
}
