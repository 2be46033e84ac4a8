import PaymentFormEngine
import PaymentFormRendering
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// The page a payment link's `redirectionUrl` opens, `GET /sandbox/v1/paymentlinks/{id}`: for an
/// `ACTIVE` link, a new hosted checkout for the link's order (its own client session and
/// `RETURNMAC`), and `303 See Other` to that checkout's page, which shows the order and the card
/// form; the first payment authorised there pays the link (``ServerAPI/paymentLinkPaid(byPaymentId:checkoutId:_:)``).
/// A link paid, cancelled or expired answers `410 Gone` with its status; an unknown one `404`.
package struct PaymentLinkPage: Sendable {
    /// Where the pages live.
    package static let pathPrefix = "/sandbox/v1/paymentlinks/"
    package static let policy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    package let serverAPI: ServerAPI

    package init(serverAPI: ServerAPI) {
        self.serverAPI = serverAPI
    }

    package func respond(to request: HTTPRequest, linkId: String) -> HTTPResponse {
        guard request.method == "GET" else { return SandboxErrorBody.methodNotAllowed("GET") }
        // Payment links are an Online Payments (/v2) object.
        let ledger = serverAPI.v2
        let now = serverAPI.clock.now()
        guard PaymentLink.isWellFormedId(linkId),
              let opened = ledger.updatePaymentLink(linkId, { (link: inout PaymentLink) throws(PaymentLink.NotActive) in try link.open(now: now) })
        else {
            return html(404, "<h1>No such payment link</h1><p id=\"outcome\" data-state=\"unknown\">The sandbox knows no payment link with this id.</p>")
        }
        switch opened {
        case .failure(let refusal):
            let status = refusal.status.rawValue
            return html(410, """
                <h1>This payment link cannot be paid</h1>
                <p id="outcome" data-state="\(status)">The payment link is \(status).</p>
                """)
        case .success(let link):
            let order = ServerAPI.Order(amount: link.amount, currency: link.currencyCode, merchantReference: link.merchantReference, returnURL: link.returnURL)
            let checkout = serverAPI.openHostedCheckout(order: order, version: .v2, ledger: ledger, locale: link.locale, countryCode: nil, tokenize: false,
                                                        paymentLinkId: link.id)
            return HTTPResponse(status: 303, headers: [
                HTTPHeaderField("Location", serverAPI.baseURL() + checkout.pagePath), HTTPHeaderField("Cache-Control", "no-store"),
            ])
        }
    }

    private func html(_ status: Int, _ body: String) -> HTTPResponse {
        SandboxHTMLPage.response(status: status, title: "Sandbox payment link", policy: Self.policy, body: body)
    }
}
