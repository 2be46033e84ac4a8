import Foundation
import PaymentFormEncryption
import PaymentFormEngine
import PaymentFormProcessors
import PaymentFormRendering
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// The sandbox's stand-in for a card issuer's 3-D Secure challenge: where a challenge test card's
/// `merchantAction.redirectData.redirectURL` sends the customer.
///
/// - `GET /sandbox/v1/authentication/<paymentId>`: an HTML page with two buttons, **Complete
///   authentication** and **Fail authentication** (ids `complete` and `fail`), for a payment
///   waiting for its authentication (`REDIRECTED`); 404 for an unknown payment.
/// - `POST /sandbox/v1/authentication/<paymentId>` (form-encoded `RETURNMAC`, `outcome` =
///   `complete` or `fail`, as the buttons send it): moves the payment on (authorised, or
///   `REJECTED` with the error `SANDBOX_AUTHENTICATION_FAILED`) and answers 303 to the create
///   request's `returnUrl` with `RETURNMAC` and `paymentId` added to its query; for a hosted
///   checkout created without a `returnUrl`, to the checkout's own page, which shows the
///   outcome (``HostedCheckoutPage``). The `RETURNMAC`
///   must be the payment's (compared in constant time): only the page the sandbox served can
///   decide. The first decision counts; a later post is sent back to the `returnUrl` unchanged.
package struct ThreeDSecurePage: Sendable {
    /// The path below which the page lives.
    package static let pathPrefix = "/sandbox/v1/authentication/"

    package let serverAPI: ServerAPI

    package init(serverAPI: ServerAPI) {
        self.serverAPI = serverAPI
    }

    /// The payment `id` on either platform (ids are unique across both), with its platform.
    private func find(_ id: String) -> (ServerAPIPayment, ServerAPIVersion)? {
        for version in ServerAPIVersion.allCases {
            if let payment = serverAPI.ledger(version).payment(withId: id) { return (payment, version) }
        }
        return nil
    }

    /// The answer to a request for the page of payment `paymentId`.
    package func respond(to request: HTTPRequest, paymentId: String) -> HTTPResponse {
        switch request.method {
        case "GET": return page(paymentId)
        case "POST": return decide(paymentId, body: request.body)
        default: return SandboxErrorBody.methodNotAllowed("GET, POST")
        }
    }

    private func page(_ paymentId: String) -> HTTPResponse {
        guard let (payment, _) = find(paymentId), let mac = payment.returnMAC else {
            return SandboxErrorBody.notFound("no payment \(LogRedaction.loggable(paymentId)) is waiting for its 3-D Secure authentication")
        }
        let id = HTMLEscaping.escape(payment.id)
        let amount = HTMLEscaping.escape("\(payment.amount) \(payment.currencyCode)")
        let card = HTMLEscaping.escape(payment.maskedCardNumber ?? "")
        let state = payment.status == .redirected
            ? "Waiting for the customer's authentication."
            : "This payment's authentication was decided already; the first choice counts."
        func button(_ outcome: String, _ label: String) -> String {
            """
            <form method="post" action="\(Self.pathPrefix)\(id)">
            <input type="hidden" name="RETURNMAC" value="\(HTMLEscaping.escape(mac))"><input type="hidden" name="outcome" value="\(outcome)">
            <button type="submit" id="\(outcome)">\(label)</button>
            </form>
            """
        }
        let html = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>Sandbox 3-D Secure</title>
            <style>body{font-family:sans-serif;max-width:32em;margin:3em auto}button{font-size:1.1em;margin:.4em 0;padding:.4em 1em}</style></head>
            <body>
            <h1>3-D Secure (sandbox)</h1>
            <p>A test tool standing in for the card issuer's authentication: no real bank is involved.</p>
            <p>Payment <code id="payment">\(id)</code>, \(amount), card <code>\(card)</code>.</p>
            <p id="state">\(state)</p>
            \(button("complete", "Complete authentication"))
            \(button("fail", "Fail authentication"))
            </body>
            </html>
            """
        return HTTPResponse(status: 200, headers: [
            HTTPHeaderField("Content-Type", "text/html; charset=utf-8"),
            HTTPHeaderField("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"),
            HTTPHeaderField("Cache-Control", "no-store"),
        ], body: Array(html.utf8))
    }

    private func decide(_ paymentId: String, body: [UInt8]) -> HTTPResponse {
        var fields: [String: String] = [:]
        for field in PercentEncoding.formFields(Substring(String(decoding: body, as: UTF8.self))) where fields[field.name] == nil {
            fields[field.name] = field.value
        }
        let succeeded: Bool
        switch fields["outcome"] {
        case "complete": succeeded = true
        case "fail": succeeded = false
        default:
            return SandboxErrorBody.badRequest("the form needs outcome=complete or outcome=fail", property: "outcome")
        }
        let failure = [SandboxErrorBody.Item(
            code: "SANDBOX_AUTHENTICATION_FAILED", id: "SANDBOX_AUTHENTICATION_FAILED", message: "the 3-D Secure authentication failed")]
        let notFound = SandboxErrorBody.response(
            404, code: "SANDBOX_NOT_FOUND", id: "SANDBOX_NOT_FOUND",
            message: "no payment with this id and RETURNMAC is waiting for its 3-D Secure authentication")
        guard let (found, version) = find(paymentId), let mac = found.returnMAC,
              ConstantTime.equals(Array(mac.utf8), Array((fields["RETURNMAC"] ?? "").utf8))
        else { return notFound }
        // The first decision counts (decided under the ledger's lock): a later post goes back
        // unchanged.
        let now = serverAPI.clock.now()
        let decided = serverAPI.ledger(version).update(paymentId: paymentId) { (payment: inout ServerAPIPayment) throws(PaymentLifecycle.Refusal) in
            try PaymentLifecycle.authenticate(&payment, succeeded: succeeded, errors: failure, version: version, now: now)
        }
        serverAPI.post(decided?.events ?? [])
        if case .success(let payment)? = decided?.result {
            if payment.status != .rejected { serverAPI.paymentLinkPaid(byPaymentId: paymentId, checkoutId: payment.hostedCheckoutId, version) }
            serverAPI.settleAtOnce(paymentId: paymentId, version)
        }
        let location: String
        if let returnURL = found.returnURL {
            location = Self.adding([("RETURNMAC", mac), ("paymentId", found.id)], to: returnURL)
        } else if let checkoutId = found.hostedCheckoutId {
            // A hosted checkout created without a returnUrl: its own page shows the outcome.
            location = serverAPI.baseURL() + HostedCheckoutPage.pathPrefix + checkoutId
        } else {
            return notFound
        }
        var response = HTTPResponse.json(303, ["paymentId": .string(found.id), "returnUrl": .string(location)])
        response.headers.append(HTTPHeaderField("Location", location))
        return response
    }

    /// `url` with `parameters` appended to its query (before a fragment), percent-encoded.
    package static func adding(_ parameters: [(String, String)], to url: String) -> String {
        var base = Substring(url)
        var fragment = Substring("")
        if let hash = url.firstIndex(of: "#") {
            base = url[..<hash]
            fragment = url[hash...]
        }
        let query = PercentEncoding.formBody(parameters.map { (name: $0.0, value: $0.1) })
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return String(base) + separator + query + String(fragment)
    }
}
