import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormRendering
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// The hosted checkout page the sandbox serves itself, built on this project's web form
/// (`Web/dist/payform-form.mjs`, the engine compiled to WebAssembly): where a hosted checkout's
/// `redirectUrl` (and `http://` + `partialRedirectUrl`) sends the customer.
///
/// - `GET /sandbox/v1/hostedcheckouts/<id>`: the page: the order's amount and the card form of
///   the checkout's own client session (the `cards` group: one form for every card, the number
///   naming the product; see ``groupId``), a Pay button, a
///   status line and `#outcome` (the page's state as JSON, for tests; never card data). A paid
///   (or cancelled) checkout shows its outcome instead: `#outcome` `data-state="done"` with
///   `hostedCheckoutStatus`, `paymentId` and `paymentStatus`. Without the web form's files (``webForm``), a page
///   that says how to build them (503).
/// - `POST /sandbox/v1/hostedcheckouts/<id>/pay` `{"encryptedCustomerInput"}` (what the form's
///   `submit()` encrypted): the payment is made as `POST …/payments` makes it (test cards,
///   validation as sent, `tokenize` when the checkout asked), the checkout becomes
///   `PAYMENT_CREATED`, and the answer says where the browser goes: the 3-D Secure page, or the
///   merchant's `returnUrl` with `hostedCheckoutId` and `RETURNMAC` (and `paymentId`) in its
///   query, or, without a `returnUrl`, this page, which then shows the outcome. One payment per
///   checkout, however many pays race (``HostedCheckout/claim(for:)``): every other pay is 409
///   `ACTION_NOT_ALLOWED_ON_TARGET` in the platform's error shape, naming that payment (in its
///   message and as `paymentId`).
/// - `GET /sandbox/v1/hostedcheckout.mjs`: the page's script; `GET /sandbox/v1/web/<file>`: the
///   web form's files from ``webForm`` (only those the page loads: the four of ``webFiles`` and
///   the texts of another language, `payform-texts.<tag>.json`).
package struct HostedCheckoutPage: Sendable {
    /// Where the pages live.
    package static let pathPrefix = "/sandbox/v1/hostedcheckouts/"
    /// The product group whose form the page shows: every card the sandbox's products take.
    package static let groupId = "cards"
    /// The web form's files the page loads, with their types.
    package static let webFiles: [String: String] = [
        "payform-form.mjs": "text/javascript; charset=utf-8", "payform-engine.mjs": "text/javascript; charset=utf-8",
        "payform-form.css": "text/css; charset=utf-8", "payform-form-engine.wasm": "application/wasm",
    ]

    package let serverAPI: ServerAPI
    /// The built web form's files: a folder (`Web/dist`), built into `payform`, or none.
    package let webForm: WebFormFiles

    package init(serverAPI: ServerAPI, webForm: WebFormFiles) {
        self.serverAPI = serverAPI
        self.webForm = webForm
    }

    /// The checkout `id` on either platform.
    private func checkout(_ id: String) -> (HostedCheckout, ServerAPILedger)? {
        for ledger in [serverAPI.v1, serverAPI.v2] {
            if let checkout = ledger.hostedCheckout(withId: id) { return (checkout, ledger) }
        }
        return nil
    }

    /// The answer to a request below `/sandbox/v1/` for `segments` after it.
    package func respond(to request: HTTPRequest, segments: [String]) -> HTTPResponse {
        switch segments.count {
        case 1 where segments[0] == "hostedcheckout.mjs":
            guard request.method == "GET" else { return SandboxErrorBody.methodNotAllowed("GET") }
            guard let script = Self.script else { return SandboxErrorBody.notFound("this payform was built without the hosted checkout's script") }
            return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "text/javascript; charset=utf-8"),
                                                       HTTPHeaderField("Cache-Control", "no-store")], body: script)
        case 2 where segments[0] == "web":
            guard request.method == "GET" else { return SandboxErrorBody.methodNotAllowed("GET") }
            return webFile(segments[1])
        case 2 where segments[0] == "hostedcheckouts":
            guard request.method == "GET" else { return SandboxErrorBody.methodNotAllowed("GET") }
            return page(segments[1])
        case 3 where segments[0] == "hostedcheckouts" && segments[2] == "pay":
            guard request.method == "POST" else { return SandboxErrorBody.methodNotAllowed("POST") }
            return pay(segments[1], body: request.body)
        default:
            return SandboxErrorBody.noSuchRoute
        }
    }

    private func webFile(_ name: String) -> HTTPResponse {
        guard let type = Self.webFiles[name] ?? (Self.isTextsFile(name) ? "application/json; charset=utf-8" : nil) else {
            return SandboxErrorBody.notFound("the sandbox serves no such web form file")
        }
        guard let bytes = webForm.contents(of: name) else {
            return SandboxErrorBody.notFound("\(name) is missing: build the web form (Scripts/build/build-web.sh) or give --web-dist DIR")
        }
        return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", type), HTTPHeaderField("Cache-Control", "no-cache")], body: bytes)
    }

    /// Whether `name` is a language's texts file (`payform-texts.fr.json`): letters, digits and `-` between the dots.
    private static func isTextsFile(_ name: String) -> Bool {
        guard name.hasPrefix("payform-texts."), name.hasSuffix(".json") else { return false }
        let tag = name.dropFirst("payform-texts.".count).dropLast(".json".count)
        return !tag.isEmpty && tag.count <= 35 && tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    /// Whether the web form's files are there.
    private var hasWebForm: Bool {
        webForm.hasAll(Self.webFiles.keys)
    }

    private static let policy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    private func html(_ status: Int, _ body: String) -> HTTPResponse {
        SandboxHTMLPage.response(status: status, title: "Sandbox hosted checkout", policy: Self.policy, body: body)
    }

    private func page(_ id: String) -> HTTPResponse {
        guard let (checkout, ledger) = checkout(id) else {
            return html(404, "<h1>No such hosted checkout</h1><p id=\"outcome\" data-state=\"unknown\">The sandbox knows no hosted checkout with this id.</p>")
        }
        let amount = HTMLEscaping.escape("\(checkout.amount) \(checkout.currencyCode) (minor units)")
        if checkout.status != .inProgress {
            // The checkout's outcome: where the customer lands after paying (or after 3-D Secure)
            // when the checkout has no returnUrl.
            let payment = checkout.paymentId.flatMap(ledger.payment(withId:))
            var outcome = JSONObject([(key: "state", value: "done"), (key: "hostedCheckoutStatus", value: .string(checkout.status.rawValue))])
            var text = "This hosted checkout is \(checkout.status.rawValue)."
            if let payment {
                let status = payment.status.name(checkout.version)
                outcome.append("paymentId", .string(payment.id))
                outcome.append("paymentStatus", .string(status))
                switch payment.status {
                case .rejected: text = "The payment was refused (\(status))."
                case .redirected: text = "The payment waits for its 3-D Secure authentication (\(status))."
                default: text = "Paid: the payment is \(status)."
                }
            }
            return html(200, """
                <h1>Sandbox hosted checkout</h1>
                <p>Order: \(amount).</p>
                <p id="message" role="status">\(HTMLEscaping.escape(text))</p>
                <pre id="outcome" data-state="done">\(HTMLEscaping.escape(JSONWriter().string(from: .object(outcome))))</pre>
                """)
        }
        guard hasWebForm else {
            return html(503, """
                <h1>The hosted checkout page needs the web form</h1>
                <p id="outcome" data-state="error">The sandbox builds this page on the web form (payform-form.mjs and its engine), which was not
                found\(webForm.folder.map { " in " + HTMLEscaping.escape($0.path) } ?? ""). Build it with <code>Scripts/build/build-web.sh</code>
                (it makes <code>Web/dist</code>), or start the sandbox with <code>--web-dist DIR</code>.</p>
                """)
        }
        let base = serverAPI.baseURL()
        let locale = String((checkout.locale ?? "en").prefix(2)).lowercased()
        // The Pay button speaks the form's language, in its words (Resources/Localization).
        let texts = Localizer(languageTag: locale)
        let config: JSONValue = [
            "hostedCheckoutId": .string(checkout.id),
            "session": ["clientApiUrl": .string(base + "/client"), "assetUrl": .string(base + "/assets"), "customerId": .string(checkout.customerId),
                        "clientSessionId": .string(checkout.clientSessionId)],
            "groupId": .string(Self.groupId),
            "context": ["amount": .number(String(checkout.amount)), "currency": .string(checkout.currencyCode),
                        "countryCode": .string(checkout.countryCode ?? "NL"), "isRecurring": false],
            "locale": .string(locale),
        ]
        return html(200, """
            <main id="checkout" data-config="\(HTMLEscaping.escape(JSONWriter().string(from: config)))">
            <h1>Sandbox hosted checkout</h1>
            <p>A test tool standing in for the platform's payment page: no real payment is made.</p>
            <p>Order: <span id="amount">\(amount)</span>\(checkout.merchantReference.map { ", reference " + HTMLEscaping.escape($0) } ?? "").</p>
            <div id="payment-form"></div>
            <button type="button" id="pay" lang="\(HTMLEscaping.escape(texts.textLanguageTag))" disabled>\(HTMLEscaping.escape(texts.payButtonTitle))</button>
            <p id="message" role="status"></p>
            <pre id="outcome" data-state="loading">{"state": "loading"}</pre>
            </main>
            <script type="module" src="/sandbox/v1/hostedcheckout.mjs"></script>
            """)
    }

    /// 409 for a checkout that is not to be paid (again): the payment that claimed it, when one did
    /// (its id in the message and as `paymentId`), else its status.
    private func taken(_ checkout: HostedCheckout) -> HTTPResponse {
        guard let paymentId = checkout.paymentId else {
            return serverAPI.answer(to: .notAllowed("this hosted checkout is \(checkout.status.rawValue)"), checkout.version)
        }
        var refusal = ServerAPIError.notAllowed("this hosted checkout was paid already, by payment \(paymentId): one payment per hosted checkout")
        refusal.extra = [(key: "paymentId", value: .string(paymentId))]
        return serverAPI.answer(to: refusal, checkout.version)
    }

    private func pay(_ id: String, body: [UInt8]) -> HTTPResponse {
        guard let (checkout, ledger) = checkout(id) else { return SandboxErrorBody.notFound("no such hosted checkout") }
        let version = checkout.version
        // A quick answer for a checkout already paid; what counts is the claim below.
        guard checkout.status == .inProgress, checkout.paymentId == nil else { return taken(checkout) }
        let request: JSONObject
        switch SandboxJSONBody.object(body) {
        case .success(let object): request = object
        case .failure(let problem):
            return serverAPI.answer(to: .badRequest(ServerAPI.badRequest(problem.message("the body must be {\"encryptedCustomerInput\": ...}"))), version)
        }
        guard case .string(let input)? = request["encryptedCustomerInput"] else {
            return serverAPI.answer(to: .badRequest(ServerAPI.badRequest("the body must be {\"encryptedCustomerInput\": ...}", property: "encryptedCustomerInput")), version)
        }
        var paymentRequest = JSONObject([(key: "encryptedCustomerInput", value: .string(input))])
        if checkout.tokenize { paymentRequest.append("cardPaymentMethodSpecificInput", ["tokenize": true]) }
        let source: ServerAPI.PaymentSource
        do throws(ServerAPIError) {
            source = try serverAPI.paymentSource(paymentRequest, ledger: ledger, version: version)
        } catch {
            return serverAPI.answer(to: error, version)
        }
        // One payment per checkout: claimed for this payment's id under the ledger's lock (compare
        // and set), so of racing pays exactly one goes on; the others are told its id.
        let paymentId = PlatformIds.payment(version, merchantId: serverAPI.credentials.merchantId)
        let claimed: HostedCheckout
        switch ledger.updateHostedCheckout(id, { (checkout: inout HostedCheckout) throws(HostedCheckout.Taken) in try checkout.claim(for: paymentId) }) {
        case nil: return SandboxErrorBody.notFound("no such hosted checkout")
        case .failure(let refusal)?: return taken(refusal.checkout)
        case .success(let value)?: claimed = value
        }
        let order = ServerAPI.Order(amount: claimed.amount, currency: claimed.currencyCode, merchantReference: claimed.merchantReference,
                                    returnURL: claimed.returnURL ?? serverAPI.baseURL() + claimed.pagePath)
        let answer: ServerAPI.Answer
        do throws(ServerAPIError) {
            answer = try serverAPI.makePayment(source: source, order: order, version: version, ledger: ledger, hostedCheckout: claimed, paymentId: paymentId)
        } catch {
            answer = ServerAPI.Answer(serverAPI.answer(to: error, version), paymentId: error.paymentId)
        }
        guard answer.paymentId == paymentId, let payment = ledger.payment(withId: paymentId) else {
            _ = ledger.updateHostedCheckout(id) { (checkout: inout HostedCheckout) in checkout.release(paymentId: paymentId) }
            return answer.response
        }
        _ = ledger.updateHostedCheckout(id) { (checkout: inout HostedCheckout) in checkout.complete(paymentId: paymentId) }
        if payment.status != .rejected, payment.status != .redirected {
            serverAPI.paymentLinkPaid(byPaymentId: paymentId, checkoutId: id, version)
        }
        let next: String
        if payment.status == .redirected {
            next = serverAPI.baseURL() + ThreeDSecurePage.pathPrefix + paymentId
        } else if let returnURL = checkout.returnURL {
            next = ThreeDSecurePage.adding([("hostedCheckoutId", checkout.id), ("RETURNMAC", checkout.returnMAC), ("paymentId", paymentId)], to: returnURL)
        } else {
            next = serverAPI.baseURL() + checkout.pagePath
        }
        return .json(200, ["redirectURL": .string(next), "paymentId": .string(paymentId), "status": .string(payment.status.name(version))])
    }

    /// The page's script (`Resources/Pages/hosted-checkout.mjs`, embedded at build time): mounts
    /// the web form, pays with what it encrypted, follows the answer. `nil` only when the build
    /// embedded no such file.
    package static let script: [UInt8]? = EmbeddedResources.files["Pages/hosted-checkout.mjs"].map { Array($0.utf8) }
}
