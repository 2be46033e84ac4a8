/// Where a Server API payment stands, as the platform names it: `status`, the numeric
/// `statusCode` (Connect's and Online Payments' differ) and the `statusCategory`. The sandbox's
/// state machine (``PaymentLifecycle``) moves a payment between these; docs/backend-tests.md has
/// the table with each code's source.
package enum PaymentStatus: Sendable, Hashable, CaseIterable {
    /// Just created (only ever seen in the `payment.created` event).
    case created
    /// Waiting for the customer's 3-D Secure authentication on the sandbox's page.
    case redirected
    /// Authorised, waiting for the merchant: Connect `PENDING_APPROVAL`, Online Payments
    /// `PENDING_CAPTURE`.
    case authorized
    /// A capture was requested and the acquirer has not settled it yet.
    case captureRequested
    /// Captured in part or in whole (the rest, if any, can still be captured or cancelled).
    case captured
    /// Connect only: the captured money reached the merchant (after `CAPTURED`).
    case paid
    /// Its captured amount refunded in whole, the refund last to close it.
    case refunded
    /// Cancelled: nothing captured, or everything captured refunded with the cancel last.
    case cancelled
    /// Declined, or its authentication failed.
    case rejected
    /// A capture the acquirer refused (the capture-failure test card).
    case rejectedCapture

    /// The `status` as `version` writes it.
    package func name(_ version: ServerAPIVersion) -> String {
        switch self {
        case .created: "CREATED"
        case .redirected: "REDIRECTED"
        case .authorized: version == .v1 ? "PENDING_APPROVAL" : "PENDING_CAPTURE"
        case .captureRequested: "CAPTURE_REQUESTED"
        case .captured: "CAPTURED"
        case .paid: "PAID"
        case .refunded: "REFUNDED"
        case .cancelled: "CANCELLED"
        case .rejected: "REJECTED"
        case .rejectedCapture: "REJECTED_CAPTURE"
        }
    }

    /// The numeric `statusCode`: Connect's legacy codes (fixtures give 600, 800, 1000, 100,
    /// 99999; 900, 1800 and 1100 follow the legacy ranges), Online Payments' legacy Ogone codes.
    package func code(_ version: ServerAPIVersion) -> Int {
        switch (self, version) {
        case (.created, _): 0
        case (.redirected, .v1): 50
        case (.redirected, .v2): 46
        case (.authorized, .v1): 600
        case (.authorized, .v2): 5
        case (.captureRequested, .v1): 800
        case (.captureRequested, .v2): 91
        case (.captured, .v1): 900
        case (.captured, .v2), (.paid, .v2): 9
        case (.paid, .v1): 1000
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
    package var category: String {
        switch self {
        case .created: "CREATED"
        case .redirected: "PENDING_PAYMENT"
        case .authorized: "PENDING_MERCHANT"
        case .captureRequested: "PENDING_CONNECT_OR_3RD_PARTY"
        case .captured, .paid: "COMPLETED"
        case .refunded: "REFUNDED"
        case .cancelled, .rejected, .rejectedCapture: "UNSUCCESSFUL"
        }
    }

    /// The webhook event type of a payment entering this status (`payment.captured`, ...).
    package func eventType(_ version: ServerAPIVersion) -> String {
        "payment." + name(version).lowercased()
    }
}
