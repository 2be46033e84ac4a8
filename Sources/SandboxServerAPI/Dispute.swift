import PaymentFormJSON

/// A dispute of a captured payment (Connect: `POST …/payments/{id}/dispute` or
/// `…/captures/{id}/dispute`).
///
/// Its life: `CREATED` → `submit` → `SUBMITTED`; `cancel` from either → `CANCELLED`.
package struct Dispute: LedgerRecord, Hashable {
    package enum Status: String, Sendable, Hashable {
        case created = "CREATED"
        case submitted = "SUBMITTED"
        case cancelled = "CANCELLED"
    }

    /// A call that moves a dispute on.
    package enum Move: Sendable, Hashable {
        case submit, cancel

        /// Where the move leads from `status`, or `nil` when it is not allowed there.
        package func next(from status: Status) -> Status? {
            switch (self, status) {
            case (.submit, .created): .submitted
            case (.cancel, .created), (.cancel, .submitted): .cancelled
            default: nil
            }
        }
    }

    /// A move the dispute's status does not allow.
    package struct Refusal: Error, Sendable, Hashable {
        package let status: Status
    }

    package static let kind = "dispute"

    package let id: String
    package let paymentId: String
    package let amount: Int
    package let currencyCode: String
    package private(set) var status: Status = .created

    package init(id: String, paymentId: String, amount: Int, currencyCode: String) {
        self.id = id
        self.paymentId = paymentId
        self.amount = amount
        self.currencyCode = currencyCode
    }

    /// Moves the dispute on, or refuses.
    package mutating func apply(_ move: Move) throws(Refusal) {
        guard let next = move.next(from: status) else { throw Refusal(status: status) }
        status = next
    }

    package var byteCost: Int { 256 + id.utf8.count + paymentId.utf8.count + currencyCode.utf8.count }

    /// The dispute as Connect answers it.
    package var json: JSONValue {
        .object(JSONObject([
            (key: "id", value: .string(id)),
            (key: "paymentId", value: .string(paymentId)),
            (key: "status", value: .string(status.rawValue)),
            (key: "disputeOutput", value: ["amountOfMoney": ["amount": .number(String(amount)), "currencyCode": .string(currencyCode)], "files": []]),
            (key: "statusOutput", value: ["isCancellable": .bool(status == .created), "statusCategory": .string(status == .cancelled ? "UNSUCCESSFUL" : "CREATED"),
                                          "statusCode": .number(status == .created ? "1" : "2")]),
        ]))
    }
}
