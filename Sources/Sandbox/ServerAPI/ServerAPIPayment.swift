import Foundation
import PaymentFormJSON

/// A payment the Server API created, with its captures and refunds: what `GET .../payments/{id}`
/// answers, kept in the sandbox's bounded memory (``ServerAPILedger``). It never holds card data
/// beyond the masked number (first 6, last 4), the expiry date and the cardholder's name; never
/// the CVV. Its transitions are ``PaymentLifecycle``'s.
struct ServerAPIPayment: Sendable {
    /// A capture of part or all of the payment.
    struct Capture: Sendable, Hashable {
        /// `<paymentId>-c<n>`: the payment's id is in it, so a capture is found without an index.
        let id: String
        let amount: Int
        var status: CaptureStatus
        let created: Date
    }

    /// Where a capture stands.
    enum CaptureStatus: String, Sendable, Hashable {
        case captured = "CAPTURED"
        case rejected = "REJECTED_CAPTURE"
    }

    /// A refund of part or all of what was captured.
    struct Refund: Sendable, Hashable {
        /// `<paymentId>-r<n>`.
        let id: String
        let amount: Int
        var status: RefundStatus
        var statusChanged: Date
        /// The merchant's reference of the refund, when given (bounded like `merchantReference`).
        let merchantReference: String?
    }

    /// Where a refund stands: Connect's start waiting for approval, Online Payments' are requested
    /// at once.
    enum RefundStatus: String, Sendable, Hashable {
        case pendingApproval = "PENDING_APPROVAL"
        case requested = "REFUND_REQUESTED"
        case cancelled = "CANCELLED"
        case rejected = "REJECTED"

        /// Whether its amount counts against what can still be refunded.
        var counts: Bool { self == .pendingApproval || self == .requested }

        var code: Int {
            switch self {
            case .pendingApproval: 800
            case .requested: 81
            case .cancelled: 6
            case .rejected: 83
            }
        }

        var category: String {
            switch self {
            case .pendingApproval: "PENDING_MERCHANT"
            case .requested: "PENDING_CONNECT_OR_3RD_PARTY"
            case .cancelled, .rejected: "UNSUCCESSFUL"
            }
        }
    }

    /// URL-safe: `sandbox` and 32 hex digits.
    let id: String
    var status: PaymentStatus
    /// Why it is `REJECTED` (a decline, a failed authentication, a refused capture).
    var errors: [SandboxErrorBody.Item] = []
    /// The authorised amount (an increment of the authorisation raises it).
    var amount: Int
    let currencyCode: String
    let paymentProductId: Int
    /// The product's `paymentMethod` (`card`, `redirect`, ...).
    let paymentMethod: String
    /// First 6 and last 4 digits, the rest `*`; `nil` for a product without a card number.
    let maskedCardNumber: String?
    let expiryDate: String?
    let cardholderName: String?
    let merchantReference: String?
    /// Where the 3-D Secure page sends the customer back (challenge cards only).
    let returnURL: String?
    /// What authenticates the way back from the 3-D Secure page.
    let returnMAC: String?
    /// What the card's test number says about captures and refunds.
    let behaviour: SandboxTestCards.Outcome
    /// The token the payment was made with, or the one it created (`tokenize`).
    var token: String?
    /// Whether ``token`` was created by this payment.
    var isNewToken = false
    /// The hosted checkout the payment was made on, if any.
    var hostedCheckoutId: String?
    var captures: [Capture] = []
    var refunds: [Refund] = []
    /// What a cancel released of the authorised amount.
    var cancelledAmount = 0
    let created: Date
    /// When the status last changed.
    var statusChanged: Date

