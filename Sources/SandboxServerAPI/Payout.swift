import Foundation
import PaymentFormJSON

/// A payout (`POST …/payouts`): money sent to a customer.
///
/// Its life, as each platform starts it:
/// - Connect: `PENDING_APPROVAL` → `approve` → `PAYOUT_REQUESTED`; `cancel` from either, and
///   `cancelapproval` from `PENDING_APPROVAL`, → `CANCELLED`.
/// - Online Payments: created `PAYOUT_REQUESTED` (no approval step, no cancel call).
package struct Payout: LedgerRecord, Hashable {
    package enum Status: String, Sendable, Hashable {
        case pendingApproval = "PENDING_APPROVAL"
        case payoutRequested = "PAYOUT_REQUESTED"
        case cancelled = "CANCELLED"

        /// `statusOutput.statusCode`.
        package var code: Int {
            switch self {
            case .pendingApproval: 600
            case .payoutRequested: 800
            case .cancelled: 99999
            }
        }

        /// `statusOutput.statusCategory`.
        package var category: String {
            switch self {
            case .pendingApproval: "PENDING_MERCHANT"
            case .payoutRequested: "PENDING_CONNECT_OR_3RD_PARTY"
            case .cancelled: "UNSUCCESSFUL"
            }
        }
    }

    /// A call that moves a payout on.
    package enum Move: Sendable, Hashable {
        case approve, cancel, cancelApproval

        /// Where the move leads from `status`, or `nil` when it is not allowed there.
        package func next(from status: Status) -> Status? {
            switch (self, status) {
            case (.approve, .pendingApproval): .payoutRequested
            case (.cancel, .pendingApproval), (.cancel, .payoutRequested), (.cancelApproval, .pendingApproval): .cancelled
            default: nil
            }
        }
    }

    /// A move the payout's status does not allow.
    package struct Refusal: Error, Sendable, Hashable {
        package let status: Status
    }

    package static let kind = "payout"

    package let id: String
    package let version: ServerAPIVersion
    package let amount: Int
    package let currencyCode: String
    package private(set) var status: Status
    /// When the status last changed (`statusCodeChangeDateTime`).
    package private(set) var statusChanged: Date

    /// A new payout, in the first status of `version`'s platform.
    package init(id: String, version: ServerAPIVersion, amount: Int, currencyCode: String, now: Date = Date()) {
        self.id = id
        self.version = version
        self.amount = amount
        self.currencyCode = currencyCode
        status = version == .v1 ? .pendingApproval : .payoutRequested
        statusChanged = now
    }

    /// Moves the payout on, or refuses.
    package mutating func apply(_ move: Move, now: Date = Date()) throws(Refusal) {
        guard let next = move.next(from: status) else { throw Refusal(status: status) }
        status = next
        statusChanged = now
    }

    package var byteCost: Int { 256 + id.utf8.count + currencyCode.utf8.count }

    /// The payout as the platform answers it.
    package var json: JSONValue {
        var statusOutput = JSONObject([
            (key: "isCancellable", value: .bool(status == .pendingApproval || status == .payoutRequested)),
            (key: "statusCategory", value: .string(status.category)),
            (key: "statusCode", value: .number(String(status.code))),
            (key: "statusCodeChangeDateTime", value: .string(ServerAPIPayment.compactTimestamp(statusChanged))),
        ])
        if version == .v1 { statusOutput.append("isRetriable", false) }
        return .object(JSONObject([
            (key: "id", value: .string(id)),
            (key: "status", value: .string(status.rawValue)),
            (key: "statusOutput", value: .object(statusOutput)),
            (key: "payoutOutput", value: ["amountOfMoney": ["amount": .number(String(amount)), "currencyCode": .string(currencyCode)]]),
        ]))
    }
}
