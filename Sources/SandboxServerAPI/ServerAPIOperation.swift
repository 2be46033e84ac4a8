/// One operation of the platform's Server API that the official server SDKs call (Connect on
/// `/v1`, Online Payments on `/v2`): a row of the table the sandbox answers from, holding all
/// there is to say about it: its versions, method and path, its line in docs/backend-tests.md
/// (*Every operation*, generated from ``markdownTable``), and its handler. Adding an operation is
/// its row and its handler.
///
/// A path that matches no pattern of its version is 404 `SANDBOX_NO_SUCH_ROUTE` before anything
/// else is looked at (signature, content type); a path that matches with another method is 405.
package struct ServerAPIOperation: Sendable {
    /// Where an operation's path starts.
    package enum Root: Sendable, Hashable, CaseIterable {
        /// `/v1/<merchantId>/…` or `/v2/<merchantId>/…`.
        case merchant
        /// Connect's file service, `/files/v1/<merchantId>/…`.
        case files
        /// `/v2/merchant-groups/<merchantGroupId>/…`.
        case merchantGroup

        /// How docs/backend-tests.md writes the start of the path.
        package var documentedPrefix: String {
            switch self {
            case .merchant: "/VERSION/MERCHANT/"
            case .files: "/files/v1/MERCHANT/"
            case .merchantGroup: "/v2/merchant-groups/GROUP/"
            }
        }
    }

    /// Answers a call of the operation, or throws the refusal (``ServerAPI/answer(to:_:)`` writes it).
    package typealias Handler = @Sendable (ServerAPI, ServerAPI.Call) throws(ServerAPIError) -> ServerAPI.Answer

    package let root: Root
    package let versions: Set<ServerAPIVersion>
    package let method: String
    /// The path's segments below the merchant (or group) id; `{}` matches one segment, an id.
    package let pattern: [String]
    /// What the sandbox does, as docs/backend-tests.md says it.
    package let docs: String
    /// Whether the body may be `multipart/form-data` (Connect's dispute file upload) rather than JSON.
    package let takesMultipart: Bool
    package let handler: Handler

    private static let both: Set<ServerAPIVersion> = [.v1, .v2]

    private init(
        _ versions: Set<ServerAPIVersion>, _ method: String, _ path: String, _ docs: String, root: Root = .merchant, takesMultipart: Bool = false,
        handler: @escaping Handler
    ) {
        self.root = root
        self.versions = versions
        self.method = method
        self.pattern = path.split(separator: "/").map(String.init)
        self.docs = docs
        self.takesMultipart = takesMultipart
        self.handler = handler
    }

    /// A catalogue operation: answered by the Client API's data (``ServerAPICatalogue``), with
    /// the category of the call's platform on its errors.
    private static func catalogue(_ versions: Set<ServerAPIVersion>, _ method: String, _ path: String, _ docs: String,
                                  asking question: @escaping @Sendable (ServerAPI.Call) -> CatalogueQuestion) -> ServerAPIOperation {
        ServerAPIOperation(versions, method, path, docs) { (api, call) throws(ServerAPIError) in api.catalogue(question(call), call) }
    }

    /// Every operation, from the SDKs' own clients (Connect Java 9.3.0 and Python 6.3.0 on `/v1`,
    /// Online Payments Java 7.4.1 and Python 10.3.0 on `/v2`), in the docs' order.
    package static let table: [ServerAPIOperation] = [
        ServerAPIOperation(both, "POST", "sessions",
            "201: a fresh `clientSessionId` and `customerId` (the Client API accepts them), `clientApiUrl`, `assetUrl`, `invalidTokens` (the tokens asked for that this platform does not keep), `region` on /v1") { (api, call) throws(ServerAPIError) in try api.createSession(call) },
        ServerAPIOperation(both, "POST", "payments",
            "see *Creating a payment*: 201 authorised, 402 declined, 201 with a 3-D Secure `REDIRECT`; 400 per failing value") { (api, call) throws(ServerAPIError) in try api.createPayment(call) },
        ServerAPIOperation([.v1], "GET", "payments",
            "200 `{payments, offset, limit, totalCount}` filtered by `hostedCheckoutId`, `merchantReference`") { (api, call) throws(ServerAPIError) in try api.findPayments(call) },
        ServerAPIOperation(both, "GET", "payments/{}",
            "200: the payment as it is now; /v2 also by an operation's id (see *Ids*); /v1 with `returnOperations=true` adds `paymentOutput.operations`; 404 `UNKNOWN_PAYMENT_ID`") { (api, call) throws(ServerAPIError) in try api.getPayment(call) },
        ServerAPIOperation([.v2], "GET", "payments/{}/details",
            "200: the payment with `Operations` (the authorisation and every capture, refund and cancel), by the payment's or an operation's id") { (api, call) throws(ServerAPIError) in try api.getPaymentDetails(call) },
        ServerAPIOperation(both, "POST", "payments/{}/capture",
            "200 the capture (`CAPTURE_REQUESTED`, settled to `CAPTURED`, then `PAID` on /v1: see *Settlement*); `amount` optional (all that is left); partial captures add up; 400 past what is left; 409 from another state; 402 with the capture-failure card") { (api, call) throws(ServerAPIError) in try api.capturePayment(call, approving: false) },
        ServerAPIOperation(both, "GET", "payments/{}/captures",
            "200 `{captures}`") { (api, call) throws(ServerAPIError) in try api.getCaptures(call) },
        ServerAPIOperation(both, "POST", "payments/{}/cancel",
            "200 `{payment}`: `CANCELLED`, or the rest of a partly captured payment released (/v2 takes `amountOfMoney` to cancel part); bodiless; 409 when nothing is left") { (api, call) throws(ServerAPIError) in try api.cancelPayment(call, partial: true) },
        ServerAPIOperation([.v1], "POST", "payments/{}/approve",
            "200 `{payment}` `CAPTURE_REQUESTED`: a capture of `amount` (all when absent)") { (api, call) throws(ServerAPIError) in try api.capturePayment(call, approving: true) },
        ServerAPIOperation([.v1], "POST", "payments/{}/cancelapproval",
            "200 `{payment}` `CANCELLED`; bodiless") { (api, call) throws(ServerAPIError) in try api.cancelPayment(call, partial: false) },
        ServerAPIOperation(both, "POST", "payments/{}/complete",
            "200: a `REDIRECTED` payment authorised, as if the customer completed 3-D Secure; 409 from another state") { (api, call) throws(ServerAPIError) in try api.completePayment(call) },
        ServerAPIOperation(both, "POST", "payments/{}/refund",
            "201 the refund (/v1 `PENDING_APPROVAL`, /v2 `REFUND_REQUESTED`); `amountOfMoney` optional (all that is left); partial refunds add up, never past the captured amount (400); 402 with `refundResult` for the refund-failure card; the refund settles to `REFUNDED` (/v1 once approved), the payment `REFUNDED` once settled refunds cover it") { (api, call) throws(ServerAPIError) in try api.refundPayment(call, ofCapture: false) },
        ServerAPIOperation(both, "GET", "payments/{}/refunds",
            "200 `{refunds}`") { (api, call) throws(ServerAPIError) in try api.getRefunds(call) },
        ServerAPIOperation([.v1], "POST", "payments/{}/tokenize",
            "201 `{token, isNewToken}` from the payment's card") { (api, call) throws(ServerAPIError) in try api.tokenizePayment(call) },
        ServerAPIOperation([.v2], "POST", "payments/{}/subsequent",
            "201 `{payment}`: a new authorised payment on the same card") { (api, call) throws(ServerAPIError) in try api.subsequentPayment(call) },
        ServerAPIOperation([.v2], "POST", "payments/{}/increment-authorization",
            "200: `amount` more authorised") { (api, call) throws(ServerAPIError) in try api.incrementAuthorization(call) },
        ServerAPIOperation([.v2], "POST", "payments/{}/authorization-additional-data",
            "200 `{payment}`") { (api, call) throws(ServerAPIError) in try api.authorizationAdditionalData(call) },
        ServerAPIOperation([.v1], "POST", "payments/{}/finalizecapture",
            "200 the payment when captured, else 409") { (api, call) throws(ServerAPIError) in try api.finalizeCapture(call) },
        ServerAPIOperation([.v1], "POST", "payments/{}/processchallenged",
            "409: no fraud challenge in the sandbox") { (api, call) throws(ServerAPIError) in try api.processChallenged(call) },
        ServerAPIOperation([.v1], "GET", "payments/{}/devicefingerprint",
            "200 `{paymentId, rawDeviceFingerprintOutput}`") { (api, call) throws(ServerAPIError) in try api.deviceFingerprint(call) },
        .catalogue([.v1], "GET", "payments/{}/thirdpartystatus",
            "200 `{thirdPartyStatus}` (the Client API's answer)", asking: { .thirdPartyStatus($0.id) }),
        ServerAPIOperation([.v1], "POST", "payments/{}/dispute",
            "201 a dispute (`CREATED`) of a captured payment") { (api, call) throws(ServerAPIError) in try api.createDispute(call, byCapture: false) },
        ServerAPIOperation([.v1], "GET", "payments/{}/disputes",
            "200 `{disputes}`") { (api, call) throws(ServerAPIError) in try api.listDisputes(call, byCapture: false) },
        ServerAPIOperation([.v1], "GET", "captures/{}",
            "200 the capture") { (api, call) throws(ServerAPIError) in try api.getCapture(call) },
        ServerAPIOperation([.v1], "POST", "captures/{}/refund",
            "201 a refund of the capture's payment") { (api, call) throws(ServerAPIError) in try api.refundPayment(call, ofCapture: true) },
        ServerAPIOperation([.v1], "POST", "captures/{}/dispute",
            "201 a dispute") { (api, call) throws(ServerAPIError) in try api.createDispute(call, byCapture: true) },
        ServerAPIOperation([.v1], "GET", "captures/{}/disputes",
            "200 `{disputes}`") { (api, call) throws(ServerAPIError) in try api.listDisputes(call, byCapture: true) },
        ServerAPIOperation([.v1], "GET", "refunds",
            "200 `{refunds, offset, limit, totalCount}`") { (api, call) throws(ServerAPIError) in try api.findRefunds(call) },
        ServerAPIOperation([.v1], "GET", "refunds/{}",
            "200 the refund") { (api, call) throws(ServerAPIError) in try api.getRefund(call) },
        ServerAPIOperation([.v1], "POST", "refunds/{}/approve",
            "204: `PENDING_APPROVAL` → `REFUND_REQUESTED`") { (api, call) throws(ServerAPIError) in try api.changeRefund(call, .approve) },
        ServerAPIOperation([.v1], "POST", "refunds/{}/cancel",
            "204: → `CANCELLED`") { (api, call) throws(ServerAPIError) in try api.changeRefund(call, .cancel) },
        ServerAPIOperation([.v1], "POST", "refunds/{}/cancelapproval",
            "204: `PENDING_APPROVAL` → `CANCELLED`") { (api, call) throws(ServerAPIError) in try api.changeRefund(call, .cancelApproval) },
        ServerAPIOperation([.v1], "GET", "disputes/{}",
            "200 the dispute") { (api, call) throws(ServerAPIError) in try api.getDispute(call) },
        ServerAPIOperation([.v1], "POST", "disputes/{}/submit",
            "200: `SUBMITTED`") { (api, call) throws(ServerAPIError) in try api.moveDispute(call, .submit) },
        ServerAPIOperation([.v1], "POST", "disputes/{}/cancel",
            "200: `CANCELLED`") { (api, call) throws(ServerAPIError) in try api.moveDispute(call, .cancel) },
        ServerAPIOperation(both, "POST", "hostedcheckouts",
            "201 `{RETURNMAC, hostedCheckoutId, partialRedirectUrl, redirectUrl, merchantReference}`; the page is the sandbox's (see *Hosted checkout*)") { (api, call) throws(ServerAPIError) in try api.createHostedCheckout(call) },
        ServerAPIOperation(both, "GET", "hostedcheckouts/{}",
            "200 `{status}`: `IN_PROGRESS`, then `PAYMENT_CREATED` with `createdPaymentOutput.payment`") { (api, call) throws(ServerAPIError) in try api.getHostedCheckout(call) },
        ServerAPIOperation([.v1], "DELETE", "hostedcheckouts/{}",
            "204 `CANCELLED_BY_CONSUMER`; 409 once paid") { (api, call) throws(ServerAPIError) in try api.deleteHostedCheckout(call) },
        ServerAPIOperation([.v2], "POST", "hostedtokenizations",
            "201 `{hostedTokenizationId, hostedTokenizationUrl, partialRedirectUrl, invalidTokens}` (+ `expiredCardTokens` with `tokens`); the iframe is the sandbox's (see *Hosted tokenization*)") { (api, call) throws(ServerAPIError) in try api.createHostedTokenization(call) },
        ServerAPIOperation([.v2], "GET", "hostedtokenizations/{}",
            "200 `{status: IN_PROGRESS}`, then, once submitted, `{token: {id, paymentProductId, isTemporary, card}, tokenStatus}`") { (api, call) throws(ServerAPIError) in try api.getHostedTokenization(call) },
        ServerAPIOperation([.v1], "POST", "hostedmandatemanagements",
            "201 `{hostedMandateManagementId, RETURNMAC, partialRedirectUrl}` (no page behind it)") { (api, call) throws(ServerAPIError) in try api.createHostedMandateManagement(call) },
        ServerAPIOperation([.v1], "GET", "hostedmandatemanagements/{}",
            "200 `{status}`") { (api, call) throws(ServerAPIError) in try api.getHostedMandateManagement(call) },
        ServerAPIOperation([.v2], "POST", "hostedfields/sessions",
            "201 `{sessionData, sdkUrl}` (no script behind it)") { (api, call) throws(ServerAPIError) in try api.createHostedFieldsSession(call) },
        ServerAPIOperation([.v2], "GET", "hostedfields/sessions/{}",
            "200 `{status}`") { (api, call) throws(ServerAPIError) in try api.getHostedFieldsSession(call) },
        ServerAPIOperation(both, "POST", "tokens",
            "201 `{token, isNewToken}` from `card.data.cardWithoutCvv` (or `card.data.card`) and `paymentProductId`, or from `encryptedCustomerInput`") { (api, call) throws(ServerAPIError) in try api.createToken(call) },
        ServerAPIOperation(both, "GET", "tokens/{}",
            "200 the token (masked card, expiry date, name)") { (api, call) throws(ServerAPIError) in try api.getToken(call) },
        ServerAPIOperation([.v1], "PUT", "tokens/{}",
            "204: a new expiry date or name") { (api, call) throws(ServerAPIError) in try api.updateToken(call) },
        ServerAPIOperation(both, "DELETE", "tokens/{}",
            "204; then 404") { (api, call) throws(ServerAPIError) in try api.deleteToken(call) },
        ServerAPIOperation([.v1], "POST", "tokens/{}/approvesepadirectdebit",
            "204 for a known token") { (api, call) throws(ServerAPIError) in try api.approveSepaDirectDebit(call) },
        ServerAPIOperation([.v2], "POST", "tokens/importCofSeries",
            "201 `{importedSeries: []}`") { (api, call) throws(ServerAPIError) in try api.importCofSeries(call) },
        ServerAPIOperation([.v2], "GET", "detokenize/tokens",
            "200 `{cards}`: masked numbers only") { (api, call) throws(ServerAPIError) in try api.getCardDataByTokens(call) },
        ServerAPIOperation([.v2], "GET", "detokenize/payments",
            "200 `{cards}`: masked numbers only") { (api, call) throws(ServerAPIError) in try api.getCardDataByPayments(call) },
        ServerAPIOperation([.v2], "POST", "detokenize/csr",
            "201 a placeholder that is no certificate") { (api, call) throws(ServerAPIError) in try api.createCertificate(call) },
        ServerAPIOperation(both, "POST", "mandates",
            "201 `{mandate}`: `ACTIVE`, or `CREATED` with `merchantAction` for `SMS`/`AIS` (see [Mandates](#mandates)); a reference of its own, or `uniqueMandateReference`, at most 35 characters") { (api, call) throws(ServerAPIError) in try api.createMandate(call, referenceInPath: false) },
        ServerAPIOperation([.v1], "PUT", "mandates/{}",
            "201 `{mandate}` with the path's reference") { (api, call) throws(ServerAPIError) in try api.createMandate(call, referenceInPath: true) },
        ServerAPIOperation(both, "GET", "mandates/{}",
            "200 `{mandate}`") { (api, call) throws(ServerAPIError) in try api.getMandate(call) },
        ServerAPIOperation(both, "POST", "mandates/{}/block",
            "200 `BLOCKED` (an `ACTIVE` mandate); bodiless") { (api, call) throws(ServerAPIError) in try api.moveMandate(call, .block) },
        ServerAPIOperation(both, "POST", "mandates/{}/unblock",
            "200 `ACTIVE` (a `BLOCKED` mandate); bodiless") { (api, call) throws(ServerAPIError) in try api.moveMandate(call, .unblock) },
        ServerAPIOperation(both, "POST", "mandates/{}/revoke",
            "200 `REVOKED` (an `ACTIVE` or `BLOCKED` mandate)") { (api, call) throws(ServerAPIError) in try api.moveMandate(call, .revoke) },
        ServerAPIOperation(both, "POST", "payouts",
            "201 the payout: /v1 `PENDING_APPROVAL`, /v2 `PAYOUT_REQUESTED` (`amountOfMoney` or `payoutDetails.amountOfMoney`, checked like an order's)") { (api, call) throws(ServerAPIError) in try api.createPayout(call) },
        ServerAPIOperation([.v1], "GET", "payouts",
            "200 `{payouts, offset, limit, totalCount}`") { (api, call) throws(ServerAPIError) in try api.findPayouts(call) },
        ServerAPIOperation(both, "GET", "payouts/{}",
            "200 the payout") { (api, call) throws(ServerAPIError) in try api.getPayout(call) },
        ServerAPIOperation([.v1], "POST", "payouts/{}/approve",
            "200: `PAYOUT_REQUESTED`") { (api, call) throws(ServerAPIError) in try api.movePayout(call, .approve) },
        ServerAPIOperation([.v1], "POST", "payouts/{}/cancel",
            "204: `CANCELLED`") { (api, call) throws(ServerAPIError) in try api.movePayout(call, .cancel) },
        ServerAPIOperation([.v1], "POST", "payouts/{}/cancelapproval",
            "204: `CANCELLED`") { (api, call) throws(ServerAPIError) in try api.movePayout(call, .cancelApproval) },
        .catalogue(both, "GET", "products",
            "200 the product data's products (as the Client API: `countryCode` and `currencyCode` required)", asking: { .products($0.query) }),
        .catalogue(both, "GET", "products/{}",
            "200 the product; 404 `1007` for one not served", asking: { .product($0.id, $0.query) }),
        .catalogue(both, "GET", "products/{}/networks",
            "200 the product's networks (Apple Pay, Google Pay)", asking: { .networks($0.id, $0.query) }),
        .catalogue(both, "GET", "products/{}/directory",
            "200 the product's directory (iDEAL)", asking: { .directory($0.id, $0.query) }),
        .catalogue([.v1], "POST", "products/{}/customerDetails",
            "200 the Client API's answer", asking: { .customerDetails($0.id, $0.request.body) }),
        .catalogue(both, "POST", "products/{}/sessions",
            "201 an Apple Pay session for product 302, a test object", asking: { .paymentProductSession($0.id, $0.request.body) }),
        ServerAPIOperation([.v1], "POST", "products/{}/deviceFingerprint",
            "200 `{deviceFingerprintTransactionId, html}`") { (api, call) throws(ServerAPIError) in try api.deviceFingerprintSession(call) },
        .catalogue(both, "GET", "productgroups",
            "200 the product groups (`cards`)", asking: { .groups($0.query) }),
        .catalogue(both, "GET", "productgroups/{}",
            "200 the group", asking: { .group($0.id, $0.query) }),
        ServerAPIOperation([.v1], "POST", "productgroups/{}/deviceFingerprint",
            "200 `{deviceFingerprintTransactionId, html}`") { (api, call) throws(ServerAPIError) in try api.deviceFingerprintSession(call) },
        ServerAPIOperation(both, "GET", "services/testconnection",
            "200 `{\"result\": \"OK\"}`") { (api, call) throws(ServerAPIError) in try api.testConnection(call) },
        .catalogue(both, "POST", "services/getIINdetails",
            "200 the IIN answer (the engine's brand table, the product data's IIN files)", asking: { .iinDetails($0.request.body) }),
        .catalogue(both, "GET", "services/privacypolicy",
            "200 the privacy policy text", asking: { .privacyPolicy($0.query) }),
        .catalogue([.v1], "GET", "services/convert/amount",
            "200 the converted amount (the sandbox's rate table)", asking: { .convertAmount($0.query) }),
        ServerAPIOperation([.v1], "POST", "services/convert/bankaccount",
            "200 a fixed test answer") { (api, call) throws(ServerAPIError) in try api.convertBankAccount(call) },
        .catalogue([.v2], "POST", "services/dccrate",
            "200 a DCC proposal from the sandbox's rate table", asking: { .dccRate($0.request.body) }),
        .catalogue([.v2], "POST", "services/surchargecalculation",
            "200 the surcharge from the sandbox's surcharge table", asking: { .surchargeCalculation($0.request.body) }),
        ServerAPIOperation([.v1], "POST", "installments/getInstallmentsInfo",
            "200 `{installmentOptions: []}`") { (api, call) throws(ServerAPIError) in try api.getInstallmentsInfo(call) },
        ServerAPIOperation([.v1], "POST", "riskassessments/cards",
            "200 `ACCEPTED`") { (api, call) throws(ServerAPIError) in try api.assessRisk(call) },
        ServerAPIOperation([.v1], "POST", "riskassessments/bankaccounts",
            "200 `ACCEPTED`") { (api, call) throws(ServerAPIError) in try api.assessRisk(call) },
        ServerAPIOperation([.v2], "POST", "paymentlinks",
            "201 the link, `ACTIVE` (`order`, or the deprecated `paymentLinkOrder`; see [Payment links](#payment-links))") { (api, call) throws(ServerAPIError) in try api.createPaymentLink(call) },
        ServerAPIOperation([.v2], "GET", "paymentlinks/{}",
            "200 the link (`EXPIRED` once past its `expirationDate`); a malformed id 400, an unknown one 404") { (api, call) throws(ServerAPIError) in try api.paymentLinkById(call, .read) },
        ServerAPIOperation([.v2], "POST", "paymentlinks/{}/cancel",
            "204: `CANCELLED`; a link no longer `ACTIVE` 409") { (api, call) throws(ServerAPIError) in try api.paymentLinkById(call, .cancel) },
        ServerAPIOperation([.v2], "POST", "paymentlinks/{}/share",
            "204 (nothing is sent); a link no longer `ACTIVE` 409") { (api, call) throws(ServerAPIError) in try api.paymentLinkById(call, .share) },
        ServerAPIOperation([.v2], "POST", "merchant-batches",
            "201 `{merchantBatchReference}` (`header.merchantBatchReference`, or one of its own); the SDKs send it gzip-compressed, which the sandbox inflates") { (api, call) throws(ServerAPIError) in try api.submitBatch(call) },
        ServerAPIOperation([.v2], "GET", "merchant-batches/{}",
            "200 `{status}`") { (api, call) throws(ServerAPIError) in try api.getBatchStatus(call) },
        ServerAPIOperation([.v2], "POST", "merchant-batches/{}/process",
            "204: `PROCESSED`") { (api, call) throws(ServerAPIError) in try api.processBatch(call) },
        ServerAPIOperation([.v2], "GET", "merchant-batches/{}/reports/payments",
            "200 `{payments: []}`") { (api, call) throws(ServerAPIError) in try api.getBatchPaymentsReport(call) },
        ServerAPIOperation([.v2], "POST", "webhooks/sendtest",
            "204: a `payment.test` event posted to `--webhook-url` (400 without one)") { (api, call) throws(ServerAPIError) in try api.sendTestWebhook(call) },
        ServerAPIOperation([.v2], "POST", "webhooks/validateCredentials",
            "200 `VALID` for the sandbox's webhook key id and secret, else `INVALID`") { (api, call) throws(ServerAPIError) in try api.validateWebhookCredentials(call) },
        ServerAPIOperation([.v1], "POST", "disputes/{}",
            "200 `{disputeId, fileId}` (`multipart/form-data`; the contents are not kept)", root: .files, takesMultipart: true) { (api, call) throws(ServerAPIError) in try api.uploadDisputeFile(call) },
        ServerAPIOperation([.v1], "GET", "files/{}",
            "200 a text file naming the upload", root: .files) { (api, call) throws(ServerAPIError) in try api.getFile(call) },
        ServerAPIOperation([.v2], "POST", "paymentlinks/search",
            "200 `{paymentLinks}`", root: .merchantGroup) { (api, call) throws(ServerAPIError) in try api.searchPaymentLinks(call) },
    ]

    /// The route a request resolved to, with the ids its `{}` segments held.
    package struct Match: Sendable {
        package let operation: ServerAPIOperation
        package let ids: [String]
        /// The path as the sandbox names it (version, merchant, segments as matched): one key
        /// for idempotence however the path was spelled (a trailing slash, percent-escapes).
        package let canonicalPath: String
    }

    /// What the table says about a request.
    package enum Resolution: Sendable {
        case operation(Match)
        /// The path is served, with these methods only.
        case wrongMethod(allowed: [String])
        case noSuchRoute
    }

    /// What the table says of `method` on `rest` (the segments below the merchant id) below `root`.
    package static func resolve(root: Root, version: ServerAPIVersion, method: String, rest: [String], prefix: String) -> Resolution {
        var allowed: [String] = []
        for operation in table where operation.root == root && operation.versions.contains(version) && operation.pattern.count == rest.count {
            var ids: [String] = []
            var matches = true
            for (part, segment) in zip(operation.pattern, rest) {
                if part == "{}" {
                    guard !segment.isEmpty else { matches = false; break }
                    ids.append(segment)
                } else if part != segment {
                    matches = false
                    break
                }
            }
            guard matches else { continue }
            guard operation.method == method else {
                if !allowed.contains(operation.method) { allowed.append(operation.method) }
                continue
            }
            return .operation(Match(operation: operation, ids: ids, canonicalPath: prefix + "/" + rest.joined(separator: "/")))
        }
        return allowed.isEmpty ? .noSuchRoute : .wrongMethod(allowed: allowed)
    }

    /// The number of operations served on `version` (for the docs and `--help`).
    package static func operationCount(_ version: ServerAPIVersion) -> Int {
        table.filter { $0.versions.contains(version) }.count
    }

    /// The path as docs/backend-tests.md writes it: `POST /VERSION/MERCHANT/payments/ID/capture`.
    package var documentedCall: String {
        method + " " + root.documentedPrefix + pattern.map { $0 == "{}" ? "ID" : $0 }.joined(separator: "/")
    }

    /// docs/backend-tests.md's table of every operation (between its generated markers), one row
    /// per operation of ``table``, in order.
    package static var markdownTable: String {
        var lines = ["| call | platform | what the sandbox does |", "|---|---|---|"]
        for operation in table {
            let platforms = ServerAPIVersion.allCases.filter(operation.versions.contains).map { "/" + $0.rawValue }.joined(separator: ", ")
            lines.append("| `\(operation.documentedCall)` | \(platforms) | \(operation.docs) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