    init(
        id: String = ServerAPIPayment.makeId(), status: PaymentStatus, errors: [SandboxErrorBody.Item] = [], amount: Int, currencyCode: String,
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

    /// A fresh URL-safe id.
    static func makeId() -> String {
        "sandbox" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// `411111******1111`: the first 6 and last 4 digits of a number of 13 or more, else only
    /// the last 4.
    static func mask(_ number: String) -> String {
        let characters = Array(number)
        guard characters.count > 4 else { return String(repeating: "*", count: characters.count) }
        let shown = characters.count >= 13 ? 6 : 0
        return String(characters.prefix(shown)) + String(repeating: "*", count: characters.count - shown - 4) + String(characters.suffix(4))
    }

    /// The captured amount (captures the acquirer refused aside).
    var capturedAmount: Int { captures.filter { $0.status == .captured }.reduce(0) { $0 + $1.amount } }
    /// The refunded amount, refunds waiting for approval or requested included.
    var refundedAmount: Int { refunds.filter(\.status.counts).reduce(0) { $0 + $1.amount } }
    /// What can still be captured.
    var capturableAmount: Int {
        status == .authorized || status == .captured ? max(0, amount - capturedAmount - cancelledAmount) : 0
    }
    /// What can still be refunded.
    var refundableAmount: Int { status == .captured ? max(0, capturedAmount - refundedAmount) : 0 }

    /// The approximate bytes this payment holds in memory (for the ledger's byte bound).
    var byteCost: Int {
        512 + id.utf8.count * 2 + (merchantReference?.utf8.count ?? 0) + (returnURL?.utf8.count ?? 0) + (cardholderName?.utf8.count ?? 0)
            + (token?.utf8.count ?? 0) + (hostedCheckoutId?.utf8.count ?? 0) + captures.count * 96 + refunds.count * 160
            + errors.reduce(0) { $0 + 96 + $1.message.utf8.count }
    }

    // MARK: - JSON

    /// The `statusOutput` of the payment.
    func statusOutput(_ version: ServerAPIVersion) -> JSONObject {
        let authorized = status == .authorized || status == .captured
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

    /// The card part of `paymentOutput` (`cardPaymentMethodSpecificOutput`, ...).
    func methodSpecificOutput() -> JSONObject {
        var specific = JSONObject([(key: "paymentProductId", value: .number(String(paymentProductId)))])
        if status == .authorized || status == .captured || status == .refunded, paymentMethod == "card" {
            specific.append("authorisationCode", "SANDBOX")
        }
        if let maskedCardNumber {
            var card = JSONObject([(key: "cardNumber", value: .string(maskedCardNumber))])
            if let expiryDate { card.append("expiryDate", .string(expiryDate)) }
            if let cardholderName { card.append("cardholderName", .string(cardholderName)) }
            specific.append("card", .object(card))
        }
        if let token { specific.append("token", .string(token)) }
        return specific
    }

    /// `{amount, currencyCode}`.
    func money(_ amount: Int) -> JSONValue {
        ["amount": .number(String(amount)), "currencyCode": .string(currencyCode)]
    }

    /// The `payment` object (`GET` answers it; a create answer carries it) as `version` names it.
    func json(_ version: ServerAPIVersion) -> JSONValue {
        var output = JSONObject([
            (key: "amountOfMoney", value: money(amount)),
            (key: "paymentMethod", value: .string(paymentMethod)),
        ])
        if let merchantReference { output.append("references", ["merchantReference": .string(merchantReference)]) }
        let paid = capturedAmount
        switch version {
        case .v1:
            output.append("amountPaid", .number(String(paid)))
            output.append("amountCaptured", .number(String(paid)))
            output.append("amountRefunded", .number(String(refundedAmount)))
        case .v2:
            output.append("amountPaid", .number(String(paid)))
            output.append("acquiredAmount", money(paid))
        }
        output.append("\(paymentMethod)PaymentMethodSpecificOutput", .object(methodSpecificOutput()))
        var payment = JSONObject([
            (key: "id", value: .string(id)),
            (key: "status", value: .string(status.name(version))),
            (key: "statusOutput", value: .object(statusOutput(version))),
            (key: "paymentOutput", value: .object(output)),
        ])
        if let hostedCheckoutId {
            payment.append("hostedCheckoutSpecificOutput", ["hostedCheckoutId": .string(hostedCheckoutId)])
        }
        return .object(payment)
    }

    /// A capture as `GET …/captures` lists it.
    func json(_ capture: Capture, _ version: ServerAPIVersion) -> JSONValue {
        var output = JSONObject([
            (key: "amountOfMoney", value: money(capture.amount)),
            (key: "paymentMethod", value: .string(paymentMethod)),
        ])
        if let merchantReference { output.append("references", ["merchantReference": .string(merchantReference)]) }
        output.append("amountPaid", .number(String(capture.status == .captured ? capture.amount : 0)))
        if version == .v2 { output.append("acquiredAmount", money(capture.status == .captured ? capture.amount : 0)) }
        output.append("\(paymentMethod)PaymentMethodSpecificOutput", .object(methodSpecificOutput()))
        let code = capture.status == .captured ? PaymentStatus.captured.code(version) : PaymentStatus.rejectedCapture.code(version)
        var statusOutput = JSONObject([
            (key: "statusCode", value: .number(String(code))),
            (key: "statusCodeChangeDateTime", value: .string(Self.compactTimestamp(capture.created))),
        ])
        if version == .v1 {
            statusOutput.append("isFinal", .bool(true))
            statusOutput.append("isRefundable", .bool(capture.status == .captured))
            statusOutput.append("isRetriable", .bool(false))
        }
        return .object(JSONObject([
            (key: "id", value: .string(capture.id)),
            (key: "status", value: .string(capture.status.rawValue)),
            (key: "statusOutput", value: .object(statusOutput)),
            (key: "captureOutput", value: .object(output)),
        ]))
    }

    /// A refund as the refund calls answer it.
    func json(_ refund: Refund, _ version: ServerAPIVersion) -> JSONValue {
        var output = JSONObject([
            (key: "amountOfMoney", value: money(refund.amount)),
            (key: "paymentMethod", value: .string(paymentMethod)),
        ])
        var references = JSONObject()
        if let reference = refund.merchantReference ?? merchantReference { references.append("merchantReference", .string(reference)) }
        if version == .v1 { references.append("paymentReference", .string(id)) }
        output.append("references", .object(references))
        output.append("amountPaid", .number(String(refund.status == .requested ? refund.amount : 0)))
        output.append("cardRefundMethodSpecificOutput", ["totalAmountPaid": .number(String(capturedAmount)),
                                                         "totalAmountRefunded": .number(String(refundedAmount))])
        var statusOutput = JSONObject([
            (key: "isCancellable", value: .bool(refund.status.counts)),
            (key: "statusCategory", value: .string(refund.status.category)),
            (key: "statusCode", value: .number(String(refund.status.code))),
            (key: "statusCodeChangeDateTime", value: .string(Self.compactTimestamp(refund.statusChanged))),
        ])
        if refund.status == .rejected {
            statusOutput.append("errors", .array([PaymentLifecycle.refundRefused.json(status: 402)]))
        }
        return .object(JSONObject([
            (key: "id", value: .string(refund.id)),
            (key: "status", value: .string(refund.status.rawValue)),
            (key: "statusOutput", value: .object(statusOutput)),
            (key: "refundOutput", value: .object(output)),
        ]))
    }

    /// `YYYYMMDDhhmmss` in UTC, as the platform's `statusCodeChangeDateTime`.
    static func compactTimestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let text = String(value ?? 0); return text.count == 1 ? "0" + text : text }
        return String(parts.year ?? 0) + two(parts.month) + two(parts.day) + two(parts.hour) + two(parts.minute) + two(parts.second)
    }

    /// ISO 8601 in UTC with milliseconds (`2026-11-28T12:00:00.000Z`): webhooks' `created` and
    /// `IdempotencyResponseDatetime`.
    static func isoTimestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
