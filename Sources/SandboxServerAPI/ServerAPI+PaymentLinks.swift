import Foundation
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// `/v2/{merchantId}/paymentlinks`: create (201, `ACTIVE`, its `redirectionUrl` a page the sandbox
/// serves), get, cancel (204; a link no longer `ACTIVE` is 409), share (204) and the merchant
/// group's search. A malformed link id is 400, an unknown one 404. The lifecycle is
/// ``PaymentLink``'s.
extension ServerAPI {
    /// What a call by a link's id does.
    package enum PaymentLinkCall {
        case read, cancel, share
    }

    package func searchPaymentLinks(_ call: Call) throws(ServerAPIError) -> Answer {
        let now = clock.now()
        let links = call.ledger.paymentLinks.map { link -> JSONValue in
            var current = link
            current.expireIfDue(now: now)
            return current.json(baseURL: baseURL())
        }
        return Answer(.json(200, ["paymentLinks": .array(links)]))
    }

    package func paymentLinkById(_ call: Call, _ kind: PaymentLinkCall) throws(ServerAPIError) -> Answer {
        let now = clock.now()
        guard PaymentLink.isWellFormedId(call.id) else {
            throw ServerAPIError(400, [ServerAPIInput.invalid("SANDBOX_INVALID_PAYMENT_LINK_ID", "paymentLinkId must be a UUID", property: "paymentLinkId")])
        }
        let moved = call.ledger.updatePaymentLink(call.id) { (link: inout PaymentLink) throws(PaymentLink.NotActive) in
            switch kind {
            case .read: link.expireIfDue(now: now)
            case .cancel: try link.cancel(now: now)
            case .share: try link.open(now: now)
            }
        }
        switch moved {
        case nil:
            throw unknown("payment link", property: "paymentLinkId", call.version)
        case .failure(let refusal)?:
            throw ServerAPIError(409, [SandboxErrorBody.Item(
                code: "SANDBOX_ACTION_NOT_ALLOWED", id: "ACTION_NOT_ALLOWED_ON_TARGET",
                message: "the payment link is \(refusal.status.rawValue): only an ACTIVE link can be cancelled or shared")])
        case .success(let link)?:
            return Answer(kind == .read ? .json(200, link.json(baseURL: baseURL())) : HTTPResponse(status: 204))
        }
    }

    package func createPaymentLink(_ call: Call) throws(ServerAPIError) -> Answer {
        let now = clock.now()
        let request = try call.body()
        // The order: `order` as a payment's, or the deprecated `paymentLinkOrder` {amount, merchantReference}.
        var orderJSON = JSONValue.object(request)
        if request["order"] == nil, let amount = request["paymentLinkOrder"]?["amount"] {
            var rest = request
            rest.append("order", ["amountOfMoney": amount, "references": ["merchantReference": request["paymentLinkOrder"]?["merchantReference"] ?? .null]])
            orderJSON = .object(rest)
        }
        let order = try readOrder(orderJSON, version: call.version).orBadRequest()
        guard order.amount > 0 else {
            throw ServerAPIError(400, [ServerAPIInput.invalid("SANDBOX_INVALID_AMOUNT", "a payment link's amount must be positive",
                                                              property: "order.amountOfMoney.amount")])
        }
        let specific = request["paymentLinkSpecificInput"]
        var texts: [String: String] = [:]
        for name in ["description", "recipientName"] {
            // paymentLinkSpecificInput's member, else the deprecated top-level one. The description
            // is checked but not kept: the response has no member for it.
            let value = specific?[name] ?? request[name]
            switch value {
            case nil, .null?: continue
            case .string(let text)? where !text.isEmpty && text.utf8.count <= 1_000: texts[name] = text
            default:
                throw ServerAPIError(400, [ServerAPIInput.invalid("SANDBOX_INVALID_VALUE", "paymentLinkSpecificInput.\(name) must be a string of 1 to 1,000 bytes",
                                                                  property: "paymentLinkSpecificInput.\(name)")])
            }
        }
        let expiration = try Self.expirationDate(specific?["expirationDate"] ?? request["expirationDate"], now: now).orBadRequest()
        var reusable = false
        switch request["isReusableLink"] {
        case nil, .null?: break
        case .bool(let flag)?: reusable = flag
        default:
            throw ServerAPIError(400, [ServerAPIInput.invalid("SANDBOX_INVALID_VALUE", "isReusableLink must be true or false", property: "isReusableLink")])
        }
        let locale = Self.hostedCheckoutLocale(request["hostedCheckoutSpecificInput"]?["locale"])
        let link = PaymentLink(
            id: PaymentLink.makeId(), amount: order.amount, currencyCode: order.currency, merchantReference: order.merchantReference,
            recipientName: texts["recipientName"], expirationDate: expiration, isReusable: reusable,
            returnURL: order.returnURL, locale: locale, created: now)
        call.ledger.keep(link)
        var response = HTTPResponse.json(201, link.json(baseURL: baseURL()))
        response.headers.append(location(call.version, "paymentlinks/\(link.id)"))
        return Answer(response)
    }

    /// `expirationDate`: absent (the longest the platform allows), or an ISO 8601 date and time
    /// with its offset, after now and at most six months ahead.
    private static func expirationDate(_ value: JSONValue?, now: Date) -> Result<Date, SandboxErrorBody.Item> {
        let property = "paymentLinkSpecificInput.expirationDate"
        guard let value, value != .null else { return .success(now.addingTimeInterval(PaymentLink.longestLifetime)) }
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard case .string(let text) = value, text.utf8.count <= 40, let date = plain.date(from: text) ?? fractional.date(from: text) else {
            return .failure(ServerAPIInput.invalid("SANDBOX_INVALID_EXPIRATION_DATE", "\(property) must be an ISO 8601 date and time with its offset",
                                                   property: property))
        }
        guard date > now, date <= now.addingTimeInterval(PaymentLink.longestLifetime) else {
            return .failure(ServerAPIInput.invalid("SANDBOX_INVALID_EXPIRATION_DATE", "\(property) must be in the future and at most six months ahead",
                                                   property: property))
        }
        return .success(date)
    }

    /// The payment `paymentId` was authorised on a hosted checkout: when that checkout was opened
    /// from a payment link, the link is paid (`PAID`, or still `ACTIVE` when reusable) and
    /// `paymentlink.paid` posted. A link cancelled or expired meanwhile is left as it is.
    package func paymentLinkPaid(byPaymentId paymentId: String, checkoutId: String?, _ version: ServerAPIVersion) {
        let ledger = ledger(version)
        guard let checkoutId, let linkId = ledger.hostedCheckout(withId: checkoutId)?.paymentLinkId else { return }
        let now = clock.now()
        let paid = ledger.updatePaymentLink(linkId) { (link: inout PaymentLink) throws(PaymentLink.NotActive) in try link.paid(by: paymentId, now: now) }
        if case .success(let link)? = paid {
            post([PaymentEvent(type: "paymentlink.paid", member: "paymentLink", object: link.json(baseURL: baseURL()))])
        }
    }
}
