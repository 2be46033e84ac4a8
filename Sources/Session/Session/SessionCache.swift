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
        /// Not kept; concurrent identical calls share one request.
        case shareInFlight
        /// Bytes (logos, tooltip images) kept within the cache's byte budget, the least recently
        /// used dropped first; an answer larger than ``largestBoundedEntry`` is not kept.
        /// Concurrent identical calls share one request.
        case keepBounded
    }

    /// The most bytes the `keepBounded` answers of one session hold together (4 MiB: a few
    /// dozen logos and tooltip images; a session never downloads without bound).
    let boundedCapacity: Int
    /// The largest `keepBounded` answer kept (1 MiB); larger ones are fetched every time.
    let largestBoundedEntry: Int
    /// The `keepBounded` keys, least recently used first, with their sizes.
    private var boundedOrder: [(key: String, bytes: Int)] = []
    /// The bytes the `keepBounded` answers hold now.
    private var boundedBytes = 0

    init(boundedCapacity: Int = 4 << 20, largestBoundedEntry: Int = 1 << 20) {
        self.boundedCapacity = boundedCapacity
        self.largestBoundedEntry = min(largestBoundedEntry, boundedCapacity)
    }

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
            if case .keepBounded = policy { touchBounded(key) }
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

    /// Forgets every kept answer.
    func removeAll() {
        values.removeAll()
        boundedOrder.removeAll()
        boundedBytes = 0
    }

    /// How many bytes the `keepBounded` answers hold (for tests).
    var keptBoundedBytes: Int { boundedBytes }

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
            case .keepBounded: keepBounded(value, for: key)
            case .shareInFlight: break
            }
        }
        let waiters = flight.waiters
        flight.waiters = [:]
        for continuation in waiters.values {
            continuation.resume(with: result)
        }
    }

    /// Keeps a `keepBounded` answer (bytes) within the budget, dropping the least recently used.
    private func keepBounded(_ value: any Sendable, for key: String) {
        guard let bytes = value as? [UInt8], bytes.count <= largestBoundedEntry else { return }
        if let index = boundedOrder.firstIndex(where: { $0.key == key }) {
            boundedBytes -= boundedOrder.remove(at: index).bytes
        }
        while boundedBytes + bytes.count > boundedCapacity, !boundedOrder.isEmpty {
            let oldest = boundedOrder.removeFirst()
            boundedBytes -= oldest.bytes
            values[oldest.key] = nil
        }
        values[key] = value
        boundedOrder.append((key, bytes.count))
        boundedBytes += bytes.count
    }

    /// Marks a `keepBounded` answer as just used.
    private func touchBounded(_ key: String) {
        guard let index = boundedOrder.firstIndex(where: { $0.key == key }), index != boundedOrder.count - 1 else { return }
        boundedOrder.append(boundedOrder.remove(at: index))
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
