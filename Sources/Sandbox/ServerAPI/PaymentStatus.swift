/// Where a Server API payment stands, as the platform names it: `status`, the numeric
/// `statusCode` (Connect's and Online Payments' differ) and the `statusCategory`. The sandbox's
/// state machine (``PaymentLifecycle``) moves a payment between these.
enum PaymentStatus: Sendable, Hashable, CaseIterable {
    /// Waiting for the customer's 3-D Secure authentication on the sandbox's page.
    case redirected
    /// Authorised, waiting for the merchant: Connect `PENDING_APPROVAL`, Online Payments
    /// `PENDING_CAPTURE`.
    case authorized
    /// Captured in part or in whole (the rest, if any, can still be captured or cancelled).
    case captured
    /// Its captured amount refunded in whole.
    case refunded
    /// Cancelled before anything was captured.
    case cancelled
    /// Declined, or its authentication failed.
    case rejected
    /// A capture the acquirer refused (the capture-failure test card).
    case rejectedCapture

    /// The `status` as `version` writes it.
    func name(_ version: ServerAPIVersion) -> String {
        switch self {
        case .redirected: "REDIRECTED"
        case .authorized: version == .v1 ? "PENDING_APPROVAL" : "PENDING_CAPTURE"
        case .captured: "CAPTURED"
        case .refunded: "REFUNDED"
        case .cancelled: "CANCELLED"
        case .rejected: "REJECTED"
        case .rejectedCapture: "REJECTED_CAPTURE"
        }
    }

    /// The numeric `statusCode` (Connect's fixtures give 600 and 100; the rest follow each
    /// platform's published lists as far as they were readable).
    func code(_ version: ServerAPIVersion) -> Int {
        switch (self, version) {
        case (.redirected, .v1): 50
        case (.redirected, .v2): 46
        case (.authorized, .v1): 600
        case (.authorized, .v2): 5
        case (.captured, .v1): 900
        case (.captured, .v2): 9
        case (.refunded, .v1): 1800
        case (.refunded, .v2): 8
        case (.cancelled, .v1): 99999
        case (.cancelled, .v2): 6
        case (.rejected, .v1): 100
        case (.rejected, .v2): 2
        case (.rejectedCapture, .v1): 1100
        case (.rejectedCapture, .v2): 93
        }
    }

    /// The `statusCategory`.
    var category: String {
        switch self {
        case .redirected: "PENDING_PAYMENT"
        case .authorized: "PENDING_MERCHANT"
        case .captured: "COMPLETED"
        case .refunded: "REFUNDED"
        case .cancelled, .rejected, .rejectedCapture: "UNSUCCESSFUL"
        }
    }

    /// The webhook event type of a payment entering this status (`payment.captured`, ...).
    func eventType(_ version: ServerAPIVersion) -> String {
        "payment." + name(version).lowercased()
    }
}
