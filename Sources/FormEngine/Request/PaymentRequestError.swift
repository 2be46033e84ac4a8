/// Why a payment request refused an operation. Never carries a value the customer typed.
public enum PaymentRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The product has no field with this id.
    case unknownField(String)
    /// The product has no account on file with this id.
    case unknownAccountOnFile(String)

    /// A stable identifier (the CLI's error code).
    public var code: String {
        switch self {
        case .unknownField: "unknown_field"
        case .unknownAccountOnFile: "unknown_account_on_file"
        }
    }

    /// What was wrong, naming the field or account id.
    public var description: String {
        switch self {
        case .unknownField(let id): "the product has no field '\(id)'"
        case .unknownAccountOnFile(let id): "the product has no account on file '\(id)'"
        }
    }
}
