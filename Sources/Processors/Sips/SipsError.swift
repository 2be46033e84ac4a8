import PaymentFormEngine

/// Why a Sips input or answer could not be used. Descriptions say what was wrong and where (a
/// field or parameter name), never a card value.
public enum SipsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a JSON object; the text says where.
    case malformedJSON(String)
    /// A required member is missing or empty.
    case missingField(String)
    /// A member has the wrong JSON type or an unusable value; the text says why.
    case invalidField(String, reason: String)
    /// The request's values do not validate against the operation's definition; nothing was built.
    case invalidRequest(ValidationReport)
    /// The request was made for another definition than the operation's.
    case wrongDefinition(operation: SipsOperation, productId: String)
    /// The operation takes no card input the engine prepares: build its call from the
    /// initialize answer alone (``SipsCallParameters/init(_:initialization:)``).
    case noInput(SipsOperation)
    /// The operation takes more than the initialize answer: the customer's values on its form, or
    /// (for a continuation) the answer of the call it continues.
    case needsInput(SipsOperation)
    /// An ACS or TermUrl address is not an absolute http(s) URL.
    case invalidURL(String)
    /// `MD` is longer than the ACS accepts after encoding.
    case merchantDataTooLong(bytes: Int)
    /// The callback holds no `PaRes` (or a continuation after 3-D Secure was given none).
    case missingPaRes
    /// `MD` holds what looks like a card number in clear (13 to 19 digits passing the Luhn check);
    /// the Sips guide wants confidential data such as the PAN encrypted.
    case cardNumberInMerchantData
    /// No call continues this function's answer (only the enrolment checks and
    /// `paymentProviderOrder` are continued).
    case notContinuable(SipsOperation)

    /// A stable identifier for programs (the CLI's error code).
    public var code: String {
        switch self {
        case .malformedJSON: "malformed_json"
        case .missingField: "missing_key"
        case .invalidField: "invalid_value"
        case .invalidRequest: "invalid_request"
        case .wrongDefinition: "wrong_definition"
        case .noInput: "no_input"
        case .needsInput: "needs_input"
        case .invalidURL: "invalid_url"
        case .merchantDataTooLong: "md_too_long"
        case .missingPaRes: "missing_pares"
        case .cardNumberInMerchantData: "md_holds_card_number"
        case .notContinuable: "not_continuable"
        }
    }

    /// What was wrong, as a sentence.
    public var description: String {
        switch self {
        case .malformedJSON(let reason): reason
        case .missingField(let name): "\(name): required key is missing or empty"
        case .invalidField(let name, let reason): "\(name): \(reason)"
        case .invalidRequest(let report): "the values do not validate: \(report)"
        case .wrongDefinition(let operation, let productId):
            "\(operation.rawValue) takes the \(operation.definitionName ?? "-") form, not '\(productId)'"
        case .noInput(let operation): "\(operation.rawValue) takes no card input: build it from the initialize answer alone"
        case .needsInput(let operation):
            if let definition = operation.definitionName {
                "\(operation.rawValue) takes the customer's values: build it from a request on the \(definition) form"
            } else {
                "\(operation.rawValue) continues another call's answer: build it from that answer"
            }
        case .invalidURL(let name): "\(name) must be an absolute http or https URL"
        case .merchantDataTooLong(let bytes):
            "MD is \(bytes) bytes after encoding; the ACS accepts at most \(ProcessorDecisions.sipsMaximumMDBytes)"
        case .missingPaRes: "the callback holds no PaRes"
        case .cardNumberInMerchantData:
            "MD holds what looks like a card number in clear (13 to 19 digits passing the Luhn check); the Sips guide wants confidential data such as the PAN encrypted, so put a reference to the order or session in MD instead"
        case .notContinuable(let operation):
            "no call continues the \(operation.rawValue) answer; cardValidateAuthenticationAndOrder continues an enrolment check, getTransactionData continues paymentProviderOrder"
        }
    }
}
