/// Every operation of the platform's Server API that the official server SDKs call (Connect on
/// `/v1`, Online Payments on `/v2`), and where each one lives: the route table the sandbox
/// answers from. A path that matches no pattern of its version is 404 `SANDBOX_NO_SUCH_ROUTE`
/// before anything else is looked at (signature, content type); a path that matches with another
/// method is 405.
enum ServerAPIOperation: String, Sendable, Hashable, CaseIterable {
    // Sessions and payments.
    case createSession, createPayment, findPayments, getPayment, getPaymentDetails
    case capturePayment, getCaptures, cancelPayment, approvePayment, cancelApproval, completePayment
    case refundPayment, getRefunds, tokenizePayment, subsequentPayment, incrementAuthorization, authorizationAdditionalData
    case finalizeCapture, processChallenged, deviceFingerprint, thirdPartyStatus, paymentDispute, paymentDisputes
    // Captures, refunds and disputes by their own ids (Connect).
    case getCapture, captureRefund, captureDispute, captureDisputes
    case findRefunds, getRefund, approveRefund, cancelRefund, cancelRefundApproval
    case getDispute, submitDispute, cancelDispute, uploadDisputeFile, getFile
    // Hosted pages.
    case createHostedCheckout, getHostedCheckout, deleteHostedCheckout
    case createHostedTokenization, getHostedTokenization, createHostedMandateManagement, getHostedMandateManagement
    case createHostedFieldsSession, getHostedFieldsSession
    // Tokens, mandates, payouts.
    case createToken, getToken, updateToken, deleteToken, approveSepaDirectDebit, importCofSeries
    case getCardDataByTokens, getCardDataByPayments, createCertificate
    case createMandate, createMandateWithReference, getMandate, blockMandate, unblockMandate, revokeMandate
    case createPayout, findPayouts, getPayout, approvePayout, cancelPayout, cancelPayoutApproval
    // Catalogue and services.
    case getProducts, getProduct, getProductNetworks, getProductDirectory, productCustomerDetails, productSession
    case productDeviceFingerprint, getProductGroups, getProductGroup, productGroupDeviceFingerprint
    case testConnection, getIINDetails, getPrivacyPolicy, convertAmount, convertBankAccount, getDccRate, surchargeCalculation
    case getInstallmentsInfo, riskAssessmentCards, riskAssessmentBankAccounts
    // Payment links, batches, webhooks.
    case createPaymentLink, getPaymentLink, cancelPaymentLink, sharePaymentLink, searchPaymentLinks
    case submitBatch, getBatchStatus, processBatch, getBatchPaymentsReport
    case sendTestWebhook, validateWebhookCredentials
}

/// One line of the route table: the API versions, the method and the path below
/// `/<version>/<merchantId>/` (`{}` matches one segment, an id).
struct ServerAPIRoute: Sendable {
    let versions: Set<ServerAPIVersion>
    let method: String
    let pattern: [String]
    let operation: ServerAPIOperation

    /// The route a request resolved to, with the ids its `{}` segments held.
    struct Match: Sendable {
        let operation: ServerAPIOperation
        let ids: [String]
        /// The path as the sandbox names it (version, merchant, segments as matched): one key
        /// for idempotence however the path was spelled (a trailing slash, percent-escapes).
        let canonicalPath: String
    }

    /// What the table says about a request.
    enum Resolution: Sendable {
        case operation(Match)
        /// The path is served, with these methods only.
        case wrongMethod(allowed: [String])
        case noSuchRoute
    }

    private static let both: Set<ServerAPIVersion> = [.v1, .v2]

    private init(_ versions: Set<ServerAPIVersion>, _ method: String, _ path: String, _ operation: ServerAPIOperation) {
        self.versions = versions
        self.method = method
        self.pattern = path.split(separator: "/").map(String.init)
        self.operation = operation
    }

