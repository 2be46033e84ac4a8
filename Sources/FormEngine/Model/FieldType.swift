/// The data type the Client API declares for a field (`type`). Two types are checked after the
/// field's validators: `integer` (error `integer`) and `numericstring` (error `numericString`).
///
/// ```swift
/// if cardNumberField.type == .numericString { /* digits only */ }
/// ```
public enum FieldType: OpenEnumeration, Sendable, Hashable {
    /// `string`: any text.
    case string
    /// `integer`: an integer literal (an optional sign, then digits).
    case integer
    /// `expirydate`: a card expiry date (`MMYY`).
    case expiryDate
    /// `numericstring`: ASCII digits only.
    case numericString
    /// `boolean`: `true` or `false` (a check box).
    case boolean
    /// `date`: a date.
    case date
    /// A type the engine does not know, kept by the name the API sent.
    case other(String)

    /// The known value the Client API calls `name`, if any (the inverse of ``name``).
    package static func known(named name: String) -> FieldType? {
        switch name {
        case "string": .string
        case "integer": .integer
        case "expirydate": .expiryDate
        case "numericstring": .numericString
        case "boolean": .boolean
        case "date": .date
        default: nil
        }
    }

    /// The Client API name (`numericstring`, ...), or the unknown name as sent.
    package var name: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .expiryDate: "expirydate"
        case .numericString: "numericstring"
        case .boolean: "boolean"
        case .date: "date"
        case .other(let name): name
        }
    }
}
