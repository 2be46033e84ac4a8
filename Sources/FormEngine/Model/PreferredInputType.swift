/// The keyboard the Client API suggests for a field.
package enum PreferredInputType: OpenEnumeration {
    case string, integer, emailAddress, phoneNumber, date
    /// An input type the engine does not know, kept by name.
    case other(String)

    /// The input types the Client API defines.
    package static let known: [PreferredInputType] = [.string, .integer, .emailAddress, .phoneNumber, .date]

    /// The Client API name (`IntegerKeyboard`, ...), or the unknown name as sent.
    package var name: String {
        switch self {
        case .string: "StringKeyboard"
        case .integer: "IntegerKeyboard"
        case .emailAddress: "EmailAddressKeyboard"
        case .phoneNumber: "PhoneNumberKeyboard"
        case .date: "DateKeyboard"
        case .other(let name): name
        }
    }
}
