import PaymentFormCore
import PaymentFormValidation

extension FieldError: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static let fieldId = Key(stringValue: "fieldId")
        static let errorId = Key(stringValue: "errorId")
        static let reason = Key(stringValue: "reason")
    }

    /// Encodes the shape `payform validate` prints, without the message: `{"fieldId": "cvv",
    /// "errorId": "length", "minLength": 3, "maxLength": 4, "reason": "tooShort"}` — the rule's
    /// parameters under their Client API names, and the reason when there is one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(fieldId, forKey: .fieldId)
        try container.encode(errorId, forKey: .errorId)
        for parameter in error.parameters where parameter.name != "fieldId" && parameter.name != "errorId" {
            try container.encode(parameter.value, forKey: Key(stringValue: parameter.name))
        }
        if let reason = error.reason { try container.encode(reason.rawValue, forKey: .reason) }
    }

    /// Decodes the shape ``encode(to:)`` writes; integer members other than the ids are the
    /// rule's parameters, `reason` is the reason (one this engine does not know is left out),
    /// other members (a `message`) are ignored. A decoder does not report
    /// member order, so parameters come back in the validators' own order (`minLength`,
    /// `maxLength`, `minValue`, `maxValue`, `fiscalNumberLength`), then others by name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let fieldId = try container.decode(String.self, forKey: .fieldId)
        let errorId = try container.decode(String.self, forKey: .errorId)
        var parameters: [ValidationParameter] = []
        let known = ["minLength", "maxLength", "minValue", "maxValue", "fiscalNumberLength"]
        func rank(_ key: Key) -> Int { known.firstIndex(of: key.stringValue) ?? known.count }
        for key in container.allKeys.sorted(by: { rank($0) != rank($1) ? rank($0) < rank($1) : $0.stringValue < $1.stringValue })
        where key.stringValue != "fieldId" && key.stringValue != "errorId" {
            if let value = try? container.decode(Int.self, forKey: key) {
                parameters.append(ValidationParameter(name: key.stringValue, value: value))
            }
        }
        let reason = (try? container.decodeIfPresent(String.self, forKey: .reason)).flatMap { ValidationReason(rawValue: $0) }
        self.init(fieldId: fieldId, error: ValidationError(id: errorId, parameters: parameters, reason: reason))
    }
}
