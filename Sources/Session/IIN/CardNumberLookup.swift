import PaymentFormCore

/// IIN lookups for one card-number field: the offline answer at once, the server's when it
/// arrives, and `pending` for a lookup that a newer one superseded.
///
/// Create one per field and call ``answers(forPartialCardNumber:)`` on every edit; each stream
/// yields the offline answer first (when the session has an offline detector), then the
/// server's, which wins. When the customer typed on before the server answered, the older
/// stream ends with ``IINStatus/pending`` instead.
///
/// ```swift
/// let lookup = CardNumberLookup(session: session, context: paymentContext)
/// for try await answer in await lookup.answers(forPartialCardNumber: "4111 11") {
///     if answer.status != .pending { switchLogo(to: answer.paymentProductId) }
/// }
/// ```
public actor CardNumberLookup {
    /// The session that asks the server.
    package nonisolated let session: ClientSession
    /// The payment context sent with each lookup.
    package nonisolated let context: PaymentContext?
    private var generation = 0

    /// Lookups through `session` in `context`.
    public init(session: ClientSession, context: PaymentContext?) {
        self.session = session
        self.context = context
    }

    /// The server's answer for `number`, or ``IINStatus/pending`` when a newer lookup started
    /// before it arrived.
    public func lookUp(_ number: String) async throws(ClientAPIError) -> IINLookupResult {
        generation += 1
        return try await serverAnswer(number, generation: generation)
    }

    /// The offline answer (at once, when there is one), then the server's (or `pending`).
    /// Errors of the server call end the stream; stopping the iteration cancels the call.
    public func answers(forPartialCardNumber number: String) -> AsyncThrowingStream<IINLookupResult, any Error> {
        generation += 1
        let mine = generation
        let offline = session.offlineIINDetails(forPartialCardNumber: number)
        return AsyncThrowingStream { continuation in
            if let offline { continuation.yield(offline) }
            let task = Task {
                do {
                    continuation.yield(try await self.serverAnswer(number, generation: mine))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func serverAnswer(_ number: String, generation mine: Int) async throws(ClientAPIError) -> IINLookupResult {
        do {
            let answer = try await session.iinDetails(forPartialCardNumber: number, context: context)
            return generation == mine ? answer : .pending
        } catch {
            if generation != mine { return .pending }
            throw error
        }
    }
}
