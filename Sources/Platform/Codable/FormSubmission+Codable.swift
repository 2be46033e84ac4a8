import Foundation
import PaymentFormCore

extension FormSubmission: Codable {
    private enum CodingKeys: String, CodingKey {
        case isValid, errors, fields, prepared, paymentProductId
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
        self.init(isValid: isValid, errors: errors, fields: fields, prepared: prepared,
                  paymentProductId: try container.decodeIfPresent(String.self, forKey: .paymentProductId))
    }

    /// Encodes `{"isValid": false, "errors": [...], "fields": [...], "prepared": {...},
    /// "paymentProductId": "1"}` (`prepared` and `paymentProductId` only when there is one),
    /// errors as ``FieldError`` encodes them, fields as ``FormFieldState`` does: card data included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isValid, forKey: .isValid)
        try container.encode(errors, forKey: .errors)
        try container.encode(fields, forKey: .fields)
        try container.encodeIfPresent(prepared, forKey: .prepared)
        try container.encodeIfPresent(paymentProductId, forKey: .paymentProductId)
    }
}
