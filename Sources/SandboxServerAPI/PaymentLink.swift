import Foundation
import PaymentFormJSON

/// An Online Payments payment link: an order the customer pays by opening the link's
/// `redirectionUrl`, which the sandbox serves (``PaymentLinkPage``): each opening of an `ACTIVE`
/// link starts a hosted checkout for its order, and the first payment authorised there moves the
/// link to `PAID` (a reusable link stays `ACTIVE` and takes more).
///
/// Its lifecycle: `ACTIVE` → `PAID` (by a payment) | `CANCELLED` (the merchant's cancel) |
/// `EXPIRED` (its `expirationDate` passed on the sandbox's clock). Each move adds an event to
/// `paymentLinkEvents`, as the platform lists them.
package struct PaymentLink: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable {
        case active = "ACTIVE"
        case paid = "PAID"
        case cancelled = "CANCELLED"
        case expired = "EXPIRED"
    }

    /// One entry of `paymentLinkEvents`.
    package struct Event: Sendable, Hashable {
        package let type: String
        package let date: Date
        package let details: String?
    }

    /// Why a link cannot move: it is no longer `ACTIVE` (its status then).
    package struct NotActive: Error {
        package let status: Status
    }

    /// UUID-shaped, lowercase, as the platform's ids are.
    package let id: String
    package let amount: Int
    package let currencyCode: String
    package let merchantReference: String?
    package let recipientName: String?
    package let expirationDate: Date
    package let isReusable: Bool
    /// Where the customer goes after paying (`hostedCheckoutSpecificInput.returnUrl`), if given.
    package let returnURL: String?
    /// The hosted checkout's language (`hostedCheckoutSpecificInput.locale`), if given.
    package let locale: String?
    package private(set) var status: Status = .active
    /// The payment that paid the link (the last one, for a reusable link).
    package private(set) var paymentId: String?
    package private(set) var events: [Event]

    package init(id: String, amount: Int, currencyCode: String, merchantReference: String?, recipientName: String?,
         expirationDate: Date, isReusable: Bool, returnURL: String?, locale: String?, created: Date) {
        self.id = id
        self.amount = amount
        self.currencyCode = currencyCode
        self.merchantReference = merchantReference
        self.recipientName = recipientName
        self.expirationDate = expirationDate
        self.isReusable = isReusable
        self.returnURL = returnURL
        self.locale = locale
        events = [Event(type: "CREATED", date: created, details: nil)]
    }

    /// The latest `expirationDate` a request may name (the platform's bound: six months ahead),
    /// and the sandbox's when it names none (the platform's default is not published).
    package static let longestLifetime: TimeInterval = 183 * 24 * 3600

    /// `EXPIRED` once `now` is past the expiration date of an `ACTIVE` link (kept when first seen).
    package mutating func expireIfDue(now: Date) {
        guard status == .active, now >= expirationDate else { return }
        status = .expired
        events.append(Event(type: "EXPIRED", date: expirationDate, details: nil))
    }

    /// The merchant's cancel: only an `ACTIVE` link.
    package mutating func cancel(now: Date) throws(NotActive) {
        expireIfDue(now: now)
        guard status == .active else { throw NotActive(status: status) }
        status = .cancelled
        events.append(Event(type: "CANCELLED", date: now, details: nil))
    }

    /// Whether the link can be opened and paid now.
    package mutating func open(now: Date) throws(NotActive) {
        expireIfDue(now: now)
        guard status == .active else { throw NotActive(status: status) }
    }

    /// A payment authorised on the link's checkout: `PAID`, unless the link is reusable.
    /// The same payment counts once (a repeated 3-D Secure decision adds nothing).
    package mutating func paid(by paymentId: String, now: Date) throws(NotActive) {
        guard status == .active, self.paymentId != paymentId else { throw NotActive(status: status) }
        self.paymentId = paymentId
        if !isReusable { status = .paid }
        events.append(Event(type: "PAID", date: now, details: "paymentId=" + paymentId))
    }

    package static func makeId() -> String { UUID().uuidString.lowercased() }

    /// Whether `text` has the shape of a link id (a UUID), so a malformed one is a 400, not a 404.
    package static func isWellFormedId(_ text: String) -> Bool {
        UUID(uuidString: text) != nil
    }

    package var byteCost: Int {
        512 + (merchantReference?.utf8.count ?? 0) + (recipientName?.utf8.count ?? 0)
            + (returnURL?.utf8.count ?? 0) + (locale?.utf8.count ?? 0) + events.count * 96
    }

    /// The page's path on the sandbox (the link's `redirectionUrl` below the sandbox's origin).
    package var pagePath: String { PaymentLinkPage.pathPrefix + id }

    /// The link as `PaymentLinkResponse` names its members.
    package func json(baseURL: String) -> JSONValue {
        var order = JSONObject([(key: "amount", value: ["amount": .number(String(amount)), "currencyCode": .string(currencyCode)])])
        if let merchantReference { order.append("merchantReference", .string(merchantReference)) }
        var object = JSONObject([
            (key: "paymentLinkId", value: .string(id)),
            (key: "redirectionUrl", value: .string(baseURL + pagePath)),
            (key: "status", value: .string(status.rawValue)),
            (key: "expirationDate", value: .string(ServerAPIPayment.isoTimestamp(expirationDate))),
            (key: "isReusableLink", value: .bool(isReusable)),
            (key: "paymentLinkOrder", value: .object(order)),
        ])
        if let recipientName { object.append("recipientName", .string(recipientName)) }
        if let paymentId { object.append("paymentId", .string(paymentId)) }
        object.append("paymentLinkEvents", .array(events.map { event in
            var entry = JSONObject([(key: "type", value: .string(event.type)), (key: "dateTime", value: .string(ServerAPIPayment.isoTimestamp(event.date)))])
            if let details = event.details { entry.append("details", .string(details)) }
            return .object(entry)
        }))
        return .object(object)
    }
}
