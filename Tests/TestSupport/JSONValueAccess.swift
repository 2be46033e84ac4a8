import PaymentFormJSON

/// What a JSON value holds, as optionals a test can `try #require(...)`:
/// `let fields = try #require(json["fields"]?.arrayValue)`.
extension JSONValue {
    /// The elements of an array; `nil` for anything else.
    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members of an object; `nil` for anything else.
    package var objectValue: JSONObject? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The text of a string; `nil` for anything else.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The text of a number, as written; `nil` for anything else.
    package var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }
}
