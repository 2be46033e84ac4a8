import Foundation
import PaymentFormJSON
import PaymentFormSandboxClientAPI

/// A payment the Server API created, with its captures and refunds: what `GET .../payments/{id}`
/// answers, kept in the sandbox's bounded memory (``ServerAPILedger``). It never holds card data
/// beyond the masked number (first 6, last 4), the expiry date and the cardholder's name; never
/// the CVV. Its transitions are ``PaymentLifecycle``'s.
package struct ServerAPIPayment: Sendable {
    /// A capture of part or all of the payment.
    package struct Capture: Sendable, Hashable {
        /// The platform's shape (``PlatformIds``): the payment's id can be read from it, so a
        /// capture is found without an index.
        package let id: String
        package let amount: Int
        package var status: CaptureStatus
        package let created: Date
        /// When the status last changed (sandbox time: when it was requested, then settled).
        package var statusChanged: Date
    }

    /// Where a capture stands: requested, then settled by the acquirer (``PaymentLifecycle/settle``).
    package enum CaptureStatus: Sendable, Hashable {
        case requested, captured
        /// Connect only: the money reached the merchant.
        case paid
        case rejected

        /// The `status` of a capture.
        package var name: String {
            switch self {
            case .requested: "CAPTURE_REQUESTED"
            case .captured: "CAPTURED"
            case .paid: "PAID"
            case .rejected: "REJECTED_CAPTURE"
            }
        }

        /// The numeric `statusCode`: the payment's code for the same status.
        package func code(_ version: ServerAPIVersion) -> Int {
            switch self {
            case .requested: PaymentStatus.captureRequested.code(version)
            case .captured: PaymentStatus.captured.code(version)
            case .paid: PaymentStatus.paid.code(version)
            case .rejected: PaymentStatus.rejectedCapture.code(version)
            }
        }

        /// Whether the acquirer settled it (its amount counts as captured).
        package var isSettled: Bool { self == .captured || self == .paid }

        /// The payment status of the same name (for its `statusCategory`).
        package var paymentStatus: PaymentStatus {
            switch self {
            case .requested: .captureRequested
            case .captured: .captured
            case .paid: .paid
            case .rejected: .rejectedCapture
            }
        }

        /// Its status as Connect's `paymentOutput.operations` names a capture operation (`CREATED`
        /// while requested: that list has no `CAPTURE_REQUESTED`).
        package var operationName: String {
            switch self {
            case .requested: "CREATED"
            case .captured: "CAPTURED"
            case .paid: "PAID"
            case .rejected: "REJECTED"
            }
        }
    }

    /// A refund of part or all of what was captured.
    package struct Refund: Sendable, Hashable {
        /// The platform's shape (``PlatformIds``).
        package let id: String
        package let amount: Int
        package var status: RefundStatus
        package var statusChanged: Date
        /// The merchant's reference of the refund, when given (bounded like `merchantReference`).
        package let merchantReference: String?
    }

    /// Where a refund stands: Connect's start waiting for approval, Online Payments' are requested
    /// at once; a requested refund is settled by the acquirer (``PaymentLifecycle/settle``).
    package enum RefundStatus: Sendable, Hashable {
        case pendingApproval, requested, refunded, cancelled, rejected

        /// The `status` of a refund.
        package var name: String {
            switch self {
            case .pendingApproval: "PENDING_APPROVAL"
            case .requested: "REFUND_REQUESTED"
            case .refunded: "REFUNDED"
            case .cancelled: "CANCELLED"
            case .rejected: "REJECTED"
            }
        }

        /// Whether its amount counts against what can still be refunded.
        package var counts: Bool { self == .pendingApproval || self == .requested || self == .refunded }

        /// Whether it still waits (for approval or for the acquirer).
        package var isPending: Bool { self == .pendingApproval || self == .requested }

        /// Each platform's own numbering: Connect 800 waiting or requested, 1800 refunded, 1850
        /// rejected (fixtures and legacy ranges); Online Payments 81 requested, 8 refunded, 83
        /// refused. Connect's code of a cancelled refund was not found: 99999, as a cancelled
        /// payment (the sandbox's choice, docs/backend-tests.md). Online Payments has no refund
        /// approval nor refund cancel; its codes there are never shown.
        package func code(_ version: ServerAPIVersion) -> Int {
            switch (self, version) {
            case (.pendingApproval, .v1), (.requested, .v1): 800
            case (.refunded, .v1): 1800
            case (.rejected, .v1): 1850
            case (.cancelled, .v1): 99999
            case (.pendingApproval, .v2), (.requested, .v2): 81
            case (.refunded, .v2): 8
            case (.rejected, .v2): 83
            case (.cancelled, .v2): 6
            }
        }

        /// Its status as Connect's `paymentOutput.operations` names a refund operation.
        package var operationName: String {
            switch self {
            case .pendingApproval: "CREATED"
            case .requested: "PENDING_CAPTURE"
            case .refunded: "REFUNDED"
            case .cancelled: "CANCELLED"
            case .rejected: "REJECTED"
            }
        }

        package var category: String {
            switch self {
            case .pendingApproval: "PENDING_MERCHANT"
            case .requested: "PENDING_CONNECT_OR_3RD_PARTY"
            case .refunded: "REFUNDED"
            case .cancelled, .rejected: "UNSUCCESSFUL"
            }
        }
    }

    /// A cancel of part or all of what was not captured (Online Payments only: there a cancel is
    /// an operation with its own id; Connect answers the payment).
    package struct Cancel: Sendable, Hashable {
        package let id: String
        package let amount: Int
        package let created: Date
    }

    /// The operation that closed a payment with nothing left to capture or refund: the latest
    /// decides between `CANCELLED` and `REFUNDED` (docs/backend-tests.md).
    package enum Closing: Sendable, Hashable {
        case cancel, refund
    }

    /// The platform's shape (``PlatformIds``): 30 digits on Connect, `<10 digits>_0` on Online
    /// Payments; URL-safe either way.
    package let id: String
    package var status: PaymentStatus
    /// Why it is `REJECTED` (a decline, a failed authentication, a refused capture).
    package var errors: [SandboxErrorBody.Item] = []
    /// The authorised amount (an increment of the authorisation raises it).
    package var amount: Int
    package let currencyCode: String
    package let paymentProductId: Int
    /// The product's `paymentMethod` (`card`, `redirect`, ...).
    package let paymentMethod: String
    /// First 6 and last 4 digits, the rest `*`, as kept (``CardNumberMask`` shows it as each
    /// platform does); `nil` for a product without a card number.
    package let maskedCardNumber: String?
    package let expiryDate: String?
    package let cardholderName: String?
    package let merchantReference: String?
    /// Where the 3-D Secure page sends the customer back (challenge cards only).
    package let returnURL: String?
    /// What authenticates the way back from the 3-D Secure page.
    package let returnMAC: String?
    /// What the card's test number says about captures and refunds.
    package let behaviour: SandboxTestCards.Outcome
    /// Whether the payment is captured once authorised (`authorizationMode` `SALE`, Connect's
    /// `requiresApproval: false`).
    package var capturesOnAuthorization = false
    /// The latest of a cancel closing the rest and a refund settling (see ``Closing``).
    package var closedBy: Closing?
    /// The events of the transitions not yet posted, oldest first (the ledger hands them out
    /// once and keeps the payment without them).
    package var outbox: [PaymentEvent] = []
    /// The token the payment was made with, or the one it created (`tokenize`).
    package var token: String?
    /// Whether ``token`` was created by this payment.
    package var isNewToken = false
    /// The hosted checkout the payment was made on, if any.
    package var hostedCheckoutId: String?
    /// The SEPA Direct Debit mandate a direct debit (product 771) collects under.
    package var mandateReference: String?
    package var captures: [Capture] = []
    package var refunds: [Refund] = []
    /// Online Payments' cancels, each an operation.
    package var cancels: [Cancel] = []
    /// The operations numbered so far (Online Payments' `_<n>`: captures, refunds, cancels).
    package var operationCount = 0
    /// What a cancel released of the authorised amount.
    package var cancelledAmount = 0
    package let created: Date
    /// When the status last changed.
    package var statusChanged: Date

    package init(
        id: String, status: PaymentStatus, errors: [SandboxErrorBody.Item] = [], amount: Int, currencyCode: String,
        paymentProductId: Int, paymentMethod: String, maskedCardNumber: String?, expiryDate: String?, cardholderName: String? = nil,
        merchantReference: String?, returnURL: String? = nil, returnMAC: String? = nil, behaviour: SandboxTestCards.Outcome = .authorized,
        now: Date = Date()
    ) {
        self.id = id
        self.status = status
        self.errors = errors
        self.amount = amount
        self.currencyCode = currencyCode
        self.paymentProductId = paymentProductId
        self.paymentMethod = paymentMethod
        self.maskedCardNumber = maskedCardNumber
        self.expiryDate = expiryDate
        self.cardholderName = cardholderName
        self.merchantReference = merchantReference
        self.returnURL = returnURL
        self.returnMAC = returnMAC
        self.behaviour = behaviour
        self.created = now
        self.statusChanged = now
    }

    /// `411111******1111`: the first 6 and last 4 digits of a number of 13 or more, else only
    /// the last 4.
    package static func mask(_ number: String) -> String {
        let characters = Array(number)
        guard characters.count > 4 else { return String(repeating: "*", count: characters.count) }
        let shown = characters.count >= 13 ? 6 : 0
        return String(characters.prefix(shown)) + String(repeating: "*", count: characters.count - shown - 4) + String(characters.suffix(4))
    }

    /// The captured amount the acquirer settled (requested and refused captures aside).
    package var capturedAmount: Int { captures.filter(\.status.isSettled).reduce(0) { $0 + $1.amount } }
    /// The amount of captures requested and not settled yet.
    package var captureRequestedAmount: Int { captures.filter { $0.status == .requested }.reduce(0) { $0 + $1.amount } }
    /// The refunded amount, refunds waiting for approval or requested included.
    package var refundedAmount: Int { refunds.filter(\.status.counts).reduce(0) { $0 + $1.amount } }
    /// The amount of refunds the acquirer settled.
    package var settledRefundAmount: Int { refunds.filter { $0.status == .refunded }.reduce(0) { $0 + $1.amount } }
    /// What is neither captured (or requested) nor cancelled, whatever the status.
    package var openAmount: Int { max(0, amount - capturedAmount - captureRequestedAmount - cancelledAmount) }
    /// Whether the payment takes captures, cancels and refunds.
    package var isLive: Bool { [.authorized, .captureRequested, .captured, .paid].contains(status) }
    /// What can still be captured.
    package var capturableAmount: Int { isLive ? openAmount : 0 }
    /// What can still be refunded (of what the acquirer settled).
    package var refundableAmount: Int { isLive ? max(0, capturedAmount - refundedAmount) : 0 }
    /// Whether a capture or refund waits for the acquirer.
    package var hasPendingSettlement: Bool { captures.contains { $0.status == .requested } || refunds.contains { $0.status == .requested } }

    /// The status its captures, refunds and cancels add up to (the rule of docs/backend-tests.md):
    /// a capture waiting for the acquirer makes it `CAPTURE_REQUESTED`; nothing settled,
    /// `CANCELLED` once nothing is left open, else authorised; everything settled refunded and
    /// nothing open, `REFUNDED` or `CANCELLED` as the latest closing operation says; else
    /// `CAPTURED`, and on Connect `PAID` once every capture is paid. A status no operation
    /// leads out of (created, redirected, rejected, rejected capture) stays.
    package func derivedStatus(_ version: ServerAPIVersion) -> PaymentStatus {
        switch status {
        case .created, .redirected, .rejected, .rejectedCapture: return status
        default: break
        }
        if captures.contains(where: { $0.status == .requested }) { return .captureRequested }
        let settled = capturedAmount
        if settled == 0 { return openAmount == 0 && cancelledAmount > 0 ? .cancelled : .authorized }
        if openAmount == 0, settledRefundAmount >= settled, !refunds.contains(where: \.status.isPending) {
            return closedBy == .cancel ? .cancelled : .refunded
        }
        if version == .v1, !captures.contains(where: { $0.status == .captured }) { return .paid }
        return .captured
    }

    /// The approximate bytes this payment holds in memory (for the ledger's byte bound).
    package var byteCost: Int {
        512 + id.utf8.count * 2 + (merchantReference?.utf8.count ?? 0) + (returnURL?.utf8.count ?? 0) + (cardholderName?.utf8.count ?? 0)
            + (token?.utf8.count ?? 0) + (hostedCheckoutId?.utf8.count ?? 0) + (mandateReference?.utf8.count ?? 0) + captures.count * 96 + refunds.count * 160 + cancels.count * 64
            + errors.reduce(0) { $0 + 96 + $1.message.utf8.count }
    }

    // MARK: - JSON

    /// The `statusOutput` of the payment.
    package func statusOutput(_ version: ServerAPIVersion) -> JSONObject {
        // Online Payments shows a captured payment as no longer authorised (its fixtures), unless
        // part of the authorisation is still open; Connect keeps it authorised.
        let authorized = switch status {
        case .authorized, .captureRequested, .paid: true
        case .captured: version == .v1 || openAmount > 0
        default: false
        }
        var output = JSONObject([
            (key: "isCancellable", value: .bool(capturableAmount > 0)),
            (key: "isAuthorized", value: .bool(authorized)),
            (key: "isRefundable", value: .bool(refundableAmount > 0)),
            (key: "statusCategory", value: .string(status.category)),
            (key: "statusCode", value: .number(String(status.code(version)))),
            (key: "statusCodeChangeDateTime", value: .string(Self.compactTimestamp(statusChanged))),
        ])
        if version == .v1 { output.append("isRetriable", .bool(false)) }
        if !errors.isEmpty { output.append("errors", .array(errors.map { $0.json(status: 402) })) }
        return output
    }

    /// The member of `paymentOutput` that carries ``methodSpecificOutput(_:)``:
    /// `<paymentMethod>PaymentMethodSpecificOutput`, and `sepaDirectDebitPaymentMethodSpecificOutput`
    /// for a direct debit (its `paymentMethod` is `directDebit`).
    package var methodOutputMember: String {
        paymentMethod == "directDebit" ? "sepaDirectDebitPaymentMethodSpecificOutput" : "\(paymentMethod)PaymentMethodSpecificOutput"
    }

    /// The card part of `paymentOutput` (`cardPaymentMethodSpecificOutput`, ...), the card number
    /// masked as `version` shows it.
    package func methodSpecificOutput(_ version: ServerAPIVersion) -> JSONObject {
        var specific = JSONObject([(key: "paymentProductId", value: .number(String(paymentProductId)))])
        if [.authorized, .captureRequested, .captured, .paid, .refunded].contains(status), paymentMethod == "card" {
            specific.append("authorisationCode", "SANDBOX")
        }
        if let maskedCardNumber {
            var card = CardNumberMask.card(maskedCardNumber, version)
            if let expiryDate { card.append("expiryDate", .string(expiryDate)) }
            if let cardholderName { card.append("cardholderName", .string(cardholderName)) }
            specific.append("card", .object(card))
        }
        if let token { specific.append("token", .string(token)) }
        if let mandateReference {
            specific.append("paymentProduct\(paymentProductId)SpecificOutput", ["mandateReference": .string(mandateReference)])
        }
        return specific
    }

    /// `{amount, currencyCode}`.
    package func money(_ amount: Int) -> JSONValue {
        ["amount": .number(String(amount)), "currencyCode": .string(currencyCode)]
    }

    /// The `payment` object (`GET` answers it; a create answer carries it) as `version` names it;
    /// `shownId` in place of its id (Online Payments answers a cancel under the cancel's id),
    /// `operations` as Connect's `paymentOutput.operations` when asked for.
    package func json(_ version: ServerAPIVersion, shownId: String? = nil, operations: [JSONValue]? = nil) -> JSONValue {
        var output = JSONObject([
            (key: "amountOfMoney", value: money(amount)),
            (key: "paymentMethod", value: .string(paymentMethod)),
        ])
        if let merchantReference { output.append("references", ["merchantReference": .string(merchantReference)]) }
        let paid = capturedAmount
        switch version {
        case .v1:
            let paidOut = captures.filter { $0.status == .paid }.reduce(0) { $0 + $1.amount }
            output.append("amountPaid", .number(String(paidOut)))
            output.append("amountCaptured", .number(String(paid)))
            output.append("amountRefunded", .number(String(settledRefundAmount)))
        case .v2:
            output.append("amountPaid", .number(String(paid)))
            output.append("acquiredAmount", money(paid))
        }
        output.append(methodOutputMember, .object(methodSpecificOutput(version)))
        if let operations { output.append("operations", .array(operations)) }
        var payment = JSONObject([
            (key: "id", value: .string(shownId ?? id)),
            (key: "status", value: .string(status.name(version))),
            (key: "statusOutput", value: .object(statusOutput(version))),
            (key: "paymentOutput", value: .object(output)),
        ])
        if let hostedCheckoutId {
            payment.append("hostedCheckoutSpecificOutput", ["hostedCheckoutId": .string(hostedCheckoutId)])
        }
        return .object(payment)
    }

    /// `creationOutput`'s references: Connect's `additionalReference` is the id's first 20
    /// digits (merchant and order, as recorded answers show), `externalReference` the whole id.
    package func creationOutput(_ version: ServerAPIVersion) -> JSONObject {
        JSONObject([
            (key: "additionalReference", value: .string(version == .v1 ? String(id.prefix(20)) : id)),
            (key: "externalReference", value: .string(id)),
        ])
    }

    /// Whether `operationId` is one of its captures, refunds or cancels (or the payment itself).
    package func hasOperation(_ operationId: String) -> Bool {
        operationId == id || captures.contains { $0.id == operationId } || refunds.contains { $0.id == operationId }
            || cancels.contains { $0.id == operationId }
    }

    /// Connect's `paymentOutput.operations` (`PaymentOperation`: `amountOfMoney`, `id`, `status`,
    /// `timestamp` `YYYYMMDDHH24MISS`, `type` `capture` or `refund`), captures first, then refunds.
    package func connectOperations() -> [JSONValue] {
        let captureOperations: [JSONValue] = captures.map { capture in
            .object(JSONObject([
                (key: "amountOfMoney", value: money(capture.amount)), (key: "id", value: .string(capture.id)),
                (key: "status", value: .string(capture.status.operationName)),
                (key: "timestamp", value: .string(Self.compactTimestamp(capture.statusChanged))), (key: "type", value: "capture"),
            ]))
        }
        let refundOperations: [JSONValue] = refunds.map { refund in
            .object(JSONObject([
                (key: "amountOfMoney", value: money(refund.amount)), (key: "id", value: .string(refund.id)),
                (key: "status", value: .string(refund.status.operationName)),
                (key: "timestamp", value: .string(Self.compactTimestamp(refund.statusChanged))), (key: "type", value: "refund"),
            ]))
        }
        return captureOperations + refundOperations
    }

    /// Online Payments' `details` `Operations` (`OperationOutput`: `id`, `amountOfMoney`,
    /// `status`, `statusOutput` (`PaymentStatusOutput`), `paymentMethod`, `references`,
    /// `operationReferences`, `transactionDate`): the authorisation (`_0`), then every capture,
    /// refund and cancel in the order they were made.
    package func operationOutputs() -> [JSONValue] {
        struct Entry {
            package let number: Int, id: String, amount: Int, status: String, code: Int, category: String, changed: Date, created: Date
            package var refundable = false, reference: String?
        }
        func number(_ operationId: String) -> Int { Int(operationId.split(separator: "_").last ?? "") ?? 0 }
        let authorisation: PaymentStatus = switch status {
        case .created, .redirected, .rejected: status
        default: .authorized
        }
        var entries = [Entry(number: 0, id: id, amount: amount, status: authorisation.name(.v2), code: authorisation.code(.v2),
                             category: authorisation.category, changed: created, created: created)]
        for capture in captures {
            entries.append(Entry(number: number(capture.id), id: capture.id, amount: capture.amount, status: capture.status.name,
                                 code: capture.status.code(.v2), category: capture.status.paymentStatus.category, changed: capture.statusChanged,
                                 created: capture.created, refundable: capture.status.isSettled))
        }
        for refund in refunds {
            entries.append(Entry(number: number(refund.id), id: refund.id, amount: refund.amount, status: refund.status.name,
                                 code: refund.status.code(.v2), category: refund.status.category, changed: refund.statusChanged,
                                 created: refund.statusChanged, reference: refund.merchantReference))
        }
        for cancel in cancels {
            entries.append(Entry(number: number(cancel.id), id: cancel.id, amount: cancel.amount, status: PaymentStatus.cancelled.name(.v2),
                                 code: PaymentStatus.cancelled.code(.v2), category: PaymentStatus.cancelled.category, changed: cancel.created,
                                 created: cancel.created))
        }
        return entries.sorted { $0.number < $1.number }.map { entry in
            var operation = JSONObject([
                (key: "id", value: .string(entry.id)),
                (key: "amountOfMoney", value: money(entry.amount)),
                (key: "status", value: .string(entry.status)),
                (key: "statusOutput", value: .object(JSONObject([
                    (key: "isAuthorized", value: .bool(entry.number == 0 && entry.status == PaymentStatus.authorized.name(.v2))),
                    (key: "isCancellable", value: .bool(false)),
                    (key: "isRefundable", value: .bool(entry.refundable)),
                    (key: "statusCategory", value: .string(entry.category)),
                    (key: "statusCode", value: .number(String(entry.code))),
                    (key: "statusCodeChangeDateTime", value: .string(Self.compactTimestamp(entry.changed))),
                ]))),
                (key: "paymentMethod", value: .string(paymentMethod)),
            ])
            if let merchantReference { operation.append("references", ["merchantReference": .string(merchantReference)]) }
            if let reference = entry.reference { operation.append("operationReferences", ["merchantReference": .string(reference)]) }
            operation.append("transactionDate", .string(Self.isoTimestamp(entry.created)))
            return .object(operation)
        }
    }

    /// A capture as `GET …/captures` lists it.
    package func json(_ capture: Capture, _ version: ServerAPIVersion) -> JSONValue {
        var output = JSONObject([
            (key: "amountOfMoney", value: money(capture.amount)),
            (key: "paymentMethod", value: .string(paymentMethod)),
        ])
        if let merchantReference { output.append("references", ["merchantReference": .string(merchantReference)]) }
        output.append("amountPaid", .number(String(capture.status.isSettled ? capture.amount : 0)))
        if version == .v2 { output.append("acquiredAmount", money(capture.status.isSettled ? capture.amount : 0)) }
        output.append(methodOutputMember, .object(methodSpecificOutput(version)))
        var statusOutput = JSONObject([
            (key: "statusCode", value: .number(String(capture.status.code(version)))),
            (key: "statusCodeChangeDateTime", value: .string(Self.compactTimestamp(capture.statusChanged))),
        ])
        if version == .v1 {
            statusOutput.append("isFinal", .bool(true))
            statusOutput.append("isRefundable", .bool(capture.status.isSettled))
            statusOutput.append("isRetriable", .bool(false))
        }
        return .object(JSONObject([
            (key: "id", value: .string(capture.id)),
            (key: "status", value: .string(capture.status.name)),
            (key: "statusOutput", value: .object(statusOutput)),
            (key: "captureOutput", value: .object(output)),
        ]))
    }

    /// A refund as the refund calls answer it.
    package func json(_ refund: Refund, _ version: ServerAPIVersion) -> JSONValue {
        var output = JSONObject([
            (key: "amountOfMoney", value: money(refund.amount)),
            (key: "paymentMethod", value: .string(paymentMethod)),
        ])
        var references = JSONObject()
        if let reference = refund.merchantReference ?? merchantReference { references.append("merchantReference", .string(reference)) }
        if version == .v1 { references.append("paymentReference", .string(id)) }
        output.append("references", .object(references))
        output.append("amountPaid", .number(String(refund.status == .refunded ? refund.amount : 0)))
        output.append("cardRefundMethodSpecificOutput", ["totalAmountPaid": .number(String(capturedAmount)),
                                                         "totalAmountRefunded": .number(String(settledRefundAmount))])
        var statusOutput = JSONObject([
            (key: "isCancellable", value: .bool(refund.status.isPending)),
            (key: "statusCategory", value: .string(refund.status.category)),
            (key: "statusCode", value: .number(String(refund.status.code(version)))),
            (key: "statusCodeChangeDateTime", value: .string(Self.compactTimestamp(refund.statusChanged))),
        ])
        if refund.status == .rejected {
            statusOutput.append("errors", .array([PaymentLifecycle.refundRefused.json(status: 402)]))
        }
        return .object(JSONObject([
            (key: "id", value: .string(refund.id)),
            (key: "status", value: .string(refund.status.name)),
            (key: "statusOutput", value: .object(statusOutput)),
            (key: "refundOutput", value: .object(output)),
        ]))
    }

    /// `YYYYMMDDhhmmss` in UTC, as the platform's `statusCodeChangeDateTime`.
    package static func compactTimestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let text = String(value ?? 0); return text.count == 1 ? "0" + text : text }
        return String(parts.year ?? 0) + two(parts.month) + two(parts.day) + two(parts.hour) + two(parts.minute) + two(parts.second)
    }

    /// ISO 8601 in UTC with milliseconds (`2026-11-28T12:00:00.000Z`): webhooks' `created` and
    /// `IdempotencyResponseDatetime`.
    package static func isoTimestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
