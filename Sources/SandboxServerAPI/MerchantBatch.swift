import PaymentFormJSON

/// A merchant batch (Online Payments' `POST …/merchant-batches`).
///
/// Its life: `RECEIVED` → `process` → `PROCESSED` (processing again changes nothing).
package struct MerchantBatch: LedgerRecord, Hashable {
    package enum Status: String, Sendable, Hashable {
        case received = "RECEIVED"
        case processed = "PROCESSED"
    }

    package static let kind = "batch"

    /// `header.merchantBatchReference`, or the sandbox's own.
    package let reference: String
    package private(set) var status: Status = .received

    package init(reference: String) {
        self.reference = reference
    }

    /// `process`: allowed from either status.
    package mutating func process() {
        status = .processed
    }

    package var byteCost: Int { 256 + reference.utf8.count }

    /// `GET …/merchant-batches/{reference}`.
    package var json: JSONValue {
        ["merchantBatchReference": .string(reference), "status": .string(status.rawValue)]
    }
}
