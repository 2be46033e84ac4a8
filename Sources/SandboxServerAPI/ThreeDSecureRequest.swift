import PaymentFormJSON
import PaymentFormSandboxClientAPI

/// What a create request asks of 3-D Secure (`cardPaymentMethodSpecificInput.threeDSecure`:
/// `skipAuthentication`, `challengeIndicator`, `exemptionRequest`; the card-level
/// `skipAuthentication` too), and what the sandbox makes of it. The platforms document the values
/// (the research's §8), not the issuer's answer to them; the sandbox's rule
/// (docs/backend-tests.md, *3-D Secure options*):
///
/// - `skipAuthentication: true`: no authentication, so no redirect, whatever the card;
/// - an exemption (`low-value`, `transaction-risk-analysis`, `whitelist`, Connect's `automatic`):
///   granted, so the challenge card is authorised without a redirect;
/// - `challengeIndicator` `challenge-requested` or `challenge-required`: every card that would be
///   authorised is challenged (redirected) first;
/// - anything else (`no-preference`, the `no-challenge-requested…` values, `exemptionRequest`
///   `none`): the test card decides.
package enum ThreeDSecureRequest: Sendable, Hashable {
    case cardDecides, skip, exempt, challenge

    package static let challengeIndicators: Set<String> = [
        "no-preference", "no-challenge-requested", "challenge-requested", "challenge-required",
        "no-challenge-requested-risk-analysis-performed", "no-challenge-requested-data-share-only",
        "no-challenge-requested-consumer-authentication-performed",
    ]

    /// The exemptions each platform takes (Connect adds `automatic`).
    package static func exemptions(_ version: ServerAPIVersion) -> Set<String> {
        version == .v1 ? ["none", "automatic", "transaction-risk-analysis", "low-value", "whitelist"]
            : ["none", "transaction-risk-analysis", "low-value", "whitelist"]
    }

    /// The request of `cardInput`, or the error naming the member with a value outside its set.
    package static func read(_ cardInput: JSONValue?, _ version: ServerAPIVersion) -> Result<ThreeDSecureRequest, SandboxErrorBody.Item> {
        let threeDSecure = cardInput?["threeDSecure"]
        var skip = false
        for (value, property) in [(threeDSecure?["skipAuthentication"], "cardPaymentMethodSpecificInput.threeDSecure.skipAuthentication"),
                                  (cardInput?["skipAuthentication"], "cardPaymentMethodSpecificInput.skipAuthentication")] {
            switch value {
            case nil, .null?: break
            case .bool(let flag)?: skip = skip || flag
            default: return .failure(ServerAPIInput.invalid("SANDBOX_INVALID_VALUE", "\(property) must be true or false", property: property))
            }
        }
        let indicator: String?
        switch readChoice(threeDSecure?["challengeIndicator"], challengeIndicators, "cardPaymentMethodSpecificInput.threeDSecure.challengeIndicator") {
        case .failure(let item): return .failure(item)
        case .success(let value): indicator = value
        }
        let exemption: String?
        switch readChoice(threeDSecure?["exemptionRequest"], exemptions(version), "cardPaymentMethodSpecificInput.threeDSecure.exemptionRequest") {
        case .failure(let item): return .failure(item)
        case .success(let value): exemption = value
        }
        if skip { return .success(.skip) }
        if let exemption, exemption != "none" { return .success(.exempt) }
        if indicator == "challenge-requested" || indicator == "challenge-required" { return .success(.challenge) }
        return .success(.cardDecides)
    }

    private static func readChoice(_ value: JSONValue?, _ allowed: Set<String>, _ property: String) -> Result<String?, SandboxErrorBody.Item> {
        switch value {
        case nil, .null?: return .success(nil)
        case .string(let text)? where allowed.contains(text): return .success(text)
        default:
            return .failure(ServerAPIInput.invalid("SANDBOX_INVALID_VALUE", "\(property) must be one of \(allowed.sorted().joined(separator: ", "))",
                                                   property: property))
        }
    }

    /// Whether a card of `outcome` is redirected to the 3-D Secure page under this request.
    package func redirects(_ outcome: SandboxTestCards.Outcome) -> Bool {
        switch (self, outcome) {
        case (.skip, _), (.exempt, _), (_, .declined): false
        case (.challenge, _): true
        case (.cardDecides, let outcome): outcome == .challenge
        }
    }
}
