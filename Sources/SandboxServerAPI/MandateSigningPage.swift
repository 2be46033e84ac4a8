import Foundation
import PaymentFormEncryption
import PaymentFormEngine
import PaymentFormProcessors
import PaymentFormRendering
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// The page a mandate's `merchantAction` redirects the customer to when it needs a signature
/// (`SMS`, `AIS`): `GET /sandbox/v1/mandates/<version>/<reference>` shows the mandate with
/// **Sign** (`#sign`) and **Refuse** (`#refuse`); the choice is posted back with the mandate's
/// `RETURNMAC`, moves a `CREATED` mandate to `ACTIVE` or `REVOKED`, and sends the customer to the
/// mandate's `returnUrl` with `RETURNMAC`, `uniqueMandateReference` and `mandateStatus`. The first
/// choice counts; a later post goes back unchanged.
package struct MandateSigningPage: Sendable {
    package static let pathPrefix = "/sandbox/v1/mandates/"
    package static let policy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    package let serverAPI: ServerAPI

    package init(serverAPI: ServerAPI) {
        self.serverAPI = serverAPI
    }

    /// The answer for `segments` after `/sandbox/v1/mandates/`: the version and the reference.
    package func respond(to request: HTTPRequest, version: String, reference: String) -> HTTPResponse {
        guard let version = ServerAPIVersion(rawValue: version), let mandate = serverAPI.ledger(version).mandate(withReference: reference) else {
            return html(404, "<h1>No such mandate</h1><p id=\"outcome\" data-state=\"unknown\">The sandbox knows no mandate with this reference.</p>")
        }
        switch request.method {
        case "GET": return page(mandate)
        case "POST": return decide(mandate, body: request.body)
        default: return SandboxErrorBody.methodNotAllowed("GET, POST")
        }
    }

    private func html(_ status: Int, _ body: String) -> HTTPResponse {
        SandboxHTMLPage.response(status: status, title: "Sandbox mandate signature", policy: Self.policy, body: body)
    }

    private func page(_ mandate: Mandate) -> HTTPResponse {
        let path = HTMLEscaping.escape(mandate.pagePath)
        func button(_ outcome: String, _ label: String) -> String {
            """
            <form method="post" action="\(path)">
            <input type="hidden" name="RETURNMAC" value="\(HTMLEscaping.escape(mandate.returnMAC))"><input type="hidden" name="outcome" value="\(outcome)">
            <button type="submit" id="\(outcome)">\(label)</button>
            </form>
            """
        }
        let state = mandate.status == .created
            ? "Waiting for the customer's signature."
            : "This mandate is \(mandate.status.rawValue): the first choice counts."
        return html(200, """
            <h1>SEPA Direct Debit mandate (sandbox)</h1>
            <p>A test tool standing in for the signing page (\(HTMLEscaping.escape(mandate.signatureType.rawValue))): no real bank is involved.</p>
            <p>Mandate <code id="mandate">\(HTMLEscaping.escape(mandate.reference))</code>, \(HTMLEscaping.escape(mandate.recurrenceType)).</p>
            <p id="outcome" data-state="\(mandate.status.rawValue)">\(state)</p>
            \(button("sign", "Sign the mandate"))
            \(button("refuse", "Refuse"))
            """)
    }

    private func decide(_ mandate: Mandate, body: [UInt8]) -> HTTPResponse {
        var fields: [String: String] = [:]
        for field in PercentEncoding.formFields(Substring(String(decoding: body, as: UTF8.self))) where fields[field.name] == nil {
            fields[field.name] = field.value
        }
        guard ConstantTime.equals(Array(mandate.returnMAC.utf8), Array((fields["RETURNMAC"] ?? "").utf8)) else {
            return SandboxErrorBody.notFound("no mandate with this reference and RETURNMAC waits for a signature")
        }
        let move: Mandate.Move
        switch fields["outcome"] {
        case "sign": move = .sign
        case "refuse": move = .refuse
        default: return SandboxErrorBody.badRequest("the form needs outcome=sign or outcome=refuse", property: "outcome")
        }
        let decided = serverAPI.ledger(mandate.version).update(mandate: mandate.reference, move)
        let status = switch decided {
        case .success(let after)?: after.status
        case .failure(let refusal)?: refusal.status
        case nil: mandate.status
        }
        // A direct debit made with this mandate inline goes on, or is refused, with it.
        if case .success(let after)? = decided { serverAPI.mandateDecided(after, signed: move == .sign) }
        guard let returnURL = mandate.returnURL else { return page(mandate) }
        var parameters = [("RETURNMAC", mandate.returnMAC), ("uniqueMandateReference", mandate.reference), ("mandateStatus", status.rawValue)]
        if let paymentId = mandate.paymentId { parameters.append(("paymentId", paymentId)) }
        let location = ThreeDSecurePage.adding(parameters, to: returnURL)
        return HTTPResponse(status: 303, headers: [HTTPHeaderField("Location", location), HTTPHeaderField("Cache-Control", "no-store")])
    }
}
