import Foundation
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// The calls on a payment after it was created: each a transition of ``PaymentLifecycle`` or a
/// read of the payment as it is now.
extension ServerAPI {
    /// The payment of the call's id, or the 404 answer.
    package func payment(_ call: Call) throws(ServerAPIError) -> ServerAPIPayment {
        guard let payment = call.ledger.payment(withId: call.id) else {
            throw unknown("payment", property: "paymentId", call.version)
        }
        return payment
    }

    /// Runs `change` on the call's payment (one transition at a time, at sandbox time); the
    /// refusal or 404 as an answer, else `answer(payment)`. The webhook URL hears of every change
    /// the transition made, then of the settlement when it comes at once.
    package func transition(
        _ call: Call, refusalExtra: ((ServerAPIPayment) -> [(key: String, value: JSONValue)])? = nil,
        _ change: (inout ServerAPIPayment, Date) throws(PaymentLifecycle.Refusal) -> Void, answer: (ServerAPIPayment) -> HTTPResponse
    ) throws(ServerAPIError) -> Answer {
        let now = clock.now()
        guard let updated = call.ledger.update(paymentId: call.id, { (payment: inout ServerAPIPayment) throws(PaymentLifecycle.Refusal) in
            try change(&payment, now)
        }) else {
            throw unknown("payment", property: "paymentId", call.version)
        }
        post(updated.events)
        switch updated.result {
        case .failure(let refused):
            let extra = call.ledger.payment(withId: call.id).flatMap { payment in refusalExtra?(payment) } ?? []
            throw ServerAPIError(refused, extra: extra, paymentId: call.id)
        case .success(let payment):
            let response = answer(payment)
            settleAtOnce(paymentId: payment.id, call.version)
            return Answer(response, paymentId: payment.id)
        }
    }

    /// An optional amount member of the body (`amount` or `amountOfMoney.amount`), checked.
    package func optionalAmount(_ call: Call, _ property: String) throws(ServerAPIError) -> Int? {
        var value: JSONValue? = .object(try call.body())
        for part in property.split(separator: ".") { value = value?[String(part)] }
        return try ServerAPIInput.amount(value, property: property, positive: true).orBadRequest()
    }

    /// The payment of the call's id, which on Online Payments may also be the id of one of its
    /// operations (`<number>_<n>`: a capture, refund or cancel), as the platform's `GET` and
    /// `details` take them; or the 404 answer.
    package func paymentOrOperation(_ call: Call) throws(ServerAPIError) -> ServerAPIPayment {
        if let payment = call.ledger.payment(withId: call.id) { return payment }
        if call.version == .v2, let paymentId = PlatformIds.paymentId(of: call.id, .v2),
           let payment = call.ledger.payment(withId: paymentId), payment.hasOperation(call.id) {
            return payment
        }
        throw unknown("payment", property: "paymentId", call.version)
    }

    // MARK: - Reads

    /// `GET payments/{id}`: on Connect with `returnOperations=true` the payment's captures and
    /// refunds in `paymentOutput.operations`; on Online Payments an operation's id answers its payment.
    package func getPayment(_ call: Call) throws(ServerAPIError) -> Answer {
        let payment = try paymentOrOperation(call)
        let operations = call.version == .v1 && call.parameter("returnOperations")?.lowercased() == "true"
        return Answer(.json(200, payment.json(call.version, operations: operations ? payment.connectOperations() : nil)))
    }

    /// Online Payments' `details`: the payment with every operation (`Operations`: the
    /// authorisation, then each capture, refund and cancel in order) as `OperationOutput` names them.
    package func getPaymentDetails(_ call: Call) throws(ServerAPIError) -> Answer {
        let payment = try paymentOrOperation(call)
        guard case .object(var details) = payment.json(call.version) else { return Answer(.json(200, payment.json(call.version))) }
        details.append("Operations", .array(payment.operationOutputs()))
        return Answer(.json(200, .object(details)))
    }

    package func getCaptures(_ call: Call) throws(ServerAPIError) -> Answer {
        let payment = try payment(call)
        return Answer(.json(200, ["captures": .array(payment.captures.map { payment.json($0, call.version) })]))
    }

    package func getRefunds(_ call: Call) throws(ServerAPIError) -> Answer {
        let payment = try payment(call)
        return Answer(.json(200, ["refunds": .array(payment.refunds.map { payment.json($0, call.version) })]))
    }

