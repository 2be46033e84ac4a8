/// The answer to ``PaymentFormController/submit()``: whether the request is valid, every
/// error, the fields whose state changed (each now shows its first error), and, when the
/// controller was given a key, the encrypted request.
///
/// ```swift
/// let submission = try controller.submit(clientSessionId: clientSessionId, key: key, metaInfo: .current(appIdentifier: "shop/1.0"))
/// if let prepared = submission.prepared { send(prepared) } else { redraw(submission.fields) }
/// ```
///
/// It is `Codable`: `{"isValid": false, "errors": [...], "fields": [...], "prepared": {...}}`,
/// errors as ``FieldError`` encodes them, fields as ``FormFieldState`` does (card data included).
public struct FormSubmission: Sendable, Hashable, Codable {
    /// Whether the whole request validates.
    public var isValid: Bool
    /// Every failure, in display order, then the validators' order.
    public var errors: [FieldError]
    /// The fields whose state changed (messages appear on submit).
    public var fields: [FormFieldState]
    /// The encrypted request, when it was valid and a key was given; else `nil`.
    public var prepared: PreparedPaymentRequest?

    private enum CodingKeys: String, CodingKey {
        case isValid, errors, fields, prepared
    }

    /// Decodes what the synthesized encoding writes, checked: valid exactly when there is no
    /// error, a prepared request only for a valid one, each field state as
    /// ``FormFieldState/init(from:)`` checks it and a field once.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let isValid = try container.decode(Bool.self, forKey: .isValid)
        let errors = try container.decode([FieldError].self, forKey: .errors)
        let fields = try container.decode([FormFieldState].self, forKey: .fields)
        let prepared = try container.decodeIfPresent(PreparedPaymentRequest.self, forKey: .prepared)
        guard isValid == errors.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .isValid, in: container, debugDescription: "valid exactly when there is no error")
        }
        guard prepared == nil || isValid else {
            throw DecodingError.dataCorruptedError(forKey: .prepared, in: container, debugDescription: "only a valid request is prepared")
        }
        guard FormFieldState.idsAreUnique(fields) else {
            throw DecodingError.dataCorruptedError(forKey: .fields, in: container, debugDescription: "a field appears once")
        }
        self.init(isValid: isValid, errors: errors, fields: fields, prepared: prepared)
    }

    /// A submission.
    package init(isValid: Bool, errors: [FieldError], fields: [FormFieldState], prepared: PreparedPaymentRequest?) {
        self.isValid = isValid
        self.errors = errors
        self.fields = fields
        self.prepared = prepared
    }
}

extension FormSubmission: CustomStringConvertible {
    /// Validity, errors and whether a request was prepared; never values.
    public var description: String {
        "FormSubmission(isValid: \(isValid), errors: \(errors.map(\.description)), prepared: \(prepared != nil))"
    }

}
