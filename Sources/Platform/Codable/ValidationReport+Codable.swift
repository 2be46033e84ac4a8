import PaymentFormCore

extension ValidationReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case valid, errors
    }

    /// Encodes `{"valid": false, "errors": [...]}` (errors as ``FieldError`` encodes them).
    /// The values are **not** encoded: they are card data, and a report sent as JSON is for
    /// showing errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isValid, forKey: .valid)
        try container.encode(errors, forKey: .errors)
    }

    /// Decodes the errors of an encoded report; its `values` are empty (they are never encoded).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(errors: try container.decode([FieldError].self, forKey: .errors), values: [])
    }
}
