import PaymentFormJSON

extension SipsResponse {
    /// The answer as `payform sips response` prints it: the documented members present with their
    /// documented types (text as a string, `paymentMeanId` as a number, lists as arrays,
    /// containers as objects), the object's documented lists as `[]` when absent, and
    /// `otherFields` with the undocumented members as the JSON values they were; keys sorted.
    package var jsonValue: JSONValue {
        var entries: [(key: String, value: JSONValue)] = []
        for (field, type) in object.fieldTypes {
            switch (json(of: field), type) {
            case (let value?, _): entries.append((field.rawValue, value))
            case (nil, .texts), (nil, .objects): entries.append((field.rawValue, .array([])))
            case (nil, _): break
            }
        }
        entries.append(("otherFields", .object(JSONObject(others.members.sorted { $0.key < $1.key }))))
        return .object(JSONObject(entries.sorted { $0.key < $1.key }))
    }

    /// One documented member as JSON, or `nil` when absent.
    private func json(of field: Field) -> JSONValue? {
        switch members[field] {
        case nil: nil
        case .text(let text)?: .string(text)
        case .integer(let number)?: .number(String(number))
        case .texts(let texts)?: .array(texts.map { .string($0) })
        case .object(let nested)?: nested.jsonValue
        case .objects(let list)?: .array(list.map(\.jsonValue))
        }
    }
}
