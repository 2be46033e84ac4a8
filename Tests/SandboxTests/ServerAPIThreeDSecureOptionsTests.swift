import Foundation
import Testing
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox

/// Issue 59: the 3-D Secure options of a create request change what happens
/// (`skipAuthentication`, `challengeIndicator`, `exemptionRequest`), and a return URL is needed
/// only when the customer will be redirected.
@Suite("Server API: 3-D Secure options")
struct ServerAPIThreeDSecureOptionsTests {
    let base: ServerAPITests

    init() throws {
        base = try ServerAPITests()
    }

    static let challengeCard = "4012000000003002"
    static let plainCard = "4111111111111111"

    /// A create on `version` with `card`, the `threeDSecure` members `options` (JSON text, no
    /// braces) and a return URL when `returnUrl`.
    func create(_ version: String, card: String, options: String, returnUrl: Bool = true) -> ServerAnswer {
        var threeDSecure = options
        if returnUrl { threeDSecure += (threeDSecure.isEmpty ? "" : ", ") + #""redirectionData": {"returnUrl": "https://shop.example/back"}"# }
        let body = #"{"order": {"amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}}, "cardPaymentMethodSpecificInput": {"paymentProductId": 1, "threeDSecure": {\#(threeDSecure)}, "card": {"cardNumber": "\#(card)", "expiryDate": "1235", "cvv": "123"}}}"#
        return base.call("POST", "/\(version)/\(ServerAPITests.merchant)/payments", body: body)
    }

    @Test("each option decides whether the customer is redirected", arguments: [
        // (card, threeDSecure members, redirected)
        (challengeCard, "", true),
        (challengeCard, #""skipAuthentication": true"#, false),
        (challengeCard, #""skipAuthentication": false"#, true),
        (challengeCard, #""exemptionRequest": "low-value""#, false),
        (challengeCard, #""exemptionRequest": "transaction-risk-analysis""#, false),
        (challengeCard, #""exemptionRequest": "none""#, true),
        (challengeCard, #""challengeIndicator": "no-challenge-requested""#, true),
        (plainCard, "", false),
        (plainCard, #""challengeIndicator": "challenge-required""#, true),
        (plainCard, #""challengeIndicator": "challenge-requested""#, true),
        (plainCard, #""challengeIndicator": "no-preference""#, false),
        (plainCard, #""challengeIndicator": "challenge-required", "skipAuthentication": true"#, false),
        (plainCard, #""challengeIndicator": "challenge-required", "exemptionRequest": "whitelist""#, false),
    ])
    func redirect(card: String, options: String, redirected: Bool) throws {
        for version in ["v1", "v2"] {
            let answer = create(version, card: card, options: options)
            #expect(answer.status == 201, "\(version) \(options): \(answer.json)")
            #expect((answer.string("merchantAction", "actionType") == "REDIRECT") == redirected, "\(version) \(options)")
            #expect((answer.string("payment", "status") == "REDIRECTED") == redirected, "\(version) \(options)")
        }
    }

    @Test("a return URL is needed only when the customer will be redirected")
    func returnURL() {
        for version in ["v1", "v2"] {
            #expect(create(version, card: Self.plainCard, options: "", returnUrl: false).status == 201)
            #expect(create(version, card: Self.challengeCard, options: #""skipAuthentication": true"#, returnUrl: false).status == 201)
            for (card, options) in [(Self.challengeCard, ""), (Self.plainCard, #""challengeIndicator": "challenge-required""#)] {
                let refused = create(version, card: card, options: options, returnUrl: false)
                #expect(refused.status == 400 && refused.error("propertyName") == "cardPaymentMethodSpecificInput.threeDSecure.redirectionData.returnUrl",
                        "\(version) \(card) \(options)")
            }
        }
    }

    @Test("a value outside an option's set is 400 naming it", arguments: [
        ("v1", #""skipAuthentication": "yes""#, "cardPaymentMethodSpecificInput.threeDSecure.skipAuthentication"),
        ("v2", #""challengeIndicator": "always""#, "cardPaymentMethodSpecificInput.threeDSecure.challengeIndicator"),
        ("v2", #""exemptionRequest": "automatic""#, "cardPaymentMethodSpecificInput.threeDSecure.exemptionRequest"),
        ("v1", #""exemptionRequest": 3"#, "cardPaymentMethodSpecificInput.threeDSecure.exemptionRequest"),
    ])
    func malformed(version: String, options: String, property: String) {
        let answer = create(version, card: Self.plainCard, options: options)
        #expect(answer.status == 400 && answer.error("propertyName") == .string(property) && answer.error("id") == "INVALID_VALUE", "\(answer.json)")
        #expect(create("v1", card: Self.challengeCard, options: #""exemptionRequest": "automatic""#).status == 201, "Connect takes automatic")
    }
}
