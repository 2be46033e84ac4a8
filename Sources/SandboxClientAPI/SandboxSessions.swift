import Foundation
import PaymentFormConcurrency

/// The client sessions the sandbox's Client API accepts: the one it starts with (the first
/// line's `clientSessionId` and `customerId`, kept for its whole life) and every one its Server
/// API minted, each with a customer id of its own, kept in memory up to ``maximumMinted`` (the
/// oldest dropped past it). Connection threads share it.
package final class SandboxSessions: Sendable {
    /// One session: the customer id its Client API paths carry, and the locale it was created
    /// with (its texts' language when a call names none).
    package struct Session: Sendable, Hashable {
        package let customerId: String
        package let locale: String?
    }

    /// The most minted sessions kept.
    package static let maximumMinted = 10_000

    private let initialId: String
    private let initial: Session
    private let minted = LockedValue(BoundedStore<String, Session>(capacity: maximumMinted))

    /// The sessions of a sandbox started with `clientSessionId` and `customerId`.
    package init(clientSessionId: String, customerId: String) {
        initialId = clientSessionId
        initial = Session(customerId: customerId, locale: nil)
    }

    /// The session with `id`, or `nil` when the sandbox does not know it (or no longer keeps it).
    package func session(withId id: String) -> Session? {
        if id == initialId { return initial }
        return minted.withLock { $0[id] }
    }

    /// The session `Authorization: GCS v1Client:<id>` names, or `nil`.
    package func session(authorization: String?) -> Session? {
        let prefix = "GCS v1Client:"
        guard let authorization, authorization.hasPrefix(prefix) else { return nil }
        return session(withId: String(authorization.dropFirst(prefix.count)))
    }

    /// A new session (32 hex digits, a customer id of its own), kept.
    package func mint(locale: String?) -> (clientSessionId: String, session: Session) {
        let id = Self.randomHex()
        let session = Session(customerId: "sandbox-customer-" + Self.randomHex().prefix(12), locale: locale)
        minted.withLock { $0.set(session, for: id) }
        return (id, session)
    }

    private static func randomHex() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }
}
