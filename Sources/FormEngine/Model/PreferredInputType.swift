/// The keyboard the Client API suggests for a field.
package enum PreferredInputType: OpenEnumeration {
    case string, integer, emailAddress, phoneNumber, date
    /// An input type the engine does not know, kept by name.
    case other(String)

    /// The known value the Client API calls `name`, if any (the inverse of ``name``).
    package static func known(named name: String) -> PreferredInputType? {
        switch name {
        case "StringKeyboard": .string
        case "IntegerKeyboard": .integer
        case "EmailAddressKeyboard": .emailAddress
        case "PhoneNumberKeyboard": .phoneNumber
        case "DateKeyboard": .date
        default: nil
        }
    }

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
