import Foundation
import PaymentFormConcurrency
import PaymentFormEncryption

/// What the Server API remembers between calls, each part bounded (the oldest entries dropped
/// past ``maximumEntries``): the payments, the idempotence keys with their answers, and the
/// `encryptedCustomerInput` tokens already used (by their SHA-256). Connection threads share it.
final class ServerAPIMemory: Sendable {
    /// The most payments, idempotence keys and used tokens kept, each.
    static let maximumEntries = 10_000

    /// An idempotence key's request: still being answered, or answered (the answer is replayed).
    enum Idempotence: Sendable {
        case inFlight(since: Int64)
        case answered(HTTPResponse, since: Int64)
    }

    private struct State: Sendable {
        var payments = BoundedStore<String, ServerAPIPayment>(capacity: maximumEntries)
        var idempotence = BoundedStore<String, Idempotence>(capacity: maximumEntries)
        var usedTokens = BoundedStore<[UInt8], Bool>(capacity: maximumEntries)
    }

    private let state = LockedValue(State())

    /// The payment with `id`, or `nil`.
    func payment(withId id: String) -> ServerAPIPayment? {
        state.withLock { $0.payments[id] }
    }

    /// Keeps `payment` (a new one, or a new state of one kept).
    func keep(_ payment: ServerAPIPayment) {
        state.withLock { $0.payments.set(payment, for: payment.id) }
    }

    /// Changes a redirected payment's state, when `returnMAC` is its own (compared in constant
    /// time); the payment as it was before, or `nil` when there is no such payment or the MAC
    /// is not its own. A payment that is no longer redirected is returned unchanged.
    func authenticate(paymentId: String, returnMAC: String, to newState: ServerAPIPayment.State) -> ServerAPIPayment? {
        state.withLock { state in
            guard var payment = state.payments[paymentId], let own = payment.returnMAC,
                  ConstantTime.equals(Array(own.utf8), Array(returnMAC.utf8))
            else { return nil }
            let before = payment
            guard payment.state == .redirected else { return before }
            payment.state = newState
            payment.statusChanged = Date()
            state.payments.set(payment, for: paymentId)
            return before
        }
    }

    /// Marks a token used; `false` when it already was.
    func use(token: String) -> Bool {
        var hash = SHA256()
        hash.update(Array(token.utf8))
        let digest = hash.finalize()
        return state.withLock { state in
            guard state.usedTokens[digest] == nil else { return false }
            state.usedTokens.set(true, for: digest)
            return true
        }
    }

    /// Starts the request of an idempotence key: `nil` when it is new (it is then in flight),
    /// else what is known of it.
    func begin(idempotenceKey key: String, now: Int64) -> Idempotence? {
        state.withLock { state in
            if let known = state.idempotence[key] { return known }
            state.idempotence.set(.inFlight(since: now), for: key)
            return nil
        }
    }

    /// Keeps the answer of an idempotence key's request, for its replays.
    func finish(idempotenceKey key: String, with response: HTTPResponse, since: Int64) {
        state.withLock { $0.idempotence.set(.answered(response, since: since), for: key) }
    }
}
