import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormRendering
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// The hosted tokenization page the sandbox serves itself, as the platform serves its own below
/// `/hostedtokenization/`: what a merchant page frames with the platform's `Tokenizer` script, so
/// the card is typed on the sandbox's origin and never on the merchant's page.
///
/// - `GET /hostedtokenization/js/client/tokenizer.min.js`: the `Tokenizer` script
///   (``TokenizerScript``), at the platform's path, so a merchant page loads it from the sandbox's
///   origin unchanged (`Access-Control-Allow-Origin: *`, for a tag with `crossorigin`).
/// - `GET /hostedtokenization/form/<id>`: the page a session's `hostedTokenizationUrl` names: this
///   project's web form on the `cards` group (brand detection, co-badge choice, validation, texts)
///   with the session's own client session, the consent checkbox when `askConsumerConsent`, the
///   stored cards the request's `tokens` offered (a radio list with "A new card"; a stored card
///   chosen asks for its security code unless `cvvMandatoryForExistingToken` is false). Strict CSP; framable by any http(s) page
///   (`frame-ancestors http: https:`), as the platform's page is framed by any merchant.
/// - `GET /hostedtokenization/js/page.mjs`: the page's script (``HostedTokenizationPageScript``):
///   the postMessage protocol with the `Tokenizer`; beside it, `GET /hostedtokenization/js/<file>`,
///   the web form's files it imports (the npm package's `hostedtokenization/` folder has the same
///   layout, for a platform that serves its own pages).
/// - `POST /hostedtokenization/submit/<id>`: the page's submit
///   (``ServerAPI/submitHostedTokenization(_:body:)``).
package struct HostedTokenizationPage: Sendable {
    /// Where the session pages live.
    package static let formPrefix = "/hostedtokenization/form/"
    /// The path of the `Tokenizer` script, the platform's.
    package static let tokenizerPath = "/hostedtokenization/js/client/tokenizer.min.js"

    package let serverAPI: ServerAPI
    /// The built web form's files (served by ``HostedCheckoutPage`` below `/sandbox/v1/web/`).
    package let webForm: WebFormFiles

    package init(serverAPI: ServerAPI, webForm: WebFormFiles) {
        self.serverAPI = serverAPI
        self.webForm = webForm
    }

    /// The answer to a request below `/hostedtokenization/` for `segments` after it.
    package func respond(to request: HTTPRequest, segments: [String]) -> HTTPResponse {
        switch segments {
        case ["js", "client", "tokenizer.min.js"]:
            guard request.method == "GET" else { return SandboxErrorBody.methodNotAllowed("GET") }
            return script(TokenizerScript.source, crossOrigin: true)
        case ["js", "page.mjs"]:
            guard request.method == "GET" else { return SandboxErrorBody.methodNotAllowed("GET") }
            return script(HostedTokenizationPageScript.source, crossOrigin: false)
        case _ where segments.count == 2 && segments[0] == "js":
            // The web form's files beside page.mjs, as a platform serving the npm package's
            // hostedtokenization/ folder has them (HostedCheckoutPage serves the same set).
            return HostedCheckoutPage(serverAPI: serverAPI, webForm: webForm).respond(to: request, segments: ["web", segments[1]])
        case _ where segments.count == 2 && segments[0] == "form":
            guard request.method == "GET" else { return SandboxErrorBody.methodNotAllowed("GET") }
            return page(segments[1])
        case _ where segments.count == 2 && segments[0] == "submit":
            guard request.method == "POST" else { return SandboxErrorBody.methodNotAllowed("POST") }
            return serverAPI.submitHostedTokenization(segments[1], body: request.body)
        default:
            return SandboxErrorBody.noSuchRoute
        }
    }

    private func script(_ source: String, crossOrigin: Bool) -> HTTPResponse {
        var response = HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "text/javascript; charset=utf-8"),
                                                           HTTPHeaderField("Cache-Control", "no-cache")], body: Array(source.utf8))
        if crossOrigin { response.headers.append(HTTPHeaderField("Access-Control-Allow-Origin", "*")) }
        return response
    }

    /// The page's Content-Security-Policy: its own scripts, styles and calls only; framable by
    /// any http(s) page.
    package static let policy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors http: https:"

    private func html(_ status: Int, lang: String, _ body: String) -> HTTPResponse {
        SandboxHTMLPage.response(status: status, lang: lang, title: "Card details", policy: Self.policy, body: body)
    }

    /// How a stored card is named in the list: its masked number and expiry date (`MM/YY`).
    package static func label(of card: ServerAPIToken) -> String {
        guard let expiry = card.expiryDate, expiry.count == 4 else { return card.maskedCardNumber }
        return "\(card.maskedCardNumber), expires \(expiry.prefix(2))/\(expiry.suffix(2))"
    }

    private func page(_ id: String) -> HTTPResponse {
        guard let tokenization = serverAPI.hostedTokenization(id, ledger: serverAPI.v2) else {
            return html(404, lang: "en", #"<p id="htp-error" data-state="unknown">The sandbox knows no hosted tokenization with this id.</p>"#)
        }
        guard webForm.hasAll(HostedCheckoutPage.webFiles.keys) else {
            return html(503, lang: "en", """
                <p id="htp-error" data-state="error">The sandbox builds this page on the web form (payform-form.mjs and its engine), which was
                not found. Build it with <code>Scripts/build/build-web.sh</code>, or start the sandbox with <code>--web-dist DIR</code>.</p>
                """)
        }
        let lang = String((tokenization.locale ?? "en").prefix(2)).lowercased()
        let base = serverAPI.baseURL()
        let savedCards = tokenization.savedTokens.compactMap { serverAPI.v2.token(withId: $0) }
        let saved: [JSONValue] = savedCards.map { ["id": .string($0.id), "label": .string(Self.label(of: $0))] }
        let config: JSONValue = [
            "hostedTokenizationId": .string(tokenization.id),
            "state": .string(tokenization.status.rawValue),
            "session": ["clientApiUrl": .string(base + "/client"), "assetUrl": .string(base + "/assets"), "customerId": .string(tokenization.customerId),
                        "clientSessionId": .string(tokenization.clientSessionId)],
            "groupId": .string(HostedCheckoutPage.groupId),
            "context": ["amount": 0, "currency": "EUR", "countryCode": "NL", "isRecurring": false],
            "locale": .string(lang),
            "askConsumerConsent": .bool(tokenization.askConsumerConsent),
            "savedTokens": .array(saved),
            "cvvForSavedCard": .bool(tokenization.cvvForSavedCard),
        ]
        let choices = savedCards.map { card in
            #"<p><label><input type="radio" name="card-choice" value="\#(HTMLEscaping.escape(card.id))"> "#
                + #"\#(HTMLEscaping.escape(Self.label(of: card)))</label></p>"#
        }
        return html(200, lang: lang, """
            <main id="htp" data-config="\(HTMLEscaping.escape(JSONWriter().string(from: config)))">
            <fieldset id="saved-cards" hidden><legend>Your saved cards</legend>
            \(choices.joined(separator: "\n"))
            <p><label><input type="radio" name="card-choice" value="" checked> A new card</label></p>
            </fieldset>
            <p id="saved-cvv-row" hidden><label for="saved-cvv">Security code of the saved card</label>
            <input id="saved-cvv" name="saved-cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" pattern="[0-9]{3,4}"></p>
            <div id="payment-form"></div>
            <p id="consent-row" hidden><label><input type="checkbox" id="consent"> Save this card for my next payments</label></p>
            <p id="message" role="status"></p>
            </main>
            <script type="module" src="/hostedtokenization/js/page.mjs"></script>
            """)
    }
}
