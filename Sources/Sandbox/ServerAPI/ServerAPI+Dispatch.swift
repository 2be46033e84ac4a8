/// Which handler answers each operation of the route table.
extension ServerAPI {
    func dispatch(_ call: Call, catalogue router: SandboxRouter) -> Answer {
        switch call.operation {
        case .createSession: return createSession(call)
        case .createPayment: return createPayment(call)
        case .findPayments: return findPayments(call)
        case .getPayment: return getPayment(call)
        case .getPaymentDetails: return getPaymentDetails(call)
        case .capturePayment, .approvePayment: return capturePayment(call)
        case .getCaptures: return getCaptures(call)
        case .cancelPayment, .cancelApproval: return cancelPayment(call)
        case .completePayment: return completePayment(call)
        case .refundPayment, .captureRefund: return refundPayment(call)
        case .getRefunds: return getRefunds(call)
        case .tokenizePayment: return tokenizePayment(call)
        case .subsequentPayment: return subsequentPayment(call)
        case .incrementAuthorization: return incrementAuthorization(call)
        case .authorizationAdditionalData, .finalizeCapture, .processChallenged: return confirmPayment(call)
        case .getCapture: return getCapture(call)
        case .findRefunds: return findRefunds(call)
        case .getRefund, .approveRefund, .cancelRefund, .cancelRefundApproval: return refundById(call)
        case .paymentDispute, .paymentDisputes, .captureDispute, .captureDisputes, .getDispute, .submitDispute, .cancelDispute, .uploadDisputeFile,
             .getFile:
            return disputes(call)
        case .createHostedCheckout: return createHostedCheckout(call)
        case .getHostedCheckout, .deleteHostedCheckout: return hostedCheckoutById(call)
        case .createHostedTokenization: return createHostedTokenization(call)
        case .getHostedTokenization: return getHostedTokenization(call)
        case .createHostedMandateManagement, .getHostedMandateManagement, .createHostedFieldsSession, .getHostedFieldsSession:
            return hostedPages(call)
        case .createToken: return createToken(call)
        case .getToken, .updateToken, .deleteToken, .approveSepaDirectDebit: return tokenById(call)
        case .importCofSeries, .getCardDataByTokens, .getCardDataByPayments, .createCertificate: return tokenServices(call)
        case .createMandate, .createMandateWithReference: return createMandate(call)
        case .getMandate: return getMandate(call)
        case .blockMandate: return moveMandate(call, .block)
        case .unblockMandate: return moveMandate(call, .unblock)
        case .revokeMandate: return moveMandate(call, .revoke)
        case .createPayout, .findPayouts, .getPayout, .approvePayout, .cancelPayout, .cancelPayoutApproval: return payouts(call)
        case .getProducts, .getProduct, .getProductNetworks, .getProductDirectory, .productCustomerDetails, .productSession, .productDeviceFingerprint,
             .getProductGroups, .getProductGroup, .productGroupDeviceFingerprint, .testConnection, .getIINDetails, .getPrivacyPolicy, .convertAmount,
             .convertBankAccount, .getDccRate, .surchargeCalculation, .getInstallmentsInfo, .riskAssessmentCards, .riskAssessmentBankAccounts,
             .deviceFingerprint, .thirdPartyStatus:
            return catalogue(call, router)
        case .createPaymentLink: return createPaymentLink(call)
        case .searchPaymentLinks: return searchPaymentLinks(call)
        case .getPaymentLink: return paymentLinkById(call, .read)
        case .cancelPaymentLink: return paymentLinkById(call, .cancel)
        case .sharePaymentLink: return paymentLinkById(call, .share)
        case .submitBatch, .getBatchStatus, .processBatch, .getBatchPaymentsReport: return batches(call)
        case .sendTestWebhook, .validateWebhookCredentials: return webhookCalls(call)
        }
    }
}
