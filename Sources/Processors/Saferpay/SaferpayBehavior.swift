/// The category of what Saferpay advises after an error: its `Behavior`, read into the four
/// categories the JSON API documents.
///
/// The answer keeps `Behavior` as sent (``SaferpayErrorAnswer/behavior``); this is the category
/// beside it. The mobile guide's own value `ABORT` (the name before spec version 1.33) is in the
/// category of its successor, `DO_NOT_RETRY`.
public enum SaferpayBehavior: String, Sendable, Hashable, Codable, CaseIterable {
    /// A valid request that could not be processed now: the payer may correct the input and
    /// submit again.
    case retry = "RETRY"
    /// Retry only after something changed (funds, limits); not in this session.
    case retryLater = "RETRY_LATER"
    /// Never retry this card: the issuer will not approve (`ABORT` too).
    case doNotRetry = "DO_NOT_RETRY"
    /// Ask the payer for another means of payment.
    case otherMeans = "OTHER_MEANS"
    /// A value the engine does not know, or none.
    case unknown = "UNKNOWN"

    /// The category of Saferpay's text (`RETRY`, `RETRY_LATER`, `DO_NOT_RETRY`, `OTHER_MEANS`,
    /// `ABORT`, case-insensitive); anything else is ``unknown``.
    public init(_ text: String) {
        switch text.uppercased() {
        case "RETRY": self = .retry
        case "RETRY_LATER": self = .retryLater
        case "DO_NOT_RETRY": self = .doNotRetry
        case "ABORT" where ProcessorDecisions.saferpayAbortMeansDoNotRetry: self = .doNotRetry
        case "OTHER_MEANS": self = .otherMeans
        default: self = .unknown
        }
    }

    /// Whether the payer may correct the form and submit again in this session.
    public var allowsResubmitting: Bool { self == .retry }
}
