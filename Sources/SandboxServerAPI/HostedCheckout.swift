import Foundation
import PaymentFormJSON

/// A hosted checkout: the platform's payment page for an order, which the sandbox serves itself
/// (``HostedCheckoutPage``). Created by `POST …/hostedcheckouts` with its own client session;
/// `IN_PROGRESS` until the customer pays on the page (`PAYMENT_CREATED`, with the payment) or the
/// merchant deletes it (`CANCELLED_BY_CONSUMER`, Connect's `DELETE`).
///
/// One payment per checkout, however many pays race: a pay first claims the checkout for the
/// payment it is about to make (``claim(for:)``, under the ledger's lock:
/// ``ServerAPILedger/updateHostedCheckout(_:_:)``), and only the claim's winner makes it; the
/// others are refused with the winner's payment id.
package struct HostedCheckout: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable {
        case inProgress = "IN_PROGRESS"
        case paymentCreated = "PAYMENT_CREATED"
        case cancelled = "CANCELLED_BY_CONSUMER"
    }

    /// URL-safe: `sandboxhc` and 32 hex digits.
    package let id: String
    package let version: ServerAPIVersion
    /// What authenticates the way back to the merchant (`RETURNMAC` in the return URL's query).
    package let returnMAC: String
    /// Where the customer goes back, with `hostedCheckoutId` and `RETURNMAC` (and `paymentId`) added.
    package let returnURL: String?
    package let amount: Int
    package let currencyCode: String
    package let countryCode: String?
    package let merchantReference: String?
    package let locale: String?
    /// Whether a payment made on the page also makes a token.
    package let tokenize: Bool
    /// The client session the page's form uses.
    package let clientSessionId: String
    package let customerId: String
    package var status: Status
    /// The payment made on the page: set when a pay claims the checkout (the status stays
    /// `IN_PROGRESS` until that payment is kept, then `PAYMENT_CREATED`).
    package var paymentId: String?
    package let created: Date
    /// The payment link whose page opened this checkout (``PaymentLink``), if any.
    package var paymentLinkId: String? = nil

    /// Why a checkout cannot be paid or deleted: it is no longer `IN_PROGRESS`, or a payment
    /// claimed it (``paymentId``).
    package struct Taken: Error {
        package let checkout: HostedCheckout
    }

    /// Claims the checkout for the payment `id` about to be made on it: only an `IN_PROGRESS`
    /// checkout that no payment claimed yet.
    package mutating func claim(for id: String) throws(Taken) {
        guard status == .inProgress, paymentId == nil else { throw Taken(checkout: self) }
        paymentId = id
    }

    /// `PAYMENT_CREATED`, once the claiming payment `id` is kept.
    package mutating func complete(paymentId id: String) {
        if paymentId == id { status = .paymentCreated }
    }

    /// Gives up the claim of payment `id`, which was not made.
    package mutating func release(paymentId id: String) {
        if paymentId == id, status == .inProgress { paymentId = nil }
    }

    /// `CANCELLED_BY_CONSUMER` (the merchant's delete): only while `IN_PROGRESS` and unclaimed.
    package mutating func cancel() throws(Taken) {
        guard status == .inProgress, paymentId == nil else { throw Taken(checkout: self) }
        status = .cancelled
    }

    package static func makeId() -> String {
        "sandboxhc" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    package var byteCost: Int {
        512 + (returnURL?.utf8.count ?? 0) + (merchantReference?.utf8.count ?? 0) + (locale?.utf8.count ?? 0) + clientSessionId.utf8.count
            + customerId.utf8.count + (paymentLinkId?.utf8.count ?? 0)
    }

    /// The page's path on the sandbox.
    package var pagePath: String { HostedCheckoutPage.pathPrefix + id }
}
