import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox

/// SEPA Direct Debit payments (issue 59, product 771): with an existing mandate or one made
/// inline, collected at once, refused as the mandate's status says, signed on the mandate's page.
@Suite("Server API: SEPA Direct Debit payments")
struct DirectDebitTests {
    let base: ServerAPITests
    static let merchant = ServerAPITests.merchant
    static let specific = "sepaDirectDebitPaymentMethodSpecificInput.paymentProduct771SpecificInput"

    init() throws {
        base = try ServerAPITests()
    }

    func call(_ method: String, _ path: String, body: String? = nil, version: String = "v2") -> ServerAnswer {
        base.call(method, "/\(version)/\(Self.merchant)/\(path)", body: body)
    }

    func debit(_ input: String, version: String = "v2") -> ServerAnswer {
        call("POST", "payments", body: #"""
            {"order": {"amountOfMoney": {"amount": 4200, "currencyCode": "EUR"}, "references": {"merchantReference": "dd-1"}},
             "sepaDirectDebitPaymentMethodSpecificInput": {"paymentProductId": 771, "paymentProduct771SpecificInput": \#(input)}}
            """#, version: version)
    }

    func mandate(_ recurrence: String) throws -> String {
        let created = call("POST", "mandates", body: #"{"recurrenceType": "\#(recurrence)", "customer": {"bankAccountIban": {"iban": "NL91ABNA0417164300"}}}"#)
        return try #require(created.string("mandate", "uniqueMandateReference"))
    }

    @Test("an existing RECURRING mandate: 201, collected (CAPTURE_REQUESTED, then CAPTURED), the output names the mandate; again and again")
    func recurring() throws {
        let reference = try mandate("RECURRING")
        for _ in 0..<2 {
            let answer = debit(#"{"existingUniqueMandateReference": "\#(reference)"}"#)
            #expect(answer.status == 201)
            let output = try #require(answer.json["payment"]?["paymentOutput"])
            #expect(output["paymentMethod"] == "directDebit")
            let specific = output["sepaDirectDebitPaymentMethodSpecificOutput"]
            #expect(specific?["paymentProductId"] == .number("771"))
            #expect(specific?["paymentProduct771SpecificOutput"]?["mandateReference"] == .string(reference))
            #expect(answer.string("payment", "status") == "CAPTURE_REQUESTED")
            let id = try #require(answer.string("payment", "id"))
            #expect(call("GET", "payments/\(id)").string("status") == "CAPTURED")
        }
        #expect(call("GET", "mandates/\(reference)").string("mandate", "status") == "ACTIVE")
    }

    @Test("a UNIQUE mandate collects once: then it is USED and the next debit is refused naming it")
    func unique() throws {
        let reference = try mandate("UNIQUE")
        #expect(debit(#"{"existingUniqueMandateReference": "\#(reference)"}"#).status == 201)
        #expect(call("GET", "mandates/\(reference)").string("mandate", "status") == "USED")
        let again = debit(#"{"existingUniqueMandateReference": "\#(reference)"}"#)
        #expect(again.status == 400 && again.error("propertyName") == .string(Self.specific + ".existingUniqueMandateReference"))
    }

    @Test("refused: an unknown or blocked mandate, a wrong product, both or neither input, Connect")
    func refusals() throws {
        let blocked = try mandate("RECURRING")
        #expect(call("POST", "mandates/\(blocked)/block").status == 200)
        let cases: [(String, String)] = [
            (#"{"existingUniqueMandateReference": "nosuchmandate"}"#, Self.specific + ".existingUniqueMandateReference"),
            (#"{"existingUniqueMandateReference": "\#(blocked)"}"#, Self.specific + ".existingUniqueMandateReference"),
            (#"{"existingUniqueMandateReference": "\#(blocked)", "mandate": {}}"#, Self.specific),
            ("{}", Self.specific),
            (#"{"mandate": {"recurrenceType": "ONCE"}}"#, Self.specific + ".mandate.recurrenceType"),
            (#"{"mandate": {"signatureType": "SMS"}}"#, Self.specific + ".mandate.returnUrl"),
        ]
        for (input, property) in cases {
            let answer = debit(input)
            #expect(answer.status == 400 && answer.error("propertyName") == .string(property), "\(input)")
        }
        let product = call("POST", "payments", body: #"""
            {"order": {"amountOfMoney": {"amount": 100, "currencyCode": "EUR"}},
             "sepaDirectDebitPaymentMethodSpecificInput": {"paymentProductId": 770, "paymentProduct771SpecificInput": {"mandate": {}}}}
            """#)
        #expect(product.status == 400 && product.error("propertyName") == "sepaDirectDebitPaymentMethodSpecificInput.paymentProductId")
        #expect(debit(#"{"mandate": {}}"#, version: "v1").status == 400)
    }

    @Test("an inline UNSIGNED mandate is created ACTIVE and the debit collected")
    func inlineUnsigned() throws {
        let answer = debit(#"{"mandate": {"uniqueMandateReference": "inline-1", "recurrenceType": "RECURRING", "customerReference": "c"}}"#)
        #expect(answer.status == 201 && answer.string("payment", "status") == "CAPTURE_REQUESTED" && answer.json["merchantAction"] == nil)
        #expect(call("GET", "mandates/inline-1").string("mandate", "status") == "ACTIVE")
        #expect(debit(#"{"mandate": {"uniqueMandateReference": "inline-1"}}"#).status == 409)
    }

    @Test("an inline SMS mandate: REDIRECTED to its signing page; signed, the debit is collected; refused, REJECTED",
          arguments: [true, false])
    func inlineSigned(signs: Bool) throws {
        let answer = debit(#"{"mandate": {"signatureType": "SMS", "returnUrl": "https://shop.example/dd"}}"#)
        #expect(answer.status == 201 && answer.string("payment", "status") == "REDIRECTED")
        #expect(answer.string("merchantAction", "actionType") == "REDIRECT")
        let id = try #require(answer.string("payment", "id"))
        let url = try #require(answer.string("merchantAction", "redirectData", "redirectURL"))
        let mac = try #require(answer.string("merchantAction", "redirectData", "RETURNMAC"))
        let path = try #require(URLComponents(string: url)?.path)
        #expect(path.hasPrefix("/sandbox/v1/mandates/v2/"))
        let decided = base.server.respond(to: HTTPRequest(
            method: "POST", target: path, headers: [HTTPHeaderField("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("outcome=\(signs ? "sign" : "refuse")&RETURNMAC=\(mac)".utf8)), fromLoopback: true)
        #expect(decided.status == 303)
        let location = try #require(decided.headers.first { $0.name == "Location" }?.value)
        #expect(location.hasPrefix("https://shop.example/dd?") && location.contains("paymentId=\(id)"))
        #expect(call("GET", "payments/\(id)").string("status") == (signs ? "CAPTURED" : "REJECTED"))
    }
}