    /// The table, from the SDKs' own clients (Connect Java 9.3.0 and Python 6.3.0 on `/v1`,
    /// Online Payments Java 7.4.1 and Python 10.3.0 on `/v2`).
    static let table: [ServerAPIRoute] = [
        ServerAPIRoute(both, "POST", "sessions", .createSession),
        ServerAPIRoute(both, "POST", "payments", .createPayment),
        ServerAPIRoute([.v1], "GET", "payments", .findPayments),
        ServerAPIRoute(both, "GET", "payments/{}", .getPayment),
        ServerAPIRoute([.v2], "GET", "payments/{}/details", .getPaymentDetails),
        ServerAPIRoute(both, "POST", "payments/{}/capture", .capturePayment),
        ServerAPIRoute(both, "GET", "payments/{}/captures", .getCaptures),
        ServerAPIRoute(both, "POST", "payments/{}/cancel", .cancelPayment),
        ServerAPIRoute([.v1], "POST", "payments/{}/approve", .approvePayment),
        ServerAPIRoute([.v1], "POST", "payments/{}/cancelapproval", .cancelApproval),
        ServerAPIRoute(both, "POST", "payments/{}/complete", .completePayment),
        ServerAPIRoute(both, "POST", "payments/{}/refund", .refundPayment),
        ServerAPIRoute(both, "GET", "payments/{}/refunds", .getRefunds),
        ServerAPIRoute([.v1], "POST", "payments/{}/tokenize", .tokenizePayment),
        ServerAPIRoute([.v2], "POST", "payments/{}/subsequent", .subsequentPayment),
        ServerAPIRoute([.v2], "POST", "payments/{}/increment-authorization", .incrementAuthorization),
        ServerAPIRoute([.v2], "POST", "payments/{}/authorization-additional-data", .authorizationAdditionalData),
        ServerAPIRoute([.v1], "POST", "payments/{}/finalizecapture", .finalizeCapture),
        ServerAPIRoute([.v1], "POST", "payments/{}/processchallenged", .processChallenged),
        ServerAPIRoute([.v1], "GET", "payments/{}/devicefingerprint", .deviceFingerprint),
        ServerAPIRoute([.v1], "GET", "payments/{}/thirdpartystatus", .thirdPartyStatus),
        ServerAPIRoute([.v1], "POST", "payments/{}/dispute", .paymentDispute),
        ServerAPIRoute([.v1], "GET", "payments/{}/disputes", .paymentDisputes),
        ServerAPIRoute([.v1], "GET", "captures/{}", .getCapture),
        ServerAPIRoute([.v1], "POST", "captures/{}/refund", .captureRefund),
        ServerAPIRoute([.v1], "POST", "captures/{}/dispute", .captureDispute),
        ServerAPIRoute([.v1], "GET", "captures/{}/disputes", .captureDisputes),
        ServerAPIRoute([.v1], "GET", "refunds", .findRefunds),
        ServerAPIRoute([.v1], "GET", "refunds/{}", .getRefund),
        ServerAPIRoute([.v1], "POST", "refunds/{}/approve", .approveRefund),
        ServerAPIRoute([.v1], "POST", "refunds/{}/cancel", .cancelRefund),
        ServerAPIRoute([.v1], "POST", "refunds/{}/cancelapproval", .cancelRefundApproval),
        ServerAPIRoute([.v1], "GET", "disputes/{}", .getDispute),
        ServerAPIRoute([.v1], "POST", "disputes/{}/submit", .submitDispute),
        ServerAPIRoute([.v1], "POST", "disputes/{}/cancel", .cancelDispute),
        ServerAPIRoute(both, "POST", "hostedcheckouts", .createHostedCheckout),
        ServerAPIRoute(both, "GET", "hostedcheckouts/{}", .getHostedCheckout),
        ServerAPIRoute([.v1], "DELETE", "hostedcheckouts/{}", .deleteHostedCheckout),
        ServerAPIRoute([.v2], "POST", "hostedtokenizations", .createHostedTokenization),
        ServerAPIRoute([.v2], "GET", "hostedtokenizations/{}", .getHostedTokenization),
        ServerAPIRoute([.v1], "POST", "hostedmandatemanagements", .createHostedMandateManagement),
        ServerAPIRoute([.v1], "GET", "hostedmandatemanagements/{}", .getHostedMandateManagement),
        ServerAPIRoute([.v2], "POST", "hostedfields/sessions", .createHostedFieldsSession),
        ServerAPIRoute([.v2], "GET", "hostedfields/sessions/{}", .getHostedFieldsSession),
        ServerAPIRoute(both, "POST", "tokens", .createToken),
        ServerAPIRoute(both, "GET", "tokens/{}", .getToken),
        ServerAPIRoute([.v1], "PUT", "tokens/{}", .updateToken),
        ServerAPIRoute(both, "DELETE", "tokens/{}", .deleteToken),
        ServerAPIRoute([.v1], "POST", "tokens/{}/approvesepadirectdebit", .approveSepaDirectDebit),
        ServerAPIRoute([.v2], "POST", "tokens/importCofSeries", .importCofSeries),
        ServerAPIRoute([.v2], "GET", "detokenize/tokens", .getCardDataByTokens),
        ServerAPIRoute([.v2], "GET", "detokenize/payments", .getCardDataByPayments),
        ServerAPIRoute([.v2], "POST", "detokenize/csr", .createCertificate),
        ServerAPIRoute(both, "POST", "mandates", .createMandate),
        ServerAPIRoute([.v1], "PUT", "mandates/{}", .createMandateWithReference),
        ServerAPIRoute(both, "GET", "mandates/{}", .getMandate),
        ServerAPIRoute(both, "POST", "mandates/{}/block", .blockMandate),
        ServerAPIRoute(both, "POST", "mandates/{}/unblock", .unblockMandate),
        ServerAPIRoute(both, "POST", "mandates/{}/revoke", .revokeMandate),
        ServerAPIRoute(both, "POST", "payouts", .createPayout),
        ServerAPIRoute([.v1], "GET", "payouts", .findPayouts),
        ServerAPIRoute(both, "GET", "payouts/{}", .getPayout),
        ServerAPIRoute([.v1], "POST", "payouts/{}/approve", .approvePayout),
        ServerAPIRoute([.v1], "POST", "payouts/{}/cancel", .cancelPayout),
        ServerAPIRoute([.v1], "POST", "payouts/{}/cancelapproval", .cancelPayoutApproval),
        ServerAPIRoute(both, "GET", "products", .getProducts),
        ServerAPIRoute(both, "GET", "products/{}", .getProduct),
        ServerAPIRoute(both, "GET", "products/{}/networks", .getProductNetworks),
        ServerAPIRoute(both, "GET", "products/{}/directory", .getProductDirectory),
        ServerAPIRoute([.v1], "POST", "products/{}/customerDetails", .productCustomerDetails),
        ServerAPIRoute(both, "POST", "products/{}/sessions", .productSession),
        ServerAPIRoute([.v1], "POST", "products/{}/deviceFingerprint", .productDeviceFingerprint),
        ServerAPIRoute(both, "GET", "productgroups", .getProductGroups),
        ServerAPIRoute(both, "GET", "productgroups/{}", .getProductGroup),
        ServerAPIRoute([.v1], "POST", "productgroups/{}/deviceFingerprint", .productGroupDeviceFingerprint),
        ServerAPIRoute(both, "GET", "services/testconnection", .testConnection),
        ServerAPIRoute(both, "POST", "services/getIINdetails", .getIINDetails),
        ServerAPIRoute(both, "GET", "services/privacypolicy", .getPrivacyPolicy),
        ServerAPIRoute([.v1], "GET", "services/convert/amount", .convertAmount),
        ServerAPIRoute([.v1], "POST", "services/convert/bankaccount", .convertBankAccount),
        ServerAPIRoute([.v2], "POST", "services/dccrate", .getDccRate),
        ServerAPIRoute([.v2], "POST", "services/surchargecalculation", .surchargeCalculation),
        ServerAPIRoute([.v1], "POST", "installments/getInstallmentsInfo", .getInstallmentsInfo),
        ServerAPIRoute([.v1], "POST", "riskassessments/cards", .riskAssessmentCards),
        ServerAPIRoute([.v1], "POST", "riskassessments/bankaccounts", .riskAssessmentBankAccounts),
        ServerAPIRoute([.v2], "POST", "paymentlinks", .createPaymentLink),
        ServerAPIRoute([.v2], "GET", "paymentlinks/{}", .getPaymentLink),
        ServerAPIRoute([.v2], "POST", "paymentlinks/{}/cancel", .cancelPaymentLink),
        ServerAPIRoute([.v2], "POST", "paymentlinks/{}/share", .sharePaymentLink),
        ServerAPIRoute([.v2], "POST", "merchant-batches", .submitBatch),
        ServerAPIRoute([.v2], "GET", "merchant-batches/{}", .getBatchStatus),
        ServerAPIRoute([.v2], "POST", "merchant-batches/{}/process", .processBatch),
        ServerAPIRoute([.v2], "GET", "merchant-batches/{}/reports/payments", .getBatchPaymentsReport),
        ServerAPIRoute([.v2], "POST", "webhooks/sendtest", .sendTestWebhook),
        ServerAPIRoute([.v2], "POST", "webhooks/validateCredentials", .validateWebhookCredentials),
    ]

