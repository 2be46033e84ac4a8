import PaymentFormJSON

/// A merchant batch (Online Payments' `POST …/merchant-batches`).
///
/// Its life: `RECEIVED` → `process` → `PROCESSED` (processing again changes nothing).
struct MerchantBatch: LedgerRecord, Hashable {
    enum Status: String, Sendable, Hashable {
        case received = "RECEIVED"
        case processed = "PROCESSED"
    }

    static let kind = "batch"

    /// `header.merchantBatchReference`, or the sandbox's own.
    let reference: String
    private(set) var status: Status = .received

    init(reference: String) {
        self.reference = reference
    }

    /// `process`: allowed from either status.
    mutating func process() {
        status = .processed
    }

    var byteCost: Int { 256 + reference.utf8.count }

    /// `GET …/merchant-batches/{reference}`.
    var json: JSONValue {
        ["merchantBatchReference": .string(reference), "status": .string(status.rawValue)]
    }
}
