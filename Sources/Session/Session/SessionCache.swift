/// The memory of one session: answers kept for the session's lifetime, and requests in flight
/// shared by every caller that asks for the same thing at the same time.
///
/// A caller that is cancelled stops waiting at once; the request itself is cancelled only when
/// no caller waits for it any more. Failed answers are never kept.
actor SessionCache {
    /// What is done with an answer.
    enum Policy: Sendable {
        /// Kept for the session's lifetime; concurrent identical calls share one request.
        case keep
        /// Not kept; concurrent identical calls share one request. (Assets are kept by the
        /// session's ``AssetStore``, which bounds them.)
        case shareInFlight
    }

    /// The asset URLs whose kept copy the asset server confirmed (or sent) during this session:
    /// they are answered from the asset store without asking again.
    private var validatedAssets = Set<String>()
    /// The most asset URLs remembered as confirmed; past it the set starts over (each asset is
    /// then confirmed once more).
    static let maximumValidatedAssets = 4_096

    private final class Flight {
        let id: Int
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<any Sendable, any Error>] = [:]
        init(id: Int) { self.id = id }
    }

    private var values: [String: any Sendable] = [:]
    private var flights: [String: Flight] = [:]
    private var nextId = 0
    /// How many loads have started (for tests: a cached or shared call starts none).
    private(set) var loadCount = 0

    /// The value for `key`: from memory, from a request already in flight, or from `load`.
    func value<Value: Sendable>(
        for key: String, policy: Policy, load: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        // Unwrapped first: a missing entry cast to an optional `Value` would "succeed" as nil.
        if let entry = values[key], let kept = entry as? Value {
            return kept
        }
        let waiter = makeId()
        let flight: Flight
        if let existing = flights[key] {
            flight = existing
        } else {
            flight = Flight(id: makeId())
            flights[key] = flight
            loadCount += 1
            let flightId = flight.id
            flight.task = Task {
                let result: Result<any Sendable, any Error>
                do {
                    result = .success(try await load())
                } catch {
                    result = .failure(error)
                }
                self.finish(key: key, flightId: flightId, result: result, policy: policy)
            }
        }
        let flightId = flight.id
        let answer = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any Sendable, any Error>) in
                // Runs on this actor before the first suspension: a cancellation that came
                // earlier is seen here, a later one finds the waiter registered.
                self.register(waiter, continuation: continuation, key: key, flightId: flightId)
            }
        } onCancel: {
            Task { await self.cancelWaiter(waiter, key: key, flightId: flightId) }
        }
        guard let value = answer as? Value else {
            throw CancellationError()
        }
        return value
    }

    /// Forgets every kept answer, and which assets were confirmed.
    func removeAll() {
        values.removeAll()
        validatedAssets.removeAll()
    }

    /// Whether the asset at `url` was confirmed during this session.
    func isAssetValidated(_ url: String) -> Bool {
        validatedAssets.contains(url)
    }

    /// Remembers that the asset at `url` was confirmed during this session.
    func markAssetValidated(_ url: String) {
        if validatedAssets.count >= Self.maximumValidatedAssets { validatedAssets.removeAll() }
        validatedAssets.insert(url)
    }

    private func makeId() -> Int {
        nextId += 1
        return nextId
    }

    private func register(_ waiter: Int, continuation: CheckedContinuation<any Sendable, any Error>, key: String, flightId: Int) {
        guard !Task.isCancelled, let flight = flights[key], flight.id == flightId else {
            if !Task.isCancelled, let kept = values[key] {
                continuation.resume(returning: kept)
                return
            }
            continuation.resume(throwing: CancellationError())
            cancelFlightIfUnwatched(key: key, flightId: flightId)
            return
        }
        flight.waiters[waiter] = continuation
    }

    private func finish(key: String, flightId: Int, result: Result<any Sendable, any Error>, policy: Policy) {
        guard let flight = flights[key], flight.id == flightId else { return }
        flights[key] = nil
        if case .success(let value) = result {
            switch policy {
            case .keep: values[key] = value
            case .shareInFlight: break
            }
        }
        let waiters = flight.waiters
        flight.waiters = [:]
        for continuation in waiters.values {
            continuation.resume(with: result)
        }
    }

    private func cancelWaiter(_ waiter: Int, key: String, flightId: Int) {
        guard let flight = flights[key], flight.id == flightId,
              let continuation = flight.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        cancelFlightIfUnwatched(key: key, flightId: flightId)
    }

    private func cancelFlightIfUnwatched(key: String, flightId: Int) {
        guard let flight = flights[key], flight.id == flightId, flight.waiters.isEmpty else { return }
        flights[key] = nil
        flight.task?.cancel()
    }
}