    /// Connect's `GET …/payments?hostedCheckoutId=&merchantReference=&merchantOrderId=&offset=&limit=`.
    package func findPayments(_ call: Call) throws(ServerAPIError) -> Answer {
        let hosted = call.parameter("hostedCheckoutId"), reference = call.parameter("merchantReference")
        let found = call.ledger.payments.filter { payment in
            (hosted == nil || payment.hostedCheckoutId == hosted) && (reference == nil || payment.merchantReference == reference)
        }
        return Answer(.json(200, page(found.map { $0.json(call.version) }, key: "payments", call)))
    }

    /// `{<key>: [...], offset, limit, totalCount}` of `items` as the query's `offset` and `limit` ask.
    package func page(_ items: [JSONValue], key: String, _ call: Call) -> JSONValue {
        let offset = max(0, Int(call.parameter("offset") ?? "") ?? 0)
        let limit = min(100, max(1, Int(call.parameter("limit") ?? "") ?? 100))
        let slice = offset < items.count ? Array(items[offset..<min(items.count, offset + limit)]) : []
        return .object(JSONObject([
            (key: key, value: .array(slice)), (key: "offset", value: .number(String(offset))), (key: "limit", value: .number(String(limit))),
            (key: "totalCount", value: .number(String(items.count))),
        ]))
    }

    // MARK: - Transitions

    /// `capture` (both) and Connect's `approve` (a capture of `amount`, all when absent).
    package func capturePayment(_ call: Call, approving: Bool) throws(ServerAPIError) -> Answer {
        let property = "amount"
        let amount: Int? = try optionalAmount(call, property)
        var made: ServerAPIPayment.Capture?
        return try transition(call, { (payment: inout ServerAPIPayment, now: Date) throws(PaymentLifecycle.Refusal) in
            do throws(PaymentLifecycle.Refusal) {
                made = try PaymentLifecycle.capture(&payment, amount: amount, property: property, version: call.version, now: now)
            } catch {
                throw approving ? PaymentLifecycle.approveNotPending(error) : error
            }
        }, answer: { payment in
            guard let capture = made else { return .json(200, payment.json(call.version)) }
            if approving {
                return .json(200, ["payment": payment.json(call.version)])
            }
            return .json(200, payment.json(capture, call.version))
        })
    }

    /// `cancel` (both; Online Payments may name `amountOfMoney` to cancel part) and Connect's
    /// `cancelapproval`.
    package func cancelPayment(_ call: Call, partial: Bool) throws(ServerAPIError) -> Answer {
        var amount: Int?
        if call.version == .v2, partial {
            amount = try optionalAmount(call, "amountOfMoney.amount")
        }
        var made: ServerAPIPayment.Cancel?
        return try transition(call, { (payment: inout ServerAPIPayment, now: Date) throws(PaymentLifecycle.Refusal) in
            made = try PaymentLifecycle.cancel(&payment, amount: amount, version: call.version, now: now)
        }, answer: { payment in
            // Online Payments answers the payment under the cancel's own id (`<number>_<n>`).
            .json(200, ["payment": payment.json(call.version, shownId: made?.id)])
        })
    }

    /// `complete`: a payment waiting for its 3-D Secure authentication is authorised, as if the
    /// customer completed it (the sandbox's stand-in for the platform's completion data).
    package func completePayment(_ call: Call) throws(ServerAPIError) -> Answer {
        try transition(call, { (payment: inout ServerAPIPayment, now: Date) throws(PaymentLifecycle.Refusal) in
            try PaymentLifecycle.authenticate(&payment, succeeded: true, errors: [], version: call.version, now: now)
        }, answer: { payment in
            .json(200, .object(JSONObject([
                (key: "creationOutput", value: .object(payment.creationOutput(call.version))),
                (key: "payment", value: payment.json(call.version)),
            ])))
        })
    }

