import Foundation
import PaymentFormJSON

/// A hosted checkout: the platform's payment page for an order, which the sandbox serves itself
/// (``HostedCheckoutPage``). Created by `POST …/hostedcheckouts` with its own client session;
/// `IN_PROGRESS` until the customer pays on the page (`PAYMENT_CREATED`, with the payment) or the
/// merchant deletes it (`CANCELLED_BY_CONSUMER`, Connect's `DELETE`).
struct HostedCheckout: Sendable, Hashable {
    enum Status: String, Sendable, Hashable {
        case inProgress = "IN_PROGRESS"
        case paymentCreated = "PAYMENT_CREATED"
        case cancelled = "CANCELLED_BY_CONSUMER"
    }

    /// URL-safe: `sandboxhc` and 32 hex digits.
    let id: String
    let version: ServerAPIVersion
    /// What authenticates the way back to the merchant (`RETURNMAC` in the return URL's query).
    let returnMAC: String
    /// Where the customer goes back, with `hostedCheckoutId` and `RETURNMAC` (and `paymentId`) added.
    let returnURL: String?
    let amount: Int
    let currencyCode: String
    let countryCode: String?
    let merchantReference: String?
    let locale: String?
    /// Whether a payment made on the page also makes a token.
    let tokenize: Bool
    /// The client session the page's form uses.
    let clientSessionId: String
    let customerId: String
    var status: Status
    var paymentId: String?
    let created: Date

    static func makeId() -> String {
        "sandboxhc" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    var byteCost: Int {
        512 + (returnURL?.utf8.count ?? 0) + (merchantReference?.utf8.count ?? 0) + (locale?.utf8.count ?? 0) + clientSessionId.utf8.count
            + customerId.utf8.count
    }

    /// The page's path on the sandbox.
    var pagePath: String { HostedCheckoutPage.pathPrefix + id }
}
