/// The data type the Client API declares for a field. Two types are checked after the field's
/// validators (`FieldType+Check.swift`): `integer` and `numericstring`.
package enum FieldType: OpenEnumeration {
    case string, integer, expiryDate, numericString, boolean, date
    /// A type the engine does not know, kept by name.
    case other(String)

    /// The field types the Client API defines.
    package static let known: [FieldType] = [.string, .integer, .expiryDate, .numericString, .boolean, .date]

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