    /// `refund` of a payment, or Connect's `captures/{id}/refund` (a refund of that capture's payment).
    package func refundPayment(_ call: Call, ofCapture: Bool) throws(ServerAPIError) -> Answer {
        let body = try call.body()
        let money: (amount: Int, currency: String)? = try ServerAPIInput.money(body["amountOfMoney"], property: "amountOfMoney", positive: true, required: false).orBadRequest()
        let referenceValue = body["refundReferences"]?["merchantReference"] ?? body["references"]?["merchantReference"]
        let reference = try ServerAPIInput.reference(
            referenceValue, property: "refundReferences.merchantReference", maximumLength: call.version.maximumMerchantReferenceLength).orBadRequest()
        var paymentCall = call
        if ofCapture {
            guard let paymentId = PlatformIds.paymentId(of: call.id, call.version),
                  call.ledger.payment(withId: paymentId)?.captures.contains(where: { $0.id == call.id }) == true
            else { throw unknown("capture", property: "captureId", call.version) }
            paymentCall = Call(request: call.request, version: call.version, operation: call.operation, catalogue: call.catalogue, ids: [paymentId], query: call.query, ledger: call.ledger)
        }
        if let money, let payment = call.ledger.payment(withId: paymentCall.id), money.currency != payment.currencyCode {
            throw ServerAPIError(400, [ServerAPIInput.invalid(
                "SANDBOX_INVALID_CURRENCY", "amountOfMoney.currencyCode must be the payment's currency (\(payment.currencyCode))",
                property: "amountOfMoney.currencyCode")])
        }
        var made: ServerAPIPayment.Refund?
        let answer = try transition(paymentCall, refusalExtra: { payment in
            guard let rejected = payment.refunds.last, rejected.status == .rejected else { return [] }
            return [(key: "refundResult", value: payment.json(rejected, call.version))]
        }, { (payment: inout ServerAPIPayment, now: Date) throws(PaymentLifecycle.Refusal) in
            made = try PaymentLifecycle.refund(&payment, amount: money?.amount, merchantReference: reference, property: "amountOfMoney.amount",
                                               version: call.version, now: now)
        }, answer: { payment in
            guard let refund = made else { return .json(200, payment.json(call.version)) }
            var response = HTTPResponse.json(201, payment.json(refund, call.version))
            if call.version == .v1 { response.headers.append(location(call.version, "refunds/\(refund.id)")) }
            return response
        })
        return answer
    }

    /// Connect's `GET captures/{id}`.
    package func getCapture(_ call: Call) throws(ServerAPIError) -> Answer {
        guard let paymentId = PlatformIds.paymentId(of: call.id, call.version), let payment = call.ledger.payment(withId: paymentId),
              let capture = payment.captures.first(where: { $0.id == call.id })
        else { throw unknown("capture", property: "captureId", call.version) }
        return Answer(.json(200, payment.json(capture, call.version)))
    }

    /// The payment and refund of a refund's own id (Connect).
    private func refund(_ call: Call) throws(ServerAPIError) -> (payment: ServerAPIPayment, refund: ServerAPIPayment.Refund) {
        guard let paymentId = PlatformIds.paymentId(of: call.id, call.version), let payment = call.ledger.payment(withId: paymentId),
              let refund = payment.refunds.first(where: { $0.id == call.id })
        else { throw unknown("refund", property: "refundId", call.version) }
        return (payment, refund)
    }

    /// Connect's `GET refunds/{id}`.
    package func getRefund(_ call: Call) throws(ServerAPIError) -> Answer {
        let (payment, refund) = try refund(call)
        return Answer(.json(200, payment.json(refund, call.version)))
    }

    /// Connect's refunds by their own id: approve, cancel, cancel approval (204).
    package func changeRefund(_ call: Call, _ action: PaymentLifecycle.RefundAction) throws(ServerAPIError) -> Answer {
        let paymentId = try refund(call).payment.id
        let now = clock.now()
        guard let updated = call.ledger.update(paymentId: paymentId, { (payment: inout ServerAPIPayment) throws(PaymentLifecycle.Refusal) in
            _ = try PaymentLifecycle.changeRefund(&payment, refundId: call.id, action: action, version: call.version, now: now)
        }) else { throw unknown("refund", property: "refundId", call.version) }
        post(updated.events)
        switch updated.result {
        case .failure(let refused): throw ServerAPIError(refused)
        case .success:
            settleAtOnce(paymentId: paymentId, call.version)
            return Answer(HTTPResponse(status: 204))
        }
    }

    /// Connect's `GET refunds?hostedCheckoutId=&merchantReference=&offset=&limit=`.
    package func findRefunds(_ call: Call) throws(ServerAPIError) -> Answer {
        let reference = call.parameter("merchantReference"), hosted = call.parameter("hostedCheckoutId")
        var found: [JSONValue] = []
        for payment in call.ledger.payments where hosted == nil || payment.hostedCheckoutId == hosted {
            for refund in payment.refunds where reference == nil || (refund.merchantReference ?? payment.merchantReference) == reference {
                found.append(payment.json(refund, call.version))
            }
        }
        return Answer(.json(200, page(found, key: "refunds", call)))
    }

