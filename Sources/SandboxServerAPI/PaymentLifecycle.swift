import Foundation
import PaymentFormSandboxClientAPI

/// The payment state machine of the Server API, as the platforms document it:
///
/// ```
/// CREATED ─▶ REDIRECTED ──complete/authenticate──▶ authorised ──capture──▶ CAPTURE_REQUESTED ──settle──▶ CAPTURED (─▶ PAID on /v1)
///                 │                                    │  (PENDING_APPROVAL /v1, PENDING_CAPTURE /v2)         │ refunds: requested ──settle──▶ REFUNDED
///                 └──fail──▶ REJECTED                  └──cancel──▶ CANCELLED
/// ```
///
/// A capture or refund is *requested* by the call and *settled* later (``settle(_:requestedBy:version:now:)``,
/// when the sandbox's settlement says: at once by default, or on its test clock). The payment's
/// status is what its operations add up to (``ServerAPIPayment/derivedStatus(_:)``); every change
/// of it, and of a refund, is an event in the payment's outbox, in order, once.
///
/// Each transition from a state that does not allow it is refused (``Refusal``): 409
/// `ACTION_NOT_ALLOWED_ON_TARGET`; an amount past what is left, 400 `INVALID_VALUE` naming the
/// member. Test cards make a capture (`REJECTED_CAPTURE`) or a refund (refund `REJECTED`) fail
/// (``SandboxTestCards``). Every function here changes the payment it is given and nothing else.
package enum PaymentLifecycle {
    /// Why a transition was refused: the answer's status and error.
    package struct Refusal: Error, Sendable {
        package let status: Int
        package let item: SandboxErrorBody.Item
    }

    /// The most captures or refunds one payment takes (each is kept with it).
    package static let maximumOperations = 100

    /// The error of a refund the refund-failure test card refuses.
    package static let refundRefused = SandboxErrorBody.Item(
        code: "SANDBOX_REFUND_REFUSED", id: "REFUND_REFUSED", message: "the acquirer refused the refund (the refund-failure test card)",
        category: "PAYMENT_PLATFORM_ERROR")

    /// The error of a capture the capture-failure test card refuses.
    package static let captureRefused = SandboxErrorBody.Item(
        code: "SANDBOX_CAPTURE_REFUSED", id: "CAPTURE_REFUSED", message: "the acquirer refused the capture (the capture-failure test card)",
        category: "PAYMENT_PLATFORM_ERROR")

    /// A transition the payment's state does not allow: 409 with each platform's error as far as
    /// it is known (docs/backend-tests.md, *Error codes*). Online Payments names it
    /// `ACTION_NOT_ALLOWED_ON_TRANSACTION` (its SDKs' integration tests), with `errorCode`
    /// `50001127` on a capture; Connect's id for it was not found (`ACTION_NOT_ALLOWED_ON_TARGET`);
    /// codes not found are `SANDBOX_ACTION_NOT_ALLOWED`. Connect's `approve` has its own code
    /// (``approveNotPending``).
    package static func wrongState(_ action: String, _ payment: ServerAPIPayment, _ version: ServerAPIVersion) -> Refusal {
        let id = version == .v2 ? "ACTION_NOT_ALLOWED_ON_TRANSACTION" : "ACTION_NOT_ALLOWED_ON_TARGET"
        let code = version == .v2 && action == "capture" ? "50001127" : "SANDBOX_ACTION_NOT_ALLOWED"
        return Refusal(status: 409, item: SandboxErrorBody.Item(
            code: code, id: id, message: "\(action) is not allowed on a payment in status \(payment.status.name(version))"))
    }

    /// Connect's answer to `approve` of a payment that is not waiting for approval: code `410110`
    /// (a recorded answer's "UNKNOWN ORDER OR NOT PENDING"), the sandbox's 409 and message.
    package static func approveNotPending(_ refusal: Refusal) -> Refusal {
        guard refusal.item.code == "SANDBOX_ACTION_NOT_ALLOWED" else { return refusal }
        var item = refusal.item
        item.code = "410110"
        return Refusal(status: refusal.status, item: item)
    }

    package static func badAmount(_ message: String, property: String) -> Refusal {
        Refusal(status: 400, item: SandboxErrorBody.Item(code: "SANDBOX_INVALID_AMOUNT", id: "INVALID_VALUE", message: message, propertyName: property))
    }

    private static func tooMany(_ what: String) -> Refusal {
        Refusal(status: 400, item: SandboxErrorBody.Item(
            code: "SANDBOX_TOO_MANY_OPERATIONS", id: "SANDBOX_TOO_MANY_OPERATIONS",
            message: "the sandbox keeps at most \(maximumOperations) \(what) per payment"))
    }

    /// Re-derives the payment's status after an operation; a change is recorded (time, event).
    package static func record(_ payment: inout ServerAPIPayment, _ version: ServerAPIVersion, now: Date) {
        let next = payment.derivedStatus(version)
        guard next != payment.status else { return }
        payment.status = next
        payment.statusChanged = now
        payment.outbox.append(.payment(payment, version))
    }

    /// Moves a payment being created from `CREATED` to `status` (`payment.created`, then the
    /// status's event); one that captures on authorisation then requests its capture.
    package static func open(_ payment: inout ServerAPIPayment, to status: PaymentStatus, version: ServerAPIVersion, now: Date) {
        payment.status = .created
        payment.outbox.append(.payment(payment, version))
        payment.status = status
        payment.statusChanged = now
        if status == .authorized, payment.capturesOnAuthorization {
            requestAutomaticCapture(&payment, version: version, now: now)
        } else {
            payment.outbox.append(.payment(payment, version))
        }
    }

    /// `SALE` or `requiresApproval: false`: the whole amount's capture is requested at once (no
    /// pending state, no event of one); a capture the test card refuses makes it `REJECTED_CAPTURE`.
    private static func requestAutomaticCapture(_ payment: inout ServerAPIPayment, version: ServerAPIVersion, now: Date) {
        do throws(Refusal) {
            try capture(&payment, amount: nil, property: "amount", version: version, now: now)
        } catch {
            // The refused capture is recorded on the payment (REJECTED_CAPTURE) with its event.
        }
    }

    /// Requests the capture of `amount` (all that is left when `nil`): authorised or partly
    /// captured payments only; the payment is `CAPTURE_REQUESTED` until it settles. The
    /// capture-failure card records a refused capture and the payment becomes `REJECTED_CAPTURE`
    /// (the refusal is then thrown with status 402).
    @discardableResult
    package static func capture(_ payment: inout ServerAPIPayment, amount: Int?, property: String, version: ServerAPIVersion, now: Date = Date())
        throws(Refusal) -> ServerAPIPayment.Capture
    {
        let wanted = try portion(amount, of: payment.capturableAmount, operation: "capture", payment, version,
                                 property: property, bound: ", what is left to capture")
        guard payment.captures.count < maximumOperations else { throw tooMany("captures") }
        payment.operationCount += 1
        let id = PlatformIds.capture(of: payment.id, number: payment.captures.count + 1, operation: payment.operationCount, version)
        if payment.behaviour == .captureFails {
            payment.captures.append(ServerAPIPayment.Capture(id: id, amount: wanted, status: .rejected, created: now, statusChanged: now))
            payment.status = .rejectedCapture
            payment.errors = [captureRefused]
            payment.statusChanged = now
            payment.outbox.append(.payment(payment, version))
            throw Refusal(status: 402, item: captureRefused)
        }
        let capture = ServerAPIPayment.Capture(id: id, amount: wanted, status: .requested, created: now, statusChanged: now)
        payment.captures.append(capture)
        record(&payment, version, now: now)
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
    /// one keeps its status with nothing left to capture (and is `CANCELLED` once everything
    /// captured is refunded before it: the cancel is then the latest closing operation).
    /// `amount` (Online Payments' partial cancel) releases only that much.
    /// On Online Payments the cancel is an operation with its own id (``ServerAPIPayment/cancels``);
    /// the cancel made is returned there.
    @discardableResult
    package static func cancel(_ payment: inout ServerAPIPayment, amount: Int?, version: ServerAPIVersion, now: Date = Date())
        throws(Refusal) -> ServerAPIPayment.Cancel?
    {
        let released = try portion(amount, of: payment.capturableAmount, operation: "cancel", payment, version,
                                   property: "amountOfMoney.amount", bound: ", what is left to cancel")
        guard payment.cancels.count < maximumOperations else { throw tooMany("cancels") }
        var made: ServerAPIPayment.Cancel?
        if let id = PlatformIds.cancel(of: payment.id, operation: payment.operationCount + 1, version) {
            payment.operationCount += 1
            made = ServerAPIPayment.Cancel(id: id, amount: released, created: now)
            if let made { payment.cancels.append(made) }
        }
        payment.cancelledAmount += released
        if payment.openAmount == 0 { payment.closedBy = .cancel }
        record(&payment, version, now: now)
        return made
    }

    /// Refunds `amount` (all that is left when `nil`) of what the acquirer settled; never past it.
    /// Connect's refunds wait for approval (`PENDING_APPROVAL`), Online Payments' are requested at
    /// once; either way the payment's status changes only once a refund settles. The
    /// refund-failure card records a `REJECTED` refund (`refund.rejected`) and throws with status 402.
    @discardableResult
    package static func refund(
        _ payment: inout ServerAPIPayment, amount: Int?, merchantReference: String?, property: String, version: ServerAPIVersion,
        now: Date = Date()
    ) throws(Refusal) -> ServerAPIPayment.Refund {
        guard payment.isLive, payment.capturedAmount > 0 else { throw wrongState("refund", payment, version) }
        let wanted = try portion(amount, of: payment.refundableAmount, operation: "refund", payment, version,
                                 property: property, bound: ": a refund never passes the captured amount")
        guard payment.refunds.count < maximumOperations else { throw tooMany("refunds") }
        payment.operationCount += 1
        let id = PlatformIds.refund(of: payment.id, number: payment.refunds.count + 1, operation: payment.operationCount, version)
        if payment.behaviour == .refundFails {
            let refund = ServerAPIPayment.Refund(id: id, amount: wanted, status: .rejected, statusChanged: now, merchantReference: merchantReference)
            payment.refunds.append(refund)
            payment.outbox.append(.refund(refund, of: payment, version))
            throw Refusal(status: 402, item: refundRefused)
        }
        let refund = ServerAPIPayment.Refund(
            id: id, amount: wanted, status: version == .v1 ? .pendingApproval : .requested, statusChanged: now, merchantReference: merchantReference)
        payment.refunds.append(refund)
        payment.outbox.append(.refund(refund, of: payment, version))
        record(&payment, version, now: now)
        return refund
    }

    /// Moves refund `refundId` of `payment` on: `approve` (waiting → requested), `cancel`
    /// (requested or waiting → cancelled), `cancelApproval` (waiting → cancelled).
    package static func changeRefund(
        _ payment: inout ServerAPIPayment, refundId: String, action: RefundAction, version: ServerAPIVersion, now: Date = Date()
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
                message: "\(action.rawValue) is not allowed on a refund in status \(from.name)"))
        }
        payment.refunds[index].status = to
        payment.refunds[index].statusChanged = now
        payment.outbox.append(.refund(payment.refunds[index], of: payment, version))
        record(&payment, version, now: now)
        return payment.refunds[index]
    }

    /// What can be done with a refund.
    package enum RefundAction: String, Sendable {
        case approve, cancel, cancelApproval = "cancel approval"
    }

    /// The acquirer settles what was requested at or before `cutoff` (everything when `nil`), in
    /// the order it was requested: a capture becomes `CAPTURED` (then `PAID` on Connect), a
    /// requested refund `REFUNDED` (its event first, then the payment's if its status changes).
    package static func settle(_ payment: inout ServerAPIPayment, requestedBy cutoff: Date?, version: ServerAPIVersion, now: Date) {
        func due(_ date: Date) -> Bool { cutoff.map { date <= $0 } ?? true }
        for index in payment.captures.indices where payment.captures[index].status == .requested && due(payment.captures[index].statusChanged) {
            payment.captures[index].status = .captured
            payment.captures[index].statusChanged = now
            record(&payment, version, now: now)
            if version == .v1 {
                payment.captures[index].status = .paid
                record(&payment, version, now: now)
            }
        }
        for index in payment.refunds.indices where payment.refunds[index].status == .requested && due(payment.refunds[index].statusChanged) {
            payment.refunds[index].status = .refunded
            payment.refunds[index].statusChanged = now
            payment.closedBy = .refund
            payment.outbox.append(.refund(payment.refunds[index], of: payment, version))
            record(&payment, version, now: now)
        }
    }

    /// The customer's 3-D Secure decision (the sandbox's page), or a `complete` call: a
    /// `REDIRECTED` payment becomes authorised (its capture requested when it captures on
    /// authorisation), or `REJECTED` with `errors`.
    package static func authenticate(_ payment: inout ServerAPIPayment, succeeded: Bool, errors: [SandboxErrorBody.Item], version: ServerAPIVersion,
                             now: Date = Date()) throws(Refusal) {
        guard payment.status == .redirected else { throw wrongState("completing the authentication", payment, version) }
        payment.status = succeeded ? .authorized : .rejected
        payment.errors = succeeded ? [] : errors
        payment.statusChanged = now
        if succeeded, payment.capturesOnAuthorization {
            requestAutomaticCapture(&payment, version: version, now: now)
        } else {
            payment.outbox.append(.payment(payment, version))
        }
    }

    /// Raises an authorised payment's amount by `amount` (Online Payments' increment); the status
    /// does not change, so no event.
    package static func increment(_ payment: inout ServerAPIPayment, by amount: Int, version: ServerAPIVersion, now: Date = Date()) throws(Refusal) {
        guard payment.status == .authorized else { throw wrongState("increment-authorization", payment, version) }
        guard amount > 0, amount <= ServerAPIInput.maximumAmount - payment.amount else {
            throw badAmount("amount must be from 1 to \(ServerAPIInput.maximumAmount - payment.amount)", property: "amount")
        }
        payment.amount += amount
        payment.statusChanged = now
    }
}
