import Foundation
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// SEPA Direct Debit payments on Online Payments (product 771): `createPayment` with
/// `sepaDirectDebitPaymentMethodSpecificInput.paymentProduct771SpecificInput` naming an
/// `existingUniqueMandateReference` (an `ACTIVE` mandate; a `UNIQUE` one is `USED` after) or an
/// inline `mandate` (`CreateMandateWithReturnUrl`: created as `POST …/mandates` creates one).
/// A direct debit collects at once: its capture is requested (`CAPTURE_REQUESTED`) and settles
/// to `CAPTURED` as card captures do (the test clock). An inline mandate the customer signs on a
/// page (`SMS`, `AIS`) makes the payment `REDIRECTED` with `merchantAction` to that page; signed,
/// the payment goes on; refused, it is `REJECTED`.
extension ServerAPI {
    package static let directDebitProductId = 771
    package static let directDebitInput = "sepaDirectDebitPaymentMethodSpecificInput"

    package func createDirectDebitPayment(_ call: Call, request: JSONObject, order: Order) throws(ServerAPIError) -> Answer {
        let version = call.version
        let specificPath = Self.directDebitInput + ".paymentProduct771SpecificInput"
        func refused(_ message: String, _ property: String, code: String = "SANDBOX_INVALID_VALUE") -> ServerAPIError {
            .badRequest(ServerAPIInput.invalid(code, message, property: property))
        }
        guard version == .v2 else {
            throw refused("SEPA Direct Debit payments are Online Payments' (/v2) in this sandbox", Self.directDebitInput)
        }
        let input = request[Self.directDebitInput]
        switch input?["paymentProductId"] {
        case nil, .null?: break
        case .number(let text)? where Int(text) == Self.directDebitProductId: break
        default: throw refused("\(Self.directDebitInput).paymentProductId must be 771 (SEPA Direct Debit)", Self.directDebitInput + ".paymentProductId")
        }
        guard case .object(let specific)? = input?["paymentProduct771SpecificInput"] else {
            throw refused("\(specificPath) is required: existingUniqueMandateReference or mandate", specificPath)
        }
        let mandate: Mandate
        switch (specific["existingUniqueMandateReference"], specific["mandate"]) {
        case (.string(let reference)?, nil), (.string(let reference)?, .null?):
            let property = specificPath + ".existingUniqueMandateReference"
            switch call.ledger.update(mandate: reference, .use) {
            case nil: throw refused("no mandate with this reference", property, code: "SANDBOX_UNKNOWN_MANDATE")
            case .failure(let refusal)?:
                throw refused("the mandate is \(refusal.status.rawValue): a direct debit needs an ACTIVE mandate", property, code: "SANDBOX_MANDATE_NOT_ACTIVE")
            case .success(let used)?: mandate = used
            }
        case (nil, .object(let fields)?), (.null?, .object(let fields)?):
            mandate = try readMandate(fields, reference: nil, version: version, prefix: specificPath + ".mandate.").orBadRequest()
            guard call.ledger.insert(mandate) else {
                throw ServerAPIError(409, [SandboxErrorBody.Item(
                    code: "SANDBOX_DUPLICATE_MANDATE", id: "DUPLICATE_MANDATE_REFERENCE", message: "a mandate with this reference exists",
                    propertyName: specificPath + ".mandate.uniqueMandateReference")])
            }
        default:
            throw refused("\(specificPath) takes either existingUniqueMandateReference (a string) or mandate (an object)", specificPath)
        }
        let now = clock.now()
        let redirects = mandate.status == .created
        var payment = ServerAPIPayment(
            id: PlatformIds.payment(version, merchantId: credentials.merchantId), status: .created, amount: order.amount, currencyCode: order.currency,
            paymentProductId: Self.directDebitProductId, paymentMethod: "directDebit", maskedCardNumber: nil, expiryDate: nil,
            merchantReference: order.merchantReference, returnURL: redirects ? mandate.returnURL : nil, returnMAC: redirects ? mandate.returnMAC : nil,
            now: now)
        payment.mandateReference = mandate.reference
        payment.capturesOnAuthorization = true
        PaymentLifecycle.open(&payment, to: redirects ? .redirected : .authorized, version: version, now: now)
        if redirects {
            // The signing page moves the payment on once the customer decides.
            _ = call.ledger.attach(paymentId: payment.id, toMandate: mandate.reference)
        }
        call.ledger.keep(payment)
        post(payment.outbox)
        defer { settleAtOnce(paymentId: payment.id, version) }
        var answer = JSONObject([(key: "creationOutput", value: .object(payment.creationOutput(version)))])
        if redirects {
            answer.append("merchantAction", [
                "actionType": "REDIRECT",
                "redirectData": ["redirectURL": .string(baseURL() + mandate.pagePath), "RETURNMAC": .string(mandate.returnMAC)],
            ])
        }
        answer.append("payment", payment.json(version))
        var response = HTTPResponse.json(201, .object(answer))
        response.headers.append(location(version, "payments/\(payment.id)"))
        return Answer(response, paymentId: payment.id)
    }

    /// The customer decided on the signing page of `mandate`: the direct debit waiting for it
    /// goes on (signed) or is `REJECTED` (refused), its events posted.
    package func mandateDecided(_ mandate: Mandate, signed: Bool) {
        guard let paymentId = mandate.paymentId else { return }
        let failure = [SandboxErrorBody.Item(code: "SANDBOX_MANDATE_REFUSED", id: "SANDBOX_MANDATE_REFUSED", message: "the customer refused the mandate")]
        let now = clock.now()
        let decided = ledger(mandate.version).update(paymentId: paymentId) { (payment: inout ServerAPIPayment) throws(PaymentLifecycle.Refusal) in
            try PaymentLifecycle.authenticate(&payment, succeeded: signed, errors: failure, version: mandate.version, now: now)
        }
        post(decided?.events ?? [])
        if case .success? = decided?.result { settleAtOnce(paymentId: paymentId, mandate.version) }
    }
}
