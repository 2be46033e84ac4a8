/// How a field is drawn: a text box, a list, a currency amount, a date or a check box
/// (`displayHints.formElement.type`).
public enum FormElementType: OpenEnumeration, Sendable, Hashable {
    /// `text`: a text field.
    case text
    /// `list`: a choice among ``FormElement/valueMapping``.
    case list
    /// `currency`: an amount.
    case currency
    /// `date`: a date.
    case date
    /// `boolean`: a check box (terms and conditions).
    case boolean
    /// A form element type the engine does not know, kept by the name the API sent.
    case other(String)

    /// The known value the Client API calls `name`, if any (the inverse of ``name``).
    package static func known(named name: String) -> FormElementType? {
        switch name {
        case "text": .text
        case "list": .list
        case "currency": .currency
        case "date": .date
        case "boolean": .boolean
        default: nil
        }
    }

    /// The Client API name (`text`, `list`, ...), or the unknown name as sent.
    package var name: String {
        switch self {
        case .text: "text"
        case .list: "list"
        case .currency: "currency"
        case .date: "date"
        case .boolean: "boolean"
        case .other(let name): name
        }
    }
}
