import Foundation
import PaymentFormJSON

/// A hosted tokenization session (`POST /v2/{merchantId}/hostedtokenizations`): the platform's
/// card form in an iframe on the merchant's page (``HostedTokenizationPage``), which turns the
/// card typed into it into a token the merchant's server reads (`GET …/hostedtokenizations/{id}`)
/// and pays with.
///
/// Its life, one way only:
/// - `IN_PROGRESS`: created; the iframe may submit once, within ``submitLifetime`` of creation.
/// - `TOKENIZED`: submitted; the token is known (``tokenId``), temporary unless the customer
///   consented or the merchant asked to store it; one payment may name the session
///   (`hostedTokenizationId` in `createPayment`).
/// - `PAID`: a payment named it; a second payment naming it is refused.
///
/// Kept in the ledger as a record (``LedgerRecord``), so each transition is decided under the
/// ledger's lock (``ServerAPILedger/updateRecord(_:_:_:)``).
package struct HostedTokenization: LedgerRecord, Hashable {
    package enum Status: String, Sendable, Hashable {
        case inProgress = "IN_PROGRESS"
        case tokenized = "TOKENIZED"
        case paid = "PAID"
    }

    /// Why a transition was refused, in words for the error message.
    package struct Refusal: Error, Sendable, Hashable {
        package let message: String
        /// Whether the refusal is the session's age (else its status).
        package let expired: Bool
    }

    package static let kind = "hostedtokenization"
    /// How long after its creation a session may be submitted (a sandbox choice: the platform
    /// publishes none).
    package static let submitLifetime: TimeInterval = 2 * 3600
    /// How long a temporary token may pay, from the submit: "Temporary tokens have a lifespan of
    /// two hours and can only be used once" (the platform's API reference).
    package static let temporaryTokenLifetime: TimeInterval = 2 * 3600

    /// URL-safe: `sandboxhostedtokenization` and 20 hex digits.
    package let id: String
    /// The form's language (`locale` of the request, its language part), else none.
    package let locale: String?
    /// Whether the iframe asks the customer's consent to store the card.
    package let askConsumerConsent: Bool
    /// The stored tokens of the request's `tokens` the iframe may offer (known, not expired).
    package let savedTokens: [String]
    /// Whether a stored card chosen in the iframe needs its security code typed again
    /// (`creditCardSpecificInput.ValidationRules.cvvMandatoryForExistingToken`; absent: `true`).
    package var cvvForSavedCard = true
    /// The client session the iframe's form encrypts for.
    package let clientSessionId: String
    package let customerId: String
    package let created: Date
    package var status: Status = .inProgress
    /// The token the submit made or chose.
    package var tokenId: String?
    package var isTemporary = true
    /// `CREATED` (a new card) or `UNCHANGED` (a stored token chosen).
    package var tokenStatus: String?
    package var submitted: Date?
    /// The payment that named the session, when known (a payment claims the session before it
    /// has an id: then `nil` with status `PAID`).
    package var paymentId: String?

    /// A fresh id.
    package static func makeId() -> String {
        "sandboxhostedtokenization" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
    }

    /// The iframe's path on the sandbox.
    package var pagePath: String { HostedTokenizationPage.formPrefix + id }

    /// Whether a submit at `now` comes too late.
    package func submitExpired(at now: Date) -> Bool { now.timeIntervalSince(created) > Self.submitLifetime }

    /// Whether the temporary token made at the submit has lived out its lifetime at `now`.
    package func temporaryTokenExpired(at now: Date) -> Bool {
        guard isTemporary, let submitted else { return false }
        return now.timeIntervalSince(submitted) > Self.temporaryTokenLifetime
    }

    /// `TOKENIZED` with `tokenId`: only once, only while `IN_PROGRESS` and within ``submitLifetime``.
    package mutating func submit(tokenId: String, isTemporary: Bool, tokenStatus: String, at now: Date) throws(Refusal) {
        guard status == .inProgress else {
            throw Refusal(message: "this hosted tokenization was submitted already: a hosted tokenization is submitted once; create a new one",
                          expired: false)
        }
        guard !submitExpired(at: now) else {
            throw Refusal(message: "this hosted tokenization expired: it can be submitted within two hours of its creation; create a new one",
                          expired: true)
        }
        status = .tokenized
        self.tokenId = tokenId
        self.isTemporary = isTemporary
        self.tokenStatus = tokenStatus
        submitted = now
    }

    /// `PAID` by a payment (`id`, when known): only once, only when `TOKENIZED`, and a temporary
    /// token within its lifetime.
    package mutating func pay(paymentId id: String?, at now: Date) throws(Refusal) {
        switch status {
        case .inProgress:
            throw Refusal(message: "this hosted tokenization was not submitted yet: call submitTokenization() on the page first", expired: false)
        case .paid:
            throw Refusal(message: "a payment named this hosted tokenization already: one payment per hosted tokenization", expired: false)
        case .tokenized:
            guard !temporaryTokenExpired(at: now) else {
                throw Refusal(message: "the temporary token of this hosted tokenization expired: it pays within two hours of the submit", expired: true)
            }
            status = .paid
            paymentId = id
        }
    }

    // MARK: - As a ledger record

    package var byteCost: Int {
        256 + id.utf8.count + (locale?.utf8.count ?? 0) + savedTokens.reduce(0) { $0 + $1.utf8.count + 8 } + clientSessionId.utf8.count
            + customerId.utf8.count + (tokenId?.utf8.count ?? 0) + (paymentId?.utf8.count ?? 0)
    }

    /// A new session.
    package init(id: String = makeId(), locale: String?, askConsumerConsent: Bool, savedTokens: [String], clientSessionId: String, customerId: String,
         created: Date = Date()) {
        self.id = id
        self.locale = locale
        self.askConsumerConsent = askConsumerConsent
        self.savedTokens = savedTokens
        self.clientSessionId = clientSessionId
        self.customerId = customerId
        self.created = created
    }
}