    /// Connect's `tokenize`: a token from the payment's card (`{token, isNewToken}`).
    package func tokenizePayment(_ call: Call) throws(ServerAPIError) -> Answer {
        let payment = try payment(call)
        guard let masked = payment.maskedCardNumber, payment.status != .rejected, payment.status != .redirected else {
            throw ServerAPIError(PaymentLifecycle.wrongState("tokenize", payment, call.version))
        }
        if let existing = payment.token, let token = call.ledger.token(withId: existing) {
            return Answer(.json(200, token.createdJSON(call.version, isNew: false)))
        }
        let token = ServerAPIToken(
            id: ServerAPIToken.makeId(), paymentProductId: payment.paymentProductId, maskedCardNumber: masked, expiryDate: payment.expiryDate,
            cardholderName: payment.cardholderName, originalPaymentId: payment.id, created: Date())
        call.ledger.keep(token)
        _ = call.ledger.update(paymentId: payment.id) { (kept: inout ServerAPIPayment) in kept.token = token.id }
        webhooks?.post(type: "token.created", member: "token", object: token.json(call.version), merchantId: credentials.merchantId)
        var response = HTTPResponse.json(201, token.createdJSON(call.version, isNew: true))
        response.headers.append(location(call.version, "tokens/\(token.id)"))
        return Answer(response)
    }

    /// Online Payments' `subsequent`: a new payment on the card of an authorised or captured one
    /// (a recurring or unscheduled card-on-file payment), authorised at once.
    package func subsequentPayment(_ call: Call) throws(ServerAPIError) -> Answer {
        let original = try payment(call)
        guard original.isLive || original.status == .refunded else {
            throw ServerAPIError(PaymentLifecycle.wrongState("a subsequent payment", original, call.version))
        }
        let order = try readOrder(call.object().map { JSONValue.object($0) }.get(or: [:]), version: call.version).orBadRequest()
        let now = clock.now()
        var payment = ServerAPIPayment(
            id: PlatformIds.payment(call.version, merchantId: credentials.merchantId), status: .created, amount: order.amount, currencyCode: order.currency, paymentProductId: original.paymentProductId,
            paymentMethod: original.paymentMethod, maskedCardNumber: original.maskedCardNumber, expiryDate: original.expiryDate,
            cardholderName: original.cardholderName, merchantReference: order.merchantReference, behaviour: original.behaviour, now: now)
        payment.token = original.token
        payment.capturesOnAuthorization = order.capturesOnAuthorization
        PaymentLifecycle.open(&payment, to: .authorized, version: call.version, now: now)
        call.ledger.keep(payment)
        post(payment.outbox)
        var response = HTTPResponse.json(201, ["payment": payment.json(call.version)])
        response.headers.append(location(call.version, "payments/\(payment.id)"))
        settleAtOnce(paymentId: payment.id, call.version)
        return Answer(response, paymentId: payment.id)
    }

    /// Online Payments' `increment-authorization`: `{amount}` more on an authorised payment.
    package func incrementAuthorization(_ call: Call) throws(ServerAPIError) -> Answer {
        guard let amount = try optionalAmount(call, "amount") else {
            throw ServerAPIError(400, [ServerAPIInput.invalid("SANDBOX_MISSING_VALUE", "amount is required", property: "amount")])
        }
        return try transition(call, { (payment: inout ServerAPIPayment, now: Date) throws(PaymentLifecycle.Refusal) in
            try PaymentLifecycle.increment(&payment, by: amount, version: call.version, now: now)
        }, answer: { payment in
            .json(200, ["authorizationAmount": payment.money(payment.amount), "payment": payment.json(call.version)])
        })
    }

    // MARK: - Calls that read or confirm a payment without changing it

    /// Connect's `finalizecapture`: the payment once a capture was requested, else the
    /// wrong-state refusal.
    package func finalizeCapture(_ call: Call) throws(ServerAPIError) -> Answer {
        let payment = try payment(call)
        guard payment.capturedAmount > 0 || payment.captureRequestedAmount > 0 else {
            throw ServerAPIError(PaymentLifecycle.wrongState("finalizecapture", payment, call.version))
        }
        return Answer(.json(200, payment.json(call.version)), paymentId: payment.id)
    }

    /// Connect's `processchallenged`: no fraud challenge in the sandbox, so the wrong-state refusal.
    package func processChallenged(_ call: Call) throws(ServerAPIError) -> Answer {
        let payment = try payment(call)
        throw ServerAPIError(PaymentLifecycle.wrongState("processchallenged (no fraud challenge in the sandbox)", payment, call.version))
    }

    /// Online Payments' `authorization-additional-data`: `{payment}` as it is.
    package func authorizationAdditionalData(_ call: Call) throws(ServerAPIError) -> Answer {
        let payment = try payment(call)
        return Answer(.json(200, ["payment": payment.json(call.version)]), paymentId: payment.id)
    }
}

extension Result {
    /// The success value, or `fallback`.
    package func get(or fallback: Success) -> Success {
        if case .success(let value) = self { return value }
        return fallback
    }
}
