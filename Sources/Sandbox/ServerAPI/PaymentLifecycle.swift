import Foundation

/// The payment state machine of the Server API, as the platform documents it:
///
/// ```
/// REDIRECTED ──complete/authenticate──▶ authorised ──capture (partial captures add up)──▶ CAPTURED ──refunds──▶ REFUNDED
///      │                                   │  (PENDING_APPROVAL /v1, PENDING_CAPTURE /v2)     │ (refunds never pass the captured amount)
///      └──fail──▶ REJECTED                  └──cancel──▶ CANCELLED            cancel of the rest ┘
/// ```
///
/// Each transition from a state that does not allow it is refused (``Refusal``): 409
/// `ACTION_NOT_ALLOWED_ON_TARGET`; an amount past what is left, 400 `INVALID_VALUE` naming the
/// member. Test cards make a capture (`REJECTED_CAPTURE`) or a refund (refund `REJECTED`) fail
/// (``SandboxTestCards``). Every function here changes the payment it is given and nothing else.
enum PaymentLifecycle {
    /// Why a transition was refused: the answer's status and error.
    struct Refusal: Error, Sendable {
        let status: Int
        let item: SandboxErrorBody.Item
    }

    /// The most captures or refunds one payment takes (each is kept with it).
    static let maximumOperations = 100

    /// The error of a refund the refund-failure test card refuses.
    static let refundRefused = SandboxErrorBody.Item(
        code: "SANDBOX_REFUND_REFUSED", id: "REFUND_REFUSED", message: "the acquirer refused the refund (the refund-failure test card)",
        category: "PAYMENT_PLATFORM_ERROR")

    /// The error of a capture the capture-failure test card refuses.
    static let captureRefused = SandboxErrorBody.Item(
        code: "SANDBOX_CAPTURE_REFUSED", id: "CAPTURE_REFUSED", message: "the acquirer refused the capture (the capture-failure test card)",
        category: "PAYMENT_PLATFORM_ERROR")

    static func wrongState(_ action: String, _ payment: ServerAPIPayment, _ version: ServerAPIVersion) -> Refusal {
        Refusal(status: 409, item: SandboxErrorBody.Item(
            code: "SANDBOX_ACTION_NOT_ALLOWED", id: "ACTION_NOT_ALLOWED_ON_TARGET",
            message: "\(action) is not allowed on a payment in status \(payment.status.name(version))"))
    }

    static func badAmount(_ message: String, property: String) -> Refusal {
        Refusal(status: 400, item: SandboxErrorBody.Item(code: "SANDBOX_INVALID_AMOUNT", id: "INVALID_VALUE", message: message, propertyName: property))
    }

    private static func tooMany(_ what: String) -> Refusal {
        Refusal(status: 400, item: SandboxErrorBody.Item(
            code: "SANDBOX_TOO_MANY_OPERATIONS", id: "SANDBOX_TOO_MANY_OPERATIONS",
            message: "the sandbox keeps at most \(maximumOperations) \(what) per payment"))
    }

    /// Captures `amount` (all that is left when `nil`): authorised or partly captured payments
    /// only. The capture-failure card records a refused capture and the payment becomes
    /// `REJECTED_CAPTURE` (the refusal is then thrown with status 402).
    @discardableResult
    static func capture(_ payment: inout ServerAPIPayment, amount: Int?, property: String, version: ServerAPIVersion, now: Date = Date())
        throws(Refusal) -> ServerAPIPayment.Capture
    {
        let wanted = try portion(amount, of: payment.capturableAmount, operation: "capture", payment, version,
                                 property: property, bound: ", what is left to capture")
        guard payment.captures.count < maximumOperations else { throw tooMany("captures") }
        let id = "\(payment.id)-c\(payment.captures.count + 1)"
        if payment.behaviour == .captureFails {
            payment.captures.append(ServerAPIPayment.Capture(id: id, amount: wanted, status: .rejected, created: now))
            payment.status = .rejectedCapture
            payment.errors = [captureRefused]
            payment.statusChanged = now
            throw Refusal(status: 402, item: captureRefused)
        }
        let capture = ServerAPIPayment.Capture(id: id, amount: wanted, status: .captured, created: now)
        payment.captures.append(capture)
        if payment.status != .captured {
            payment.status = .captured
            payment.statusChanged = now
        }
        return capture
    }

    /// The part of `left` an operation takes: `amount`, or all of it when `nil`. Nothing left is
    /// the wrong state for `operation`; an amount outside 1...left names `property`, and `bound` ends the message.
    private static func portion(_ amount: Int?, of left: Int, operation: String, _ payment: ServerAPIPayment, _ version: ServerAPIVersion,
                                property: String, bound: String) throws(Refusal) -> Int {
        guard left > 0 else { throw wrongState(operation, payment, version) }
        let wanted = amount ?? left
        guard wanted > 0, wanted <= left else {
            throw badAmount("\(property) must be from 1 to \(left)\(bound)", property: property)
        }
        return wanted
    }

