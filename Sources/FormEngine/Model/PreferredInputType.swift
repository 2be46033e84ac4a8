/// The keyboard the Client API suggests for a field (`displayHints.preferredInputType`).
///
/// ```swift
/// switch cardNumberField.displayHints.preferredInputType {
/// case .integer?: break          // a number pad (UIKit: .numberPad)
/// case .emailAddress?: break     // .emailAddress
/// case .phoneNumber?: break      // .phonePad
/// default: break                 // the default keyboard
/// }
/// ```
public enum PreferredInputType: OpenEnumeration, Sendable, Hashable {
    /// `StringKeyboard`: the default keyboard.
    case string
    /// `IntegerKeyboard`: digits.
    case integer
    /// `EmailAddressKeyboard`.
    case emailAddress
    /// `PhoneNumberKeyboard`.
    case phoneNumber
    /// `DateKeyboard`: a date picker.
    case date
    /// An input type the engine does not know, kept by the name the API sent.
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
