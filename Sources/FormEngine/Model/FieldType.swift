/// The data type the Client API declares for a field. Two types are checked after the field's
/// validators (`FieldType+Check.swift`): `integer` and `numericstring`.
package enum FieldType: OpenEnumeration {
    case string, integer, expiryDate, numericString, boolean, date
    /// A type the engine does not know, kept by name.
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