    /// Cancels what was not captured: an authorised payment becomes `CANCELLED`; a partly captured
    /// one stays `CAPTURED` with nothing left to capture. `amount` (Online Payments' partial
    /// cancel) releases only that much.
    static func cancel(_ payment: inout ServerAPIPayment, amount: Int?, version: ServerAPIVersion, now: Date = Date()) throws(Refusal) {
        let released = try portion(amount, of: payment.capturableAmount, operation: "cancel", payment, version,
                                   property: "amountOfMoney.amount", bound: ", what is left to cancel")
        payment.cancelledAmount += released
        if payment.status == .authorized, payment.capturableAmount == 0 {
            payment.status = .cancelled
            payment.statusChanged = now
        }
    }

    /// Refunds `amount` (all that is left when `nil`) of what was captured; never past it.
    /// Connect's refunds wait for approval (`PENDING_APPROVAL`), Online Payments' are requested at
    /// once. The refund-failure card records a `REJECTED` refund and throws with status 402.
    @discardableResult
    static func refund(
        _ payment: inout ServerAPIPayment, amount: Int?, merchantReference: String?, property: String, version: ServerAPIVersion,
        now: Date = Date()
    ) throws(Refusal) -> ServerAPIPayment.Refund {
        guard payment.status == .captured else { throw wrongState("refund", payment, version) }
        let wanted = try portion(amount, of: payment.refundableAmount, operation: "refund", payment, version,
                                 property: property, bound: ": a refund never passes the captured amount")
        guard payment.refunds.count < maximumOperations else { throw tooMany("refunds") }
        let id = "\(payment.id)-r\(payment.refunds.count + 1)"
        if payment.behaviour == .refundFails {
            let refund = ServerAPIPayment.Refund(id: id, amount: wanted, status: .rejected, statusChanged: now, merchantReference: merchantReference)
            payment.refunds.append(refund)
            throw Refusal(status: 402, item: refundRefused)
        }
        let refund = ServerAPIPayment.Refund(
            id: id, amount: wanted, status: version == .v1 ? .pendingApproval : .requested, statusChanged: now, merchantReference: merchantReference)
        payment.refunds.append(refund)
        settleRefunds(&payment, now: now)
        return refund
    }

    /// Moves refund `refundId` of `payment` on: `approve` (waiting → requested), `cancel`
    /// (requested or waiting → cancelled), `cancelApproval` (waiting → cancelled).
    static func changeRefund(
        _ payment: inout ServerAPIPayment, refundId: String, action: RefundAction, now: Date = Date()
    ) throws(Refusal) -> ServerAPIPayment.Refund {
        guard let index = payment.refunds.firstIndex(where: { $0.id == refundId }) else {
            throw Refusal(status: 404, item: SandboxErrorBody.Item(
                code: "SANDBOX_UNKNOWN_REFUND_ID", id: "UNKNOWN_REFUND_ID", message: "no refund with this id", propertyName: "refundId"))
        }
        let from = payment.refunds[index].status
        let to: ServerAPIPayment.RefundStatus
        switch (action, from) {
        case (.approve, .pendingApproval): to = .requested
        case (.cancel, .pendingApproval), (.cancel, .requested), (.cancelApproval, .pendingApproval): to = .cancelled
        default:
            throw Refusal(status: 409, item: SandboxErrorBody.Item(
                code: "SANDBOX_ACTION_NOT_ALLOWED", id: "ACTION_NOT_ALLOWED_ON_TARGET",
                message: "\(action.rawValue) is not allowed on a refund in status \(from.rawValue)"))
        }
        payment.refunds[index].status = to
        payment.refunds[index].statusChanged = now
        settleRefunds(&payment, now: now)
        return payment.refunds[index]
    }

    /// What can be done with a refund.
    enum RefundAction: String, Sendable {
        case approve, cancel, cancelApproval = "cancel approval"
    }

    /// `REFUNDED` once refunds cover the captured amount, back to `CAPTURED` when one is cancelled.
    private static func settleRefunds(_ payment: inout ServerAPIPayment, now: Date) {
        let covered = payment.capturedAmount > 0 && payment.refundedAmount >= payment.capturedAmount
        if covered, payment.status == .captured, payment.capturableAmount == 0 {
            payment.status = .refunded
            payment.statusChanged = now
        } else if !covered, payment.status == .refunded {
            payment.status = .captured
            payment.statusChanged = now
        }
    }

    /// The customer's 3-D Secure decision (the sandbox's page), or a `complete` call: a
    /// `REDIRECTED` payment becomes authorised, or `REJECTED` with `errors`.
    static func authenticate(_ payment: inout ServerAPIPayment, succeeded: Bool, errors: [SandboxErrorBody.Item], version: ServerAPIVersion,
                             now: Date = Date()) throws(Refusal) {
        guard payment.status == .redirected else { throw wrongState("completing the authentication", payment, version) }
        payment.status = succeeded ? .authorized : .rejected
        payment.errors = succeeded ? [] : errors
        payment.statusChanged = now
    }

    /// Raises an authorised payment's amount by `amount` (Online Payments' increment).
    static func increment(_ payment: inout ServerAPIPayment, by amount: Int, version: ServerAPIVersion, now: Date = Date()) throws(Refusal) {
        guard payment.status == .authorized else { throw wrongState("increment-authorization", payment, version) }
        guard amount > 0, amount <= ServerAPIInput.maximumAmount - payment.amount else {
            throw badAmount("amount must be from 1 to \(ServerAPIInput.maximumAmount - payment.amount)", property: "amount")
        }
        payment.amount += amount
        payment.statusChanged = now
    }
}
