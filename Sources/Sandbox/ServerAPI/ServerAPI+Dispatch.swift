/// Which handler answers each operation of the route table.
extension ServerAPI {
    func dispatch(_ call: Call, catalogue router: SandboxRouter) throws(ServerAPIError) -> Answer {
        switch call.operation {
        case .createSession: return try createSession(call)
        case .createPayment: return try createPayment(call)
        case .findPayments: return try findPayments(call)
        case .getPayment: return try getPayment(call)
        case .getPaymentDetails: return try getPaymentDetails(call)
        case .capturePayment, .approvePayment: return try capturePayment(call)
        case .getCaptures: return try getCaptures(call)
        case .cancelPayment, .cancelApproval: return try cancelPayment(call)
        case .completePayment: return try completePayment(call)
        case .refundPayment, .captureRefund: return try refundPayment(call)
        case .getRefunds: return try getRefunds(call)
        case .tokenizePayment: return try tokenizePayment(call)
        case .subsequentPayment: return try subsequentPayment(call)
        case .incrementAuthorization: return try incrementAuthorization(call)
        case .authorizationAdditionalData, .finalizeCapture, .processChallenged: return try confirmPayment(call)
        case .getCapture: return try getCapture(call)
        case .findRefunds: return try findRefunds(call)
        case .getRefund, .approveRefund, .cancelRefund, .cancelRefundApproval: return try refundById(call)
        case .paymentDispute, .paymentDisputes, .captureDispute, .captureDisputes, .getDispute, .submitDispute, .cancelDispute, .uploadDisputeFile,
             .getFile:
            return try disputes(call)
        case .createHostedCheckout: return try createHostedCheckout(call)
        case .getHostedCheckout, .deleteHostedCheckout: return try hostedCheckoutById(call)
        case .createHostedTokenization: return try createHostedTokenization(call)
        case .getHostedTokenization: return try getHostedTokenization(call)
        case .createHostedMandateManagement, .getHostedMandateManagement, .createHostedFieldsSession, .getHostedFieldsSession:
            return try hostedPages(call)
        case .createToken: return try createToken(call)
        case .getToken, .updateToken, .deleteToken, .approveSepaDirectDebit: return try tokenById(call)
        case .importCofSeries, .getCardDataByTokens, .getCardDataByPayments, .createCertificate: return try tokenServices(call)
        case .createMandate, .createMandateWithReference: return try createMandate(call)
        case .getMandate: return try getMandate(call)
        case .blockMandate: return try moveMandate(call, .block)
        case .unblockMandate: return try moveMandate(call, .unblock)
        case .revokeMandate: return try moveMandate(call, .revoke)
        case .createPayout, .findPayouts, .getPayout, .approvePayout, .cancelPayout, .cancelPayoutApproval: return try payouts(call)
        case .getProducts, .getProduct, .getProductNetworks, .getProductDirectory, .productCustomerDetails, .productSession, .productDeviceFingerprint,
             .getProductGroups, .getProductGroup, .productGroupDeviceFingerprint, .testConnection, .getIINDetails, .getPrivacyPolicy, .convertAmount,
             .convertBankAccount, .getDccRate, .surchargeCalculation, .getInstallmentsInfo, .riskAssessmentCards, .riskAssessmentBankAccounts,
             .deviceFingerprint, .thirdPartyStatus:
            return try catalogue(call, router)
        case .createPaymentLink: return try createPaymentLink(call)
        case .searchPaymentLinks: return try searchPaymentLinks(call)
        case .getPaymentLink: return try paymentLinkById(call, .read)
        case .cancelPaymentLink: return try paymentLinkById(call, .cancel)
        case .sharePaymentLink: return try paymentLinkById(call, .share)
        case .submitBatch, .getBatchStatus, .processBatch, .getBatchPaymentsReport: return try batches(call)
        case .sendTestWebhook, .validateWebhookCredentials: return try webhookCalls(call)
        }
    }
}
