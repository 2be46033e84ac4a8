/// The kind of input a front end draws for a field.
public enum FormInputType: String, Sendable, Hashable {
    case text, numeric, email = "e-mail", phone, date, list, boolean, currency

    /// The input type for a field: the form element decides for lists, check boxes, dates and
    /// amounts; for text the preferred keyboard does.
    package init(field: PaymentProductField) {
        switch field.displayHints.formElement.type {
        case .list: self = .list
        case .boolean: self = .boolean
        case .currency: self = .currency
        case .date: self = .date
        case .text, .other:
            switch field.displayHints.preferredInputType {
            case .integer: self = .numeric
            case .emailAddress: self = .email
            case .phoneNumber: self = .phone
            case .date: self = .date
            case .string, .other, nil: self = .text
            }
        }
    }
}
