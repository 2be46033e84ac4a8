import PaymentFormEngine

/// What a Sips answer means for the app: its class, the form fields it blames, and a message.
public enum SipsOutcome: String, Sendable, Hashable, Codable {
    /// `00`: the function was performed.
    case success
    /// `40`: the function is not enabled for this shop (the merchant contacts Sips support).
    case notAuthorised
    /// `90` or `99`: a temporary technical problem; try again later.
    case retryLater
    /// Any other code: a parameter was wrong (``SipsResult/fieldErrors`` says which, when it is a
    /// form field).
    case failed

    /// The class of a response code.
    public init(responseCode: String?) {
        switch responseCode {
        case "00"?: self = .success
        case "40"?: self = .notAuthorised
        case "90"?, "99"?: self = .retryLater
        default: self = .failed
        }
    }
}

/// A Sips answer read against the form the customer filled in.
///
/// An `errorFieldName` naming one of the form's fields (`cardNumber`, `cardExpiryDate`,
/// `cardCSCValue`, ...) becomes a `FieldError` with error id `rejected` on that field, so the
/// form shows it where the customer typed; a parameter that is not a form field (`redirectionData`)
/// stays in the message only.
public struct SipsResult: Sendable, Hashable {
    /// The answer's class.
    public let outcome: SipsOutcome
    /// The answer's response code as sent.
    public let responseCode: String?
    /// Errors to show on the form's fields.
    public let fieldErrors: [FieldError]
    /// The localized message for the outcome.
    public let message: String
    /// The typed answer.
    public let response: SipsResponse

    /// The error id of a field the platform rejected.
    public static let rejectedErrorId = "rejected"

    /// Classifies `response`; `form` is the definition the request was made from (its fields are
    /// what `errorFieldName` can name).
    public init(_ response: SipsResponse, form: (any PaymentItem)?, localizer: Localizer) {
        self.response = response
        responseCode = response.responseCode
        outcome = SipsOutcome(responseCode: responseCode)
        var errors: [FieldError] = []
        if outcome == .failed, let name = response.text(.errorFieldName), let field = form?.field(withId: name) {
            errors.append(FieldError(fieldId: field.id, error: ValidationError(id: Self.rejectedErrorId)))
        }
        fieldErrors = errors
        message = localizer.processorMessage(ProcessorMessage.sips(outcome))
    }
}
