import PaymentFormEngine

/// Why a Saferpay card post could not be made or read. Never carries card data.
public enum SaferpayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request was made for another definition than `saferpay-card`.
    case wrongDefinition(String)
    /// A URL is not an absolute `https` URL with a host (plain `http` is allowed only to this
    /// machine).
    case invalidURL(String)
    /// The form's values do not validate; nothing was posted.
    case invalidRequest(ValidationReport)
    /// No answer came (the transport's error type is named).
    case network(String)
    /// The post was cancelled.
    case cancelled
    /// The answer is neither a redirect nor a Saferpay error; the text says why.
    case unexpectedAnswer(statusCode: Int, reason: String)

    /// A stable identifier for programs (the CLI's error code).
    public var code: String {
        switch self {
        case .wrongDefinition: "wrong_definition"
        case .invalidURL: "invalid_url"
        case .invalidRequest: "invalid_request"
        case .network: "network_error"
        case .cancelled: "cancelled"
        case .unexpectedAnswer: "unexpected_answer"
        }
    }

    /// What was wrong, as a sentence.
    public var description: String {
        switch self {
        case .wrongDefinition(let id): "the card post takes the saferpay-card form, not '\(id)'"
        case .invalidURL(let name): "\(name) must be \(SaferpayURLRule.requirement)"
        case .invalidRequest(let report): "the values do not validate: \(report)"
        case .network(let kind): "no answer came from Saferpay (the transport failed with \(kind))"
        case .cancelled: "the card post was cancelled"
        case .unexpectedAnswer(let status, let reason): "Saferpay answered HTTP \(status): \(reason)"
        }
    }
}
