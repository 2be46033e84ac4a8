/// What Saferpay advises after an error (`Behavior`).
public enum SaferpayBehavior: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A valid request that could not be processed now: the payer may correct the input and
    /// submit again.
    case retry
    /// Retry only after something changed (funds, limits); not in this session.
    case retryLater
    /// Never retry this card: the issuer will not approve (Saferpay's older `ABORT` reads as this).
    case doNotRetry
    /// Ask the payer for another means of payment.
    case otherMeans
    /// A value the engine does not know, kept as sent.
    case other(String)

    /// Reads Saferpay's text (`RETRY`, `RETRY_LATER`, `DO_NOT_RETRY`, `OTHER_MEANS`, `ABORT`, ...).
    public init(_ text: String) {
        switch text.uppercased() {
        case "RETRY": self = .retry
        case "RETRY_LATER": self = .retryLater
        case "DO_NOT_RETRY": self = .doNotRetry
        case "ABORT" where ProcessorDecisions.saferpayAbortMeansDoNotRetry: self = .doNotRetry
        case "OTHER_MEANS": self = .otherMeans
        default: self = .other(text)
        }
    }

    /// Saferpay's name for it.
    public var name: String {
        switch self {
        case .retry: "RETRY"
        case .retryLater: "RETRY_LATER"
        case .doNotRetry: "DO_NOT_RETRY"
        case .otherMeans: "OTHER_MEANS"
        case .other(let text): text
        }
    }

    /// Whether the payer may correct the form and submit again in this session.
    public var allowsResubmitting: Bool { self == .retry }

    /// The name.
    public var description: String { name }

    /// Decodes Saferpay's text.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes Saferpay's text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