    /// The Connect file service's two calls, under `/files/v1/<merchantId>/`.
    static let fileTable: [ServerAPIRoute] = [
        ServerAPIRoute([.v1], "POST", "disputes/{}", .uploadDisputeFile),
        ServerAPIRoute([.v1], "GET", "files/{}", .getFile),
    ]

    /// `POST /v2/merchant-groups/<merchantGroupId>/paymentlinks/search` (Online Payments Python).
    static let merchantGroupTable: [ServerAPIRoute] = [
        ServerAPIRoute([.v2], "POST", "paymentlinks/search", .searchPaymentLinks),
    ]

    /// What `table` says of `method` on `rest` (the segments below the merchant id).
    static func resolve(
        _ table: [ServerAPIRoute], version: ServerAPIVersion, method: String, rest: [String], prefix: String
    ) -> Resolution {
        var allowed: [String] = []
        for route in table where route.versions.contains(version) && route.pattern.count == rest.count {
            var ids: [String] = []
            var matches = true
            for (part, segment) in zip(route.pattern, rest) {
                if part == "{}" {
                    guard !segment.isEmpty else { matches = false; break }
                    ids.append(segment)
                } else if part != segment {
                    matches = false
                    break
                }
            }
            guard matches else { continue }
            guard route.method == method else {
                if !allowed.contains(route.method) { allowed.append(route.method) }
                continue
            }
            return .operation(Match(operation: route.operation, ids: ids, canonicalPath: prefix + "/" + rest.joined(separator: "/")))
        }
        return allowed.isEmpty ? .noSuchRoute : .wrongMethod(allowed: allowed)
    }

    /// The number of operations served on `version` (for the docs and `--help`).
    static func operationCount(_ version: ServerAPIVersion) -> Int {
        (table + fileTable + merchantGroupTable).filter { $0.versions.contains(version) }.count
    }
}
