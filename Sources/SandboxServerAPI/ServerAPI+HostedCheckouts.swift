import Foundation
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// `…/hostedcheckouts`: create (201 `{RETURNMAC, hostedCheckoutId, partialRedirectUrl,
/// redirectUrl, merchantReference}`), get (`IN_PROGRESS`, then `PAYMENT_CREATED` with the payment),
/// delete (Connect). The page itself is ``HostedCheckoutPage``.
extension ServerAPI {
    package func createHostedCheckout(_ call: Call) throws(ServerAPIError) -> Answer {
        let body = try call.body()
        let order = try readOrder(.object(body), version: call.version).orBadRequest()
        let specific = body["hostedCheckoutSpecificInput"]
        let locale = Self.hostedCheckoutLocale(specific?["locale"])
        var country: String?
        if case .string(let text)? = body["order"]?["customer"]?["billingAddress"]?["countryCode"], text.count == 2, text.allSatisfy(\.isASCII) {
            country = text.uppercased()
        }
        var tokenize = false
        if case .bool(let flag)? = body["cardPaymentMethodSpecificInput"]?["tokenize"] { tokenize = flag }
        let checkout = openHostedCheckout(order: order, version: call.version, ledger: call.ledger, locale: locale, countryCode: country, tokenize: tokenize)
        let base = baseURL()
        // Connect's merchants add the scheme and a subdomain to partialRedirectUrl; on loopback
        // only the scheme: `http://` + partialRedirectUrl. redirectUrl is the whole URL.
        let hostAndPort = base.hasPrefix("http://") ? String(base.dropFirst("http://".count)) : base
        var answer = JSONObject([
            (key: "RETURNMAC", value: .string(checkout.returnMAC)),
            (key: "hostedCheckoutId", value: .string(checkout.id)),
            (key: "partialRedirectUrl", value: .string(hostAndPort + checkout.pagePath)),
            (key: "redirectUrl", value: .string(base + checkout.pagePath)),
        ])
        if let reference = order.merchantReference { answer.append("merchantReference", .string(reference)) }
        answer.append("invalidTokens", .array([]))
        var response = HTTPResponse.json(201, .object(answer))
        response.headers.append(location(call.version, "hostedcheckouts/\(checkout.id)"))
        return Answer(response)
    }

    /// `hostedCheckoutSpecificInput.locale` when it is a language tag (letters, `_` and `-`, at
    /// most 35 characters); anything else is ignored, as the page then speaks English.
    package static func hostedCheckoutLocale(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value, text.count <= 35,
              text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || $0 == "-") })
        else { return nil }
        return text
    }

    /// A new `IN_PROGRESS` hosted checkout for `order`, with its own client session, kept in
    /// `ledger`: what `POST …/hostedcheckouts` makes, and what opening a payment link makes.
    package func openHostedCheckout(order: Order, version: ServerAPIVersion, ledger: ServerAPILedger, locale: String?, countryCode: String?, tokenize: Bool,
                            paymentLinkId: String? = nil) -> HostedCheckout {
        let (clientSessionId, session) = sessions.mint(locale: locale)
        var checkout = HostedCheckout(
            id: HostedCheckout.makeId(), version: version, returnMAC: UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased(),
            returnURL: order.returnURL, amount: order.amount, currencyCode: order.currency, countryCode: countryCode, merchantReference: order.merchantReference,
            locale: locale, tokenize: tokenize, clientSessionId: clientSessionId, customerId: session.customerId, status: .inProgress, paymentId: nil,
            created: Date())
        checkout.paymentLinkId = paymentLinkId
        ledger.keep(checkout)
        return checkout
    }

    /// The `GET` answer of a hosted checkout.
    package func hostedCheckoutJSON(_ checkout: HostedCheckout, ledger: ServerAPILedger) -> JSONValue {
        var answer = JSONObject([(key: "status", value: .string(checkout.status.rawValue))])
        if checkout.status == .paymentCreated, let id = checkout.paymentId, let payment = ledger.payment(withId: id) {
            var output = JSONObject([
                (key: "payment", value: payment.json(checkout.version)),
                (key: "paymentStatusCategory", value: .string(payment.status == .rejected ? "REJECTED" : payment.status == .redirected
                    ? "STATUS_UNKNOWN" : "SUCCESSFUL")),
            ])
            if let token = payment.token, checkout.version == .v1 {
                output.append("tokens", .string(token))
                output.append("tokenizationSucceeded", .bool(payment.isNewToken))
            }
            answer.append("createdPaymentOutput", .object(output))
        }
        return .object(answer)
    }

    /// Connect's `DELETE …/hostedcheckouts/{id}`: 204 `CANCELLED_BY_CONSUMER`, 409 once paid.
    package func deleteHostedCheckout(_ call: Call) throws(ServerAPIError) -> Answer {
        // Decided under the ledger's lock: a delete and a pay that race cannot both pass.
        switch call.ledger.updateHostedCheckout(call.id, { (checkout: inout HostedCheckout) throws(HostedCheckout.Taken) in try checkout.cancel() }) {
        case nil: throw unknown("hosted checkout", property: "hostedCheckoutId", call.version)
        case .failure?: throw .notAllowed("a hosted checkout can be deleted only while IN_PROGRESS, before it is paid")
        case .success?: return Answer(HTTPResponse(status: 204))
        }
    }

    /// `GET …/hostedcheckouts/{id}`.
    package func getHostedCheckout(_ call: Call) throws(ServerAPIError) -> Answer {
        guard let checkout = call.ledger.hostedCheckout(withId: call.id) else { throw unknown("hosted checkout", property: "hostedCheckoutId", call.version) }
        // A payment claimed but not kept yet is not shown: the checkout is IN_PROGRESS until it is.
        let shownPayment = checkout.status == .paymentCreated ? checkout.paymentId : nil
        return Answer(.json(200, hostedCheckoutJSON(checkout, ledger: call.ledger)), paymentId: shownPayment)
    }
}
