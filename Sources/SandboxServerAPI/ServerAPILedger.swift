import Foundation
import PaymentFormConcurrency
import PaymentFormEncryption
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// What one platform (`/v1` or `/v2`: each has its own) remembers between Server API calls:
/// payments (with their captures and refunds), tokens, hosted checkouts, the other objects
/// (mandates, payouts, disputes, files, payment links, batches, hosted tokenizations), the
/// idempotence keys with their answers, and the `encryptedCustomerInput` values already used
/// (by their SHA-256). Each part is bounded in entries **and** bytes (``Limits``): past either
/// bound the oldest entries are dropped. Connection threads share it.
package final class ServerAPILedger: Sendable {
    /// The bounds of each part.
    package struct Limits: Sendable, Hashable {
        /// The most entries of each part (payments, tokens, hosted checkouts, other objects,
        /// idempotence keys, used inputs).
        package var entries = 10_000
        /// The most bytes of payments.
        package var paymentBytes = 16 << 20
        /// The most bytes of tokens, hosted checkouts and other objects, each.
        package var objectBytes = 8 << 20
        /// The most bytes of idempotence answers kept for replays.
        package var idempotenceBytes = 16 << 20
    }

    /// An idempotence key's request: still being answered, or answered (replays answer again
    /// from ``Replay``).
    package enum Idempotence: Sendable {
        case inFlight(since: Int64)
        case answered(Replay, since: Int64, at: Date)
    }

    /// How a replay answers: the first answer as it was, or, for an answer about a payment, that
    /// payment as it is now (a replay after 3-D Secure completion shows the payment authorised,
    /// as `GET` does).
    package struct Replay: Sendable {
        package let response: HTTPResponse
        /// The payment the answer was about (its `payment` member), if any.
        package let paymentId: String?
    }

    package let limits: Limits

    private struct State: Sendable {
        package var payments: BoundedStore<String, ServerAPIPayment>
        package var tokens: BoundedStore<String, ServerAPIToken>
        package var hostedCheckouts: BoundedStore<String, HostedCheckout>
        package var paymentLinks: BoundedStore<String, PaymentLink>
        package var mandates: BoundedStore<String, Mandate>
        package var records: BoundedStore<String, any LedgerRecord>
        package var idempotence: BoundedStore<String, Idempotence>
        package var usedInputs: BoundedStore<[UInt8], Bool>
    }

    private let state: LockedValue<State>

    package init(limits: Limits = Limits()) {
        self.limits = limits
        state = LockedValue(State(
            payments: BoundedStore(capacity: limits.entries, byteLimit: limits.paymentBytes),
            tokens: BoundedStore(capacity: limits.entries, byteLimit: limits.objectBytes),
            hostedCheckouts: BoundedStore(capacity: limits.entries, byteLimit: limits.objectBytes),
            paymentLinks: BoundedStore(capacity: limits.entries, byteLimit: limits.objectBytes),
            mandates: BoundedStore(capacity: limits.entries, byteLimit: limits.objectBytes),
            records: BoundedStore(capacity: limits.entries, byteLimit: limits.objectBytes),
            idempotence: BoundedStore(capacity: limits.entries, byteLimit: limits.idempotenceBytes),
            usedInputs: BoundedStore(capacity: limits.entries)))
    }

    // MARK: - Payments

    /// The payment with `id`, or `nil`.
    package func payment(withId id: String) -> ServerAPIPayment? {
        state.withLock { $0.payments[id] }
    }

    /// Keeps `payment` (a new one, or a new state of one kept), without its outbox (the caller
    /// posts those events).
    package func keep(_ payment: ServerAPIPayment) {
        var kept = payment
        kept.outbox = []
        state.withLock { $0.payments.set(kept, for: kept.id, cost: kept.byteCost) }
    }

    /// What ``update(paymentId:_:)`` did: the payment after the change or what the change threw,
    /// and the events the change made either way (a refused capture or refund has its own), in
    /// order, handed out once.
    package struct Update<Failure: Error> {
        package let result: Result<ServerAPIPayment, Failure>
        package let events: [PaymentEvent]
    }

    /// Changes the payment `id` with `change` under the lock (one transition at a time); `nil`
    /// when there is no such payment.
    package func update<Failure: Error>(
        paymentId id: String, _ change: (inout ServerAPIPayment) throws(Failure) -> Void
    ) -> Update<Failure>? {
        state.withLock { state -> Update<Failure>? in
            guard var payment = state.payments[id] else { return nil }
            payment.outbox = []
            var failure: Failure?
            do throws(Failure) {
                try change(&payment)
            } catch {
                // A failed capture or refund is still recorded (REJECTED_CAPTURE, a REJECTED refund).
                failure = error
            }
            let events = payment.outbox
            payment.outbox = []
            state.payments.set(payment, for: id, cost: payment.byteCost)
            if let failure { return Update(result: .failure(failure), events: events) }
            return Update(result: .success(payment), events: events)
        }
    }

    /// The payments kept, oldest first.
    package var payments: [ServerAPIPayment] {
        state.withLock { $0.payments.values }
    }

    // MARK: - Tokens, hosted checkouts, records

    package func token(withId id: String) -> ServerAPIToken? { state.withLock { $0.tokens[id] } }

    package func keep(_ token: ServerAPIToken) {
        state.withLock { $0.tokens.set(token, for: token.id, cost: token.byteCost) }
    }

    @discardableResult
    package func removeToken(withId id: String) -> ServerAPIToken? { state.withLock { $0.tokens.remove(id) } }

    package func hostedCheckout(withId id: String) -> HostedCheckout? { state.withLock { $0.hostedCheckouts[id] } }

    package func keep(_ checkout: HostedCheckout) {
        state.withLock { $0.hostedCheckouts.set(checkout, for: checkout.id, cost: checkout.byteCost) }
    }

    /// Changes the hosted checkout `id` with `change` under the lock (compare and set: a claim
    /// is decided on the checkout as it is, never on a copy read before): the checkout after it,
    /// or what `change` threw (nothing kept then); `nil` when there is no such checkout.
    package func updateHostedCheckout<Failure: Error>(
        _ id: String, _ change: (inout HostedCheckout) throws(Failure) -> Void
    ) -> Result<HostedCheckout, Failure>? {
        state.withLock { state -> Result<HostedCheckout, Failure>? in
            guard var checkout = state.hostedCheckouts[id] else { return nil }
            do throws(Failure) {
                try change(&checkout)
            } catch {
                return .failure(error)
            }
            state.hostedCheckouts.set(checkout, for: id, cost: checkout.byteCost)
            return .success(checkout)
        }
    }

    /// The payment link `id`, or `nil`.
    package func paymentLink(withId id: String) -> PaymentLink? { state.withLock { $0.paymentLinks[id] } }

    package func keep(_ link: PaymentLink) {
        state.withLock { $0.paymentLinks.set(link, for: link.id, cost: link.byteCost) }
    }

    /// Changes the payment link `id` with `change` under the lock (one move at a time: of a
    /// cancel and a payment that race, one wins): the link after it, or what `change` threw with
    /// the link as it is then (a link that expired on the way is kept expired); `nil` when there is
    /// no such link.
    package func updatePaymentLink(_ id: String, _ change: (inout PaymentLink) throws(PaymentLink.NotActive) -> Void) -> Result<PaymentLink, PaymentLink.NotActive>? {
        state.withLock { state -> Result<PaymentLink, PaymentLink.NotActive>? in
            guard var link = state.paymentLinks[id] else { return nil }
            let result: Result<PaymentLink, PaymentLink.NotActive>
            do throws(PaymentLink.NotActive) {
                try change(&link)
                result = .success(link)
            } catch {
                result = .failure(error)
            }
            state.paymentLinks.set(link, for: id, cost: link.byteCost)
            return result
        }
    }

    /// The payment links kept, oldest first.
    package var paymentLinks: [PaymentLink] { state.withLock { $0.paymentLinks.values } }

    /// The mandate `reference`, or `nil`.
    package func mandate(withReference reference: String) -> Mandate? { state.withLock { $0.mandates[reference] } }

    /// Keeps `mandate` unless one with its reference is kept (checked and kept under the lock):
    /// whether it was kept.
    package func insert(_ mandate: Mandate) -> Bool {
        state.withLock { state in
            guard state.mandates[mandate.reference] == nil else { return false }
            state.mandates.set(mandate, for: mandate.reference, cost: mandate.byteCost)
            return true
        }
    }

    /// Makes `move` on the mandate `reference` under the lock (of two racing moves, the second
    /// meets the first's status): the mandate after it, or the refusal; `nil` when there is no
    /// such mandate.
    package func update(mandate reference: String, _ move: Mandate.Move) -> Result<Mandate, Mandate.Refusal>? {
        state.withLock { state -> Result<Mandate, Mandate.Refusal>? in
            guard var mandate = state.mandates[reference] else { return nil }
            do throws(Mandate.Refusal) {
                try mandate.make(move)
            } catch {
                return .failure(error)
            }
            state.mandates.set(mandate, for: reference, cost: mandate.byteCost)
            return .success(mandate)
        }
    }

    /// Notes that the direct debit `paymentId` waits for mandate `reference`'s signature; whether
    /// there is such a mandate.
    package func attach(paymentId: String, toMandate reference: String) -> Bool {
        state.withLock { state in
            guard var mandate = state.mandates[reference] else { return false }
            mandate.paymentId = paymentId
            state.mandates.set(mandate, for: reference, cost: mandate.byteCost)
            return true
        }
    }

    /// The record of `type` kept as `id`, or `nil`.
    package func record<Record: LedgerRecord>(_ type: Record.Type, _ id: String) -> Record? {
        state.withLock { $0.records[Record.kind + "/" + id] as? Record }
    }

    /// Keeps `record` as `id` (a new one, or a new state of one kept).
    package func keep<Record: LedgerRecord>(_ record: Record, id: String) {
        state.withLock { $0.records.set(record, for: Record.kind + "/" + id, cost: record.byteCost) }
    }

    /// Keeps `record` as `id` unless a record of its kind is kept under that id already (checked
    /// and kept under the lock); whether it was kept.
    package func insert<Record: LedgerRecord>(_ record: Record, id: String) -> Bool {
        state.withLock { state in
            guard state.records[Record.kind + "/" + id] == nil else { return false }
            state.records.set(record, for: Record.kind + "/" + id, cost: record.byteCost)
            return true
        }
    }

    /// Changes the record of `type` kept as `id` with `change` under the lock (one transition at
    /// a time: two racing approvals cannot both pass): the record after it, or what `change` threw
    /// (nothing kept then); `nil` when there is no such record.
    package func updateRecord<Record: LedgerRecord, Failure: Error>(
        _ type: Record.Type, _ id: String, _ change: (inout Record) throws(Failure) -> Void
    ) -> Result<Record, Failure>? {
        state.withLock { state -> Result<Record, Failure>? in
            guard var record = state.records[Record.kind + "/" + id] as? Record else { return nil }
            do throws(Failure) {
                try change(&record)
            } catch {
                return .failure(error)
            }
            state.records.set(record, for: Record.kind + "/" + id, cost: record.byteCost)
            return .success(record)
        }
    }

    /// The records of `type`, oldest first.
    package func records<Record: LedgerRecord>(_ type: Record.Type) -> [Record] {
        state.withLock { $0.records.values.compactMap { $0 as? Record } }
    }

    // MARK: - Used inputs, idempotence

    /// Marks an `encryptedCustomerInput` used; `false` when it already was.
    package func use(input: String) -> Bool {
        var hash = SHA256()
        hash.update(Array(input.utf8))
        let digest = hash.finalize()
        return state.withLock { state in
            guard state.usedInputs[digest] == nil else { return false }
            state.usedInputs.set(true, for: digest)
            return true
        }
    }

    /// Starts the request of an idempotence key: `nil` when it is new (it is then in flight),
    /// else what is known of it.
    package func begin(idempotenceKey key: String, now: Int64) -> Idempotence? {
        state.withLock { state in
            if let known = state.idempotence[key] { return known }
            state.idempotence.set(.inFlight(since: now), for: key, cost: 128 + key.utf8.count)
            return nil
        }
    }

    /// Keeps the answer of an idempotence key's request, for its replays.
    package func finish(idempotenceKey key: String, with replay: Replay, since: Int64) {
        let cost = 256 + key.utf8.count + replay.response.body.count + replay.response.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
        state.withLock { $0.idempotence.set(.answered(replay, since: since, at: Date()), for: key, cost: cost) }
    }

    /// Forgets an idempotence key whose request could not be answered (so a retry runs it).
    package func abandon(idempotenceKey key: String) {
        state.withLock { _ = $0.idempotence.remove(key) }
    }
}
