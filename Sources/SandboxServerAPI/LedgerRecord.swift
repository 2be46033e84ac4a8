/// An object the ledger keeps beside payments, tokens, hosted checkouts, mandates and payment
/// links: a typed value of one kind (payouts, disputes, batches, ...), kept under its kind and id,
/// changed under the ledger's lock (``ServerAPILedger/updateRecord(_:_:_:)``).
package protocol LedgerRecord: Sendable {
    /// The kind of record: an id is unique within its kind.
    static var kind: String { get }
    /// About what keeping it costs in bytes (the ledger's byte bound).
    var byteCost: Int { get }
}
